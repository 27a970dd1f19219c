import SpecModel

/// Bounded exhaustive exploration of a reference: breadth-first over every input sequence up to
/// `depth` from each world, visiting each (state, clock) once, checking the model's invariants
/// on every step. A broken invariant comes back with the shortest sequence that breaks it.
/// It also looks for dead ends: a state the model declares a way out of, from which no
/// sequence of up to `depth` inputs (from where the walk first reached it) leads anywhere but
/// back to the initial state (a kill).
package struct ModelChecker: Sendable {
    package let model: ModelDeclaration
    package var depth: Int

    package init(model: ModelDeclaration, depth: Int) {
        self.model = model
        self.depth = depth
    }

    package struct Violation: Sendable {
        package var invariant: Invariant
        package var what: String
        package var probe: Probe
    }

    package struct Report: Sendable {
        package var worlds = 0
        /// Distinct (state, clock) pairs visited.
        package var states = 0
        package var steps = 0
        /// Model states (the state key's values) reached.
        package var reached: Set<String> = []
        /// The first violation of each invariant, shortest first.
        package var violations: [Violation] = []
        /// Dead ends, each with the shortest sequence into it.
        package var deadEnds: [(state: String, probe: Probe)] = []
    }

    package func check<Reference: StateSaving>(
        _ reference: inout Reference, worlds: [[String: Value]], stop: () -> Bool = { false }
    ) -> Report {
        var report = Report()
        var broken: Set<String> = []
        var firstReached: [String: Probe] = [:]
        let walk = BreadthFirst(model: model, depth: depth)
        let totals = walk.walk(&reference, worlds: worlds, stop: stop) { move in
            for sent in move.sent {
                let moment = InvariantStep(
                    before: sent.before, input: sent.input, elapsed: sent.elapsed, after: sent.after)
                for invariant in model.invariants where !broken.contains(invariant.id) {
                    if let what = invariant.check(moment) {
                        broken.insert(invariant.id)
                        report.violations.append(Violation(invariant: invariant, what: what, probe: move.probe))
                    }
                }
            }
            if move.completed, let last = move.sent.last {
                let reached = model.state(after: last.after, from: last.stateBefore)
                if firstReached[reached] == nil { firstReached[reached] = move.probe }
            }
            guard move.completed, let after = move.sent.last?.after else { return }
            if let state = after[model.stateKey]?.string { report.reached.insert(state) }
            report.reached.formUnion(model.statesEntered(after: after, from: move.sent.last?.stateBefore))
        }
        // Only a state the model declares a way out of can be a dead end: one it declares
        // none from is where the screen hands over. (Not counted in the walk's figures.)
        var searched = BreadthFirst.Totals()
        for state in model.stateNames where !stop() {
            guard let probe = firstReached[state],
                model.transitions.contains(where: { $0.from == state && $0.to != model.initialState }),
                let root = walk.start(&reference, world: probe.given)
            else { continue }
            defer { reference.finish() }
            let (_, reached) = walk.follow(&reference, from: root, inputs: probe.steps, totals: &searched)
            guard let place = reached else { continue }
            var found = false
            walk.search(&reference, from: place, totals: &searched) { move, _ in
                // Only moves from the state itself count: a way out through a kill and a
                // relaunch is no way out.
                guard move.sent.first?.stateBefore == state else { return false }
                found = move.sent.contains { sent in
                    let entered = model.statesEntered(after: sent.after, from: sent.stateBefore)
                    return (entered + [model.state(after: sent.after, from: sent.stateBefore)]).contains {
                        $0 != state && $0 != model.initialState
                    }
                }
                return found
            }
            if !found { report.deadEnds.append((state, probe)) }
        }
        report.worlds = totals.worlds
        report.states = totals.states
        report.steps = totals.steps
        return report
    }
}
