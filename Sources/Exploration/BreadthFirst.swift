import SpecModel

/// Every input sequence up to `depth` from each world, breadth first, on a reference that can
/// save and restore its state: each (state, virtual time) is expanded once, so the first
/// sequence that reaches something is a shortest one. `check-model` and `generate` both walk
/// the model this way; each looks at the moves as they are made.
struct BreadthFirst {
    let model: ModelDeclaration
    let depth: Int

    /// One input as the implementation received it (a shorthand arrives as several).
    struct Sent {
        var input: Input
        /// The model state before it, as a run's coverage counts it.
        var stateBefore: String
        var before: Observations
        var after: Observations
        /// Virtual milliseconds it advanced the clock by.
        var elapsed: Int
    }

    /// One written input tried from a state reached by `probe` minus its last step.
    struct Move {
        var probe: Probe
        var sent: [Sent]
        /// False when the reference refused one of the inputs (the move leads nowhere).
        var completed: Bool
    }

    struct Totals {
        var worlds = 0
        /// Distinct (state, clock) pairs visited.
        var states = 0
        var steps = 0
    }

    func walk<Reference: StateSaving>(
        _ reference: inout Reference, worlds: [[String: Value]], stop: () -> Bool, visit: (Move) -> Void
    ) -> Totals {
        var totals = Totals()
        for world in worlds {
            guard let root = start(&reference, world: world) else { continue }
            defer { reference.finish() }
            totals.worlds += 1
            search(&reference, from: root, totals: &totals) { move, _ in
                visit(move)
                return stop()
            }
        }
        return totals
    }

    /// The reference started in `world`, as a place to search from; nil when the model
    /// rejects the world or the reference cannot start or save.
    func start<Reference: StateSaving>(_ reference: inout Reference, world: [String: Value]) -> Place<
        Reference.Saved
    >? {
        guard let given = Probe(given: world, steps: []).scenario(id: "walk", model: model)?.given,
            (try? reference.start(scenario: "walk", given: given)) != nil
        else { return nil }
        guard let root = reference.save() else {
            reference.finish()
            return nil
        }
        return Place(
            saved: root, clock: 0, state: model.initialState, observations: [:], path: [], world: world, given: given)
    }

    /// Every move up to `depth` inputs beyond `place`, breadth first (each with the place it
    /// reaches, nil where the reference refused an input), until `visit` says stop.
    func search<Reference: StateSaving>(
        _ reference: inout Reference, from place: Place<Reference.Saved>, totals: inout Totals,
        visit: (Move, Place<Reference.Saved>?) -> Bool
    ) {
        let alphabet = Alphabet(model: model)
        var seen: Set<Visit<Reference.Saved>> = [Visit(saved: place.saved, clock: place.clock)]
        var frontier = [place]
        defer { totals.states += seen.count }
        for _ in 0..<depth where !frontier.isEmpty {
            var next: [Place<Reference.Saved>] = []
            for node in frontier {
                for input in alphabet.inputs(given: place.given, observations: node.observations) {
                    let (move, reached) = follow(&reference, from: node, inputs: [input], totals: &totals)
                    if visit(move, reached) { return }
                    guard let reached, seen.insert(Visit(saved: reached.saved, clock: reached.clock)).inserted else {
                        continue
                    }
                    next.append(reached)
                }
            }
            frontier = next
        }
    }
}

extension BreadthFirst {
    /// `inputs` performed from `place` (the reference restored to it first): what each sent
    /// input did, and the place reached, nil when the reference refused one.
    func follow<Reference: StateSaving>(
        _ reference: inout Reference, from place: Place<Reference.Saved>, inputs: [Input], totals: inout Totals
    ) -> (Move, Place<Reference.Saved>?) {
        reference.restore(place.saved)
        var move = Move(probe: Probe(given: place.world, steps: place.path + inputs), sent: [], completed: true)
        var now = place.clock
        var state = place.state
        var before = place.observations
        for sent in inputs.flatMap({ Probe.expanded($0, model: model) }) {
            let then = now
            if sent.name == model.clockInput { now += sent.argument?.int ?? 0 }
            guard let after = try? reference.perform(sent, atMilliseconds: now) else {
                move.completed = false
                return (move, nil)
            }
            totals.steps += 1
            move.sent.append(Sent(input: sent, stateBefore: state, before: before, after: after, elapsed: now - then))
            state = model.state(after: after, from: state)
            before = after
        }
        guard let saved = reference.save() else { return (move, nil) }
        return (
            move,
            Place(
                saved: saved, clock: now, state: state, observations: before, path: move.probe.steps,
                world: place.world, given: place.given)
        )
    }
}

/// The inputs tried from a state: every input with no argument or a choice of words, the
/// first digit of the world's own digit strings, each digit-string shorthand with the world's
/// value and one digit off it, clock inputs at 1 ms, at each timer and at each duration the
/// state shows (and a tick before it), and any other duration input once, at the longest timer.
struct Alphabet {
    let model: ModelDeclaration

    func inputs(given: [String: Value], observations: Observations) -> [Input] {
        var inputs: [Input] = []
        let own = model.ownDigits(given)
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
            case .duration?:
                // A duration that is not the clock's (a wall clock set by hand): once, past every timer.
                inputs.append(Input(declaration.name, .int(model.timers.max() ?? 1)))
            default: break
            }
        }
        return inputs
    }
}

/// A reference state reached, with how it was reached: where a search goes on from.
struct Place<Saved> {
    var saved: Saved
    var clock: Int
    var state: String
    var observations: Observations
    var path: [Input]
    /// The given keys as the probe writes them, and as the model resolved them.
    var world: [String: Value]
    var given: [String: Value]
}

/// A state at a virtual time: visited once.
private struct Visit<Saved: Hashable>: Hashable {
    var saved: Saved
    var clock: Int
}
