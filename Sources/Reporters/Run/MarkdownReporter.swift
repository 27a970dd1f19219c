import Coverage
import Results
import ScenarioModel
import SpecModel

/// The report people read on a pull request or in $GITHUB_STEP_SUMMARY: the verdict and the
/// totals first, then what went wrong (each problem with its diff, moves outside the model),
/// then what passed (folded), the requirements' status and coverage. Long tables are folded in
/// `<details>`. With `maxBytes` the document stops before the piece that would pass the limit
/// and ends saying what it left out. Everything from scenarios or drivers is escaped.
package struct MarkdownReporter {
    let formatter: ValueFormatter
    let terminal: TerminalReporter
    /// Room kept for the closing note of a cut document.
    static let noteBytes = 600
    package let maxBytes: Int?

    package init(model: ModelDeclaration, maxBytes: Int? = nil, links: SourceLinks? = nil) {
        formatter = ValueFormatter(model: model)
        terminal = TerminalReporter(model: model)
        self.maxBytes = maxBytes
        self.links = links
    }

    let links: SourceLinks?

    /// `file:line:column`, a link to its page where the repository's web address is known.
    func place(_ location: SourceLocation) -> String {
        let text = Escape.markdown(location.description)
        guard let url = links?.url(location) else { return text }
        return "[\(text)](\(url))"
    }

    /// A part of the document that is kept or left out whole.
    struct Piece {
        /// What a reader is told was left out: `problem`, `scenario matrix`...
        var kind: String
        var text: String
    }

    /// With `statements`, the catalogue of the spec's statements, a section says per
    /// implementation how many of each document's statements its run verified.
    package func document(
        _ run: RunRecord, coverage: [CoverageReport], gate: GateVerdict? = nil, statements: [Statement] = [],
        falsification: Falsification? = nil,
        title: String = "authspec results"
    ) -> String {
        var text = "# \(title)\n\n"
        if let gate { text += "**" + Escape.markdown(terminal.verdict(gate, run: run)) + "**\n\n" }
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
        return assemble(
            text, pieces(run, coverage: coverage, gate: gate, statements: statements, falsification: falsification))
    }

    /// The outcomes the baselines expect, one row each, collapsed: not what a reviewer looks
    /// for first, and never to be confused with a new failure.
    func expectedTable(_ run: RunRecord, gate: GateVerdict?) -> String? {
        guard let gate else { return nil }
        var rows: [[String]] = []
        for implementation in run.implementations {
            for record in implementation.records {
                guard let entry = gate.expectation(of: record.id, on: implementation.name) else { continue }
                rows.append([
                    Escape.markdown(record.id), Escape.markdown(implementation.name), record.outcome.rawValue,
                    Escape.markdown(entry.divergence?.description ?? ""), Escape.markdown(entry.reason),
                ])
            }
        }
        guard !rows.isEmpty else { return nil }
        return
            "\n<details><summary>\(rows.count) outcome\(rows.count == 1 ? "" : "s") the baselines expect</summary>\n\n"
            + Self.table(header: ["scenario", "implementation", "outcome", "where", "reason"], rows: rows)
            + "\n</details>\n"
    }

    /// Problems, moves outside the model, scenarios, requirements, coverage: most wanted first.
    func pieces(
        _ run: RunRecord, coverage: [CoverageReport], gate: GateVerdict? = nil, statements: [Statement] = [],
        falsification: Falsification? = nil
    ) -> [Piece] {
        var pieces: [Piece] = []
        // New failures and errors one by one; what a baseline expects in one collapsed table
        // after them; skips and refusals, often many for one missing input, in a table each.
        let problems = run.implementations.flatMap { implementation in
            implementation.records.filter {
                !$0.outcome.ranWithoutProblem && $0.outcome != .skipped && $0.outcome != .refused
                    && gate?.expectation(of: $0.id, on: implementation.name) == nil
            }.map { (implementation.name, run.rerun($0, on: implementation), $0) }
        }
        for (index, (name, rerun, result)) in problems.enumerated() {
            var text = index == 0 ? "\n## Problems\n" : ""
            text +=
                "\n### \(result.outcome.rawValue.uppercased()): \(Escape.markdown(result.id)) on \(Escape.markdown(name))\n\n"
            text += Escape.markdown(result.title) + " (" + place(result.location) + ")\n\n"
            text += Escape.codeBlock(terminal.problem(result, rerun: rerun) ?? "", language: "text") + "\n"
            pieces.append(Piece(kind: "problem", text: text))
        }
        if let expected = expectedTable(run, gate: gate) { pieces.append(Piece(kind: "expected", text: expected)) }
        for report in coverage {
            if let outside = MermaidCoverage().outsideModel(report, heading: "##") {
                pieces.append(Piece(kind: "moves outside the model", text: "\n" + outside))
            }
        }
        // What a reader needs before passing detail: a cut drops the later pieces first.
        if !run.requirements.isEmpty { pieces.append(Piece(kind: "requirements", text: "\n" + requirementsTable(run))) }
        if !statements.isEmpty && !run.implementations.isEmpty {
            pieces.append(
                Piece(kind: "statements", text: "\n" + statementsSection(run, statements, falsification: falsification))
            )
        }
        if let refused = setAsideTable(run, .refused) { pieces.append(Piece(kind: "refusals", text: "\n" + refused)) }
        if let skips = setAsideTable(run, .skipped) { pieces.append(Piece(kind: "skips", text: "\n" + skips)) }
        if !run.implementations.isEmpty {
            pieces.append(Piece(kind: "scenario matrix", text: "\n## Scenarios\n\n" + matrix(run)))
        }
        for (index, section) in MermaidCoverage().sections(coverage).enumerated() {
            pieces.append(Piece(kind: "coverage", text: (index == 0 ? "\n## Coverage\n\n" : "\n") + section))
        }
        return pieces
    }

    /// The head and every piece, or, past `maxBytes`, the pieces before the first that does
    /// not fit and a note of the rest by kind.
    func assemble(_ head: String, _ pieces: [Piece]) -> String {
        var text = head
        var leftOut: [(kind: String, count: Int, of: Int)] = []
        for piece in pieces {
            let fits = maxBytes.map { text.utf8.count + piece.text.utf8.count + Self.noteBytes <= $0 } ?? true
            if leftOut.isEmpty && fits {
                text += piece.text
                continue
            }
            if let last = leftOut.last, last.kind == piece.kind {
                leftOut[leftOut.count - 1].count += 1
            } else {
                leftOut.append((piece.kind, 1, pieces.filter { $0.kind == piece.kind }.count))
            }
        }
        guard let maxBytes, !leftOut.isEmpty else { return text }
        let parts = leftOut.map { part in
            part.of == 1 ? "the \(part.kind)" : "\(part.count) of \(part.of) \(part.kind) sections"
        }
        return text
            + "\n---\n\n**Cut to stay under \(maxBytes) bytes (--markdown-max-bytes)**: left out "
            + parts.joined(separator: ", ")
            + ". The JSON and JUnit reports, and this report without the limit, hold everything.\n"
    }

    /// Every skipped (or refused) scenario in one table, a row per implementation and reason:
    /// the inputs it does not declare, or the world or input it refused and what the driver
    /// said of it.
    func setAsideTable(_ run: RunRecord, _ outcome: Outcome) -> String? {
        var rows: [(implementation: String, reason: String, ids: [String])] = []
        for implementation in run.implementations {
            for record in implementation.records where record.outcome == outcome {
                let step = record.steps.first { $0.outcome == outcome }
                let reason =
                    step.map {
                        "the driver answered unsupported to \($0.input.split(separator: ":").first.map(String.init) ?? $0.input)"
                    }
                    ?? Diagnosis.firstLine(record.message ?? outcome.rawValue)
                if let at = rows.firstIndex(where: { $0.implementation == implementation.name && $0.reason == reason })
                {
                    rows[at].ids.append(record.id)
                } else {
                    rows.append((implementation.name, reason, [record.id]))
                }
            }
        }
        guard !rows.isEmpty else { return nil }
        let total = rows.map(\.ids.count).reduce(0, +)
        let heading =
            outcome == .refused
            ? "## Refused\n\n\(terminal.counted(total, "scenario run")) refused: worlds or inputs the driver declares and would not run, by reason (a refusal is never a pass, and fails the gate unless --allow-refusals):\n\n"
            : "## Skipped\n\n\(terminal.counted(total, "scenario run")) skipped, by reason (a skip is never a pass):\n\n"
        return heading
            + Self.table(
                header: ["implementation", "why", "scenarios"],
                rows: rows.map { row in
                    let shown = row.ids.prefix(3).map(Escape.markdown).joined(separator: ", ")
                    return [
                        Escape.markdown(row.implementation), Escape.markdown(row.reason),
                        "\(row.ids.count): \(shown)" + (row.ids.count > 3 ? " and \(row.ids.count - 3) more" : ""),
                    ]
                })
    }

    /// Rows for the scenarios that did not pass everywhere; the rest named, folded.
    func matrix(_ run: RunRecord) -> String {
        let matrix = OutcomeMatrix(run)
        let names = run.implementations.map(\.name)
        // One flag a scenario, not a set of the ids that passed.
        let everywhere = matrix.ids.map { matrix.passedEverywhere($0, on: names) }
        let passedEverywhere = matrix.ids.indices.lazy.filter { everywhere[$0] }.map { matrix.ids[$0] }
        let others = matrix.ids.indices.filter { !everywhere[$0] }.map { matrix.ids[$0] }
        var text = ""
        if !others.isEmpty {
            text +=
                "\(terminal.counted(others.count, "scenario")) did not pass on every implementation:\n\n"
                + Self.table(
                    header: ["scenario"] + names.map(Escape.markdown),
                    rows: others.map { id in
                        [Escape.markdown(id)] + names.map { matrix.outcome(id, $0).map(Self.mark) ?? "" }
                    })
        }
        if !passedEverywhere.isEmpty {
            text +=
                (text.isEmpty ? "" : "\n")
                + "<details><summary>\(terminal.counted(passedEverywhere.count, "scenario")) passed on every implementation</summary>\n\n"
                + passedEverywhere.lazy.map(Escape.markdown).joined(separator: ", ") + "\n\n</details>\n"
        }
        return text
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
        case .refused: return "🚫 refused"
        }
    }

    /// How many requirements each implementation verified, every gap by name, then the table
    /// of every requirement folded.
    package func requirementsTable(_ record: RunRecord) -> String {
        var text = "## Requirements\n\n"
        let requirements = record.requirements
        let runs = record.implementations
        let statuses = runs.map { run in RequirementCoverage.assess(requirements.map(\.id), in: run.records) }
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
        return text + "\n<details><summary>Every requirement by implementation</summary>\n\n"
            + Self.table(header: ["requirement", "clause", "what"] + runs.map { Escape.markdown($0.name) }, rows: rows)
            + "\n</details>\n"
    }

    /// Per implementation, each document's statements and how many of those the suite can
    /// check its run verified (the trace of `authspec trace`, judged on this run).
    func statementsSection(_ run: RunRecord, _ statements: [Statement], falsification: Falsification?) -> String {
        var text =
            "## Statements\n\nEvery normative statement of the spec documents in the statement catalogue, judged on "
            + "each implementation's run: a statement counts as verified only when a falsifier of it (a mutant of the "
            + "reference that breaks it) is killed by a scenario that covers one of its requirements and passed on "
            + "this implementation, and every requirement it rests on was verified here. `authspec trace --markdown` "
            + "names the rest.\n\n"
        for implementation in run.implementations {
            text += "- \(Escape.markdown(implementation.name)):\n"
            for trace in StatementTrace.trace(statements, records: implementation.records, falsification: falsification)
            {
                text += "  - " + Escape.markdown(TraceReport.summary(trace)) + "\n"
            }
        }
        return text
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
