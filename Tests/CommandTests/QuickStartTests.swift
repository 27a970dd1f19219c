import AuthSpecTestSupport
import Foundation
import ScenarioModel
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

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
        #expect(lines.contains { $0.command.split(separator: " ").prefix(2) == ["authspec", "new-driver"] })
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try TestSupport.copySuites(to: folder, extra: ["Examples/python"])
        for line in lines {
            let result = try TestSupport.pasted(line.command, in: URL(fileURLWithPath: folder))
            #expect(
                result.status == line.status,
                "\(line.command)\n\(result.stdout.suffix(1500))\(result.stderr.suffix(1500))")
        }
    }

    /// Step 3 of the five minutes on a driver with two planted bugs: `--update-baseline` records
    /// what could not be checked, never the failures (they are to be fixed, and the gate still
    /// fails on them); once the bugs are fixed the gate passes, its JUnit has no failure and no
    /// error, and the terminal shows what the baseline expects as one line each, no FAILED block.
    @Test func stepThreeBakesNoBugIntoTheBaseline() throws {
        let lines = try Self.lines()
        let update = try #require(lines.first { $0.command.contains("--update-baseline") })
        let gate = try #require(lines.last { $0.command.contains("--baseline") && !$0.command.contains("--update") })
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try TestSupport.copySuites(to: folder, extra: ["Examples/python"])
        func shell(_ command: String) throws -> TestSupport.ProcessResult {
            try TestSupport.pasted(command, in: URL(fileURLWithPath: folder))
        }
        let planted = "Examples/python/driver.py --bug two-bio-attempts --bug dashboard-immediately"
        let buggy = { (line: Line) in line.command.replacingOccurrences(of: "Examples/python/driver.py", with: planted)
        }
        _ = try shell(
            "printf 'implementation: python-example+two-bio-attempts+dashboard-immediately\\nexpected: []\\n' > my-app.baseline.yaml"
        )
        let updated = try shell(buggy(update))
        #expect(updated.status == 1, "\(updated.stdout.suffix(2000))")
        #expect(updated.stdout.contains("failed or errored not added"), "\(updated.stdout.suffix(2000))")
        let baseline = try String(contentsOfFile: folder + "/my-app.baseline.yaml", encoding: .utf8)
        let outcomes = Set(
            Baseline.load(text: baseline, file: "my-app.baseline.yaml").baseline?.entries.map(\.outcome) ?? [])
        #expect(
            outcomes.isDisjoint(with: ["failed", "errored"]) && outcomes.isSuperset(of: ["not checked"]), "\(baseline)")
        // The bugs are still there: the gate fails on them.
        #expect(try shell(buggy(gate)).status == 1)
        // Fixed: the same baseline (now the fixed driver's) and a green gate, read as CI reads it.
        let fixed = baseline.replacingOccurrences(
            of: "python-example+two-bio-attempts+dashboard-immediately", with: "python-example")
        try fixed.write(toFile: folder + "/my-app.baseline.yaml", atomically: true, encoding: .utf8)
        let green = try shell(gate.command.components(separatedBy: "#")[0] + " --junit j.xml")
        #expect(green.status == 0, "\(green.stdout.suffix(2000))")
        #expect(
            !green.stdout.contains("FAILED:") && !green.stdout.contains("NOT CHECKED:"), "\(green.stdout.suffix(3000))")
        #expect(green.stdout.contains("the baselines expect"), "\(green.stdout.suffix(2000))")
        let junit = try String(contentsOfFile: folder + "/j.xml", encoding: .utf8)
        #expect(
            try TestSupport.xml(at: folder + "/j.xml").values("//failure | //error").isEmpty, "\(junit.prefix(2000))")
        #expect(junit.contains("expected by the baseline"))
    }
}
