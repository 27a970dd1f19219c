import Models
import SpecModel

/// Every model the tests know: the release's registry, then Package.swift's `testModels`
/// (`registered`, written at build time by Plugins/RegisterModels). Registry-wide tests read
/// this list and each package's capabilities, so adding a model changes no test.
package enum TestModels {
    package static let packages: [ModelPackage] = ModelRegistry.packages + registered

    /// Only the models the tests register.
    package static let testOnly: [ModelPackage] = registered

    package static func package(named name: String) -> ModelPackage? {
        packages.first { $0.name == name }
    }

    package static let catalogue = ModelCatalogue(packages)
}
