import Foundation
import PackagePlugin

/// Writes a registry of models from its target's model dependencies (Package.swift's `models`
/// for Models, `testModels` for TestModels, in order): each model module `M` declares
/// `MRegistration.package`, and `registered` lists them. A model is its folder and its line in
/// Package.swift.
@main struct RegisterModels: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let modules = target.dependencies.compactMap { dependency -> String? in
            guard case .target(let module) = dependency, !["SpecModel", "Models"].contains(module.name) else {
                return nil
            }
            return module.name
        }
        let imports = modules.map { "import \($0)" }.joined(separator: "\n")
        let list = modules.map { "\($0)Registration.package" }.joined(separator: ", ")
        let source = """
            // Written at build time from Package.swift (Plugins/RegisterModels): do not edit.
            \(imports)
            import SpecModel

            /// Every model module's package, in Package.swift's order.
            let registered: [ModelPackage] = [\(list)]

            """
        let output = context.pluginWorkDirectoryURL.appending(path: "Registered")
        return [
            .prebuildCommand(
                displayName: "Registering the models of Package.swift",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [
                    "-c",
                    #"mkdir -p "$1" && printf '%s' "$2" > "$1/Registered.swift.tmp" && mv "$1/Registered.swift.tmp" "$1/Registered.swift""#,
                    "sh", output.path, source,
                ],
                outputFilesDirectory: output)
        ]
    }
}
