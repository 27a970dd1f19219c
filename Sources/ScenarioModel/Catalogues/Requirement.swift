import Foundation
import YAMLLoader

/// One requirement an auditor checks: a clause, a table row, an announcement, an event, an
/// error message or an interpretation.
package struct Requirement: Sendable, Equatable {
    package var id: String
    package var clause: String
    package var text: String
    /// The observation keys it constrains: a scenario covering it must expect one of them, and
    /// only a kill on one of them witnesses a statement resting on it. Empty: not declared.
    package var keys: [String]
    package var location: SourceLocation

    package init(id: String, clause: String, text: String, keys: [String] = [], location: SourceLocation) {
        self.id = id
        self.clause = clause
        self.text = text
        self.keys = keys
        self.location = location
    }
}

/// Reads the requirements catalogue: a YAML list of `{id, clause, text, keys}` (`keys` optional).
package enum RequirementCatalogue {
    package static let fileName = "requirements.yaml"

    package static func load(file: String) -> (requirements: [Requirement], diagnostics: [Diagnostic]) {
        SourceFiles.readCatalogue(file, what: "the requirements catalogue") { load(text: $0, file: file) }
    }

    package static func load(text: String, file: String) -> (requirements: [Requirement], diagnostics: [Diagnostic]) {
        var source = SourceText(file: file, text: text)
        func report(_ problem: Diagnostic.Problem, _ mark: Mark) {
            source.report(problem, at: mark)
        }
        guard let items = catalogueItems(text, of: "requirements", report: report) else {
            return ([], source.allDiagnostics)
        }
        var requirements: [Requirement] = []
        var seen: [String: SourceLocation] = [:]
        for item in items {
            guard case .mapping(let pairs) = item.kind else {
                report(.entryShape(what: "requirement", fields: ["id", "clause", "text"]), item.mark)
                continue
            }
            var constrained: [String] = []
            let scalars = pairs.filter { pair in
                guard pair.key.scalar == "keys" else { return true }
                if case .sequence(let items) = pair.value.kind, !items.isEmpty, items.allSatisfy({ $0.scalar != nil }) {
                    constrained = items.compactMap(\.scalar)
                } else {
                    report(.mustBe(what: "keys", expected: "a non-empty list of observation keys"), pair.value.mark)
                }
                return false
            }
            let keys = ["id", "clause", "text"]
            guard
                let fields = textFields(
                    scalars, keys: keys + ["keys"], required: keys, what: "requirement", at: item.mark,
                    report: report),
                let id = fields["id"]
            else { continue }
            let location = SourceLocation(file: file, line: item.mark.line, column: item.mark.column)
            if let problem = Identifier.problem(id, what: "requirement id") {
                report(problem, pairs.first { $0.key.scalar == "id" }?.value.mark ?? item.mark)
                continue
            }
            if let first = seen[id] {
                report(.duplicateID(what: "requirement", id: id, first: first), item.mark)
                continue
            }
            seen[id] = location
            requirements.append(
                Requirement(
                    id: id, clause: fields["clause"]!, text: fields["text"]!, keys: constrained, location: location))
        }
        return (requirements, source.allDiagnostics)
    }

    /// A catalogue's entries: the items of the list its text holds, or nil (reported) when it
    /// does not parse or is not a list.
    static func catalogueItems(
        _ text: String, of what: String, report: (Diagnostic.Problem, Mark) -> Void
    ) -> [YAMLNode]? {
        let documents: [YAMLNode]
        do {
            documents = try YAMLDocumentLoader().load(text)
        } catch {
            report(.yamlSyntax(error.message), error.mark)
            return nil
        }
        guard let root = documents.first, case .sequence(let items) = root.kind else {
            report(.notAList(what: what), documents.first?.mark ?? Mark(line: 1, column: 1))
            return nil
        }
        return items
    }

    /// Every `covers` entry that names no requirement, as a diagnostic at the entry.
    package static func unknownCitations(in scenarios: [Scenario], requirements: [Requirement]) -> [Diagnostic] {
        unknownCitations(covers: scenarios.map { $0.covers }, requirements: requirements)
    }

    /// The same, from each scenario's `covers` alone.
    package static func unknownCitations(
        covers: [[(id: String, location: SourceLocation)]], requirements: [Requirement]
    ) -> [Diagnostic] {
        let known = requirements.map(\.id)
        let knownSet = Set(known)
        var listed: [String: Int] = [:]
        var unlisted: [String: Int] = [:]
        var files: [String] = []
        var found: [Diagnostic] = []
        for citations in covers {
            for cited in citations where !knownSet.contains(cited.id) {
                let file = cited.location.file
                if listed[file] == nil { files.append(file) }
                // As in a file's other problems: the first ones listed, the rest counted.
                guard listed[file, default: 0] < SourceText.maxListed else {
                    unlisted[file, default: 0] += 1
                    continue
                }
                listed[file, default: 0] += 1
                let problem = Diagnostic.Problem.unknownName(
                    kind: "requirement", name: cited.id, suggestion: closestMatch(to: cited.id, among: known))
                found.append(Diagnostic(problem, at: cited.location))
            }
        }
        for file in files {
            guard let count = unlisted[file] else { continue }
            found.append(
                Diagnostic(.moreUnknownRequirements(count: count), at: SourceLocation(file: file, line: 0, column: 0)))
        }
        return found
    }

    /// Requirements that no scenario covers.
    package static func uncovered(_ requirements: [Requirement], by scenarios: [Scenario]) -> [Requirement] {
        let covered = Set(scenarios.flatMap { $0.covers.map(\.id) })
        return requirements.filter { !covered.contains($0.id) }
    }

    /// Every key a requirement declares that the model does not observe, at the requirement.
    package static func unknownKeys(in requirements: [Requirement], observed: [String]) -> [Diagnostic] {
        requirements.flatMap { requirement in
            Diagnostic.unknown(requirement.keys, known: observed, at: requirement.location) { key, closest in
                .unobservedKey(requirement: requirement.id, key: key, suggestion: closest)
            }
        }
    }

    /// Each scenario's citation of a requirement that declares keys, where no step of the
    /// scenario expects any of them: it covers the requirement in name only.
    package static func coveredInNameOnly(_ requirements: [Requirement], by scenarios: [Scenario]) -> [(
        scenario: Scenario, requirement: Requirement, at: SourceLocation
    )] {
        let byID = Dictionary(requirements.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return scenarios.flatMap { scenario in
            let expected = Set(scenario.steps.flatMap { $0.expectations.map(\.key) })
            return scenario.covers.compactMap {
                citation -> (scenario: Scenario, requirement: Requirement, at: SourceLocation)? in
                guard let requirement = byID[citation.id], !requirement.keys.isEmpty,
                    expected.isDisjoint(with: requirement.keys)
                else { return nil }
                return (scenario, requirement, citation.location)
            }
        }
    }
}
