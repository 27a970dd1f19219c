import Testing

@testable import Engine
@testable import Exploration
@testable import Reporters
@testable import Runner
@testable import ScenarioModel
@testable import SpecModel

/// The Wp-method guarantee on a model's own mutants, over a machine small enough to build each
/// mutant's machine beside it: one world and some inputs. Every mutant some sequence tells from
/// the reference, with at most as many states as the suite was planned for, fails the suite;
/// every mutant none tells apart passes it and looks alike under random runs (a difference there
/// is an abstraction bug).
struct CompleteMutantCheck<Reference: StateSaving> {
    let model: ModelDeclaration
    let world: [String: Value]
    let inputs: Set<String>
    let makeReference: () -> Reference

    struct Tally: CustomStringConvertible {
        var blocks = 0
        var killed = 0
        var beyond: [String] = []
        var unbounded: [String] = []
        var equivalent = 0
        /// Equivalent on the machine, which reads some values as relations (a time since a
        /// moment no rule reads), and different in those values' exact figures: outside the
        /// guarantee, which says so.
        var relationsOnly: [String] = []

        var description: String {
            "N = \(blocks): \(killed) killed, \(equivalent) equivalent (\(relationsOnly.count) differing only in values "
                + "read as relations: \(relationsOnly)), \(beyond.count) let through past the bound: \(beyond), "
                + "\(unbounded.count) let through with no bound shown: \(unbounded)"
        }
    }

    /// The machine, its K = 0 suite for `keys` and the suite as `generate --complete` writes it,
    /// loaded back.
    struct Prepared {
        var machine: AbstractMachine
        var suite: CompleteSuite
        var tests: [Scenario]
        var keys: Set<String>
        var label: String
    }

    func prepare(keys: Set<String>, label: String) throws -> Prepared {
        var reference = makeReference()
        let machine = try AbstractMachine.build(&reference, model: model, worlds: [world], inputs: inputs)
        #expect(machine.closed && machine.leftOut.isEmpty)
        let suite = CompleteSuite.plan(machine, observing: keys, extraStates: 0)
        let tests = try written(suite, machine: machine, keys: keys, label: label)
        return Prepared(machine: machine, suite: suite, tests: tests, keys: keys, label: label)
    }

    /// Each mutant of `mutants` (each an `Other`) decided on the machine and run on the suite;
    /// one equivalent in `wholeSuiteEvery` runs the whole suite.
    func tally<Other: StateSaving>(
        _ mutants: [Mutant], as: Other.Type, prepared: Prepared, wholeSuiteEvery: Int = 32
    ) throws -> Tally {
        var reference = makeReference()
        let (machine, suite, tests, keys) = (prepared.machine, prepared.suite, prepared.tests, prepared.keys)
        let bound = suite.blocks + suite.extraStates
        var tally = Tally(blocks: suite.blocks)
        for mutant in mutants {
            guard var other = mutant.make() as? Other else {
                Issue.record("\(mutant.id): no relative form")
                continue
            }
            switch machine.distinguish(&reference, from: &other, model: model, keys: keys, limit: 5_000) {
            case .distinguished(_, let witness) where kills(tests, mutant: other, keys: keys, witness: witness):
                tally.killed += 1
            case .distinguished:
                // Let through: only an implementation past the bound may be. Its states are the
                // mutant's paired with the reference's, whose deadlines the advances go to.
                var paired = Paired(reference: makeReference(), other: other)
                do {
                    let own = try AbstractMachine.build(
                        &paired, model: model, worlds: [world], limit: 10 * bound, inputs: inputs)
                    let states = Set(own.blocks(observing: keys)).count
                    #expect(states > bound, "\(mutant.id): \(states) states, told apart, yet the suite lets it pass")
                    tally.beyond.append("\(mutant.id) (\(states) states)")
                } catch .notClosed {
                    // No bound is shown for it: its machine, paired with the reference's, passes
                    // ten times the suite's states before closing, if it closes.
                    tally.unbounded.append(mutant.id)
                } catch {
                    Issue.record("\(mutant.id): told apart and let through, and its form is \(error)")
                }
            case .equivalent:
                tally.equivalent += 1
                // The suite is sequences of the same symbols made concrete the same way: one
                // in thirty-two is run whole to show that it agrees.
                if tally.equivalent % wholeSuiteEvery == 1 {
                    #expect(
                        !kills(tests, mutant: other, keys: keys),
                        "\(mutant.id): no sequence tells it apart, yet a test failed")
                }
                switch try randomRuns(machine, reference: &reference, mutant: &other, keys: keys) {
                case .alike: break
                case .differOnlyInRelations: tally.relationsOnly.append(mutant.id)
                case .differ:
                    Issue.record(
                        "\(mutant.id): the machine calls it equivalent, a random run does not: an abstraction bug")
                }
            case .undecided:
                Issue.record("\(mutant.id): undecided")
            }
        }
        print("\(model.name), \(prepared.label), \(tally)")
        return tally
    }

    /// The suite as `generate --complete` writes it, loaded back: the scenarios a driver runs.
    func written(_ suite: CompleteSuite, machine: AbstractMachine, keys: Set<String>?, label: String) throws
        -> [Scenario]
    {
        let planned = CompleteSession.Planned(
            machine: machine, seconds: 0, suite: suite, stateLimit: 50_000, cap: 20_000)
        var reference: any ImplementationUnderTest = makeReference()
        var saving = makeReference()
        let made = try #require(
            FoundScenarios(model: model).complete(
                planned, keys: keys, label: label, defaultModel: model.name, reference: &reference, saving: &saving,
                partBytes: ScenarioLoader(model: model).limits.maxBytes / 2))
        let loaded = made.parts.enumerated().map { index, part in
            ScenarioLoader(model: model).load(text: part, file: "complete-\(index + 1).yaml")
        }
        #expect(loaded.allSatisfy { $0.diagnostics.isEmpty })
        let scenarios = loaded.flatMap(\.scenarios)
        #expect(scenarios.count == suite.tests.count)
        // A shorthand is written as the inputs it sends, each checked after it.
        #expect(scenarios.allSatisfy { $0.steps.allSatisfy { $0.inputs.count == 1 } })
        return scenarios
    }

    /// Whether a scenario of the suite fails or errors on `mutant` seen through `keys`, as
    /// `mutate` judges it (a refusal voids the guarantee and is no kill). Those that begin
    /// most like `witness`, the sequence that told it apart, are run first.
    func kills(
        _ scenarios: [Scenario], mutant: any ImplementationUnderTest, keys: Set<String>?, witness: [Input] = []
    ) -> Bool {
        let runner = ScenarioRunner(model: model)
        var seen = SeenThrough(mutant, keys: keys)
        let sent = witness.flatMap { Probe.expanded($0, model: model) }
        let shared = scenarios.map { zip($0.steps.flatMap(\.inputs), sent).prefix { $0 == $1 }.count }
        let order = scenarios.indices.sorted { shared[$0] != shared[$1] ? shared[$0] > shared[$1] : $0 < $1 }
        return order.contains { [.failed, .errored].contains(runner.run(scenarios[$0], on: &seen).outcome) }
    }

    func seen(_ observations: Observations, _ keys: Set<String>?) -> Observations {
        keys.map { keys in observations.filter { keys.contains($0.key) } } ?? observations
    }

    /// Two states of each blind spot of `keys` (a group's first and last), each reached by its
    /// own way from the world's start and then sent the same random symbols, each made concrete
    /// where it is sent: the observations on `keys` agree. The number of groups checked.
    func blindSpotsLookAlike(keys: Set<String>) throws -> Int {
        var reference = makeReference()
        let machine = try AbstractMachine.build(&reference, model: model, worlds: [world], inputs: inputs)
        let spots = machine.blindSpots(observing: keys, among: model.observations.map(\.key))
        let given = try #require(Probe(given: world, steps: []).scenario(id: "t", model: model)?.given)
        var random = SeededRandom(seed: 5, run: 0)
        func observed(from state: Int, sending symbols: [AbstractMachine.Symbol]) throws -> [Observations?] {
            try reference.start(scenario: "t", given: given)
            defer { reference.finish() }
            var clock = 0
            for (input, at) in machine.states[state].path.flatMap({ timed($0, clock: &clock) }) {
                _ = try? reference.perform(input, atMilliseconds: at)
            }
            var seen: [Observations?] = []
            for symbol in symbols {
                guard let sent = sent(symbol, on: reference, given: given, clock: &clock) else {
                    seen.append(nil)
                    continue
                }
                for (input, at) in sent {
                    seen.append((try? reference.perform(input, atMilliseconds: at)).map { self.seen($0, keys) })
                }
            }
            return seen
        }
        for spot in spots {
            let (first, last) = (spot.states[0], spot.states[spot.states.count - 1])
            for _ in 0..<5 {
                let symbols = (0..<12).map { _ in machine.symbols[Int(random.next() % UInt64(machine.symbols.count))] }
                let one = try observed(from: first, sending: symbols)
                let two = try observed(from: last, sending: symbols)
                #expect(
                    one == two,
                    "\(AbstractMachine.written(machine.states[first].path)) and \(AbstractMachine.written(machine.states[last].path)) look alike on the machine, not under \(symbols)"
                )
            }
        }
        return spots.count
    }

    /// `symbol` made concrete on the reference where it stands, `clock` ms into a world whose
    /// given keys are `given`: each input it sends with its time, the clock moved; nil where it
    /// sends nothing (an advance with no deadline ahead).
    func sent(_ symbol: AbstractMachine.Symbol, on reference: Reference, given: [String: Value], clock: inout Int)
        -> [(input: Input, at: Int)]?
    {
        symbol.input(
            from: reference.relativeState(atMilliseconds: clock), model: model, given: given, elapsed: clock
        ).map { timed($0, clock: &clock) }
    }

    /// `input` as the inputs it sends (a shorthand's, one by one), each with its time.
    func timed(_ input: Input, clock: inout Int) -> [(input: Input, at: Int)] {
        Probe.expanded(input, model: model).map { sent in
            if sent.name == model.clockInput { clock += sent.argument?.int ?? 0 }
            return (sent, clock)
        }
    }

    /// What random runs of the machine's symbols found on both.
    enum RandomRuns { case alike, differOnlyInRelations, differ }

    /// Random sequences of the machine's symbols, made concrete on the reference: the same
    /// observations on `keys` on both, or the same only as the machine reads them (values
    /// read as relations), or different.
    func randomRuns<Other: StateSaving>(
        _ machine: AbstractMachine, reference: inout Reference, mutant: inout Other, keys: Set<String>?
    ) throws -> RandomRuns {
        var found = RandomRuns.alike
        func compare(_ one: Observations?, _ two: Observations?) -> Bool {
            if one.map({ seen($0, keys) }) == two.map({ seen($0, keys) }) { return true }
            let relations = (
                one.map { seen(reference.relativeObservations($0), keys) },
                two.map { seen(mutant.relativeObservations($0), keys) }
            )
            guard relations.0 == relations.1 else { return false }
            found = .differOnlyInRelations
            return true
        }
        var random = SeededRandom(seed: 11, run: 0)
        let given = try #require(Probe(given: world, steps: []).scenario(id: "t", model: model)?.given)
        for _ in 0..<10 {
            try reference.start(scenario: "t", given: given)
            try mutant.start(scenario: "t", given: given)
            defer {
                reference.finish()
                mutant.finish()
            }
            // Each run starts with a launch: the world's first screen, not the process stopped.
            let launched = (
                try? reference.perform(Input("launch"), atMilliseconds: 0),
                try? mutant.perform(Input("launch"), atMilliseconds: 0)
            )
            if !compare(launched.0, launched.1) { return .differ }
            var clock = 0
            for _ in 0..<15 {
                let symbol = machine.symbols[Int(random.next() % UInt64(machine.symbols.count))]
                for (input, at) in sent(symbol, on: reference, given: given, clock: &clock) ?? [] {
                    let expected = try? reference.perform(input, atMilliseconds: at)
                    let answered = try? mutant.perform(input, atMilliseconds: at)
                    if !compare(expected, answered) { return .differ }
                }
            }
        }
        return found
    }
}
