import SpecModel
import YAMLLoader

/// A normative statement of a spec document, and what the suite claims about it: verified by
/// requirements, modelled but not verified, not observable through the driver protocol, part of
/// another model, or contradicted by another document (with the reading that decides).
package struct Statement: Sendable, Equatable {
    package enum Status: String, Sendable, CaseIterable {
        case verified
        case modelled
        case notObservable = "not-observable"
        case authFlow = "auth-flow"
        case contradicted
        /// Says nothing an implementation must do: document metadata, prose, an example, or a
        /// permissive "may".
        case notNormative = "not-normative"

        /// What an entry of this status must give besides id, document, clause and text.
        var needs: String? {
            switch self {
            case .verified, .contradicted: return "by"
            case .modelled, .notObservable, .notNormative: return "reason"
            case .authFlow: return nil
            }
        }
    }

    package var id: String
    package var document: String
    package var clause: String
    package var text: String
    package var status: Status
    /// For verified and contradicted: the requirements (or readings) that carry it.
    package var by: [String]
    /// For modelled and not observable: why it is not verified.
    package var reason: String?
    /// Mutants of the reference that break it (its falsifiers), by id: what its verification
    /// rests on, judged by whoever writes the entry.
    package var falsifiers: [String] = []
    /// Where its first-named (primary) falsifier must first part from the reference on the
    /// witness scenario: the input, and the state it is given in.
    package var trigger: Trigger?
    /// The observation keys that show it: the primary falsifier's first difference is on one.
    package var keys: [String] = []
    /// For a contradicted statement: scenarios of `readings.yaml` beside the catalogue, written
    /// in the statement's own document's terms, that the reference fails and its primary
    /// falsifier passes: what shows that falsifier follows the document the reference does not.
    package var pinnedBy: [String] = []
    /// The reading (INT id) that picks a number or a text the document does not give, which
    /// the statement's falsifiers test: shown, but as the reference's choice, not the document's.
    package var choice: String?
    /// What of the statement no observation shows (its key half), where the rest is checked.
    package var unobserved: String?
    package var location: SourceLocation
    /// The document's title, where the catalogue gives one (`{document, title}`).
    package var documentTitle: String?
}

extension Statement {
    /// `INPUT` or `INPUT in STATE`: the step a statement is shown at.
    package struct Trigger: Sendable, Equatable, CustomStringConvertible {
        package var input: String
        /// Nil: in any state.
        package var state: String?

        package init(input: String, state: String? = nil) {
            self.input = input
            self.state = state
        }

        package init?(_ text: String) {
            let words = text.split(separator: " ").map(String.init)
            switch words.count {
            case 1: self.init(input: words[0])
            case 3 where words[1] == "in": self.init(input: words[0], state: words[2])
            default: return nil
            }
        }

        package var description: String { state.map { "\(input) in \($0)" } ?? input }
    }
}

/// Reads the statement catalogue: a YAML list of `{id, document, clause, text, status, by | reason}`.
/// A statement catalogue read: its statements, the titles it gives its documents, its problems.
package struct LoadedStatements: Sendable {
    package var statements: [Statement] = []
    /// By document id, from the catalogue's `{document, title}` entries.
    package var titles: [String: String] = [:]
    package var diagnostics: [Diagnostic] = []
}

package enum StatementCatalogue {
    package static let fileName = "statements.yaml"
    /// Beside the catalogue: the scenarios in contradicted statements' own documents' terms.
    package static let readingsFileName = "readings.yaml"

    package static func load(file: String) -> LoadedStatements {
        var titles: [String: String] = [:]
        let (statements, diagnostics) = SourceFiles.readCatalogue(file, what: "the statement catalogue") {
            let loaded = load(text: $0, file: file)
            titles = loaded.titles
            return (loaded.statements, loaded.diagnostics)
        }
        return LoadedStatements(statements: statements, titles: titles, diagnostics: diagnostics)
    }

    package static func load(text: String, file: String) -> LoadedStatements {
        var source = SourceText(file: file, text: text)
        func report(_ problem: Diagnostic.Problem, _ mark: Mark) { source.report(problem, at: mark) }
        guard let items = RequirementCatalogue.catalogueItems(text, of: "statements", report: report) else {
            return LoadedStatements(diagnostics: source.allDiagnostics)
        }
        var statements: [Statement] = []
        var titles: [String: String] = [:]
        var seen: [String: SourceLocation] = [:]
        for item in items {
            guard case .mapping(let pairs) = item.kind else {
                report(
                    .entryShape(what: "statement", fields: ["id", "document", "clause", "text", "status"]), item.mark)
                continue
            }
            // `{document: X, title: "..."}` names a document rather than stating something.
            if Set(pairs.compactMap(\.key.scalar)) == ["document", "title"],
                let document = pairs.first(where: { $0.key.scalar == "document" })?.value.scalar,
                let title = pairs.first(where: { $0.key.scalar == "title" })?.value.scalar
            {
                if titles[document] != nil {
                    report(.titledTwice(document: document), item.mark)
                }
                titles[document] = title
                continue
            }
            if let statement = statement(pairs, at: item.mark, file: file, report: report) {
                if let problem = Identifier.problem(statement.id, what: "statement id") {
                    report(problem, pairs.first { $0.key.scalar == "id" }?.value.mark ?? item.mark)
                    continue
                }
                if let first = seen[statement.id] {
                    report(.duplicateID(what: "statement", id: statement.id, first: first), item.mark)
                    continue
                }
                seen[statement.id] = statement.location
                statements.append(statement)
            }
        }
        for index in statements.indices { statements[index].documentTitle = titles[statements[index].document] }
        return LoadedStatements(statements: statements, titles: titles, diagnostics: source.allDiagnostics)
    }

    static func statement(
        _ pairs: [YAMLNode.Pair], at mark: Mark, file: String, report: (Diagnostic.Problem, Mark) -> Void
    ) -> Statement? {
        let required = ["id", "document", "clause", "text", "status"]
        var by: [String]?
        var falsifiers: [String] = []
        var byMark = mark
        var keys: [String] = []
        var pinnedBy: [String] = []
        let lists = [
            "by": "requirement ids", "falsifiers": "mutant ids", "keys": "observation keys",
            "pinned-by": "scenario ids of readings.yaml",
        ]
        let scalars = pairs.filter { pair in
            guard let name = pair.key.scalar, let expected = lists[name] else { return true }
            if name == "by" { byMark = pair.value.mark }
            if case .sequence(let items) = pair.value.kind, items.allSatisfy({ $0.scalar != nil }) {
                let values = items.compactMap(\.scalar)
                switch name {
                case "by": by = values
                case "falsifiers": falsifiers = values
                case "pinned-by": pinnedBy = values
                default: keys = values
                }
            } else {
                report(.mustBe(what: name, expected: "a list of \(expected)"), pair.value.mark)
            }
            return false
        }
        guard
            let fields = textFields(
                scalars,
                keys: required + [
                    "reason", "by", "falsifiers", "trigger", "keys", "pinned-by", "choice", "unobserved",
                ],
                required: required,
                what: "statement",
                at: mark,
                report: report)
        else { return nil }
        guard let status = Statement.Status(rawValue: fields["status"]!) else {
            let names = Statement.Status.allCases.map(\.rawValue)
            report(
                .notOneOf(
                    what: "status", choices: names, found: fields["status"]!,
                    suggestion: closestMatch(to: fields["status"]!, among: names)),
                scalars.first { $0.key.scalar == "status" }?.value.mark ?? mark)
            return nil
        }
        switch status.needs {
        case "by" where by?.isEmpty ?? true:
            report(.statementWithoutBy(status: status.rawValue), byMark)
            return nil
        case "reason" where fields["reason"] == nil:
            report(.statementWithoutReason(status: status.rawValue), mark)
            return nil
        default:
            break
        }
        var trigger: Statement.Trigger?
        if let text = fields["trigger"] {
            guard let parsed = Statement.Trigger(text) else {
                report(
                    .mustBe(what: "trigger", expected: "an input, or 'INPUT in STATE'"),
                    scalars.first { $0.key.scalar == "trigger" }?.value.mark ?? mark)
                return nil
            }
            trigger = parsed
        }
        return Statement(
            id: fields["id"]!, document: fields["document"]!, clause: fields["clause"]!, text: fields["text"]!,
            status: status, by: by ?? [], reason: fields["reason"], falsifiers: falsifiers, trigger: trigger,
            keys: keys, pinnedBy: pinnedBy, choice: fields["choice"], unobserved: fields["unobserved"],
            location: SourceLocation(file: file, line: mark.line, column: mark.column))
    }

    /// The catalogue and its problems: its own, then every `by` entry that names none of the
    /// `requirements`, every falsifier that names no mutant of the `packages`, and every trigger
    /// or key that names no input, state or observation of theirs.
    package static func load(file: String, requirements: [String], packages: [ModelPackage]) -> LoadedStatements {
        var loaded = load(file: file)
        loaded.diagnostics +=
            unknownRequirements(in: loaded.statements, requirements: requirements)
            + unknownFalsifiers(in: loaded.statements, mutants: packages.flatMap { $0.mutants().map(\.id) })
            + unshownStatements(in: loaded.statements, models: packages.map(\.declaration))
        return loaded
    }

    /// Every statement naming falsifiers without the trigger and keys that show it, and every
    /// trigger input, state or key the models do not declare, as diagnostics at the statement:
    /// a witness is judged at the trigger, so one that names nothing would judge nothing.
    package static func unshownStatements(in statements: [Statement], models: [ModelDeclaration]) -> [Diagnostic] {
        func names(_ of: (ModelDeclaration) -> [String]) -> [String] {
            var seen: Set<String> = []
            return models.flatMap(of).filter { seen.insert($0).inserted }
        }
        let inputs = names { $0.inputs.map(\.name) }
        let states = names { $0.states.map(\.name) }
        let keys = names { $0.observations.map(\.key) }
        return statements.flatMap { statement -> [Diagnostic] in
            guard !statement.falsifiers.isEmpty else { return [] }
            guard let trigger = statement.trigger, !statement.keys.isEmpty else {
                return [Diagnostic(.statementWithoutTrigger(statement: statement.id), at: statement.location)]
            }
            func unknown(_ given: [String], among known: [String], what: String) -> [Diagnostic] {
                Diagnostic.unknown(given, known: known, at: statement.location) { name, closest in
                    .unknownTriggerName(statement: statement.id, what: what, name: name, suggestion: closest)
                }
            }
            return unknown([trigger.input], among: inputs, what: "input")
                + unknown(trigger.state.map { [$0] } ?? [], among: states, what: "state")
                + unknown(statement.keys, among: keys, what: "observation key")
        }
    }

    /// Every falsifier that names no mutant of the models traced, as a diagnostic at the
    /// statement: a misspelt one would leave the statement claimed without saying why.
    package static func unknownFalsifiers(in statements: [Statement], mutants known: [String]) -> [Diagnostic] {
        statements.flatMap { statement in
            Diagnostic.unknown(statement.falsifiers, known: known, at: statement.location) { id, closest in
                .unknownFalsifier(statement: statement.id, id: id, suggestion: closest)
            }
        }
    }

    /// Every `by` entry that names no requirement, as a diagnostic at the statement.
    package static func unknownRequirements(in statements: [Statement], requirements known: [String]) -> [Diagnostic] {
        statements.flatMap { statement in
            Diagnostic.unknown(statement.by, known: known, at: statement.location) { id, closest in
                .unknownRequirementBehind(statement: statement.id, id: id, suggestion: closest)
            }
        }
    }
}
