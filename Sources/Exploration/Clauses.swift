import Foundation
import ScenarioModel
import SpecModel

extension ModelDeclaration {
    /// The spec clauses behind the transitions a run took, in the order first taken: what a
    /// scenario found by exploration traces to. `expected` holds the reference's observations,
    /// the state key and the states-entered key among them.
    package func clauses(along expected: Scenario) -> [String] {
        var clauses: [String] = []
        var state = initialState
        for step in expected.steps {
            let expected = Dictionary(step.expectations.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
            let entered = statesEntered(after: expected, from: state)
            for next in entered {
                let taken = transitions.first { ($0.from == state || $0.from == "*") && $0.to == next }
                for clause in taken.map({ Self.clauses(in: $0.provenance) }) ?? [] where !clauses.contains(clause) {
                    clauses.append(clause)
                }
                state = next
            }
        }
        return clauses.isEmpty ? [diagramSource] : clauses
    }

    /// `SCR-AUTH-006 §5.1, §6.1.1; INT-003` → the two clauses (readings of the reference's own
    /// are not spec clauses).
    package static func clauses(in provenance: String) -> [String] {
        provenance.split(separator: ";").flatMap { part -> [String] in
            let text = part.split(separator: "(").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard let section = text.firstIndex(of: "§") else { return [] }
            let document = text[..<section].trimmingCharacters(in: .whitespaces)
            return text[section...].split(separator: ",").map {
                "\(document) \($0.trimmingCharacters(in: .whitespaces))"
            }
        }
    }
}
