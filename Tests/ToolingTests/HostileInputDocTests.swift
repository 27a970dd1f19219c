import AuthSpecTestSupport
import Foundation
import Testing

/// docs/hostile-input.md quotes the newer fuzz targets' figures from the committed summary lines
/// (Reports/fuzz.txt, as scripts/fuzz prints them): each run without a crash is quoted with its
/// executions, rate and edges, and the page claims the 1-million goal for exactly the targets
/// whose crash-free runs reached it in all (a target fuzzed by two processes side by side).
@Suite struct HostileInputDocTests {
    struct Run {
        var target: String
        var executions: Int
        var rate: Int
        var edges: Int?
        var crashes: Int
    }

    static func runs() throws -> [Run] {
        let report = try String(
            contentsOf: TestSupport.root.appendingPathComponent("Reports/fuzz.txt"), encoding: .utf8)
        return report.split(separator: "\n").compactMap { line in
            guard
                let match = line.wholeMatch(
                    of: /(\w+) +(\d+) executions +(\d+) exec\/s +(\d+|\?) edges +(\d+) crashes/)
            else { return nil }
            return Run(
                target: String(match.output.1), executions: Int(match.output.2)!, rate: Int(match.output.3)!,
                edges: Int(match.output.4), crashes: Int(match.output.5)!)
        }
    }

    static func grouped(_ number: Int) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.locale = Locale(identifier: "en_US")
        return formatter.string(from: NSNumber(value: number))!
    }

    @Test func theFuzzFiguresAreTheReportedOnes() throws {
        let runs = try Self.runs()
        #expect(runs.count >= 6, "Reports/fuzz.txt holds no summary lines")
        let page = try String(
            contentsOf: TestSupport.root.appendingPathComponent("docs/hostile-input.md"), encoding: .utf8
        ).replacingOccurrences(of: "\n", with: " ")
        for run in runs where run.crashes == 0 {
            let quoted =
                "\(run.target) \(Self.grouped(run.executions)) (\(Self.grouped(run.rate))/s"
            #expect(page.contains("**" + quoted) || page.contains(quoted), "\(quoted) not on the page")
            if let edges = run.edges { #expect(page.contains("\(Self.grouped(edges)) edges"), "\(run.target)'s edges") }
        }
        for run in runs where run.crashes > 0 {
            #expect(page.contains("at \(Self.grouped(run.executions)) executions"), "\(run.target)'s crash")
        }
        // The goal claimed for those whose crash-free runs (on the same code: the report keeps
        // only those) reached a million executions in all, and only those.
        let executions = Dictionary(
            runs.filter { $0.crashes == 0 }.map { ($0.target, $0.executions) }, uniquingKeysWith: +)
        let met = Set(executions.filter { $0.value >= 1_000_000 }.keys)
        let claim = try #require(page.firstMatch(of: /The 1-million goal is met for the ([a-z, ]+) readers/))
        let claimed = Set(
            claim.output.1.replacingOccurrences(of: " and ", with: ", ").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            })
        #expect(claimed == met, "claimed \(claimed), reached \(met)")
    }
}
