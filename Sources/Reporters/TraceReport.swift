import Coverage
import ScenarioModel

/// The statement trace as text and as Markdown: per document, how many statements, how many
/// verified of those the suite can check, and the rest by name with why.
package enum TraceReport {
    /// The table's columns; `inSummary` marks those the one-line summary counts after the
    /// verified ones (a contradiction whose reading is verified is counted as verified there).
    static let columns: [(title: String, standings: [StatementStanding], inSummary: Bool)] = [
        ("verified", [.verified], false),
        ("not verified", [.claimNotMet, .modelled], true),
        ("not observable", [.notObservable], true),
        ("contradicted (reading verified)", [.contradicted, .readingNotMet], false),
        ("auth-flow model", [.authFlow], true),
    ]

    static func percent(_ part: Int, of whole: Int) -> String {
        whole == 0 ? "-" : "\(part * 1000 / whole / 10).\(part * 1000 / whole % 10)%"
    }

    /// `SCR-AUTH-006: 84 of 84 statements the suite can check verified (100.0%); 6 not observable`.
    package static func summary(_ trace: DocumentTrace) -> String {
        let verified = trace.count(.verified) + trace.count(.contradicted)
        var line =
            "\(trace.document): \(trace.statements.count) statements; \(verified) of \(trace.checkable) the suite can check verified (\(percent(verified, of: trace.checkable)))"
        for column in columns where column.inSummary {
            let count = column.standings.reduce(0) { $0 + trace.count($1) }
            if count > 0 { line += "; \(count) \(column.title)" }
        }
        return line
    }

    /// The statements that are not verified, each with its place, standing and reason; with
    /// `observable`, only those the suite could check.
    static func gaps(_ trace: DocumentTrace, observableOnly: Bool = false) -> [(
        statement: Statement, standing: StatementStanding
    )] {
        let settled: [StatementStanding] =
            [.verified, .contradicted, .authFlow] + (observableOnly ? [.notObservable] : [])
        return trace.statements.filter { !settled.contains($0.standing) }
    }

    package static func text(_ traces: [DocumentTrace], implementation: String) -> String {
        var lines = ["Statements traced on \(implementation):"]
        lines += traces.map { "  " + summary($0) }
        for trace in traces {
            // The statements the protocol cannot show are listed with their reasons by --markdown.
            let gaps = gaps(trace, observableOnly: true)
            if gaps.isEmpty { continue }
            lines.append("\n\(trace.document), not verified:")
            for (statement, standing) in gaps {
                let why = statement.reason ?? "rests on " + statement.by.joined(separator: ", ")
                lines.append(
                    "  \(statement.location): \(statement.id) (\(statement.clause)): \(standing.rawValue): \(why)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    package static func markdown(_ traces: [DocumentTrace], implementation: String) -> String {
        var text =
            "# Statement trace\n\nEvery normative statement of the spec documents in the statement catalogues, "
        text += "judged on \(Escape.markdown(implementation))'s run of the suites.\n\n"
        text +=
            "| document | statements | " + columns.map(\.title).joined(separator: " | ")
            + " | verified of checkable |\n"
        text += "| --- | ---: | " + columns.map { _ in "---:" }.joined(separator: " | ") + " | ---: |\n"
        for trace in traces {
            let counts = columns.map { column in column.standings.reduce(0) { $0 + trace.count($1) } }
            let verified = trace.count(.verified) + trace.count(.contradicted)
            text +=
                "| \(Escape.markdown(trace.document)) | \(trace.statements.count) | "
                + counts.map(String.init).joined(separator: " | ")
                + " | \(percent(verified, of: trace.checkable)) |\n"
        }
        for trace in traces {
            let gaps = gaps(trace)
            if gaps.isEmpty { continue }
            text +=
                "\n## \(Escape.markdown(trace.document)): not verified\n\n| statement | clause | what | standing | why |\n"
            text += "| --- | --- | --- | --- | --- |\n"
            for (statement, standing) in gaps {
                let why = statement.reason ?? statement.by.joined(separator: ", ")
                text +=
                    "| \(Escape.markdown(statement.id)) | \(Escape.markdown(statement.clause)) | \(Escape.markdown(statement.text)) | \(standing.rawValue) | \(Escape.markdown(why)) |\n"
            }
        }
        return text
    }
}
