import DriverKit
import Models

// The unlock model through the pattern a Swift codebase follows (ReferenceLogic, a
// DriverImplementation), and every other registered model's reference as it is: one driver
// executable serves them all, choosing by the model the handshake names.
let identity = DriverIdentity(name: "swift-kit-reference", version: "1.0")
DriverHost.serve(
    [.implementation(ReferenceLogic.self)]
        + ModelRegistry.packages.filter { $0.name != ReferenceLogic.model }.map { .reference($0, identity: identity) })
