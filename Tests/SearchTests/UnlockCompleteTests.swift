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
    static let model = UnlockModel.declaration

    /// The full profile's keys: every key the app reports.
    static let full = Set(model.profile(named: ConformanceProfile.full)?.keys ?? [])

    static func check(memo: Argon2Memo) -> CompleteMutantCheck<UnlockReference> {
        CompleteMutantCheck(
            model: model, world: ["biometric_type": .string("none")],
            inputs: ["launch", "kill", "enter_pin", "delete", "tap", "login_completed", "advance"],
            makeReference: { UnlockReference(memo: memo) })
    }

    @Test func blindSpotsOfTheMinimalProfileLookAlikeWhateverIsSent() throws {
        let groups = try Self.check(memo: Argon2Memo()).blindSpotsLookAlike(keys: ["state"])
        #expect(groups > 0)
    }

    @Test(arguments: [Self.full, ["state", "states"]] as [Set<String>])
    func everyMutantWithinTheBoundThatSomeSequenceTellsApartFailsTheSuite(keys: Set<String>) throws {
        let memo = Argon2Memo()
        let check = Self.check(memo: memo)
        let prepared = try check.prepare(keys: keys, label: keys == Self.full ? "full" : "state,states")
        let tally = try check.tally(UnlockMutants.all(memo: memo), as: MutatedReference.self, prepared: prepared)
        #expect(tally.killed >= 40 && tally.equivalent >= 150)
        // What the suite lets through, each named: a change in the machine, the suite or a
        // mutant shows here.
        #expect(tally.relationsOnly.isEmpty)
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
