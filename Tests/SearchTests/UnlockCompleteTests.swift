import Testing

@testable import Exploration
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

    /// A concrete test: the world it starts from, and each input sent with what the reference
    /// observed after it.
    struct Expected {
        var given: [String: Value]
        var sent: [(input: Input, observed: Observations)]
    }

    /// Each of the suite's tests made concrete on the reference.
    static func expected(
        _ suite: CompleteSuite, machine: AbstractMachine, reference: inout UnlockReference
    ) throws -> [Expected] {
        try suite.tests.map { test in
            let probe = try #require(machine.probe(test, on: &reference, model: model))
            let given = try #require(probe.scenario(id: "t", model: model)?.given)
            let sent = probe.steps.flatMap { Probe.expanded($0, model: model) }
            return Expected(given: given, sent: try run(sent, given: given, on: &reference))
        }
    }

    /// `inputs` sent to `implementation` from the start of `given`, each with what it observed.
    static func run<Implementation: ImplementationUnderTest>(
        _ inputs: [Input], given: [String: Value], on implementation: inout Implementation
    ) throws -> [(input: Input, observed: Observations)] {
        try implementation.start(scenario: "t", given: given)
        defer { implementation.finish() }
        var clock = 0
        return try inputs.map { input in
            if input.name == model.clockInput { clock += input.argument?.int ?? 0 }
            return (input, try implementation.perform(input, atMilliseconds: clock))
        }
    }

    /// Whether some test's observations on `keys` differ on `mutant` (or it refuses an input).
    static func kills(_ tests: [Expected], mutant: inout MutatedReference, keys: Set<String>?) -> Bool {
        tests.contains { test in
            guard let found = try? run(test.sent.map(\.input), given: test.given, on: &mutant) else { return true }
            return zip(found, test.sent).contains { seen($0.observed, keys) != seen($1.observed, keys) }
        }
    }

    static func seen(_ observations: Observations, _ keys: Set<String>?) -> Observations {
        keys.map { keys in observations.filter { keys.contains($0.key) } } ?? observations
    }

    @Test(arguments: [nil, ["state", "states"]] as [Set<String>?])
    func everyMutantWithinTheBoundThatSomeSequenceTellsApartFailsTheSuite(keys: Set<String>?) throws {
        let memo = Argon2Memo()
        var reference = UnlockReference(memo: memo)
        let machine = try AbstractMachine.build(
            &reference, model: Self.model, worlds: [Self.world], inputs: Self.inputs)
        #expect(machine.closed && machine.leftOut.isEmpty)
        let suite = CompleteSuite.plan(machine, observing: keys, extraStates: 0)
        let tests = try Self.expected(suite, machine: machine, reference: &reference)
        let bound = suite.blocks + suite.extraStates
        var tally = Tally()
        for mutant in UnlockMutants.all(memo: memo) {
            guard var other = mutant.make() as? MutatedReference else {
                Issue.record("\(mutant.id): no relative form")
                continue
            }
            switch machine.distinguish(&reference, from: &other, model: Self.model, keys: keys, limit: 5_000) {
            case .distinguished where Self.kills(tests, mutant: &other, keys: keys):
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
                    tally.beyond.append("\(mutant.id) (over \(10 * bound) states)")
                } catch {
                    Issue.record("\(mutant.id): told apart and let through, and its form is \(error)")
                }
            case .equivalent:
                tally.equivalent += 1
                // The suite is sequences of the same symbols made concrete the same way: one
                // in eight is run whole to show that it agrees.
                if tally.equivalent % 8 == 1 {
                    #expect(
                        !Self.kills(tests, mutant: &other, keys: keys),
                        "\(mutant.id): no sequence tells it apart, yet a test failed")
                }
                #expect(
                    try Self.randomRunsLookAlike(machine, reference: &reference, mutant: &other, keys: keys),
                    "\(mutant.id): the machine calls it equivalent, a random run does not: an abstraction bug")
            case .undecided:
                Issue.record("\(mutant.id): undecided")
            }
        }
        print("\(keys.map { $0.sorted().joined(separator: ",") } ?? "every key"), N = \(suite.blocks): \(tally)")
        #expect(tally.killed >= 40 && tally.equivalent >= 150)
    }

    struct Tally: CustomStringConvertible {
        var killed = 0
        var beyond: [String] = []
        var equivalent = 0

        var description: String {
            "\(killed) killed, \(equivalent) equivalent, \(beyond.count) let through past the bound: \(beyond)"
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
            var clock = 0
            for _ in 0..<10 {
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
