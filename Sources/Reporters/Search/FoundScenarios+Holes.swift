import Exploration
import Foundation
import ScenarioModel
import SpecModel

/// The scenario a hole in the suite becomes: `mutate --counterexamples` and `strengthen` write
/// the same file, named after the mutant, its title what the reference does where the mutant
/// does otherwise, its clauses the mutant's rule and the transitions it takes.
extension FoundScenarios {
    /// The file name and text for the hole `fate` left, or nil where the reference cannot run it.
    /// Requirements on the mutant's clauses that constrain a key it differs on are named in a
    /// comment for the reviewer, not as `covers`: a scenario found by search claims no requirement.
    package func hole(
        _ fate: MutantFate, divergence: Divergence, reference: inout some ImplementationUnderTest, foundBy: String,
        requirements: [Requirement] = []
    ) -> (name: String, text: String)? {
        let id = fate.mutant.scenarioID
        guard
            let text = text(
                divergence.probe, id: id, reference: &reference, kept: [divergence.step: divergence.signature.keys],
                header: { expected in
                    let ruled = ModelDeclaration.clauses(in: fate.mutant.rule).filter(citesTheModelsDocuments)
                    let along = model.clauses(along: expected).filter { !ruled.contains($0) }
                    let candidates = requirements.filter { requirement in
                        !Set(ModelDeclaration.clauses(in: requirement.clause).map(Self.section(of:)))
                            .isDisjoint(with: ruled.map(Self.section(of:)))
                            && (requirement.keys.isEmpty
                                || !divergence.signature.keys.isDisjoint(with: requirement.keys))
                    }.map(\.id)
                    var comments = [
                        "Found by authspec \(foundBy): the suite let this mutant pass:",
                        "\(fate.mutant.id): \(fate.mutant.summary) (\(fate.mutant.kind), \(fate.mutant.rule)).",
                        "It differs on \(divergence.signature) at step \(divergence.step + 1).",
                        "Expectations are the reference's observations: review them before committing.",
                    ]
                    if !candidates.isEmpty {
                        comments += Self.wrapped(
                            "Requirements on its clauses that constrain a key it differs on (name those it checks "
                                + "under covers): " + candidates.joined(separator: ", ") + ".")
                    }
                    return ScenarioWriter.Header(
                        comments: comments, id: id, title: holeTitle(divergence),
                        spec: ruled.isEmpty && along.isEmpty ? [model.diagramSource] : ruled + along,
                        tags: ["explored", "mutant"])
                })
        else { return nil }
        return (Self.holeFileName(fate.mutant), text)
    }

    /// Whether a clause is of a document the model's transitions trace to (a mutant's rule may
    /// also cite an RFC, which a scenario's spec list does not hold).
    func citesTheModelsDocuments(_ clause: String) -> Bool {
        let documents = Set(
            model.transitions.flatMap { ModelDeclaration.clauses(in: $0.provenance) }.map(Self.document(of:)))
        return documents.contains(Self.document(of: clause))
    }

    /// `SCR-AUTH-006 §6.1.2 row 6` → `SCR-AUTH-006 §6.1.2`: the clause without what narrows it.
    static func section(of clause: String) -> String {
        guard let mark = clause.firstIndex(of: "§") else { return clause }
        return document(of: clause) + " " + (clause[mark...].split(separator: " ").first.map(String.init) ?? "")
    }

    static func document(of clause: String) -> String {
        String(clause.prefix { $0 != "§" }).trimmingCharacters(in: .whitespaces)
    }

    /// The file a hole's scenario is written to: its mutant's scenario id.
    package static func holeFileName(_ mutant: Mutant) -> String { mutant.scenarioID + ".yaml" }

    /// How every such file begins: what may write over it.
    package static let holeBanner = "# Found by authspec"

    /// The longest title written with both values in it; a longer one (a list of events) names
    /// the key only, and the step below shows the values.
    static let longestTitle = 160

    /// What the reference does at the step where the mutant parts from it, the state first:
    /// "In MFA, enter_code: 279037 keeps the state MFA (the mutant: Dashboard)".
    func holeTitle(_ divergence: Divergence) -> String {
        let formatter = ValueFormatter(model: model)
        let steps = divergence.result.steps
        guard divergence.step < steps.count else { return "Tells a mutant apart" }
        let before =
            divergence.step > 0
            ? steps[divergence.step - 1].observations[model.stateKey]?.string ?? model.initialState
            : model.initialState
        let differences = steps[divergence.step].differences
        let telling = differences.first { model.stateValuedKeys.contains($0.key) } ?? differences.first
        let input = formatter.format(input: divergence.probe.steps[divergence.step])
        guard let telling else { return "In \(before), \(input) (the mutant errs)" }
        let expected = formatter.format(telling.expected, key: telling.key)
        let observed = telling.observed.map { formatter.format($0, key: telling.key) } ?? "nothing"
        let title = "In \(before), \(input) gives \(telling.key) \(expected) (the mutant: \(observed))"
        guard title.count > Self.longestTitle else { return title }
        return "In \(before), \(input) gives other \(telling.key) than the mutant's"
    }
}
