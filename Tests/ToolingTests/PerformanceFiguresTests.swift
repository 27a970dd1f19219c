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
                "mutate",
            ])
        // The issue's targets, so that no measurement meets a goal by moving it.
        #expect(goals.map { $0.atMost ?? -($0.atLeast ?? 0) } == [2.0, -0.5, -0.6, 50.0, 0.1, -0.8, 20.0])
        for goal in goals {
            let met = goal.atMost.map { goal.figure <= $0 } ?? goal.atLeast.map { goal.figure >= $0 }
            #expect(met == goal.met, "\(goal.goal): figure \(goal.figure)")
        }
    }

    @Test func theReportsVerdictsAreTheMeasurements() throws {
        let goals = try Self.measurement().goals
        let table = Self.rows(try Self.read("Reports/performance.md"))
        #expect(table.count == 6, "one row per goal, loading's two in one")
        let verdictOf: [String: [Bool]] = [
            "| runner": [goals[0].met], "| loading": [goals[1].met, goals[2].met], "| memory: peak": [goals[3].met],
            "| memory: growth": [goals[4].met], "| explore": [goals[5].met], "| mutate": [goals[6].met],
        ]
        for (prefix, verdicts) in verdictOf {
            let row = try #require(table.first { $0.hasPrefix(prefix) }, "no row for \(prefix)")
            let said = row.components(separatedBy: "**").filter { $0 == "met" || $0 == "not met" }
            #expect(said == verdicts.map { $0 ? "met" : "not met" }, "\(row)")
        }
        // Each row shows, in bold, the figure its verdict was taken on.
        let figureOf: [(String, Goal)] = [
            ("| runner", goals[0]), ("| loading", goals[1]), ("| loading", goals[2]), ("| memory: peak", goals[3]),
            ("| memory: growth", goals[4]), ("| explore", goals[5]), ("| mutate", goals[6]),
        ]
        for (prefix, goal) in figureOf {
            let row = try #require(table.first { $0.hasPrefix(prefix) })
            let bold = row.components(separatedBy: "**").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            #expect(bold.contains { $0 == "\(goal.figure)" || $0.hasPrefix("\(goal.figure) ") }, "\(goal.goal): \(row)")
        }
    }

    /// The table rows under a heading, up to the next heading of any level.
    static func rows(_ text: String, under heading: String) -> [String] {
        let text = "\n" + text
        guard let start = text.range(of: "\n" + heading + "\n") else { return [] }
        let rest = text[start.upperBound...]
        let end = rest.range(of: "\n#")?.lowerBound ?? rest.endIndex
        return rows(String(rest[..<end]))
    }

    @Test func thePagesTablesAreTheReportsRows() throws {
        let page = try Self.read("docs/performance.md")
        let measured = try Self.read("Reports/performance.md")
        let profiles = try Self.read("Reports/profiles.md")
        // The goals, all of them and in order; each section's profile, whole, under its own heading.
        #expect(
            Self.rows(page, under: "## The goals, measured")
                == Self.rows(measured, under: "# Performance goals, measured"))
        for section in ["Runner", "Loading", "Memory", "Explore"] {
            let profiled = Self.rows(profiles, under: "## " + section)
            #expect(!profiled.isEmpty, "Reports/profiles.md has no \(section) table")
            #expect(Self.rows(page, under: "### " + section) == profiled, "\(section)")
        }
        // No other table on the page.
        let sections = ["## The goals, measured", "### Runner", "### Loading", "### Memory", "### Explore"]
        #expect(Self.rows(page).count == sections.map { Self.rows(page, under: $0).count }.reduce(0, +))
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
