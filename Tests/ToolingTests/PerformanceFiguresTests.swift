import AuthSpecTestSupport
import Foundation
import Testing

/// docs/performance.md shows what `Benchmarks/performance` and `Benchmarks/profiles` measured,
/// nothing else: its tables are the committed reports' rows word for word, every figure it
/// quotes is in those reports, and each verdict follows from the figure and the target the
/// measurement recorded, not from what a page says.
@Suite struct PerformanceFiguresTests {
    static func read(_ path: String) throws -> String {
        try String(contentsOf: TestSupport.root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The tables' body rows: lines that begin with a bar, headers and rules left out, and
    /// nothing inside a fenced block (a command's output quoted as printed).
    static func rows(_ text: String) -> [String] {
        var fenced = false
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            if line.hasPrefix("```") { fenced.toggle() }
            return fenced ? "" : String(line)
        }
        return lines.indices.filter { index in
            let line = lines[index]
            guard line.hasPrefix("| "), !line.hasPrefix("| ---") else { return false }
            // A header is the row a rule follows.
            return !(index + 1 < lines.count && lines[index + 1].hasPrefix("| ---"))
        }.map { lines[$0] }
    }

    struct Goal: Decodable {
        var goal: String
        var figure: Double
        var atMost: Double?
        var atLeast: Double?
        var met: Bool

        enum CodingKeys: String, CodingKey {
            case goal, figure, met
            case atMost = "at_most"
            case atLeast = "at_least"
        }
    }

    struct Measurement: Decodable {
        var goals: [Goal]
    }

    static func measurement() throws -> Measurement {
        try JSONDecoder().decode(Measurement.self, from: Data(read("Reports/performance.json").utf8))
    }

    @Test func everyVerdictFollowsFromItsFigureAndTarget() throws {
        let goals = try Self.measurement().goals
        #expect(
            goals.map(\.goal) == [
                "runner", "loading by CPU", "loading by instructions", "memory peak", "memory growth", "explore",
            ])
        for goal in goals {
            let met = goal.atMost.map { goal.figure <= $0 } ?? goal.atLeast.map { goal.figure >= $0 }
            #expect(met == goal.met, "\(goal.goal): figure \(goal.figure)")
        }
    }

    @Test func theReportsVerdictsAreTheMeasurements() throws {
        let goals = try Self.measurement().goals
        let table = Self.rows(try Self.read("Reports/performance.md"))
        #expect(table.count == 5, "one row per goal, loading's two in one")
        let verdictOf: [String: [Bool]] = [
            "| runner": [goals[0].met], "| loading": [goals[1].met, goals[2].met], "| memory: peak": [goals[3].met],
            "| memory: growth": [goals[4].met], "| explore": [goals[5].met],
        ]
        for (prefix, verdicts) in verdictOf {
            let row = try #require(table.first { $0.hasPrefix(prefix) }, "no row for \(prefix)")
            let said = row.components(separatedBy: "**").filter { $0 == "met" || $0 == "not met" }
            #expect(said == verdicts.map { $0 ? "met" : "not met" }, "\(row)")
        }
    }

    @Test func thePagesTablesAreTheReportsRows() throws {
        let page = try Self.read("docs/performance.md")
        let measured = Set(Self.rows(try Self.read("Reports/performance.md")))
        let profiled = Set(Self.rows(try Self.read("Reports/profiles.md")))
        let rows = Self.rows(page)
        #expect(rows.count >= measured.count)
        for row in rows { #expect(measured.contains(row) || profiled.contains(row), "not in the reports: \(row)") }
        // Every goal's row is on the page.
        for row in measured { #expect(rows.contains(row), "the page leaves out: \(row)") }
    }

    @Test func everyFigureThePageQuotesIsInTheReports() throws {
        let page = try Self.read("docs/performance.md")
        let reports = try Self.read("Reports/performance.md") + "\n" + Self.read("Reports/profiles.md")
        let figure = /\d[\d,]*(?:\.\d+)? ?(?:µs|ms|%|MB|MiB|KiB|KB)(?![A-Za-z])/
        let quoted = page.matches(of: figure).map { String($0.output) }
        #expect(!quoted.isEmpty)
        for value in quoted {
            // The whole figure: "2 µs" is not found in "33.2 µs".
            let whole = try NSRegularExpression(
                pattern: "(?<![0-9.,])" + NSRegularExpression.escapedPattern(for: value) + "(?![0-9])")
            let found = whole.firstMatch(in: reports, range: NSRange(reports.startIndex..., in: reports))
            #expect(found != nil, "quoted but not measured: \(value)")
        }
    }
}
