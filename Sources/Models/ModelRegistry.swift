import SpecModel

/// Every spec model this authspec knows, by name. The list is written at build time from
/// Package.swift's `models` (`registered`, Plugins/RegisterModels): a model is its folder and
/// its line there.
package enum ModelRegistry {
    package static let packages: [ModelPackage] = registered

    /// The first registered model: what a suite without a manifest naming one is written for.
    package static var defaultModel: String { packages[0].name }

    package static func package(named name: String) -> ModelPackage? {
        packages.first { $0.name == name }
    }

    /// The same list, as a plan takes it.
    package static let catalogue = ModelCatalogue(packages)
}
