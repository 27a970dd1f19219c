import SpecModel

/// A Wp-method suite over an abstract machine (Fujiwara et al. 1991): the machine minimised
/// under the observed keys, a state cover, a characterising set and each state's identifying
/// subset of it. Every implementation with at most `blocks + extraStates` states over the same
/// alphabet that differs from the reference on those keys fails one of its tests, when the
/// suite is `exhaustive`; random tests added beside it add nothing to that.
package struct CompleteSuite: Sendable {
    /// One test: a world, then symbols of the machine from that world's start.
    package struct Test: Sendable, Hashable {
        package var world: Int
        package var symbols: [Int]
    }

    package var tests: [Test]
    /// The machine's states as the observed keys tell them apart (the minimised N).
    package var blocks: Int
    package var extraStates: Int
    /// The characterising set's sequences.
    package var characterising: [[Int]]
    /// Whether every sequence of 1 to `extraStates + 1` inputs was sent from every state of
    /// the cover: false for a suite with random tests only (its exhaustive part was past the cap).
    package var exhaustive = true
    /// The random tests added, if any: they guarantee nothing beyond what they run.
    package var randomised: Randomised?

    /// How the randomised Wp tests were drawn (the random variant model-learning tools use past
    /// a small bound): each one a random state of the cover, a walk of random inputs (at least
    /// one, a further one with chance `1 - 1 / meanWalk`), then one of the reached state's
    /// identifying sequences.
    package struct Randomised: Sendable, Equatable {
        package var count: Int
        package var seed: UInt64
        package var meanWalk: Int
    }

    /// The symbols the tests send, in all.
    package var symbolCount: Int { tests.reduce(0) { $0 + $1.symbols.count } }

    /// What every suite of a machine under some keys stands on: the states as the keys tell
    /// them apart, one state of each with its shortest access, a characterising set and each
    /// block's identifying subset of it.
    package struct Basis: Sendable {
        package var machine: AbstractMachine
        package var blocks: [Int]
        /// Each block's state reached by the shortest access, and that access.
        package var cover: [Test]
        package var characterising: [[Int]]
        package var identifying: IdentifyingSets

        package init(_ machine: AbstractMachine, observing keys: Set<String>?) {
            self.machine = machine
            blocks = machine.blocks(observing: keys)
            let access = CompleteSuite.accessSequences(machine)
            var representative: [Int: Int] = [:]
            for state in machine.states.indices.sorted(by: { access[$0].symbols.count < access[$1].symbols.count }) {
                if representative[blocks[state]] == nil { representative[blocks[state]] = state }
            }
            cover = representative.values.sorted().map { access[$0] }
            let separation = Separation(machine: machine, keys: keys)
            characterising = separation.characterisingSet(blocks: blocks, representatives: representative)
            identifying = IdentifyingSets(separation, set: characterising, representatives: representative)
        }

        /// At most how many tests the suite for `extraStates` has, before prefixes are
        /// merged: checked against a cap before the suite is planned.
        package func bound(extraStates: Int) -> Int {
            let alphabet = machine.symbols.count
            let sequences = max(characterising.count, 1)
            var layer = 1
            var total = 1
            for _ in 0...extraStates {
                layer = layer.multipliedReportingOverflow(by: alphabet).overflow ? .max : layer * alphabet
                total = total.addingReportingOverflow(layer).overflow ? .max : total + layer
            }
            let (perState, overflow) = total.multipliedReportingOverflow(by: sequences)
            let (product, overflowed) = cover.count.multipliedReportingOverflow(by: perState)
            return overflow || overflowed ? .max : product
        }
    }

    /// The Wp-method suite for `extraStates` on `machine`, observing `keys` (nil: every key).
    package static func plan(_ machine: AbstractMachine, observing keys: Set<String>?, extraStates: Int)
        -> CompleteSuite
    {
        plan(Basis(machine, observing: keys), extraStates: extraStates)
    }

    package static func plan(_ basis: Basis, extraStates: Int) -> CompleteSuite {
        let machine = basis.machine
        var tests: Set<Test> = []
        var identifying = IdentifyingSets.Picked(basis.identifying)
        func insert(_ world: Int, _ symbols: [Int]) {
            tests.insert(machine.sendable(Test(world: world, symbols: symbols)))
        }
        // Phase one: each state of the cover told apart from every other.
        for prefix in basis.cover {
            for sequence in basis.characterising { insert(prefix.world, prefix.symbols + sequence) }
            if basis.characterising.isEmpty { insert(prefix.world, prefix.symbols) }
        }
        // Phase two: every sequence of 1 to extraStates + 1 symbols from each state of the
        // cover, then the reached state's identifying set.
        for prefix in basis.cover {
            var layer: [(state: Int, symbols: [Int])] = [(machine.stateReached(by: prefix), prefix.symbols)]
            for _ in 0...extraStates {
                var next: [(state: Int, symbols: [Int])] = []
                for (state, symbols) in layer {
                    for symbol in machine.symbols.indices {
                        guard let edge = machine.edges[state][symbol] else { continue }
                        let extended = symbols + [symbol]
                        next.append((edge.target, extended))
                        let identify = identifying.of(basis.blocks[edge.target])
                        if identify.isEmpty { insert(prefix.world, extended) }
                        for sequence in identify { insert(prefix.world, extended + sequence) }
                    }
                }
                layer = next
            }
        }
        return CompleteSuite(
            tests: mergedPrefixes(tests), blocks: Set(basis.blocks).count, extraStates: extraStates,
            characterising: basis.characterising)
    }

    /// `suite` (nil: none, its exhaustive part for `extraStates` past the cap) with `count`
    /// randomised Wp tests added, drawn with `seed`.
    package static func adding(
        randomTests count: Int, seed: UInt64, meanWalk: Int = 3, to suite: CompleteSuite?, extraStates: Int,
        basis: Basis
    ) -> CompleteSuite {
        let machine = basis.machine
        var random = SeededRandom(seed: seed)
        var tests = Set(suite?.tests ?? [])
        var identifying = IdentifyingSets.Picked(basis.identifying)
        for _ in 0..<count {
            guard let prefix = basis.cover.randomElement(using: &random) else { break }
            var state = machine.stateReached(by: prefix)
            var symbols = prefix.symbols
            repeat {
                let open = machine.edges[state].indices.filter { machine.edges[state][$0] != nil }
                guard let symbol = open.randomElement(using: &random) else { break }
                symbols.append(symbol)
                state = machine.edges[state][symbol]!.target
            } while random.chance(1 - 1 / Double(meanWalk))
            let identify = identifying.of(basis.blocks[state]).randomElement(using: &random) ?? []
            tests.insert(machine.sendable(Test(world: prefix.world, symbols: symbols + identify)))
        }
        return CompleteSuite(
            tests: mergedPrefixes(tests), blocks: Set(basis.blocks).count, extraStates: extraStates,
            characterising: basis.characterising, exhaustive: suite != nil,
            randomised: Randomised(count: count, seed: seed, meanWalk: meanWalk))
    }

    /// The shortest symbols from some world's start to each state, breadth first.
    static func accessSequences(_ machine: AbstractMachine) -> [Test] {
        var access: [Test?] = Array(repeating: nil, count: machine.states.count)
        var frontier: [Int] = []
        for (world, root) in machine.roots.enumerated() where access[root] == nil {
            access[root] = Test(world: world, symbols: [])
            frontier.append(root)
        }
        while !frontier.isEmpty {
            var next: [Int] = []
            for state in frontier {
                for (symbol, edge) in machine.edges[state].enumerated() {
                    guard let edge, access[edge.target] == nil, let from = access[state] else { continue }
                    access[edge.target] = Test(world: from.world, symbols: from.symbols + [symbol])
                    next.append(edge.target)
                }
            }
            frontier = next
        }
        return access.map { $0! }
    }

    /// Tests that are a prefix of another of their world are left out: the longer one runs them.
    static func mergedPrefixes(_ tests: Set<Test>) -> [Test] {
        // In lexicographic order a test's extensions, if any, follow it at once.
        let sorted = tests.sorted {
            $0.world != $1.world ? $0.world < $1.world : $0.symbols.lexicographicallyPrecedes($1.symbols)
        }
        var kept: [Test] = []
        for (index, test) in sorted.enumerated() {
            if index + 1 < sorted.count, sorted[index + 1].world == test.world,
                sorted[index + 1].symbols.starts(with: test.symbols)
            {
                continue
            }
            kept.append(test)
        }
        return kept
    }
}

extension AbstractMachine {
    /// `test` as far as the reference has transitions: a deadline advance from a state with
    /// none ahead cannot be sent, nor anything after it.
    func sendable(_ test: CompleteSuite.Test) -> CompleteSuite.Test {
        var state = roots[test.world]
        var sent: [Int] = []
        for symbol in test.symbols {
            guard let edge = edges[state][symbol] else { break }
            sent.append(symbol)
            state = edge.target
        }
        return CompleteSuite.Test(world: test.world, symbols: sent)
    }

    /// The state a test's symbols lead to from its world's start.
    package func stateReached(by test: CompleteSuite.Test) -> Int {
        test.symbols.reduce(roots[test.world]) { state, symbol in edges[state][symbol]!.target }
    }

    /// What `keys` see of `symbols` sent from `state` (as `outputNumbers` numbers them): each
    /// symbol's output, or nil where the machine has no such transition (and nothing after it).
    func trace(_ symbols: [Int], from state: Int, seen: [Int]) -> [Int?] {
        var state = state
        var trace: [Int?] = []
        for symbol in symbols {
            guard let edge = edges[state][symbol] else {
                trace.append(nil)
                break
            }
            trace.append(seen[edge.output])
            state = edge.target
        }
        return trace
    }
}

/// Sequences that tell states apart, found breadth first over pairs of states.
struct Separation {
    let machine: AbstractMachine
    /// Each output's number as the observed keys see it.
    let seen: [Int]

    init(machine: AbstractMachine, keys: Set<String>?) {
        self.machine = machine
        seen = machine.outputNumbers(observing: keys)
    }

    /// A shortest sequence of symbols after which `first` and `second` show `keys` different
    /// observations, or one has a transition the other lacks; nil when none does.
    func separating(_ first: Int, _ second: Int) -> [Int]? {
        struct Pair: Hashable {
            var first: Int
            var second: Int
        }
        var visited: Set<Pair> = [Pair(first: first, second: second)]
        var frontier: [(Pair, [Int])] = [(Pair(first: first, second: second), [])]
        while !frontier.isEmpty {
            var next: [(Pair, [Int])] = []
            for (pair, path) in frontier {
                for symbol in machine.symbols.indices {
                    let one = machine.edges[pair.first][symbol]
                    let other = machine.edges[pair.second][symbol]
                    guard let one, let other else {
                        if one != nil || other != nil { return path + [symbol] }
                        continue
                    }
                    if seen[one.output] != seen[other.output] {
                        return path + [symbol]
                    }
                    let reached = Pair(first: one.target, second: other.target)
                    if reached.first != reached.second, visited.insert(reached).inserted {
                        next.append((reached, path + [symbol]))
                    }
                }
            }
            frontier = next
        }
        return nil
    }

    /// Sequences that, together, tell every two blocks apart: grown one separating sequence
    /// at a time until each block's traces under them are its own. Each state keeps the
    /// number of its traces so far, so a new sequence costs one trace a state.
    func characterisingSet(blocks: [Int], representatives: [Int: Int]) -> [[Int]] {
        struct Refined: Hashable {
            var before: Int
            var trace: [Int?]
        }
        var set: [[Int]] = []
        let states = representatives.keys.sorted().map { representatives[$0]! }
        var signature = Array(repeating: 0, count: states.count)
        while true {
            var firstWith: [Int: Int] = [:]
            var clash: (Int, Int)?
            for (index, state) in states.enumerated() {
                if let other = firstWith[signature[index]] {
                    clash = (other, state)
                    break
                }
                firstWith[signature[index]] = state
            }
            guard let (first, second) = clash, let sequence = separating(first, second) else { return set }
            set.append(sequence)
            var numbers: [Refined: Int] = [:]
            for (index, state) in states.enumerated() {
                let refined = Refined(before: signature[index], trace: machine.trace(sequence, from: state, seen: seen))
                if let known = numbers[refined] {
                    signature[index] = known
                } else {
                    numbers[refined] = numbers.count
                    signature[index] = numbers.count - 1
                }
            }
        }
    }

}

/// Each block's traces under a characterising set, kept to pick a block's identifying subset
/// when it is first asked for (a randomised suite asks for the few its walks reach).
package struct IdentifyingSets: Sendable {
    let set: [[Int]]
    /// `traces[b][i]`: block `b`'s representative's trace under `set[i]`, as a number.
    let traces: [[Int]]

    init(_ separation: Separation, set: [[Int]], representatives: [Int: Int]) {
        self.set = set
        let blocks = representatives.count
        var traces = Array(repeating: [Int](), count: blocks)
        for sequence in set {
            var numbers: [[Int?]: Int] = [:]
            for block in 0..<blocks {
                let trace = separation.machine.trace(sequence, from: representatives[block]!, seen: separation.seen)
                if let known = numbers[trace] {
                    traces[block].append(known)
                } else {
                    numbers[trace] = numbers.count
                    traces[block].append(numbers.count - 1)
                }
            }
        }
        self.traces = traces
    }

    /// Each block's identifying sets, picked once when first asked for.
    struct Picked {
        let sets: IdentifyingSets
        var picked: [Int: [[Int]]] = [:]

        init(_ sets: IdentifyingSets) { self.sets = sets }

        mutating func of(_ block: Int) -> [[Int]] {
            if let known = picked[block] { return known }
            let chosen = sets.of(block)
            picked[block] = chosen
            return chosen
        }
    }

    /// The fewest sequences of the set (chosen greedily) that tell `block` from every other.
    package func of(_ block: Int) -> [[Int]] {
        var others = Array(traces.indices.filter { $0 != block })
        var chosen: [Int] = []
        let mine = traces[block]
        while !others.isEmpty {
            // The sequence that tells the most remaining blocks apart from this one.
            var best = -1
            var most = 0
            for sequence in set.indices where !chosen.contains(sequence) {
                let told = others.count { traces[$0][sequence] != mine[sequence] }
                if told > most { (best, most) = (sequence, told) }
            }
            guard best >= 0 else { break }
            chosen.append(best)
            others.removeAll { traces[$0][best] != mine[best] }
        }
        return chosen.sorted().map { set[$0] }
    }
}

extension AbstractMachine {
    /// A test as inputs a scenario writes, in its world: each advance to a deadline made the
    /// concrete duration the reference shows there. Nil where the reference cannot run it.
    package func probe<Reference: StateSaving>(
        _ test: CompleteSuite.Test, on reference: inout Reference, model: ModelDeclaration
    ) -> Probe? {
        let world = worlds[test.world]
        guard let given = Probe(given: world, steps: []).scenario(id: "complete", model: model)?.given,
            (try? reference.start(scenario: "complete", given: given)) != nil
        else { return nil }
        defer { reference.finish() }
        var clock = 0
        var steps: [Input] = []
        for symbol in test.symbols {
            guard
                let input = symbols[symbol].input(
                    from: reference.relativeState(atMilliseconds: clock), model: model, given: given, elapsed: clock)
            else { return nil }
            // A shorthand is written as the inputs it sends, each its own step: the machine tells
            // states apart by what each of them shows, and so must the file.
            for sent in Probe.expanded(input, model: model) {
                if sent.name == model.clockInput { clock += sent.argument?.int ?? 0 }
                guard (try? reference.perform(sent, atMilliseconds: clock)) != nil else { return nil }
                steps.append(sent)
            }
        }
        return Probe(given: world, steps: steps)
    }
}
