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
        runs: [(name: String, results: [ScenarioResult])], coverage: [CoverageReport], requirements: [Requirement]
    ) -> String {
        var text = "# authspec results\n\n"
        text += "| implementation | passed | failed | errored | skipped |\n| --- | --- | --- | --- | --- |\n"
        for run in runs {
            let summary = RunSummary(run.results)
            let broken = ScenarioRunner.brokenVerdict(run.results) != nil ? " (driver broken)" : ""
            text += "| \(Escape.markdown(run.name))\(broken) | \(summary.passed) | \(summary.failed) | \(summary.errored) | \(summary.skipped) |\n"
        }
        text += "\n## Scenarios\n\n" + matrix(runs)
        let problems = runs.flatMap { run in run.results.filter { $0.outcome != .passed }.map { (run.name, $0) } }
        if !problems.isEmpty {
            text += "\n## Problems\n"
            for (name, result) in problems {
                text += "\n### \(result.outcome.rawValue.uppercased()): \(Escape.markdown(result.scenario.id)) on \(Escape.markdown(name))\n\n"
                text += Escape.markdown(result.scenario.title) + " (`" + Escape.markdown(result.scenario.location.description).replacingOccurrences(of: "`", with: "") + "`)\n\n"
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
        var text = "| scenario | " + runs.map { Escape.markdown($0.name) }.joined(separator: " | ") + " |\n"
        text += "| --- |" + String(repeating: " --- |", count: runs.count) + "\n"
        for (index, result) in first.results.enumerated() {
            let cells = runs.map { run in index < run.results.count ? Self.mark(run.results[index].outcome) : "" }
            text += "| \(Escape.markdown(result.scenario.id)) | " + cells.joined(separator: " | ") + " |\n"
        }
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
    public func requirementsTable(_ requirements: [Requirement], runs: [(name: String, results: [ScenarioResult])]) -> String {
        var text = "## Requirements\n\n"
        let statuses = runs.map { run in requirements.map { RequirementCoverage.status(of: $0, in: run.results) } }
        for (run, status) in zip(runs, statuses) {
            let passed = status.filter { $0 == .passed }.count
            text += "- \(Escape.markdown(run.name)): \(passed) of \(requirements.count) requirements covered and passing"
            let gaps = zip(requirements, status).filter { $0.1 != .passed }.map { "\($0.0.id) (\($0.1.rawValue))" }
            text += gaps.isEmpty ? "\n" : "; not: " + Escape.markdown(gaps.joined(separator: ", ")) + "\n"
        }
        text += "\n| requirement | clause | what | " + runs.map { Escape.markdown($0.name) }.joined(separator: " | ") + " |\n"
        text += "| --- | --- | --- |" + String(repeating: " --- |", count: runs.count) + "\n"
        for (index, requirement) in requirements.enumerated() {
            let cells = statuses.map { Self.requirementMark($0[index]) }
            text += "| \(Escape.markdown(requirement.id)) | \(Escape.markdown(requirement.clause)) | \(Escape.markdown(requirement.text)) | " + cells.joined(separator: " | ") + " |\n"
        }
        return text
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
