import Foundation
import PackagePlugin

/// Embeds the protocol's JSON Schemas, the files of docs/protocol/, in the DriverProtocol module
/// at build time: the files are the only source, and the built binary needs none of them.
@main struct EmbedSchemas: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let schemas = context.package.directoryURL.appending(path: "docs/protocol")
        let output = context.pluginWorkDirectoryURL.appending(path: "Embedded")
        // Each file as a raw string literal (no schema holds `"""#`), keyed by its name.
        let script = ##"""
            mkdir -p "$2" && {
              echo '// Written at build time from docs/protocol/ (Plugins/EmbedSchemas): do not edit.'
              echo 'enum EmbeddedSchemas {'
              echo '    static let files: [(name: String, text: String)] = ['
              for file in "$1"/*.json; do
                printf '        ("%s",\n#"""\n' "$(basename "$file")"
                cat "$file"
                printf '\n"""#),\n'
              done
              echo '    ]'
              echo '}'
            } > "$2/EmbeddedSchemas.swift.tmp" && mv "$2/EmbeddedSchemas.swift.tmp" "$2/EmbeddedSchemas.swift"
            """##
        return [
            .prebuildCommand(
                displayName: "Embedding the protocol's JSON Schemas from docs/protocol",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "sh", schemas.path, output.path],
                outputFilesDirectory: output)
        ]
    }
}
