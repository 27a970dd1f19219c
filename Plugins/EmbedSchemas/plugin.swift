import Foundation
import PackagePlugin

/// Embeds files of the package in a module at build time, so the files are the only source and
/// the built binary needs none of them: the protocol's JSON Schemas (docs/protocol/) in
/// DriverProtocol, the driver skeletons' templates (Templates/new-driver/) in Skeletons.
@main struct EmbedSchemas: BuildToolPlugin {
    /// For each target that uses the plugin: the folder whose files it embeds and the enum that
    /// holds them.
    static let embedded: [String: (folder: String, enumName: String)] = [
        "DriverProtocol": ("docs/protocol", "EmbeddedSchemas"),
        "Skeletons": ("Templates/new-driver", "EmbeddedTemplates"),
    ]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let (folder, enumName) = Self.embedded[target.name] else {
            Diagnostics.error("EmbedSchemas has no folder for the target \(target.name)")
            return []
        }
        let source = context.package.directoryURL.appending(path: folder)
        let output = context.pluginWorkDirectoryURL.appending(path: "Embedded")
        // Each file as a raw string literal (no embedded file holds `"""###`), keyed by its name.
        let script = ####"""
            mkdir -p "$2" && {
              echo "// Written at build time from $4/ (Plugins/EmbedSchemas): do not edit."
              echo "enum $3 {"
              echo '    static let files: [(name: String, text: String)] = ['
              for file in "$1"/*; do
                printf '        ("%s",\n###"""\n' "$(basename "$file")"
                cat "$file"
                printf '\n"""###),\n'
              done
              echo '    ]'
              echo '}'
            } > "$2/$3.swift.tmp" && mv "$2/$3.swift.tmp" "$2/$3.swift"
            """####
        return [
            .prebuildCommand(
                displayName: "Embedding the files of \(folder) in \(target.name)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "sh", source.path, output.path, enumName, folder],
                outputFilesDirectory: output)
        ]
    }
}
