import SpecCheck
import SpecModel

/// What `spec check` (and `lint --spec`) print: each document's findings, disagreements first,
/// each with its file and line, then the transitions the model has that no document draws.
package enum SpecCheckReport {
    package struct Counts: Sendable, Equatable {
        package var disagreements = 0
        package var warnings = 0
        package var recorded = 0
    }

    package static func lines(_ checks: [DocumentCheck], additions: [TransitionDeclaration]) -> (
        lines: [String], counts: Counts
    ) {
        var lines: [String] = []
        var counts = Counts()
        for check in checks {
            let name = check.document.identifier.map { " (\($0))" } ?? ""
            let compared = check.compared.map { "§\($0.section) \($0.kind.rawValue) (line \($0.line))" }.joined(
                separator: ", ")
            var line = "\n\(check.document.file)\(name): compared " + (compared.isEmpty ? "no diagram" : compared)
            if !check.skipped.isEmpty {
                line +=
                    "; not compared (another model): "
                    + check.skipped.map { "§\($0.section) \($0.kind.rawValue) (line \($0.line))" }.joined(
                        separator: ", ")
            }
            for (table, rows) in check.ruleRows { line += "; \(table) rows: \(rows)" }
            if check.facts.of > 0 {
                line += "; the model's facts written as it follows them: \(check.facts.found) of \(check.facts.of)"
            }
            let inventory = check.inventory
            if !inventory.parts.isEmpty {
                line +=
                    "; its rows, arrows, lines of code and quoted strings: \(inventory.parts.count), "
                    + "\(inventory.quoted.count) quoted by a fact, \(inventory.excluded.count) excluded, "
                    + "\(inventory.headers.count) table headers, "
                    + (inventory.namedByAnotherFinding.isEmpty
                        ? "" : "\(inventory.namedByAnotherFinding.count) at a line a finding below names, ")
                    + "\(inventory.unaccounted.count) neither"
            }
            let disagreeing = check.findings.filter(\.isDisagreement)
            lines.append(line + (disagreeing.isEmpty ? ": agrees with the model" : ""))
            // A finding a recorded reading decides is said in that reading's note.
            for finding in check.findings.filter({ $0.decidedBy == nil }).sorted(by: {
                ($0.isDisagreement ? 0 : 1, $0.line ?? .max) < ($1.isDisagreement ? 0 : 1, $1.line ?? .max)
            }) {
                let place = finding.line.map { "\(finding.file):\($0): " } ?? ""
                let label =
                    finding.isDisagreement
                    ? "error: \(finding.kind.rawValue): "
                    : [.addedByReference, .recorded].contains(finding.kind)
                        ? "note: \(finding.kind.rawValue): " : "warning: \(finding.kind.rawValue): "
                lines.append("  " + place + label + finding.message)
                for detail in finding.details { lines.append("      " + detail) }
                // What the check found at a recorded reading's line, decided by it.
                if finding.kind == .recorded {
                    for decided in check.findings
                    where decided.decidedBy != nil && decided.decidedBy == finding.reading
                        && decided.line == finding.line
                    {
                        lines.append("      the check finds: \(decided.kind.rawValue): " + decided.message)
                        for detail in decided.details { lines.append("        " + detail) }
                    }
                }
                if finding.isDisagreement {
                    counts.disagreements += 1
                } else if finding.kind == .recorded {
                    counts.recorded += 1
                } else if finding.kind != .addedByReference {
                    counts.warnings += 1
                }
            }
        }
        if !additions.isEmpty {
            lines.append("\nThe model also has, between states no compared document draws:")
            for transition in additions {
                let from = transition.from == "*" ? "any state" : transition.from
                lines.append(
                    "  note: added by the reference: \(from) → \(transition.to) (\(transition.trigger)), \(transition.provenance)"
                )
            }
        }
        return (lines, counts)
    }

    /// The closing line: how many disagreements, warnings and recorded readings.
    /// The first line: what is read against what.
    package static func heading(documents: Int, model: ModelDeclaration, tables: [String]) -> String {
        "Checking \(documents) document\(documents == 1 ? "" : "s") against the \(model.name) model (\(model.transitions.count) transitions)"
            + (tables.isEmpty ? "" : " and the reference's " + tables.joined(separator: " and "))
    }

    /// `FILE:LINE: kind "quote" -> rule`, a reading where the model does not follow it; a fact no
    /// line writes says so.
    package static func factLines(file: String, facts: [(fact: DocumentFact, line: Int?)]) -> [String] {
        facts.map { fact, line in
            let place = line.map { "\(file):\($0)" } ?? "\(file): not written"
            return "\(place): \(fact.kind.rawValue) \"\(fact.quoteOnOneLine)\" -> \(fact.rule)"
                + (fact.reading.map { " (not followed: \($0))" } ?? "")
        }
    }

    /// `FILE:LINE: excluded KIND "text": reason` for each part an exclusion accounts for, and
    /// `FILE:LINE: neither KIND "text"` for each part nothing does.
    package static func exclusionLines(file: String, account: InventoryAccount) -> [String] {
        account.excluded.map { part, exclusion in
            "\(file):\(part.lines.lowerBound): excluded \(part.kind.rawValue) \"\(part.text)\": \(exclusion.reason)"
        }
            + account.unaccounted.map {
                "\(file):\($0.lines.lowerBound): neither quoted nor excluded: \($0.kind.rawValue) \"\($0.text)\""
            }
    }

    /// `FILE: N rows, arrows, lines of code and quoted strings: F quoted by a fact, ...`.
    package static func accountLine(file: String, account: InventoryAccount) -> String {
        "\(file): \(account.parts.count) rows, arrows, lines of code and quoted strings: "
            + "\(account.quoted.count) quoted by a fact, \(account.excluded.count) excluded, "
            + "\(account.headers.count) table headers, \(account.unaccounted.count) neither"
    }

    /// `N facts of the unlock model in 4 documents, M of them written`.
    package static func factSummary(
        _ listed: [(file: String, facts: [(fact: DocumentFact, line: Int?)])], model: String
    )
        -> String
    {
        let all = listed.flatMap(\.facts)
        let written = all.filter { $0.line != nil }.count
        return "\(all.count) facts of the \(model) model in \(listed.count) document\(listed.count == 1 ? "" : "s"), "
            + "\(written) of them written"
    }

    package static func summary(_ counts: Counts) -> String {
        "\n\(counts.disagreements) disagreement\(counts.disagreements == 1 ? "" : "s"), \(counts.warnings) warning\(counts.warnings == 1 ? "" : "s")"
            + (counts.recorded == 0
                ? ""
                : ", \(counts.recorded) recorded disagreement\(counts.recorded == 1 ? "" : "s") (read, each with its reading)")
    }
}
