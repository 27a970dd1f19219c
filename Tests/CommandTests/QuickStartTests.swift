import AuthSpecTestSupport
import Foundation
import Testing

/// The README's five minutes, run as a newcomer would type them: every line of its shell
/// blocks, in order, in a copy of the repository's suites, with the built authspec on the PATH.
/// A line ending in `# exit N` must exit N; any other line must exit 0.
@Suite(.tags(.binary)) struct QuickStartTests {
    struct Line: CustomStringConvertible {
        var command: String
        var status: Int32
        var description: String { command }
    }

    /// The shell lines of the README's "Five minutes" section.
    static func lines() throws -> [Line] {
        let readme = try String(contentsOf: TestSupport.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section =
            try #require(readme.components(separatedBy: "\n## Five minutes\n").dropFirst().first)
            .components(separatedBy: "\n## ").first ?? ""
        var lines: [Line] = []
        var inShell = false
        for text in section.split(separator: "\n", omittingEmptySubsequences: false) {
            if text.hasPrefix("```") {
                inShell = !inShell && text == "```sh"
                continue
            }
            guard inShell, !text.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            let status = text.firstMatch(of: /#\s*exit ([0-9]+)/).flatMap { Int32($0.1) } ?? 0
            lines.append(Line(command: String(text), status: status))
        }
        return lines
    }

    @Test func theReadmesFiveMinutesRunAsWritten() throws {
        let lines = try Self.lines()
        // The three steps: the suite, a skeleton and doctor, the gentle path.
        #expect(lines.count >= 9, "\(lines)")
        #expect(lines.contains { $0.command.hasPrefix("authspec new-driver") })
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try TestSupport.copySuites(to: folder, extra: ["Examples/python"])
        let path =
            TestSupport.binary.deletingLastPathComponent().path + ":"
            + (ProcessInfo.processInfo.environment["PATH"] ?? "")
        for line in lines {
            let result = try TestSupport.execute(
                URL(fileURLWithPath: "/bin/sh"), ["-c", line.command], in: URL(fileURLWithPath: folder),
                environment: ["PATH": path])
            #expect(
                result.status == line.status,
                "\(line.command)\n\(result.stdout.suffix(1500))\(result.stderr.suffix(1500))")
        }
    }
}
