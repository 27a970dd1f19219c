import AuthFlowMachine
import ReferenceMachine
import SpecModel

/// Every spec model this authspec knows, by name: adding a model is its folder and a line here.
package enum ModelRegistry {
    package static let packages: [ModelPackage] = [UnlockPackage.package, AuthFlowPackage.package]

    package static let defaultModel = "unlock"

    package static func package(named name: String) -> ModelPackage? {
        packages.first { $0.name == name }
    }
}
