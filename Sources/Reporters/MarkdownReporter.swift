import Coverage
import Results
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

    public func document(_ run: RunRecord, coverage: [CoverageReport]) -> String {
        var text = "# authspec results\n\n"
        if let interruption = run.interruption {
            text +=
                "> **Interrupted by \(Escape.markdown(interruption.signal))**: \(interruption.unfinished.count) scenario runs did not finish; "
                + "this report holds only the ones that did.\n\n"
        }
        text += Self.table(
            header: ["implementation"] + Outcome.allCases.map(\.rawValue),
            rows: run.implementations.map { implementation in
                let broken = implementation.broken != nil ? " (driver broken)" : ""
                return [Escape.markdown(implementation.name) + broken]
                    + implementation.summary.counts.map { String($0.count) }
            })
        let unchecked = run.implementations.compactMap(terminal.unchecked)
        if !unchecked.isEmpty {
            text += "\n" + unchecked.map { "> " + Escape.markdown($0) + "\n" }.joined(separator: ">\n")
        }
        text += "\n## Scenarios\n\n" + matrix(run)
        let problems = run.implementations.flatMap { implementation in
            implementation.records.filter { !$0.outcome.ranWithoutProblem }.map { (implementation.name, $0) }
        }
        if !problems.isEmpty {
            text += "\n## Problems\n"
            for (name, result) in problems {
                text +=
                    "\n### \(result.outcome.rawValue.uppercased()): \(Escape.markdown(result.id)) on \(Escape.markdown(name))\n\n"
                text +=
                    Escape.markdown(result.title) + " ("
                    + Escape.markdown(result.location.description) + ")\n\n"
                text += Escape.codeBlock(terminal.problem(result) ?? "", language: "text") + "\n"
            }
        }
        if !coverage.isEmpty {
            text += "\n## Coverage\n\n"
            text += coverage.map { MermaidCoverage().markdown($0) }.joined(separator: "\n")
        }
        if !run.requirements.isEmpty { text += "\n" + requirementsTable(run) }
        return text
    }

    func matrix(_ run: RunRecord) -> String {
        guard !run.implementations.isEmpty else { return "" }
        let matrix = OutcomeMatrix(run)
        let rows = matrix.ids.map { id in
            [Escape.markdown(id)] + run.implementations.map { matrix.outcome(id, $0.name).map(Self.mark) ?? "" }
        }
        return Self.table(header: ["scenario"] + run.implementations.map { Escape.markdown($0.name) }, rows: rows)
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
        case .partlyChecked: return "◐ partly checked"
        case .notChecked: return "○ not checked"
        case .failed: return "❌ failed"
        case .errored: return "💥 errored"
        case .skipped: return "⏭️ skipped"
        }
    }

    /// Each requirement with its status per implementation, and every gap by name.
    public func requirementsTable(_ record: RunRecord) -> String {
        var text = "## Requirements\n\n"
        let requirements = record.requirements
        let runs = record.implementations
        let statuses = runs.map { run in requirements.map { RequirementCoverage.assess($0.id, in: run.records) } }
        for (run, status) in zip(runs, statuses) {
            let verified = status.filter { $0.status == .verified }.count
            text += "- \(Escape.markdown(run.name)): \(verified) of \(requirements.count) requirements verified"
            let gaps = zip(requirements, status).filter { $0.1.status != .verified }.map {
                "\($0.0.id) (\($0.1.description))"
            }
            text += gaps.isEmpty ? "\n" : "; not: " + Escape.markdown(gaps.joined(separator: ", ")) + "\n"
        }
        let rows = requirements.enumerated().map { index, requirement in
            [Escape.markdown(requirement.id), Escape.markdown(requirement.clause), Escape.markdown(requirement.text)]
                + statuses.map { Self.requirementMark($0[index]) }
        }
        return text + "\n"
            + Self.table(header: ["requirement", "clause", "what"] + runs.map { Escape.markdown($0.name) }, rows: rows)
    }

    static func requirementMark(_ assessment: RequirementAssessment) -> String {
        switch assessment.status {
        case .verified: return "✅ verified"
        case .notVerified: return "⚠️ " + Escape.markdown(assessment.description)
        case .failed: return "❌ failed"
        case .errored: return "💥 errored"
        case .skipped: return "⏭️ skipped"
        case .notCovered: return "⚪ not covered"
        }
    }
}
