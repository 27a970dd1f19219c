import SpecModel

extension AbstractMachine {
    /// What the search for a sequence telling `other` from the reference found.
    package enum Verdict: Equatable, Sendable {
        /// The shortest sequence, from a world, after which the observed keys differ.
        case distinguished(world: Int, inputs: [Input])
        /// No sequence does: every pair of states reachable together was sent every symbol.
        /// `states` counts the other's distinct forms met, an upper bound on its states.
        case equivalent(states: Int)
        /// More pairs than the limit: neither shown.
        case undecided(limit: Int)
    }

    /// Whether some sequence over this machine's alphabet tells `other` from `reference` on
    /// `keys` (nil: every key), searched breadth first over pairs of their relative forms from
    /// each world, each advance to a deadline made concrete on the reference. `other` must give
    /// relative forms (a mutant of the reference does).
    package func distinguish<Reference: StateSaving, Other: StateSaving>(
        _ reference: inout Reference, from other: inout Other, model: ModelDeclaration, keys: Set<String>?,
        limit: Int = 200_000
    ) -> Verdict {
        func seen(_ observations: Observations) -> Observations {
            keys.map { keys in observations.filter { keys.contains($0.key) } } ?? observations
        }
        var visited: Set<Pair> = []
        var forms: Set<RelativeState> = []
        for (world, given) in worlds.enumerated() {
            guard let resolved = Probe(given: given, steps: []).scenario(id: "machine", model: model)?.given,
                (try? reference.start(scenario: "machine", given: resolved)) != nil,
                (try? other.start(scenario: "machine", given: resolved)) != nil,
                let first = reference.save(), let second = other.save(),
                let one = reference.relativeState(atMilliseconds: 0), let two = other.relativeState(atMilliseconds: 0)
            else { continue }
            defer {
                reference.finish()
                other.finish()
            }
            guard visited.insert(Pair(reference: one, other: two)).inserted else { continue }
            forms.insert(two)
            var frontier = [
                Node<Reference.Saved, Other.Saved>(reference: first, other: second, relative: one, clock: 0, path: [])
            ]
            while !frontier.isEmpty {
                var next: [Node<Reference.Saved, Other.Saved>] = []
                for node in frontier {
                    for symbol in symbols {
                        reference.restore(node.reference)
                        other.restore(node.other)
                        guard
                            let input = symbol.input(
                                from: node.relative, model: model, given: resolved, elapsed: node.clock)
                        else { continue }
                        var clock = node.clock
                        var refused = false
                        for sent in Probe.expanded(input, model: model) {
                            if sent.name == model.clockInput { clock += sent.argument?.int ?? 0 }
                            let expected = try? reference.perform(sent, atMilliseconds: clock)
                            let found = try? other.perform(sent, atMilliseconds: clock)
                            guard let expected else {
                                refused = true
                                break
                            }
                            guard let found,
                                seen(reference.relativeObservations(expected))
                                    == seen(other.relativeObservations(found))
                            else { return .distinguished(world: world, inputs: node.path + [input]) }
                        }
                        guard !refused, let saved = reference.save(), let savedOther = other.save(),
                            let one = reference.relativeState(atMilliseconds: clock),
                            let two = other.relativeState(atMilliseconds: clock)
                        else { continue }
                        guard visited.insert(Pair(reference: one, other: two)).inserted else { continue }
                        forms.insert(two)
                        guard visited.count <= limit else { return .undecided(limit: limit) }
                        next.append(
                            Node<Reference.Saved, Other.Saved>(
                                reference: saved, other: savedOther, relative: one, clock: clock,
                                path: node.path + [input]))
                    }
                }
                frontier = next
            }
        }
        return .equivalent(states: forms.count)
    }
}

/// Two relative forms met together.
private struct Pair: Hashable {
    var reference: RelativeState
    var other: RelativeState
}

/// Two saved states reached together, with the time and the inputs that reached them.
private struct Node<One, Two> {
    var reference: One
    var other: Two
    /// The reference's relative form there, where every symbol is made concrete from.
    var relative: RelativeState
    var clock: Int
    var path: [Input]
}
