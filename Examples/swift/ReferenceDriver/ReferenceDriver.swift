import DriverKit
import SpecModel
import UnlockScreen

/// The reference machine wrapped with the Swift driver kit: the pattern a Swift codebase
/// follows to put its own unlock logic behind authspec (see Examples/swift/README.md).
struct ReferenceLogic: DriverImplementation {
    static let identity = DriverIdentity(name: "swift-kit-reference", version: "1.0")
    static let model: String? = "unlock"
    static let inputs = UnlockModel.declaration.inputs.map(\.name).filter { $0 != "enter_pin" }
    // Not a11y_audit: the reference states its minimums as bounds, and a driver reports what it measured.
    static let observations = UnlockModel.declaration.keysTheReferenceServes
    private static let served = Set(observations)

    private var reference = UnlockReference()

    init(scenario: String, given: [String: Value]) throws(ImplementationError) {
        try reference.start(scenario: scenario, given: given)
    }

    mutating func perform(_ input: Input, atMilliseconds milliseconds: Int) throws(ImplementationError) -> Observations
    {
        try reference.perform(input, atMilliseconds: milliseconds).filter { Self.served.contains($0.key) }
    }
}
