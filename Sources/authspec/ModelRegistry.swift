import AuthFlowMachine
import CommandLineKit
import ReferenceMachine
import SpecModel

/// Every spec model this authspec knows, by name: adding a model is its folder and a line here.
enum ModelRegistry {
    static let packages: [ModelPackage] = [UnlockPackage.package, AuthFlowPackage.package]

    static let defaultModel = "unlock"

    static func package(named name: String) -> ModelPackage? {
        packages.first { $0.name == name }
    }
}
