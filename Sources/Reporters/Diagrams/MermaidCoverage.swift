import Coverage
import SpecModel

/// A stateDiagram-v2 of the model with one run's coverage on it. stateDiagram-v2 cannot style
/// edges (mermaid issue 1352), so counts go in the edge labels; states are styled by class,
/// with fill and dash so colour is never the only cue. Output is sorted and deterministic.
package struct MermaidCoverage {
    package init() {}

    package static func legend(_ model: ModelDeclaration) -> String {
        """
        | mark | meaning |
        | --- | --- |
        | solid green box, `n×` | state entered n times |
        | dashed red box, `never entered` | state no scenario reached |
        | edge `event · n×` | transition taken n times |
        | edge `✗ never taken` | declared transition no scenario took |
        | `†` | added by the reference (docs/interpretations.md), not in \(model.diagramSource) |
        | dotted purple box, edge `⚠ not in the model` | what the implementation did that the model does not have |
        """
            + (model.screenGroups.isEmpty
                ? ""
                : "\n| dashed grey box | a state of another screen group: `→ X` where edges leave, `from ...` where they enter |")
    }

    /// The classes states are drawn with; the text colour is set so that GitHub's dark theme
    /// does not write light text on the light boxes.
    static let classes = [
        "    classDef covered fill:#e6f4ea,stroke:#1e7e34,stroke-width:2px,color:#1b1b1b",
        "    classDef uncovered fill:#fdecea,stroke:#b71c1c,stroke-width:2px,stroke-dasharray:6 4,color:#1b1b1b",
        "    classDef unexpected fill:#ede7f6,stroke:#4527a0,stroke-width:3px,stroke-dasharray:2 2,color:#1b1b1b",
        "    classDef stub fill:#ffffff,stroke:#9e9e9e,stroke-width:1px,stroke-dasharray:3 3,color:#555555",
    ]

    /// A declared state with its count, `†` where the reference added it.
    func stateLine(_ state: StateDeclaration, _ report: CoverageReport) -> String {
        let added = if case .interpretation = state.provenance { " †" } else { "" }
        let hits = report.stateHits[state.name].map { "\($0)×" } ?? "never entered"
        return
            "    state \"\(Escape.mermaidLabel(state.name + added + " · " + hits))\" as \(Escape.mermaidID(state.name))"
    }

    package func diagram(_ report: CoverageReport) -> String {
        let model = report.model
        var lines = ["stateDiagram-v2"] + Self.classes
        for state in model.states { lines.append(stateLine(state, report)) }
        for (name, hits) in report.undeclaredStates.sorted(by: { $0.key < $1.key }) {
            lines.append(
                "    state \"\(Escape.mermaidLabel("⚠ " + name + " · \(hits)×"))\" as \(Escape.mermaidID(name))")
        }
        let usesWildcard = model.transitions.contains { $0.from == "*" }
        if usesWildcard { lines.append("    state \"any state\" as AnyState") }
        lines.append("    [*] --> \(Escape.mermaidID(model.initialState))")
        for (index, transition) in model.transitions.enumerated() {
            let from = transition.from == "*" ? "AnyState" : Escape.mermaidID(transition.from)
            let count = report.transitionHits[index].map { "\($0)×" } ?? "✗ never taken"
            let label = transition.trigger + (transition.addedByReference ? " †" : "") + " · " + count
            lines.append("    \(from) --> \(Escape.mermaidID(transition.to)): \(Escape.mermaidLabel(label))")
        }
        for (edge, hits) in report.undeclaredTransitions.sorted(by: { $0.key < $1.key }) {
            lines.append(
                "    \(Escape.mermaidID(edge.from)) --> \(Escape.mermaidID(edge.to)): \(Escape.mermaidLabel("⚠ not in the model · \(hits)×"))"
            )
        }
        let covered = model.stateNames.filter { report.stateHits[$0] != nil }.map(Escape.mermaidID)
        let uncovered = report.uncoveredStates.map(Escape.mermaidID)
        let unexpected = report.undeclaredStates.keys.sorted().map(Escape.mermaidID)
        if !covered.isEmpty { lines.append("    class \(covered.joined(separator: ",")) covered") }
        if !uncovered.isEmpty { lines.append("    class \(uncovered.joined(separator: ",")) uncovered") }
        if !unexpected.isEmpty { lines.append("    class \(unexpected.joined(separator: ",")) unexpected") }
        return lines.joined(separator: "\n")
    }

    /// A flowchart of only the moves outside the model, each edge thick and red (flowcharts
    /// can style edges, unlike stateDiagram-v2); nil when there are none.
    package func outsideModelDiagram(_ report: CoverageReport) -> String? {
        let edges = report.undeclaredTransitions.sorted { $0.key < $1.key }
        guard !edges.isEmpty else { return nil }
        var lines = ["flowchart LR"]
        var seen: Set<String> = []
        for name in edges.flatMap({ [$0.key.from, $0.key.to] }) where seen.insert(name).inserted {
            lines.append("    \(Escape.mermaidID(name))[\"\(Escape.mermaidLabel(name))\"]")
        }
        for (edge, hits) in edges {
            lines.append(
                "    \(Escape.mermaidID(edge.from)) -->|\"\(Escape.mermaidLabel("⚠ not in the model · \(hits)×"))\"| \(Escape.mermaidID(edge.to))"
            )
        }
        lines.append(
            "    linkStyle \(edges.indices.map(String.init).joined(separator: ",")) stroke:#b71c1c,stroke-width:4px")
        return lines.joined(separator: "\n")
    }

    /// What an implementation did that the model does not have, first and apart from the rest:
    /// an authentication bypass is such a move. Names the scenarios that made each; nil when
    /// the implementation stayed inside the model.
    package func outsideModel(_ report: CoverageReport, heading: String = "###") -> String? {
        guard !report.undeclaredTransitions.isEmpty || !report.undeclaredStates.isEmpty else { return nil }
        var text = "\(heading) ⚠ Outside the model: \(Escape.markdown(report.implementation))\n\n"
        text += "| move or state | times | scenarios |\n| --- | --- | --- |\n"
        for (edge, hits) in report.undeclaredTransitions.sorted(by: { $0.key < $1.key }) {
            let scenarios = report.undeclaredMovesBy[edge] ?? []
            text +=
                "| \(Escape.markdown("\(edge.from) → \(edge.to)")) | \(hits) | \(Escape.markdown(scenarios.joined(separator: ", "))) |\n"
        }
        for (state, hits) in report.undeclaredStates.sorted(by: { $0.key < $1.key }) {
            let scenarios = report.undeclaredStatesBy[state] ?? []
            text +=
                "| state \(Escape.markdown(state)) | \(hits) | \(Escape.markdown(scenarios.joined(separator: ", "))) |\n"
        }
        if let diagram = outsideModelDiagram(report) {
            text += "\n" + Escape.codeBlock(diagram, language: "mermaid") + "\n"
        }
        return text
    }

    /// Each implementation's coverage section, in order; one that exercised exactly what an
    /// earlier one did says so in a line instead of drawing the same diagram again.
    package func sections(_ reports: [CoverageReport], heading: String = "###") -> [String] {
        reports.indices.map { index in
            let report = reports[index]
            guard let same = reports[..<index].first(where: { $0.exercisedTheSame(as: report) }) else {
                return markdown(report, heading: heading)
            }
            return "\(heading) Coverage: \(Escape.markdown(report.implementation))\n\n"
                + "The same as \(Escape.markdown(same.implementation))'s above: every state, transition and input in a state exercised as often.\n"
        }
    }

    /// The coverage section of a Markdown document: figures, then the legend, diagram and what
    /// is uncovered folded away (they are long and rarely what a reviewer looks at first).
    package func markdown(_ report: CoverageReport, heading: String = "###") -> String {
        var text = "\(heading) Coverage: \(Escape.markdown(report.implementation))\n\n"
        text += "| measure | covered |\n| --- | --- |\n"
        text += "| states | \(report.states) |\n| transitions | \(report.transitions) |\n"
        let passed = report.model.stateNames.filter { !report.model.waitingStates.contains($0) }
        text +=
            "| inputs met in each state | \(report.inputsInStates)"
            + (passed.isEmpty ? "" : " (not counting \(passed.joined(separator: ", ")): passed through within a step)")
            + " |\n"
        if !report.undeclaredTransitions.isEmpty || !report.undeclaredStates.isEmpty {
            text +=
                "| ⚠ not in the model | \(report.undeclaredStates.count) states, \(report.undeclaredTransitions.count) moves (listed above) |\n"
        }
        text += "\n<details><summary>State diagram with counts</summary>\n\n"
        text += Self.legend(report.model) + "\n\n"
        for (title, diagram) in diagrams(report) {
            if let title { text += "**\(Escape.markdown(title))**\n\n" }
            text += Escape.codeBlock(diagram, language: "mermaid") + "\n\n"
        }
        text += "</details>\n\n"
        let states = report.uncoveredStates
        let transitions = report.uncoveredTransitions
        if states.isEmpty && transitions.isEmpty {
            text += "Every state and every transition of the model was exercised.\n"
        } else {
            text +=
                "<details><summary>Not exercised: \(states.count) states, \(transitions.count) transitions</summary>\n\n"
            text += "| kind | what | from |\n| --- | --- | --- |\n"
            for state in states { text += "| state | \(Escape.markdown(state)) | |\n" }
            for transition in transitions {
                text +=
                    "| transition | \(Escape.markdown("\(transition.from) → \(transition.to)")) (\(Escape.markdown(transition.trigger))) | \(Escape.markdown(transition.provenance)) |\n"
            }
            text += "\n</details>\n"
        }
        let pairs = report.uncoveredPairs
        if !pairs.isEmpty {
            // One row per state: a row per pair made a table of hundreds of rows.
            var byState: [(String, [String])] = []
            for pair in pairs {
                if byState.last?.0 == pair.state {
                    byState[byState.count - 1].1.append(pair.input)
                } else {
                    byState.append((pair.state, [pair.input]))
                }
            }
            text +=
                "\n<details><summary>\(pairs.count) inputs never met in a state</summary>\n\n| state | inputs never met there |\n| --- | --- |\n"
            for (state, inputs) in byState {
                text += "| \(Escape.markdown(state)) | \(Escape.markdown(inputs.joined(separator: ", "))) |\n"
            }
            text += "\n</details>\n"
        }
        return text
    }
}
