import Coverage
import Runner
import ScenarioModel
import SpecModel

/// The report people read on a pull request or in $GITHUB_STEP_SUMMARY: the summary, the
/// scenario x implementation matrix, each failure with its diff, coverage with its graph, and
/// the requirements' status. Everything that comes from scenarios or drivers is escaped.
public struct MarkdownReporter {
    let formatter: ValueFormatter
    let terminal: TerminalReporter

    public init(model: ModelDeclaration) {
        formatter = ValueFormatter(model: model)
        terminal = TerminalReporter(model: model)
    }

    public func document(
        runs: [(name: String, results: [ScenarioResult])], coverage: [CoverageReport], requirements: [Requirement],
        interruption: RunInterruption? = nil
    ) -> String {
        var text = "# authspec results\n\n"
        if let interruption {
            text +=
                "> **Interrupted by \(Escape.markdown(interruption.signal))**: \(interruption.unfinished.count) scenario runs did not finish; "
                + "this report holds only the ones that did.\n\n"
        }
        text += Self.table(
            header: ["implementation", "passed", "failed", "errored", "skipped"],
            rows: runs.map { run in
                let summary = RunSummary(run.results)
                let broken = ScenarioRunner.brokenVerdict(run.results) != nil ? " (driver broken)" : ""
                return [Escape.markdown(run.name) + broken]
                    + [summary.passed, summary.failed, summary.errored, summary.skipped].map(String.init)
            })
        text += "\n## Scenarios\n\n" + matrix(runs)
        let problems = runs.flatMap { run in run.results.filter { $0.outcome != .passed }.map { (run.name, $0) } }
        if !problems.isEmpty {
            text += "\n## Problems\n"
            for (name, result) in problems {
                text +=
                    "\n### \(result.outcome.rawValue.uppercased()): \(Escape.markdown(result.scenario.id)) on \(Escape.markdown(name))\n\n"
                text +=
                    Escape.markdown(result.scenario.title) + " ("
                    + Escape.markdown(result.scenario.location.description) + ")\n\n"
                text += Escape.codeBlock(terminal.problem(result) ?? "", language: "text") + "\n"
            }
        }
        if !coverage.isEmpty {
            text += "\n## Coverage\n\n"
            text += coverage.map { MermaidCoverage().markdown($0) }.joined(separator: "\n")
        }
        if !requirements.isEmpty { text += "\n" + requirementsTable(requirements, runs: runs) }
        return text
    }

    func matrix(_ runs: [(name: String, results: [ScenarioResult])]) -> String {
        guard let first = runs.first else { return "" }
        let rows = first.results.enumerated().map { index, result in
            [Escape.markdown(result.scenario.id)]
                + runs.map { run in index < run.results.count ? Self.mark(run.results[index].outcome) : "" }
        }
        return Self.table(header: ["scenario"] + runs.map { Escape.markdown($0.name) }, rows: rows)
    }

    /// A Markdown table of cells already escaped.
    static func table(header: [String], rows: [[String]]) -> String {
        var text =
            "| " + header.joined(separator: " | ") + " |\n|" + String(repeating: " --- |", count: header.count) + "\n"
        for row in rows { text += "| " + row.joined(separator: " | ") + " |\n" }
        return text
    }

    static func mark(_ outcome: Outcome) -> String {
        switch outcome {
        case .passed: return "✅ passed"
        case .failed: return "❌ failed"
        case .errored: return "💥 errored"
        case .skipped: return "⏭️ skipped"
        }
    }

    /// Each requirement with its status per implementation, and every gap by name.
    public func requirementsTable(_ requirements: [Requirement], runs: [(name: String, results: [ScenarioResult])])
        -> String
    {
        var text = "## Requirements\n\n"
        let statuses = runs.map { run in requirements.map { RequirementCoverage.status(of: $0, in: run.results) } }
        for (run, status) in zip(runs, statuses) {
            let passed = status.filter { $0 == .passed }.count
            text +=
                "- \(Escape.markdown(run.name)): \(passed) of \(requirements.count) requirements covered and passing"
            let gaps = zip(requirements, status).filter { $0.1 != .passed }.map { "\($0.0.id) (\($0.1.rawValue))" }
            text += gaps.isEmpty ? "\n" : "; not: " + Escape.markdown(gaps.joined(separator: ", ")) + "\n"
        }
        let rows = requirements.enumerated().map { index, requirement in
            [Escape.markdown(requirement.id), Escape.markdown(requirement.clause), Escape.markdown(requirement.text)]
                + statuses.map { Self.requirementMark($0[index]) }
        }
        return text + "\n"
            + Self.table(header: ["requirement", "clause", "what"] + runs.map { Escape.markdown($0.name) }, rows: rows)
    }

    static func requirementMark(_ status: RequirementStatus) -> String {
        switch status {
        case .passed: return "✅ passed"
        case .failed: return "❌ failed"
        case .skipped: return "⏭️ skipped"
        case .notCovered: return "⚪ not covered"
        }
    }
}
