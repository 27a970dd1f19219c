import AuthSpecTestSupport
import CommandCatalog
import CommandLineKit
import Foundation
import Testing

/// Every command's help, compared whole with its golden file (Fixtures/golden/help-NAME.txt),
/// in process from the commands' declarations; `AUTHSPEC_RECORD_GOLDEN=1 swift test --filter
/// GoldenHelpTests` writes them again, on purpose. The binary prints the same text: one
/// command is checked through it.
@Suite(.tags(.binary)) struct GoldenHelpTests {
    static var recording: Bool { Golden.recording }

    static func compare(_ text: String, with name: String) throws {
        try Golden.compare(text, with: name)
    }

    @Test(arguments: CommandCatalog.all.map(\.name))
    func helpIsAsRecorded(command: String) throws {
        let spec = try #require(CommandCatalog.all.first { $0.name == command })
        try Self.compare(spec.help(), with: "help-\(command).txt")
    }

    @Test func theRootHelpIsAsRecorded() throws {
        try Self.compare(CommandCatalog.program.help, with: "help-authspec.txt")
    }

    /// docs/cli.md is every command's help, written from the same declarations.
    @Test func theCommandReferenceIsTheHelp() throws {
        let file = TestSupport.root.appendingPathComponent("docs/cli.md")
        let reference = CommandCatalog.program.reference
        if Self.recording { try reference.write(to: file, atomically: true, encoding: .utf8) }
        #expect(
            try String(contentsOf: file, encoding: .utf8) == reference,
            "docs/cli.md differs from the commands' declarations; AUTHSPEC_RECORD_GOLDEN=1 writes it again")
        for command in CommandCatalog.all { #expect(reference.contains(command.help())) }
    }

    @Test func theBinaryPrintsTheDeclaredHelp() throws {
        let result = try TestSupport.authspec(["help", "run"])
        #expect(result.status == 0)
        #expect(result.stdout == CommandCatalog.run.help() + "\n")
        let flag = try TestSupport.authspec(["run", "--help"])
        #expect(flag.stdout == result.stdout)
    }
}
