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

    /// The inputs tried from a state: every input with no argument or a choice of words, the
    /// first digit of the world's own digit strings, each digit-string shorthand with the
    /// world's value and one digit off it, and clock inputs at 1 ms, at each timer and at each
    /// duration the state shows (and a tick before it).
    func alphabet(given: [String: Value], observations: Observations) -> [Input] {
        var inputs: [Input] = []
        let own = given.values.compactMap(\.string).filter { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
        for declaration in model.inputs {
            switch declaration.argument {
            case nil: inputs.append(Input(declaration.name))
            case .oneOf(let words)?: inputs += words.map { Input(declaration.name, .string($0)) }
            case .integer(let range)?:
                if let first = own.first?.first?.wholeNumberValue, range.contains(first) {
                    inputs.append(Input(declaration.name, .int(first)))
                }
            case .digits?:
                for right in own.prefix(1) {
                    let last = ((right.last?.wholeNumberValue ?? 0) + 1) % 10
                    inputs += [
                        Input(declaration.name, .string(right)),
                        Input(declaration.name, .string(String(right.dropLast()) + String(last))),
                    ]
                }
            case .duration? where declaration.name == model.clockInput:
                let shown = model.observations.compactMap { key -> Int? in
                    key.type == .optional(.duration) || key.type == .duration ? observations[key.key]?.int : nil
                }
                let durations = Set([1] + model.timers + shown + shown.map { $0 - 1 }).filter { $0 > 0 }
                inputs += durations.sorted().map { Input(declaration.name, .int($0)) }
            default: break
            }
        }
        return inputs
    }

    public func check<Reference: StateSaving>(
        _ reference: inout Reference, worlds: [[String: Value]], stop: () -> Bool = { false }
    ) -> Report {
        var report = Report()
        var broken: Set<String> = []
        for world in worlds {
            guard let given = Probe(given: world, steps: []).scenario(id: "check", model: model)?.given else {
                continue
            }
            report.worlds += 1
            do {
                try reference.start(scenario: "check-model", given: given)
            } catch {
                continue
            }
            defer { reference.finish() }
            guard let root = reference.save() else { continue }
            var seen: Set<Visit<Reference.Saved>> = [Visit(saved: root, clock: 0)]
            var frontier = [Node(saved: root, clock: 0, observations: [:], path: [])]
            for _ in 0..<depth where !frontier.isEmpty && !stop() {
                var next: [Node<Reference.Saved>] = []
                for node in frontier {
                    for input in alphabet(given: given, observations: node.observations) {
                        reference.restore(node.saved)
                        var now = node.clock
                        var before = node.observations
                        var after: Observations = [:]
                        var failed = false
                        for sent in Probe.expanded(input, model: model) {
                            let then = now
                            if sent.name == model.clockInput { now += sent.argument?.int ?? 0 }
                            do {
                                after = try reference.perform(sent, atMilliseconds: now)
                            } catch {
                                failed = true
                                break
                            }
                            report.steps += 1
                            let moment = InvariantStep(
                                before: before, input: sent, elapsed: now - then, after: after)
                            for invariant in model.invariants where !broken.contains(invariant.id) {
                                if let what = invariant.check(moment) {
                                    broken.insert(invariant.id)
                                    report.violations.append(
                                        Violation(
                                            invariant: invariant, what: what,
                                            probe: Probe(given: world, steps: node.path + [input])))
                                }
                            }
                            before = after
                        }
                        guard !failed, let saved = reference.save() else { continue }
                        if let state = after[model.stateKey]?.string { report.reached.insert(state) }
                        report.reached.formUnion(after[model.statesKey]?.list?.compactMap(\.string) ?? [])
                        let visit = Visit(saved: saved, clock: now)
                        if seen.insert(visit).inserted {
                            next.append(
                                Node(saved: saved, clock: now, observations: after, path: node.path + [input]))
                        }
                    }
                }
                frontier = next
            }
            report.states += seen.count
        }
        return report
    }
}

/// A state reached, with how it was reached, waiting to be expanded.
private struct Node<Saved> {
    var saved: Saved
    var clock: Int
    var observations: Observations
    var path: [Input]
}

/// A state at a virtual time: visited once.
private struct Visit<Saved: Hashable>: Hashable {
    var saved: Saved
    var clock: Int
}
