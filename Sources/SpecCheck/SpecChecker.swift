import SpecModel

/// Something `spec check` found in a document.
package struct SpecFinding: Sendable {
    package enum Kind: String, Sendable {
        /// Same source and trigger, another target than the model's.
        case conflict
        /// The document draws a transition the model does not have.
        case documentOnly = "not in the model"
        /// A rule table row whose value differs from the model's, or a model row the table lacks.
        case ruleTable = "rule table"
        /// The model has a transition among this document's states that the document does not draw.
        case notShown = "not shown"
        /// The model adds a transition the spec does not draw (an interpretation).
        case addedByReference = "added by the reference"
        /// A name the mapping does not translate into one of the model's states.
        case unknownState = "unknown state"
        /// A disagreement the mapping records as read and decided, with its reading.
        case recorded = "recorded disagreement"
        /// A recorded disagreement whose text the document no longer has: its reading needs a look.
        case recordNotFound = "recorded, not found"
        /// An arrow of a compared diagram the reader cannot take apart: not compared, so the
        /// document cannot be said to agree.
        case unread = "arrow not read"
        /// A text, number, arrow or row the model follows that the document no longer writes.
        case factChanged = "fact changed"
        /// A passage the model does not follow (a recorded reading decides) that the document
        /// no longer writes: the reading needs a look.
        case readingFactGone = "reading's fact gone"
        /// A row, arrow, line of code or quoted string no model quotes or excludes.
        case unaccounted = "neither compared nor excluded"
        /// An exclusion that accounts for no part: its words are gone, or a fact quotes its part.
        case exclusionUnused = "exclusion accounts for nothing"
    }

    package var kind: Kind
    package var file: String
    package var line: Int?
    package var message: String
    package var details: [String] = []
    /// For a rule-table finding: the table and the row's key, so that other documents' rows
    /// for the same key can be cited beside it.
    package var row: (table: String, key: String)?
    /// For a conflict: the model's transition on the same trigger, so that other documents'
    /// drawings of it can be cited beside it.
    package var modelTransition: (from: String, to: String)?
    /// For an unknown state: the name as the document writes it.
    package var unknownName: String?
    /// For a recorded disagreement (found or not): the reading that decides it (`INT-003`).
    package var reading: String?
    /// For a finding a recorded disagreement at its line decides: that reading. It is said in
    /// the recorded note, and no longer counts as a disagreement.
    package var decidedBy: String?

    /// Conflicts, transitions the model lacks and rule-table mismatches are disagreements,
    /// unless a recorded reading decides them; the rest are said, but the document and the
    /// model still agree.
    package var isDisagreement: Bool {
        decidedBy == nil && [.conflict, .documentOnly, .ruleTable, .unread, .factChanged].contains(kind)
    }
}

package struct DocumentCheck: Sendable {
    package var document: SpecDocument
    package var compared: [DocumentDiagram]
    package var skipped: [DocumentDiagram]
    /// The rows found of each of the model's rule tables the document writes, in the model's order.
    package var ruleRows: [(table: String, rows: Int)]
    /// The model's facts of this document, and how many of them it still writes.
    package var facts: (found: Int, of: Int) = (0, 0)
    /// How each row, arrow, line of code and quoted string is accounted for.
    package var inventory = InventoryAccount()
    package var findings: [SpecFinding]
}

/// Compares spec documents' diagrams and rule tables with the model's transition relation and
/// its rule tables.
package struct SpecChecker {
    package let model: ModelDeclaration
    package let tables: [RuleTable]
    package let mapping: SpecMapping
    package var facts: [DocumentFact] = []
    /// Every model's facts and exclusions, which account for a document's parts; nil: this
    /// model's facts alone, no exclusion.
    package var accounting: (facts: [DocumentFact], exclusions: [DocumentExclusion])?
    /// Scenario ids by "From -> To" transition, and by requirement id, for naming what an edit
    /// affects.
    package var scenariosByTransition: [String: [String]] = [:]
    package var scenariosByRequirement: [String: [String]] = [:]

    package init(model: ModelDeclaration, tables: [RuleTable], mapping: SpecMapping) {
        self.model = model
        self.tables = tables
        self.mapping = mapping
    }

    /// A mapped document edge, in the model's names.
    struct Edge: Equatable {
        var from: String
        var to: String
        var label: String
        var line: Int
    }

    package func check(_ documents: [SpecDocument]) -> [DocumentCheck] {
        var checks = documents.map(check)
        // A conflict cites every other document that draws the model's side of it, and a rule
        // row every other document's row for the same key.
        let mappedEdges = documents.map { ($0, self.edges(of: $0).edges) }
        let tableRows = documents.map { document in (document, tables.map { ($0.name, $0.find(document.lines)) }) }
        for index in checks.indices {
            for findingIndex in checks[index].findings.indices {
                guard let row = checks[index].findings[findingIndex].row else { continue }
                for (other, found) in tableRows where other.file != checks[index].document.file {
                    for (table, rows) in found where table == row.table {
                        for written in rows where written.key == row.key {
                            checks[index].findings[findingIndex].details.append(
                                "\(other.identifier ?? other.file) writes \"\(written.text)\" (\(written.value)) at \(other.file):\(written.line)"
                            )
                        }
                    }
                }
            }
            for findingIndex in checks[index].findings.indices
            where checks[index].findings[findingIndex].kind == .conflict {
                let finding = checks[index].findings[findingIndex]
                guard let modelSide = finding.modelTransition else { continue }
                for (other, edges) in mappedEdges where other.file != finding.file {
                    for edge in edges where edge.from == modelSide.from && edge.to == modelSide.to {
                        checks[index].findings[findingIndex].details.append(
                            "\(other.identifier ?? other.file) draws it at \(other.file):\(edge.line): \(edge.from) → \(edge.to): \(edge.label)"
                        )
                    }
                }
            }
        }
        return checks
    }

    func check(_ document: SpecDocument) -> DocumentCheck {
        let (edges, compared, skipped, unknown) = self.edges(of: document)
        let unreadArrows: [SpecFinding] = compared.flatMap { diagram in
            diagram.unread.map { arrow in
                SpecFinding(
                    kind: .unread, file: document.file, line: arrow.line,
                    message:
                        "cannot read \"\(arrow.text)\" (one arrow per statement, such as A --> B or A -->|label| B): not compared"
                )
            }
        }
        var findings = unreadArrows + unknown
        for edge in edges where !modelHasPath(from: edge.from, to: edge.to) {
            let sameTrigger = model.transitions.first {
                $0.from == edge.from && $0.specLabel.map(Self.normalized) == Self.normalized(edge.label)
                    && !edge.label.isEmpty
            }
            if let modelSide = sameTrigger {
                findings.append(
                    SpecFinding(
                        kind: .conflict, file: document.file, line: edge.line,
                        message:
                            "\(edge.from) → \(edge.to) on \"\(edge.label)\": the model goes to \(modelSide.to) on \"\(modelSide.specLabel ?? "")\"",
                        details: ["model: \(modelSide.from) → \(modelSide.to) (\(modelSide.provenance))"]
                            + affected(modelSide.from, modelSide.to),
                        modelTransition: (modelSide.from, modelSide.to)))
            } else {
                findings.append(
                    SpecFinding(
                        kind: .documentOnly, file: document.file, line: edge.line,
                        message: "\(edge.from) → \(edge.to)" + (edge.label.isEmpty ? "" : " (\(edge.label))")
                            + ": the model has no such transition"))
            }
        }
        let scope = Set(edges.flatMap { [$0.from, $0.to] })
        for transition in model.transitions
        where transition.from != "*" && scope.contains(transition.from) && scope.contains(transition.to) {
            let reachable = automaticClosure(of: transition.to)
            if edges.contains(where: { $0.from == transition.from && reachable.contains($0.to) }) { continue }
            findings.append(
                SpecFinding(
                    kind: transition.addedByReference ? .addedByReference : .notShown, file: document.file, line: nil,
                    message:
                        "\(transition.from) → \(transition.to) (\(transition.specLabel ?? transition.trigger)), \(transition.provenance)"
                ))
        }
        let rules = rules(for: document)
        var ruleRows: [(table: String, rows: Int)] = []
        for table in tables {
            let rows = table.find(document.lines).filter { !(rules?.outside.contains($0.key) ?? false) }
            if rows.isEmpty { continue }
            ruleRows.append((table.name, rows.count))
            findings += ruleFindings(table, rows, in: document)
        }
        let recorded = recordedFindings(rules?.recorded ?? [], in: document)
        findings += recorded
        // A fact the model does not follow is noted at its line unless the mapping records it there.
        let recordedAt = Set(recorded.compactMap(\.line))
        let (found, mine, factFindings) = factFindings(in: document)
        findings += factFindings.filter { $0.kind != .recorded || !recordedAt.contains($0.line ?? 0) }
        var inventory = Self.account(
            document, facts: accounting?.facts ?? facts, exclusions: accounting?.exclusions ?? [])
        // A part another finding already names at its line (an edited fact, a conflict) is said there.
        let said = Set(findings.compactMap(\.line))
        inventory.namedByAnotherFinding = inventory.unaccounted.filter { $0.lines.contains(where: said.contains) }
        inventory.unaccounted.removeAll { $0.lines.contains(where: said.contains) }
        for part in inventory.unaccounted {
            findings.append(
                SpecFinding(
                    kind: .unaccounted, file: document.file, line: part.lines.lowerBound,
                    message: "the \(part.kind.rawValue) \"\(part.text)\" is quoted by no fact and excluded by no model")
            )
        }
        for exclusion in inventory.unused {
            findings.append(
                SpecFinding(
                    kind: .exclusionUnused, file: document.file, line: nil,
                    message: "the \(exclusion.scope.rawValue) exclusion \"\(exclusion.quote)\" (\(exclusion.reason)) "
                        + "names no part the facts leave"))
        }
        findings = Self.decided(findings)
        var check = DocumentCheck(
            document: document, compared: compared, skipped: skipped, ruleRows: ruleRows, findings: findings)
        check.facts = (found, mine)
        check.inventory = inventory
        return check
    }

    /// The mapping's entry for a document: by the ID written in it, else by its file name.
    func rules(for document: SpecDocument) -> SpecMapping.Document? {
        document.identifier.flatMap { mapping.documents[$0] }
            ?? mapping.documents[String(document.file.split(separator: "/").last ?? "")]
    }

    /// The compared diagrams' edges in the model's names, decisions passed through, ends and
    /// self-loops dropped; the diagrams of other sections; names the mapping does not know.
    func edges(of document: SpecDocument) -> (
        edges: [Edge], compared: [DocumentDiagram], skipped: [DocumentDiagram], unknown: [SpecFinding]
    ) {
        let rules = rules(for: document)
        let compared = document.diagrams.filter { rules?.sections?.contains($0.section) ?? true }
        let skipped = document.diagrams.filter { !(rules?.sections?.contains($0.section) ?? true) }
        var edges: [Edge] = []
        var unknown: [SpecFinding] = []
        let outside = rules?.outside ?? []
        for diagram in compared {
            // A decision the mapping names as a state is that state, not a question to pass over.
            let written = diagram.edges.map { edge in
                var edge = edge
                if edge.fromIsDecision && rules?.states[edge.from] != nil { edge.fromIsDecision = false }
                if edge.toIsDecision && rules?.states[edge.to] != nil { edge.toIsDecision = false }
                return edge
            }
            let raw = diagram.kind == .flowchart ? Self.passThroughDecisions(written) : written
            for edge in raw {
                if edge.to == "[*]" || outside.contains(edge.from) || outside.contains(edge.to)
                    || outside.contains("\(edge.from) -> \(edge.to)")
                {
                    continue
                }
                let from = edge.from == "[*]" ? model.initialState : rules?.states[edge.from] ?? edge.from
                let to = rules?.states[edge.to] ?? edge.to
                var known = true
                for name in [(edge.from, from), (edge.to, to)] where !model.stateNames.contains(name.1) {
                    known = false
                    if !unknown.contains(where: { $0.unknownName == name.0 }) {
                        unknown.append(
                            SpecFinding(
                                kind: .unknownState, file: document.file, line: edge.line,
                                message:
                                    "'\(name.0)' is none of the model's states; map it in \(mapping.file ?? "a spec mapping (--mapping)")",
                                unknownName: name.0))
                    }
                }
                if known && from != to { edges.append(Edge(from: from, to: to, label: edge.label, line: edge.line)) }
            }
        }
        return (edges, compared, skipped, unknown)
    }

    /// Flowchart paths through decision nodes become single edges whose label joins the
    /// questions and answers: `Sesion valida? No`.
    static func passThroughDecisions(_ edges: [DocumentEdge]) -> [DocumentEdge] {
        let decisions = Set(
            edges.flatMap { edge in
                [edge.fromIsDecision ? edge.from : nil, edge.toIsDecision ? edge.to : nil].compactMap { $0 }
            })
        var result: [DocumentEdge] = []
        func follow(_ start: DocumentEdge, through node: String, labels: [String], visited: Set<String>) {
            for next in edges where next.from == node {
                let joined = labels + [node + " " + next.label].map { $0.trimmingCharacters(in: .whitespaces) }
                if decisions.contains(next.to) {
                    if !visited.contains(next.to) {
                        follow(start, through: next.to, labels: joined, visited: visited.union([next.to]))
                    }
                } else {
                    result.append(
                        DocumentEdge(
                            from: start.from, to: next.to, label: joined.joined(separator: ", "), line: start.line))
                }
            }
        }
        for edge in edges where !decisions.contains(edge.from) {
            if decisions.contains(edge.to) {
                follow(edge, through: edge.to, labels: edge.label.isEmpty ? [] : [edge.label], visited: [edge.to])
            } else {
                result.append(edge)
            }
        }
        return result
    }

    /// One transition of any kind, then only automatic ones: what a document may draw as one arrow.
    func modelHasPath(from: String, to: String) -> Bool {
        model.transitions.contains { ($0.from == from || $0.from == "*") && automaticClosure(of: $0.to).contains(to) }
    }

    /// A state and every state the app moves on to from it by itself.
    func automaticClosure(of state: String) -> Set<String> {
        var reached: Set<String> = [state]
        var frontier = [state]
        while let current = frontier.popLast() {
            for transition in model.transitions
            where transition.automatic && transition.from == current && !reached.contains(transition.to) {
                reached.insert(transition.to)
                frontier.append(transition.to)
            }
        }
        return reached
    }

    func affected(_ from: String, _ to: String) -> [String] {
        guard let scenarios = scenariosByTransition["\(from) -> \(to)"], !scenarios.isEmpty else { return [] }
        return ["scenarios that take it: " + scenarios.joined(separator: ", ")]
    }

    /// The reference's own transitions between states that no compared document draws both
    /// ends of: said once for the whole check, since no one document is the place for them.
    package func additionsOutsideEveryDocument(_ checks: [DocumentCheck]) -> [TransitionDeclaration] {
        let scopes = checks.map { Set(edges(of: $0.document).edges.flatMap { [$0.from, $0.to] }) }
        return model.transitions.filter { transition in
            transition.addedByReference
                && !scopes.contains { $0.contains(transition.from) && $0.contains(transition.to) }
        }
    }

    /// Lowercase, parenthesised remarks and quotes dropped, spaces folded: `Intentos >= 5 (bloqueo)` → `intentos >= 5`.
    static func normalized(_ label: String) -> String {
        var text = label.lowercased().replacing(/\([^)]*\)/, with: "").replacing("\"", with: "")
        text = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// The findings with each disagreement a recorded reading decides marked as that
    /// reading's: a conflict, a transition the model lacks or a rule-table row that is the only
    /// disagreement at the line of a recorded one is the disagreement it records, read and
    /// decided, so it no longer counts as one (the report says it under the note). Two
    /// disagreements at one line both stay: a line cannot tell which of them the reading
    /// decides. A changed fact or an arrow not read is never decided.
    static func decided(_ findings: [SpecFinding]) -> [SpecFinding] {
        var findings = findings
        for index in findings.indices where findings[index].kind == .recorded {
            guard let line = findings[index].line else { continue }
            let atLine = findings.indices.filter {
                findings[$0].file == findings[index].file && findings[$0].line == line && findings[$0].isDisagreement
            }
            guard atLine.count == 1, [.conflict, .documentOnly, .ruleTable].contains(findings[atLine[0]].kind)
            else { continue }
            findings[atLine[0]].decidedBy = findings[index].reading
        }
        return findings
    }

    /// Each recorded disagreement at the line that shows it, or said to be gone.
    func recordedFindings(_ recorded: [SpecMapping.RecordedDisagreement], in document: SpecDocument) -> [SpecFinding] {
        recorded.map { record in
            guard let index = document.lines.firstIndex(where: { $0.contains(record.find) }) else {
                var gone = SpecFinding(
                    kind: .recordNotFound, file: document.file, line: nil,
                    message: "\"\(record.find)\" is no longer in the document: review \(record.reading)")
                gone.reading = record.reading
                return gone
            }
            var found = SpecFinding(
                kind: .recorded, file: document.file, line: index + 1, message: "\(record.says) (\(record.reading))",
                details: ["the document: " + Self.excerpt(of: document.lines[index], around: record.find)])
            found.reading = record.reading
            return found
        }
    }

    /// A long line cut to the text found and a little around it.
    static func excerpt(of line: String, around found: String) -> String {
        let line = line.trimmingCharacters(in: .whitespaces)
        guard line.count > 160, let range = line.range(of: found) else { return line }
        let start = line.index(range.lowerBound, offsetBy: -40, limitedBy: line.startIndex) ?? line.startIndex
        let end = line.index(range.upperBound, offsetBy: 60, limitedBy: line.endIndex) ?? line.endIndex
        return (start == line.startIndex ? "" : "…") + line[start..<end] + (end == line.endIndex ? "" : "…")
    }

    /// Each row whose value is not the model's, and each of the model's rows the table lacks.
    func ruleFindings(_ table: RuleTable, _ rows: [DocumentRuleRow], in document: SpecDocument) -> [SpecFinding] {
        var findings: [SpecFinding] = []
        for row in rows {
            let expected = table.value(row.key)
            guard expected != row.value else { continue }
            var details = ["rule: \(table.rule) gives \(expected ?? "nothing") for \(row.key) \(table.keyName)"]
            let requirements = table.rows.first { $0.key == row.key }?.requirements ?? []
            let scenarios = requirements.flatMap { scenariosByRequirement[$0] ?? [] }
            if !scenarios.isEmpty { details.append("scenarios that rest on it: " + scenarios.joined(separator: ", ")) }
            findings.append(
                SpecFinding(
                    kind: .ruleTable, file: document.file, line: row.line,
                    message:
                        "\(table.name), \(row.shownKey) \(table.keyName): \"\(row.text)\" (\(row.value)), the reference: \(expected ?? "none")",
                    details: details, row: (table.name, row.key)))
        }
        for entry in table.rows where !rows.contains(where: { $0.key == entry.key }) {
            findings.append(
                SpecFinding(
                    kind: table.complete ? .ruleTable : .notShown, file: document.file, line: nil,
                    message:
                        "the reference gives \(entry.value) for \(entry.key) \(table.keyName); the document's \(table.name) has no such row",
                    row: (table.name, entry.key)))
        }
        return findings
    }
}
