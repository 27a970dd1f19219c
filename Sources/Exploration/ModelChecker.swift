import SpecModel

/// Bounded exhaustive exploration of a reference: breadth-first over every input sequence up to
/// `depth` from each world, visiting each (state, clock) once, checking the model's invariants
/// on every step. A broken invariant comes back with the shortest sequence that breaks it.
public struct ModelChecker: Sendable {
    public let model: ModelDeclaration
    public var depth: Int

    public init(model: ModelDeclaration, depth: Int) {
        self.model = model
        self.depth = depth
    }

    public struct Violation: Sendable {
        public var invariant: Invariant
        public var what: String
        public var probe: Probe
    }

    public struct Report: Sendable {
        public var worlds = 0
        /// Distinct (state, clock) pairs visited.
        public var states = 0
        public var steps = 0
        /// Model states (the state key's values) reached.
        public var reached: Set<String> = []
        /// The first violation of each invariant, shortest first.
        public var violations: [Violation] = []
    }

    public func check<Reference: StateSaving>(
        _ reference: inout Reference, worlds: [[String: Value]], stop: () -> Bool = { false }
    ) -> Report {
        var report = Report()
        var broken: Set<String> = []
        let totals = BreadthFirst(model: model, depth: depth).walk(&reference, worlds: worlds, stop: stop) { move in
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
            guard move.completed, let after = move.sent.last?.after else { return }
            if let state = after[model.stateKey]?.string { report.reached.insert(state) }
            report.reached.formUnion(after[model.statesKey]?.list?.compactMap(\.string) ?? [])
        }
        report.worlds = totals.worlds
        report.states = totals.states
        report.steps = totals.steps
        return report
    }
}
