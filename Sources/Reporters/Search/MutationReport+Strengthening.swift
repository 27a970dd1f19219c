import Engine
import Exploration
import SpecModel

extension MutationReport {
    /// What `strengthen` says: the suite's fate on the mutants, each hole closed (the file that
    /// closes it, checked) or left open with why, and the survivors no search told apart.
    package func strengthening(_ outcome: Strengthening.Outcome, scenarios: Int, depth: Int) -> [String] {
        let closed = outcome.holes.filter(\.isClosed).count
        var lines = [
            "The \(scenarios) scenarios kill \(outcome.killed) of the \(model.name) model's \(outcome.fates.count) mutants; "
                + "exploration told \(outcome.holes.count) of the other \(outcome.fates.count - outcome.killed) "
                + "from the reference, and \(closed) of those now have a scenario that kills them."
        ]
        for hole in outcome.holes {
            let mutant = hole.fate.mutant
            switch hole.closing {
            case .closed(let file, _):
                lines.append(
                    "  closed \(mutant.id) (\(mutant.summary)): \(file), in \(hole.divergence.probe.steps.count) steps; "
                        + "loaded back, it passes on the reference and fails on the mutant")
            case .open(let reason):
                lines.append("  OPEN \(mutant.id) (\(mutant.summary)): \(reason)")
            }
        }
        let equivalents = outcome.equivalents
        if !equivalents.isEmpty {
            let runs =
                equivalents.compactMap { fate -> Int? in
                    if case .probablyEquivalent(let runs)? = fate.survival { return runs }
                    return nil
                }.min() ?? 0
            lines.append(
                "Probably equivalent, \(equivalents.count) (no divergence in \(runs) exploration runs of up to \(depth) "
                    + "inputs each, every key compared, every input sent in every state): "
                    + equivalents.map(\.mutant.id).joined(separator: ", "))
        }
        if !outcome.undecided.isEmpty {
            lines.append(
                "UNDECIDED, \(outcome.undecided.count) (no divergence, but input x state pairs never sent; more runs: "
                    + "--explore-runs): " + outcome.undecided.map(\.mutant.id).joined(separator: ", "))
        }
        return lines
    }
}
