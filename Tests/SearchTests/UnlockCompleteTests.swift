import Testing

@testable import Engine
@testable import Exploration
@testable import Reporters
@testable import Runner
@testable import ScenarioModel
@testable import SpecModel
@testable import UnlockScreen

/// The Wp-method guarantee on the unlock model's own mutants, over a machine small enough to
/// build each mutant's machine beside it: one world (no biometric hardware) and the inputs a
/// PIN-only driver sends. Every mutant some sequence tells from the reference, with at most as
/// many states as the suite was planned for, fails the suite; every mutant none tells apart
/// passes it and looks alike under random runs (a difference there is an abstraction bug).
@Suite struct UnlockCompleteTests {
    static let world: [String: Value] = ["biometric_type": .string("none")]
    static let inputs: Set<String> = ["launch", "kill", "enter_pin", "delete", "tap", "login_completed", "advance"]
    static let model = UnlockModel.declaration

    /// The suite as `generate --complete` writes it, loaded back: the scenarios a driver runs.
    static func written(
        _ suite: CompleteSuite, machine: AbstractMachine, keys: Set<String>?, memo: Argon2Memo
    ) throws -> [Scenario] {
        let planned = CompleteSession.Planned(
            machine: machine, seconds: 0, suite: suite, stateLimit: 50_000, cap: 20_000)
        var reference: any ImplementationUnderTest = UnlockReference(memo: memo)
        var saving = UnlockReference(memo: memo)
        let made = try #require(
            FoundScenarios(model: model).complete(
                planned, keys: keys, label: keys == full ? "full" : "state,states", defaultModel: model.name,
                reference: &reference, saving: &saving, partBytes: ScenarioLoader(model: model).limits.maxBytes / 2))
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
    /// `mutate` judges it (a refusal voids the guarantee and is no kill).
    static func kills(_ scenarios: [Scenario], mutant: MutatedReference, keys: Set<String>?) -> Bool {
        let runner = ScenarioRunner(model: model)
        var seen = SeenThrough(mutant, keys: keys)
        return scenarios.contains { [.failed, .errored].contains(runner.run($0, on: &seen).outcome) }
    }

    static func seen(_ observations: Observations, _ keys: Set<String>?) -> Observations {
        keys.map { keys in observations.filter { keys.contains($0.key) } } ?? observations
    }

    /// The full profile's keys: every key the app reports.
    static let full = Set(model.profile(named: ConformanceProfile.full)?.keys ?? [])

    @Test(arguments: [Self.full, ["state", "states"]] as [Set<String>])
    func everyMutantWithinTheBoundThatSomeSequenceTellsApartFailsTheSuite(keys: Set<String>) throws {
        let memo = Argon2Memo()
        var reference = UnlockReference(memo: memo)
        let machine = try AbstractMachine.build(
            &reference, model: Self.model, worlds: [Self.world], inputs: Self.inputs)
        #expect(machine.closed && machine.leftOut.isEmpty)
        let suite = CompleteSuite.plan(machine, observing: keys, extraStates: 0)
        let tests = try Self.written(suite, machine: machine, keys: keys, memo: memo)
        let bound = suite.blocks + suite.extraStates
        var tally = Tally()
        for mutant in UnlockMutants.all(memo: memo) {
            guard var other = mutant.make() as? MutatedReference else {
                Issue.record("\(mutant.id): no relative form")
                continue
            }
            switch machine.distinguish(&reference, from: &other, model: Self.model, keys: keys, limit: 5_000) {
            case .distinguished where Self.kills(tests, mutant: other, keys: keys):
                tally.killed += 1
            case .distinguished:
                // Let through: only an implementation past the bound may be. Its states are the
                // mutant's paired with the reference's, whose deadlines the advances go to.
                var paired = Paired(reference: UnlockReference(memo: memo), other: other)
                do {
                    let own = try AbstractMachine.build(
                        &paired, model: Self.model, worlds: [Self.world], limit: 10 * bound, inputs: Self.inputs)
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
                if tally.equivalent % 32 == 1 {
                    #expect(
                        !Self.kills(tests, mutant: other, keys: keys),
                        "\(mutant.id): no sequence tells it apart, yet a test failed")
                }
                #expect(
                    try Self.randomRunsLookAlike(machine, reference: &reference, mutant: &other, keys: keys),
                    "\(mutant.id): the machine calls it equivalent, a random run does not: an abstraction bug")
            case .undecided:
                Issue.record("\(mutant.id): undecided")
            }
        }
        print("\(keys == Self.full ? "full" : keys.sorted().joined(separator: ",")), N = \(suite.blocks): \(tally)")
        #expect(tally.killed >= 40 && tally.equivalent >= 150)
        // What the suite lets through, each named: a change in the machine, the suite or a
        // mutant shows here.
        if keys == Self.full {
            #expect(tally.beyond.isEmpty && tally.unbounded.isEmpty)
        } else {
            #expect(
                tally.beyond == [
                    "success-measured-from-screen-shown (26 states)", "success-measured-from-session-start (26 states)",
                ])
            #expect(
                tally.unbounded == [
                    "lock-row-6-length-plus-1ms", "lock-row-7-length-plus-1ms", "lock-row-8-length-plus-1ms",
                    "lock-row-7-failures-minus-1", "lock-row-8-failures-minus-1", "lock-end-measured-from-screen-shown",
                    "lock-end-measured-from-session-start", "pin-failures-not-reset-from-pin-input",
                    "pin-failures-not-reset-from-login",
                ])
        }
    }

    struct Tally: CustomStringConvertible {
        var killed = 0
        var beyond: [String] = []
        var unbounded: [String] = []
        var equivalent = 0

        var description: String {
            "\(killed) killed, \(equivalent) equivalent, \(beyond.count) let through past the bound: \(beyond), "
                + "\(unbounded.count) let through with no bound shown: \(unbounded)"
        }
    }

    /// Random sequences of the machine's symbols, made concrete on the reference, give the same
    /// observations on `keys` on both.
    static func randomRunsLookAlike(
        _ machine: AbstractMachine, reference: inout UnlockReference, mutant: inout MutatedReference,
        keys: Set<String>?
    ) throws -> Bool {
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
            if launched.0.map({ seen($0, keys) }) != launched.1.map({ seen($0, keys) }) { return false }
            var clock = 0
            for _ in 0..<15 {
                let symbol = machine.symbols[Int(random.next() % UInt64(machine.symbols.count))]
                guard let input = symbol.input(from: reference.relativeState(atMilliseconds: clock), model: model)
                else { continue }
                for sent in Probe.expanded(input, model: model) {
                    if sent.name == model.clockInput { clock += sent.argument?.int ?? 0 }
                    let expected = try? reference.perform(sent, atMilliseconds: clock)
                    let found = try? mutant.perform(sent, atMilliseconds: clock)
                    if expected.map({ seen($0, keys) }) != found.map({ seen($0, keys) }) { return false }
                }
            }
        }
        return true
    }
}

/// An implementation driven beside the reference: it answers, the reference only paces it. Its
/// relative form is both forms and its deadlines the reference's, so a machine built on it is
/// the implementation as a suite made concrete on the reference drives it.
struct Paired<Reference: StateSaving, Other: StateSaving>: StateSaving {
    var reference: Reference
    var other: Other

    struct Saved: Hashable {
        var reference: Reference.Saved
        var other: Other.Saved
    }

    var name: String { other.name }
    var observedKeys: Set<String> { other.observedKeys }

    mutating func start(scenario: String, given: [String: Value]) throws(ImplementationError) {
        try reference.start(scenario: scenario, given: given)
        try other.start(scenario: scenario, given: given)
    }

    mutating func perform(_ input: Input, atMilliseconds milliseconds: Int) throws(ImplementationError)
        -> Observations
    {
        _ = try reference.perform(input, atMilliseconds: milliseconds)
        return try other.perform(input, atMilliseconds: milliseconds)
    }

    mutating func finish() {
        reference.finish()
        other.finish()
    }

    func save() -> Saved? {
        guard let one = reference.save(), let two = other.save() else { return nil }
        return Saved(reference: one, other: two)
    }

    mutating func restore(_ saved: Saved) {
        reference.restore(saved.reference)
        other.restore(saved.other)
    }

    func relativeState(atMilliseconds milliseconds: Int) -> RelativeState? {
        guard let one = reference.relativeState(atMilliseconds: milliseconds),
            let two = other.relativeState(atMilliseconds: milliseconds)
        else { return nil }
        return RelativeState(form: [one.form, two.form], moments: one.moments)
    }

    func relativeObservations(_ observations: Observations) -> Observations {
        other.relativeObservations(observations)
    }
}
