import Coverage
import SpecModel

/// A model made of screens drawn a screen group at a time: an overview with one box per group,
/// then each group's states with its own edges whole, and where an edge leaves or enters the
/// group a stub naming the state on the other side. Every transition is drawn with its trigger
/// once, in its source's group; labels are wrapped so each diagram keeps to about GitHub's width.
extension MermaidCoverage {
    /// The diagrams a report is drawn as, each with its title: the whole model, or the overview
    /// and one diagram per group of a model that declares screen groups.
    package func diagrams(_ report: CoverageReport) -> [(title: String?, text: String)] {
        let groups = report.model.screenGroups
        guard !groups.isEmpty else { return [(nil, diagram(report))] }
        return [("Screens", overview(report))] + groups.map { ($0.title, diagram(of: $0, report)) }
    }

    /// A label's text cut into lines of about `width` characters at spaces, each escaped,
    /// joined by Mermaid's line break (added after escaping, which would take it apart).
    static func wrapped(_ lines: [String], width: Int = 18) -> String {
        var out: [String] = []
        for text in lines {
            var current = ""
            for word in text.split(separator: " ") {
                if current.isEmpty {
                    current = String(word)
                } else if current.count + 1 + word.count <= width {
                    current += " " + word
                } else {
                    out.append(current)
                    current = String(word)
                }
            }
            if !current.isEmpty { out.append(current) }
        }
        return out.map(Escape.mermaidLabel).joined(separator: "<br>")
    }

    static func count(_ hits: Int?) -> String { hits.map { "\($0)×" } ?? "✗ never taken" }

    func overview(_ report: CoverageReport) -> String {
        let model = report.model
        let groups = model.screenGroups
        func group(of state: String) -> Int? { groups.firstIndex { $0.states.contains(state) } }
        var lines = ["stateDiagram-v2"] + Self.classes
        for (index, screen) in groups.enumerated() {
            let missed = screen.states.filter { report.stateHits[$0] == nil }.count
            let inside = model.transitions.indices.filter {
                group(of: model.transitions[$0].from) == index && group(of: model.transitions[$0].to) == index
            }
            let untaken = inside.filter { report.transitionHits[$0] == nil }.count
            let states = "\(screen.states.count) states, " + (missed == 0 ? "all entered" : "\(missed) never entered")
            let transitions = "\(inside.count) transitions inside" + (untaken == 0 ? "" : ", \(untaken) never taken")
            lines.append(
                "    state \"\(Self.wrapped([screen.title]))<br>\(Self.wrapped([states, transitions], width: 24))\" as Group\(index)"
            )
        }
        if model.transitions.contains(where: { $0.from == "*" }) { lines.append("    state \"any state\" as AnyState") }
        if let start = group(of: model.initialState) { lines.append("    [*] --> Group\(start)") }
        // Edges between two groups, one per direction, their counts summed.
        var crossing: [(from: String, to: Int, indices: [Int])] = []
        for (index, transition) in model.transitions.enumerated() {
            guard let to = group(of: transition.to) else { continue }
            let from = transition.from == "*" ? "AnyState" : group(of: transition.from).map { "Group\($0)" }
            guard let from, from != "Group\(to)" else { continue }
            if let at = crossing.firstIndex(where: { $0.from == from && $0.to == to }) {
                crossing[at].indices.append(index)
            } else {
                crossing.append((from, to, [index]))
            }
        }
        for edge in crossing {
            let hits = edge.indices.compactMap { report.transitionHits[$0] }
            let untaken = edge.indices.count - hits.count
            let label: String
            if edge.indices.count == 1, let only = edge.indices.first {
                let transition = model.transitions[only]
                label =
                    Self.wrapped(["\(transition.from == "*" ? "any" : transition.from) → \(transition.to)"])
                    + "<br>" + Escape.mermaidLabel(Self.count(report.transitionHits[only]))
            } else {
                let sum = hits.reduce(0, +)
                let taken =
                    hits.isEmpty ? "✗ never taken" : "\(sum)×" + (untaken == 0 ? "" : ", \(untaken) never taken")
                label = Escape.mermaidLabel("\(edge.indices.count) transitions") + "<br>" + Escape.mermaidLabel(taken)
            }
            lines.append("    \(edge.from) --> Group\(edge.to): \(label)")
        }
        let entered = groups.indices.filter { groups[$0].states.allSatisfy { report.stateHits[$0] != nil } }
        let missed = groups.indices.filter { !entered.contains($0) }
        if !entered.isEmpty { lines.append("    class \(entered.map { "Group\($0)" }.joined(separator: ",")) covered") }
        if !missed.isEmpty { lines.append("    class \(missed.map { "Group\($0)" }.joined(separator: ",")) uncovered") }
        return lines.joined(separator: "\n")
    }

    func diagram(of screen: ScreenGroup, _ report: CoverageReport) -> String {
        let model = report.model
        let members = Set(screen.states)
        func title(of state: String) -> String { model.screenGroups.first { $0.states.contains(state) }?.title ?? "" }
        var lines = ["stateDiagram-v2"] + Self.classes
        for state in model.states where members.contains(state.name) { lines.append(stateLine(state, report)) }
        var stubs: [String] = []
        var edges: [String] = []
        // Entries from outside, per state entered: one stub listing the sources, most taken first.
        var entries: [(to: String, from: [(name: String, hits: Int?)])] = []
        var exits: [String] = []
        var anyState = false
        for (index, transition) in model.transitions.enumerated() {
            let hits = report.transitionHits[index]
            let label =
                Self.wrapped([transition.trigger + (transition.addedByReference ? " †" : "")])
                + "<br>" + Escape.mermaidLabel(Self.count(hits))
            switch (transition.from == "*" ? nil : members.contains(transition.from), members.contains(transition.to)) {
            case (nil, true):
                anyState = true
                edges.append("    AnyState --> \(Escape.mermaidID(transition.to)): \(label)")
            case (true?, true):
                edges.append(
                    "    \(Escape.mermaidID(transition.from)) --> \(Escape.mermaidID(transition.to)): \(label)")
            case (true?, false):
                let stub = "out_" + Escape.mermaidID(transition.to)
                if !exits.contains(transition.to) {
                    exits.append(transition.to)
                    stubs.append(
                        "    state \"\(Self.wrapped(["→ " + transition.to]))<br>\(Self.wrapped([title(of: transition.to)]))\" as \(stub)"
                    )
                }
                edges.append("    \(Escape.mermaidID(transition.from)) --> \(stub): \(label)")
            case (false?, true):
                if let at = entries.firstIndex(where: { $0.to == transition.to }) {
                    if let source = entries[at].from.firstIndex(where: { $0.name == transition.from }) {
                        let earlier = entries[at].from[source].hits
                        entries[at].from[source].hits = earlier.map { $0 + (hits ?? 0) } ?? hits
                    } else {
                        entries[at].from.append((transition.from, hits))
                    }
                } else {
                    entries.append((transition.to, [(transition.from, hits)]))
                }
            default:
                continue
            }
        }
        for entry in entries {
            let sources = entry.from.sorted { ($0.hits ?? -1) > ($1.hits ?? -1) }.map { source in
                Escape.mermaidLabel(source.name + " " + (source.hits.map { "\($0)×" } ?? "✗"))
            }
            let stub = "in_" + Escape.mermaidID(entry.to)
            stubs.append("    state \"from<br>\(sources.joined(separator: "<br>"))\" as \(stub)")
            edges.append("    \(stub) --> \(Escape.mermaidID(entry.to))")
        }
        if anyState { lines.append("    state \"any state\" as AnyState") }
        lines += stubs
        if members.contains(model.initialState) { lines.append("    [*] --> \(Escape.mermaidID(model.initialState))") }
        lines += edges
        let covered = screen.states.filter { report.stateHits[$0] != nil }.map(Escape.mermaidID)
        let uncovered = screen.states.filter { report.stateHits[$0] == nil }.map(Escape.mermaidID)
        let stubIDs = exits.map { "out_" + Escape.mermaidID($0) } + entries.map { "in_" + Escape.mermaidID($0.to) }
        if !covered.isEmpty { lines.append("    class \(covered.joined(separator: ",")) covered") }
        if !uncovered.isEmpty { lines.append("    class \(uncovered.joined(separator: ",")) uncovered") }
        if !stubIDs.isEmpty { lines.append("    class \(stubIDs.joined(separator: ",")) stub") }
        return lines.joined(separator: "\n")
    }
}
