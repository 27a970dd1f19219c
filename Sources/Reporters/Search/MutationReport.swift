import Exploration
import SpecModel

/// The suite's mutation score as Markdown: per key set, how many mutants the suite kills, the
/// holes (survivors exploration tells from the reference) with the rule each breaks, and the
/// probable equivalents.
package struct MutationReport {
    package struct Analysis {
        /// `every key`, or the keys compared.
        package var keys: String
        package var fates: [MutantFate]

        package init(keys: String, fates: [MutantFate]) {
            self.keys = keys
            self.fates = fates
        }

        package var killed: Int { fates.filter(\.killed).count }
        package var holes: [MutantFate] { fates.filter(\.isHole) }
        package var equivalents: [MutantFate] { fates.filter(\.isProbablyEquivalent) }
        package var undecided: [MutantFate] { fates.filter(\.isUndecided) }
        /// Killed among the mutants not shown probably equivalent (killed + holes + undecided),
        /// in percent, one decimal: a survivor exploration could not decide counts against it.
        package var score: String {
            let known = killed + holes.count + undecided.count
            guard known > 0 else { return "n/a" }
            let tenths = (killed * 1000 + known / 2) / known
            return "\(tenths / 10).\(tenths % 10)%"
        }
    }

    package let model: ModelDeclaration

    package init(model: ModelDeclaration) {
        self.model = model
    }

    /// `pairRuns`: the most runs a survivor was explored for while a pair was unmet (default
    /// mutate's, ten times `explorationRuns`).
    package func markdown(
        _ analyses: [Analysis], scenarios: Int, explorationRuns: Int, depth: Int, seed: UInt64, pairRuns: Int? = nil
    ) -> String {
        guard let first = analyses.first else { return "" }
        var lines = [
            "# Mutation score: the \(model.name) model's suite", "",
            "\(scenarios) scenarios against \(first.fates.count) mutants of the reference. A mutant is killed when a "
                + "scenario fails or errors on it. Each survivor is explored against the reference "
                + "(at least \(explorationRuns) runs of up to \(depth) inputs, seed \(seed), and on while an input x state "
                + "pair is unmet, up to \(pairRuns ?? explorationRuns * MutationAnalysis.runsToMeetEveryPair) runs): a divergence makes it a "
                + "**hole** in the suite; none, with every input sent in every state it arrives in, makes it *probably "
                + "equivalent* (not proven); none with pairs left unmet leaves it *undecided*. "
                + "Score = killed / (killed + holes + undecided).", "",
            "| keys compared | killed | holes | probably equivalent | undecided | score |",
            "| --- | --- | --- | --- | --- | --- |",
        ]
        for analysis in analyses {
            lines.append(
                "| \(analysis.keys) | \(analysis.killed) | \(analysis.holes.count) | \(analysis.equivalents.count) "
                    + "| \(analysis.undecided.count) | **\(analysis.score)** |")
        }
        var kinds: [String] = []
        for fate in first.fates where !kinds.contains(fate.mutant.kind) { kinds.append(fate.mutant.kind) }
        lines += [
            "", "## By kind of change", "",
            "Each kind is one operator: how the app gets the rule wrong. Its score counts the mutants exploration "
                + "told from the reference or left undecided; the rest of its survivors are probably equivalent.", "",
            "| kind | mutants | "
                + analyses.map { "killed (\($0.keys))" }.joined(separator: " | ")
                + " | probably equivalent (\(first.keys)) | undecided (\(first.keys)) | score (\(first.keys)) |",
            "| --- | --- |" + String(repeating: " --- |", count: analyses.count + 3),
        ]
        for kind in kinds {
            let counts = analyses.map { analysis in
                String(analysis.fates.filter { $0.mutant.kind == kind && $0.killed }.count)
            }
            let ofKind = Analysis(keys: first.keys, fates: first.fates.filter { $0.mutant.kind == kind })
            lines.append(
                "| \(kind) | \(ofKind.fates.count) | " + counts.joined(separator: " | ")
                    + " | \(ofKind.equivalents.count) | \(ofKind.undecided.count) | \(ofKind.score) |")
        }
        let formatter = ValueFormatter(model: model)
        for analysis in analyses {
            lines += ["", "## Holes (\(analysis.keys))", ""]
            if analysis.holes.isEmpty {
                lines.append("None: every mutant exploration can tell from the reference is killed.")
            }
            for fate in analysis.holes {
                guard case .hole(let divergence)? = fate.survival else { continue }
                let inputs = divergence.probe.steps.map { formatter.format(input: $0) }.joined(separator: ", ")
                lines.append(
                    "- `\(fate.mutant.id)` (\(fate.mutant.kind), \(fate.mutant.rule)): \(fate.mutant.summary). "
                        + "Told apart by \(divergence.signature) in \(divergence.probe.steps.count) steps: \(inputs)")
            }
        }
        lines += [
            "", "## Probably equivalent (\(first.keys))", "",
            "No sequence of the runs of up to \(depth) inputs told these from the reference, and they sent every "
                + "input in every state it arrives in.", "",
        ]
        if first.equivalents.isEmpty { lines.append("None.") }
        for kind in kinds {
            let ids = first.equivalents.filter { $0.mutant.kind == kind }.map { "`\($0.mutant.id)`" }
            if !ids.isEmpty { lines.append("- \(kind) (\(ids.count)): " + ids.joined(separator: ", ")) }
        }
        lines += ["", "## Undecided (\(first.keys))", ""]
        if first.undecided.isEmpty {
            lines.append("None: every survivor's exploration sent every input in every state.")
        }
        for fate in first.undecided {
            guard case .undecided(let runs, let unmet, let pairs)? = fate.survival else { continue }
            lines.append(
                "- `\(fate.mutant.id)` (\(fate.mutant.kind)): no divergence in \(runs) runs, \(unmet) of \(pairs) "
                    + "input x state pairs never sent (more runs: `--explore-runs`)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What the terminal shows: each hole (unless `holes` is false), then each analysis' score.
    package func lines(_ analyses: [Analysis], holes: Bool) -> [String] {
        var lines: [String] = []
        if holes {
            for analysis in analyses {
                for fate in analysis.holes {
                    guard case .hole(let divergence)? = fate.survival else { continue }
                    lines.append(
                        "HOLE (\(analysis.keys)): \(fate.mutant.id): \(fate.mutant.summary) [\(fate.mutant.rule)]; "
                            + "told apart by \(divergence.signature) in \(divergence.probe.steps.count) steps")
                }
            }
        }
        for analysis in analyses {
            lines.append(
                "\(analysis.keys): score \(analysis.score): \(analysis.killed) of \(analysis.fates.count) mutants killed, "
                    + "\(analysis.holes.count) holes, \(analysis.equivalents.count) probably equivalent, "
                    + "\(analysis.undecided.count) undecided")
        }
        return lines
    }
}

extension MutationReport {
    /// One mutant a line: `id  (kind; rule)  what it does`, ids aligned, in the model's order.
    package static func listing(_ mutants: [Mutant]) -> String {
        let width = mutants.map(\.id.count).max() ?? 0
        return mutants.map { mutant in
            mutant.id.padding(toLength: width, withPad: " ", startingAt: 0)
                + "  \(mutant.summary) (\(mutant.kind); \(mutant.rule))"
        }.joined(separator: "\n")
    }
}
