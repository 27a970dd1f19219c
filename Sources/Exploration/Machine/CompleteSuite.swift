import SpecModel

/// A Wp-method suite over an abstract machine (Fujiwara et al. 1991): the machine minimised
/// under the observed keys, a state cover, a characterising set and each state's identifying
/// subset of it. Every implementation with at most `blocks + extraStates` states over the same
/// alphabet that differs from the reference on those keys fails one of its tests.
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
        package var identifying: [Int: [[Int]]]

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
            identifying = separation.identifyingSets(characterising, blocks: blocks, representatives: representative)
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
        /// A test as far as the reference has transitions: a deadline advance from a state with
        /// none ahead cannot be sent, nor anything after it.
        func insert(_ world: Int, _ symbols: [Int]) {
            var state = machine.roots[world]
            var sent: [Int] = []
            for symbol in symbols {
                guard let edge = machine.edges[state][symbol] else { break }
                sent.append(symbol)
                state = edge.target
            }
            tests.insert(Test(world: world, symbols: sent))
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
                        let identify = basis.identifying[basis.blocks[edge.target]] ?? []
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
    /// at a time until each block's traces under them are its own.
    func characterisingSet(blocks: [Int], representatives: [Int: Int]) -> [[Int]] {
        var set: [[Int]] = []
        let states = representatives.keys.sorted().map { representatives[$0]! }
        while true {
            var bySignature: [[[Int?]]: Int] = [:]
            var clash: (Int, Int)?
            for state in states {
                let signature = set.map { machine.trace($0, from: state, seen: seen) }
                if let other = bySignature[signature] {
                    clash = (other, state)
                    break
                }
                bySignature[signature] = state
            }
            guard let (first, second) = clash, let sequence = separating(first, second) else { return set }
            set.append(sequence)
        }
    }

    /// For each block, the fewest sequences of `set` that tell it from every other block.
    func identifyingSets(_ set: [[Int]], blocks: [Int], representatives: [Int: Int]) -> [Int: [[Int]]] {
        let ids = representatives.keys.sorted()
        let traces = ids.map { block in set.map { machine.trace($0, from: representatives[block]!, seen: seen) } }
        var identifying: [Int: [[Int]]] = [:]
        for (index, block) in ids.enumerated() {
            var others = Set(ids.indices).subtracting([index])
            var chosen: [Int] = []
            while !others.isEmpty {
                // The sequence that tells the most remaining blocks apart from this one.
                let best = set.indices.max { a, b in
                    others.count { traces[$0][a] != traces[index][a] }
                        < others.count { traces[$0][b] != traces[index][b] }
                }
                guard let best else { break }
                let told = others.filter { traces[$0][best] != traces[index][best] }
                if told.isEmpty { break }
                chosen.append(best)
                others.subtract(told)
            }
            identifying[block] = chosen.sorted().map { set[$0] }
        }
        return identifying
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
                let input = symbols[symbol].input(from: reference.relativeState(atMilliseconds: clock), model: model)
            else { return nil }
            for sent in Probe.expanded(input, model: model) {
                if sent.name == model.clockInput { clock += sent.argument?.int ?? 0 }
                guard (try? reference.perform(sent, atMilliseconds: clock)) != nil else { return nil }
            }
            steps.append(input)
        }
        return Probe(given: world, steps: steps)
    }
}
