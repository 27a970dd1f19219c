import SpecModel

/// A model's reference as a finite machine: each state the reference's relative form (every
/// timer as its distance from now, no wall clock), each symbol a written input or a clock
/// advance to the next deadline (1 ms before it, at it, 1 ms after), each transition what the
/// symbol put out and the state it led to. Built breadth first from each world of an
/// enumerated set until no new state appears. Its soundness is checked as it goes: a state met
/// again by another way is sent every symbol from there too, and any output or next state
/// that differs fails the build naming both ways (an unsound form is a bug, never a guarantee).
package struct AbstractMachine: Sendable {
    /// What the machine sends: a written input, or an advance found from the state.
    package enum Symbol: Equatable, Sendable, CustomStringConvertible {
        case input(Input)
        /// The clock advanced to the state's next deadline plus `offset` ms (one of the
        /// model's `deadlineOffsets`).
        case toDeadline(offset: Int)
        /// `input` with its argument of class `index` of the model's `momentArguments`, made
        /// concrete when sent.
        case moment(input: String, index: Int, named: String)

        /// The input the symbol is from a state whose relative form is `relative`, reached
        /// `elapsed` ms into a world whose given keys are `given`: nil for an advance when no
        /// deadline lies ahead (or the advance would not move the clock).
        package func input(
            from relative: RelativeState?, model: ModelDeclaration, given: [String: Value], elapsed: Int
        ) -> Input? {
            switch self {
            case .input(let written): return written
            case .moment(let name, let index, _):
                return model.momentArguments.first { $0.input == name }.map {
                    Input(name, $0.resolve(given, elapsed, index))
                }
            case .toDeadline(let offset):
                guard let clockInput = model.clockInput, let ahead = relative?.moments.filter({ $0 > 0 }).min(),
                    ahead + offset > 0
                else { return nil }
                return Input(clockInput, .int(ahead + offset))
            }
        }

        package var description: String {
            switch self {
            case .input(let input): return input.description
            case .moment(let input, _, let named): return "\(input): \(named)"
            case .toDeadline(0): return "the clock to the next deadline"
            case .toDeadline(let offset): return "the clock to the next deadline \(offset > 0 ? "+" : "")\(offset)ms"
            }
        }
    }

    package struct State: Sendable {
        /// Index of the world it was first reached in.
        package var world: Int
        /// The model state's name there.
        package var name: String
        /// The inputs that first reached it from its world's start (advances concrete).
        package var path: [Input]
    }

    /// Where a symbol leads from a state: the observations after each input it sent, and the
    /// state reached.
    package struct Edge: Sendable, Equatable {
        /// Index in `outputs`.
        package var output: Int
        package var target: Int
    }

    package var worlds: [[String: Value]]
    package var symbols: [Symbol]
    package var states: [State]
    /// Each distinct sequence of observations a symbol put out, once: many transitions share one.
    package var outputs: [[Observations]]
    /// `edges[state][symbol]`: nil where the reference refused the symbol or, for a deadline
    /// advance, no deadline lies ahead.
    package var edges: [[Edge?]]
    /// Each world's first state.
    package var roots: [Int]
    /// States met again by another way and sent every symbol from there too.
    package var rechecked: Int
    /// Whether every state reached was sent every symbol: false for a build stopped at a depth,
    /// whose last states have no transitions (a machine that guarantees nothing past them).
    package var closed: Bool
    /// Worlds whose machine did not close within the limit: left out whole (none of their
    /// states is in the machine), each with the inputs that reached its last state.
    package var leftOut: [LeftOut] = []
    /// The inputs its alphabet was kept to (nil: every input the model declares).
    package var inputs: Set<String>?

    /// A world the machine does not cover, and why.
    package struct LeftOut: Sendable, Equatable {
        package var world: [String: Value]
        /// The inputs to the state past the limit, from the world's start; nil when the
        /// reference refused the world itself.
        package var last: [Input]?
    }

    package var transitions: Int { edges.reduce(0) { $0 + $1.count { $0 != nil } } }

    /// Why no sound machine was built.
    package enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The reference gives no relative form of its state.
        case noRelativeForm(model: String)
        /// The reference refused every world.
        case noWorld(model: String)
        /// More states than `limit`: the form does not close (a moment or count that grows).
        case notClosed(model: String, limit: Int, last: [Input])
        /// Two ways into one abstract state that the same symbol tells apart.
        case unsound(first: [Input], second: [Input], symbol: String, difference: Difference)

        /// How a symbol told two ways into one state apart.
        package enum Difference: String, Sendable {
            case onlyFromFirst = "leads somewhere only from the first"
            case onlyFromSecond = "leads somewhere only from the second"
            case outputs = "puts out different observations"
            case targets = "reaches different states"
        }

        package var description: String {
            switch self {
            case .noWorld(let model):
                return "the \(model) model's reference refused every world: no abstract machine"
            case .noRelativeForm(let model):
                return "the \(model) model's reference gives no relative form of its state: no abstract machine"
            case .notClosed(let model, let limit, let last):
                return
                    "the \(model) model's abstract machine does not close within \(limit) states (the last reached by '\(AbstractMachine.written(last))')"
            case .unsound(let first, let second, let symbol, let difference):
                return
                    "unsound abstraction: '\(AbstractMachine.written(first))' and '\(AbstractMachine.written(second))' reach one abstract state, but '\(symbol)' then \(difference.rawValue)"
            }
        }
    }

    /// How `inputs` names an input kept with one word: `tap: google`.
    package static func kept(_ name: String, word: String) -> String { "\(name): \(word)" }

    /// Inputs as a reader writes them, in order.
    package static func written(_ path: [Input]) -> String {
        path.isEmpty ? "(the start)" : path.map(\.description).joined(separator: ", ")
    }

    /// Builds the machine on `reference` over `worlds`. A world that adds more than `limit`
    /// states is left out whole and named (`leftOut`); when every world is, the build fails.
    /// `inputs` (nil: every input) names the inputs its alphabet keeps, each alone (every
    /// argument) or with a word as `kept` writes it (that one): the clock input's name keeps the
    /// advances to deadlines.
    package static func build<Reference: StateSaving>(
        _ reference: inout Reference, model: ModelDeclaration, worlds: [[String: Value]], limit: Int = 50_000,
        depth: Int? = nil, inputs: Set<String>? = nil
    ) throws(Failure) -> AbstractMachine {
        var builder = Builder<Reference.Saved>(model: model, limit: limit, depth: depth, inputs: inputs)
        var covered: [[String: Value]] = []
        var leftOut: [LeftOut] = []
        var firstFailure: Failure?
        for world in worlds {
            // Kept to go back to: a world that does not close leaves nothing behind.
            let before = builder
            do {
                if try builder.explore(&reference, world: world) {
                    covered.append(world)
                } else {
                    leftOut.append(LeftOut(world: world, last: nil))
                }
            } catch {
                guard case .notClosed(_, _, let last) = error else { throw error }
                builder = before
                leftOut.append(LeftOut(world: world, last: last))
                firstFailure = firstFailure ?? error
            }
        }
        if covered.isEmpty { throw firstFailure ?? .noWorld(model: model.name) }
        return AbstractMachine(
            worlds: covered, symbols: builder.symbols, states: builder.states, outputs: builder.outputs,
            edges: builder.edges, roots: builder.roots, rechecked: builder.rechecked, closed: builder.closed,
            leftOut: leftOut, inputs: inputs)
    }

    /// The given keys one at a time: the model's defaults, then every other value of each key
    /// with a closed set of values (a choice of words, true and false, a fixed set of numbers,
    /// a range of at most ten), the rest at their defaults; then the model's world classes.
    package static func worlds(of model: ModelDeclaration) -> [[String: Value]] {
        var worlds: [[String: Value]] = [[:]]
        for key in model.given {
            let values: [Value]
            switch key.type {
            case .bool: values = [.bool(true), .bool(false)]
            case .oneOf(let words): values = words.map(Value.string)
            case .integerIn(let choices): values = choices.map(Value.int)
            case .integer(let range) where range.count <= 10: values = range.map(Value.int)
            default: values = []
            }
            worlds += values.filter { $0 != key.defaultValue }.map { [key.key: $0] }
        }
        return worlds + model.worldClasses
    }
}

extension AbstractMachine {
    /// A concrete state the build stands on: the reference's saved state, its virtual time,
    /// the inputs that reached it.
    fileprivate struct Concrete<Saved> {
        var saved: Saved
        var clock: Int
        var path: [Input]
        var relative: RelativeState
    }

    /// The breadth-first build's working state.
    fileprivate struct Builder<Saved> {
        let model: ModelDeclaration
        let limit: Int
        var symbols: [Symbol] = []
        /// Each symbol's index, by its description (an input's argument is no hash key).
        var symbolIndex: [String: Int] = [:]
        var states: [State] = []
        var outputs: [[Observations]] = []
        var outputIndex: [[Observations]: Int] = [:]
        var index: [RelativeState: Int] = [:]
        var edges: [[Edge?]] = []
        var roots: [Int] = []
        var rechecked = 0
        let depth: Int?
        let inputs: Set<String>?
        var closed = true
        /// The world being built, its given keys resolved: moment arguments are made from it.
        var given: [String: Value] = [:]

        init(model: ModelDeclaration, limit: Int, depth: Int?, inputs: Set<String>?) {
            self.model = model
            self.limit = limit
            self.depth = depth
            self.inputs = inputs
        }

        func keeps(_ name: String) -> Bool { inputs?.contains(name) ?? true }
        /// An input named alone keeps every argument; named with a word, that one.
        func keeps(_ input: Input) -> Bool {
            keeps(input.name)
                || input.argument?.string.map { keeps(AbstractMachine.kept(input.name, word: $0)) } == true
        }

        /// Builds `world`'s part of the machine: false when the reference refuses the world.
        mutating func explore<Reference: StateSaving>(_ reference: inout Reference, world: [String: Value])
            throws(Failure) -> Bool where Reference.Saved == Saved
        {
            guard let given = Probe(given: world, steps: []).scenario(id: "machine", model: model)?.given,
                (try? reference.start(scenario: "machine", given: given)) != nil
            else { return false }
            defer { reference.finish() }
            guard let saved = reference.save(), let relative = reference.relativeState(atMilliseconds: 0) else {
                throw .noRelativeForm(model: model.name)
            }
            // The clock moves by deadlines only: a fixed advance would make every moment's
            // distance a new state.
            // An input whose argument is a moment's is sent by class, not by fixed values.
            let moments = model.momentArguments.filter { keeps($0.input) }
            let written = Alphabet(model: model).inputs(given: given, observations: [:]).filter { input in
                input.name != model.clockInput && keeps(input) && !moments.contains { $0.input == input.name }
            }
            let advances = model.clockInput.map(keeps) ?? false
            let worldSymbols =
                written.map(Symbol.input)
                + moments.flatMap { argument in
                    argument.classes.enumerated().map { Symbol.moment(input: argument.input, index: $0, named: $1) }
                } + (advances ? model.deadlineOffsets.map(Symbol.toDeadline) : [])
            self.given = given
            for symbol in worldSymbols { add(symbol) }

            let statesBefore = states.count
            let (root, isNew) = intern(relative, State(world: roots.count, name: model.initialState, path: []))
            roots.append(root)
            guard isNew else { return true }
            var firstWay: [Int: Concrete<Saved>] = [
                root: Concrete(saved: saved, clock: 0, path: [], relative: relative)
            ]
            var secondWays: [(state: Int, concrete: Concrete<Saved>)] = []
            var rechecking: Set<Int> = []
            var frontier = [root]
            var level = 0
            var unexpanded: Set<Int> = []
            while !frontier.isEmpty {
                if let depth, level == depth {
                    closed = false
                    unexpanded = Set(frontier)
                    break
                }
                level += 1
                var next: [Int] = []
                for state in frontier {
                    let concrete = firstWay[state]!
                    for symbol in worldSymbols {
                        guard let (outputs, reached) = follow(&reference, from: concrete, symbol: symbol) else {
                            continue
                        }
                        let name = model.state(after: outputs.last ?? [:], from: states[state].name)
                        let (target, isNew) = intern(
                            reached.relative, State(world: states[state].world, name: name, path: reached.path))
                        if isNew {
                            guard states.count - statesBefore <= limit else {
                                throw .notClosed(model: model.name, limit: limit, last: reached.path)
                            }
                            firstWay[target] = reached
                            next.append(target)
                        } else if let first = firstWay[target], first.path != reached.path,
                            rechecking.insert(target).inserted
                        {
                            secondWays.append((target, reached))
                        }
                        edges[state][symbolIndex[symbol.description]!] = Edge(output: intern(outputs), target: target)
                    }
                }
                frontier = next
            }
            // Every state of this world sent every symbol has its edges: each second way into
            // one must match them.
            for (state, concrete) in secondWays where !unexpanded.contains(state) {
                for symbol in worldSymbols {
                    let expected = edges[state][symbolIndex[symbol.description]!]
                    let found = follow(&reference, from: concrete, symbol: symbol)
                    let first = firstWay[state]!.path
                    guard let expected else {
                        if found != nil {
                            throw .unsound(
                                first: first, second: concrete.path, symbol: symbol.description,
                                difference: .onlyFromSecond)
                        }
                        continue
                    }
                    guard let (outputs, reached) = found else {
                        throw .unsound(
                            first: first, second: concrete.path, symbol: symbol.description,
                            difference: .onlyFromFirst)
                    }
                    if outputs != self.outputs[expected.output] {
                        throw .unsound(
                            first: first, second: concrete.path, symbol: symbol.description,
                            difference: .outputs)
                    }
                    if index[reached.relative] != expected.target {
                        throw .unsound(
                            first: first, second: concrete.path, symbol: symbol.description,
                            difference: .targets)
                    }
                }
                rechecked += 1
            }
            return true
        }

        mutating func intern(_ output: [Observations]) -> Int {
            if let known = outputIndex[output] { return known }
            outputIndex[output] = outputs.count
            outputs.append(output)
            return outputs.count - 1
        }

        mutating func add(_ symbol: Symbol) {
            guard symbolIndex[symbol.description] == nil else { return }
            symbolIndex[symbol.description] = symbols.count
            symbols.append(symbol)
            for state in edges.indices { edges[state].append(nil) }
        }

        mutating func intern(_ relative: RelativeState, _ state: State) -> (Int, Bool) {
            if let known = index[relative] { return (known, false) }
            index[relative] = states.count
            states.append(state)
            edges.append(Array(repeating: nil, count: symbols.count))
            return (states.count - 1, true)
        }

        /// `symbol` sent from `concrete`: the observations after each input it sent and the
        /// concrete state reached; nil when the reference refused it or no deadline lies ahead.
        func follow<Reference: StateSaving>(
            _ reference: inout Reference, from concrete: Concrete<Saved>, symbol: Symbol
        ) -> ([Observations], Concrete<Saved>)? where Reference.Saved == Saved {
            guard let input = symbol.input(from: concrete.relative, model: model, given: given, elapsed: concrete.clock)
            else { return nil }
            reference.restore(concrete.saved)
            var clock = concrete.clock
            var outputs: [Observations] = []
            for sent in Probe.expanded(input, model: model) {
                if sent.name == model.clockInput { clock += sent.argument?.int ?? 0 }
                guard let after = try? reference.perform(sent, atMilliseconds: clock) else { return nil }
                outputs.append(reference.relativeObservations(after))
            }
            guard let saved = reference.save(), let relative = reference.relativeState(atMilliseconds: clock) else {
                return nil
            }
            return (outputs, Concrete(saved: saved, clock: clock, path: concrete.path + [input], relative: relative))
        }

    }
}

extension AbstractMachine {
    /// Each state's block when only `keys` are observed (nil: every key): two states share a
    /// block when no sequence of symbols tells them apart (Moore's partition refinement, to a
    /// fixed point). Block numbers follow the states' order.
    ///
    /// `within`, the blocks of fewer keys, starts the refinement there: what these keys tell
    /// apart refines what those do, so the same fixed point is reached in fewer rounds.
    package func blocks(observing keys: Set<String>? = nil, within coarser: [Int]? = nil) -> [Int] {
        let seenOutputs = outputNumbers(observing: keys)
        /// A transition as `keys` see it: absent, or the outputs seen and the target's block.
        struct Seen: Hashable {
            var output: Int
            var target: Int
        }
        let seen: [[Seen?]] = edges.map { row in
            row.map { edge in edge.map { Seen(output: seenOutputs[$0.output], target: $0.target) } }
        }
        var blocks = number(
            seen.indices.map { state in
                [Seen(output: -1, target: coarser?[state] ?? 0)]
                    + seen[state].map { $0.map { Seen(output: $0.output, target: 0) } }
            })
        while true {
            let refined = number(
                seen.indices.map { state in
                    [Seen(output: -1, target: blocks[state])]
                        + seen[state].map { $0.map { Seen(output: $0.output, target: blocks[$0.target]) } }
                })
            if Set(refined).count == Set(blocks).count { return refined }
            blocks = refined
        }
    }

    /// Each entry of `outputs` numbered by what `keys` see of it (nil: every key): two entries
    /// with one number look alike to them.
    package func outputNumbers(observing keys: Set<String>?) -> [Int] {
        guard let keys else { return Array(outputs.indices) }
        return number(outputs.map { output in output.map { $0.filteringKeys(keys) } })
    }

    /// States that observing only `keys` cannot tell apart though every key can: each group
    /// with the keys that would tell some of its states apart, one key added at a time.
    package struct BlindSpot: Sendable, Equatable {
        package var states: [Int]
        /// Each key of the model's that splits the group when observed beside `keys`.
        package var separatedBy: [String]
    }

    package func blindSpots(observing keys: Set<String>, among allKeys: [String]) -> [BlindSpot] {
        let seen = blocks(observing: keys)
        let full = blocks(within: seen)
        let widened = allKeys.filter { !keys.contains($0) }.map { key in
            (key, blocks(observing: keys.union([key]), within: seen))
        }
        var groups: [Int: [Int]] = [:]
        for state in states.indices { groups[seen[state], default: []].append(state) }
        return groups.values.sorted { $0[0] < $1[0] }.compactMap { members in
            guard Set(members.map { full[$0] }).count > 1 else { return nil }
            let keys = widened.filter { _, blocks in Set(members.map { blocks[$0] }).count > 1 }.map(\.0)
            return BlindSpot(states: members, separatedBy: keys)
        }
    }

    /// Numbers the distinct rows in order of first appearance.
    func number<Row: Hashable>(_ rows: [Row]) -> [Int] {
        var numbers: [Row: Int] = [:]
        return rows.map { row in
            if let known = numbers[row] { return known }
            numbers[row] = numbers.count
            return numbers.count - 1
        }
    }
}

extension Dictionary where Key == String {
    fileprivate func filteringKeys(_ keys: Set<String>) -> Self { filter { keys.contains($0.key) } }
}
