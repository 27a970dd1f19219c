import Testing

@testable import AuthFlowMachine
@testable import Exploration
@testable import SpecModel
@testable import UnlockScreen

/// The flow's abstract machine: a one-time code typed by what it is when typed (the code of
/// the step now, the one before, an older one, none), and the Wp-method guarantee on the flow's
/// own mutants over a Perfect account signed out (the MFA screen from the first one) with the
/// inputs of a sign-in: launch, the Google button, the provider's answers, codes and advances.
@Suite struct FlowCompleteTests {
    static let model = AuthFlowModel.declaration
    static let world: [String: Value] = ["tier": .string("perfect"), "session": .string("expired")]
    static let inputs: Set<String> = ["launch", "tap: google", "oauth", "enter_code", "advance"]

    static func check(memo: Argon2Memo) -> CompleteMutantCheck<AuthFlowReference> {
        CompleteMutantCheck(
            model: model, world: world, inputs: inputs,
            makeReference: { AuthFlowReference(unlock: UnlockReducer(memo: memo)) })
    }

    /// RFC 6238 Appendix B's SHA-1 secret at T = 59 s is counter 1, whose six digits are RFC 4226
    /// Appendix D's count 1 (287082); the step before is count 0 (755224); at T = 60 s, count 2
    /// (359152).
    @Test func aCodeIsMadeFromTheTimeItIsTyped() throws {
        let argument = try #require(Self.model.momentArguments.first { $0.input == "enter_code" })
        let given: [String: Value] = ["clock": .int(59_000)]
        #expect(argument.classes == MomentCode.allCases.map(\.rawValue))
        #expect(argument.resolve(given, 0, 0) == .string("287082"))
        #expect(argument.resolve(given, 0, 1) == .string("755224"))
        #expect(argument.resolve(given, 1_000, 0) == .string("359152"))
        #expect(argument.resolve(given, 1_000, 1) == .string("287082"))
        // No code of a step from ten before the step now (step 1 at 59 s) to the next.
        let totp = TOTP(secret: Array(AuthFlowModel.defaultSecret.utf8))
        let none = try #require(argument.resolve(given, 0, 3).string)
        let near = (-1...10).map { totp.code(counter: 1 - $0) }
        #expect(none.count == 6 && !near.contains(none))
    }

    @Test func theMachineSignsInByTheCodeNowAndTheOneBeforeOnly() throws {
        var reference = AuthFlowReference(unlock: UnlockReducer(memo: Argon2Memo()))
        let machine = try AbstractMachine.build(
            &reference, model: Self.model, worlds: [Self.world], inputs: Self.inputs)
        #expect(machine.closed && machine.leftOut.isEmpty)
        let codes = machine.symbols.compactMap { symbol -> String? in
            if case .moment("enter_code", _, let named) = symbol { return named }
            return nil
        }
        #expect(codes == MomentCode.allCases.map(\.rawValue))
        let fixed = machine.symbols.filter { symbol in
            if case .input(let input) = symbol { return input.name == "enter_code" }
            return false
        }
        #expect(fixed.isEmpty)
        let mfa = try #require(machine.states.firstIndex { $0.name == "MFA" })
        func after(_ code: MomentCode) throws -> Observations {
            let symbol = try #require(machine.symbols.firstIndex { $0.description == "enter_code: \(code.rawValue)" })
            let edge = try #require(machine.edges[mfa][symbol])
            return try #require(machine.outputs[edge.output].last)
        }
        #expect(try after(.now)["state"] != .string("MFA"))
        #expect(try after(.stepBefore)["state"] == after(.now)["state"])
        #expect(try after(.twoStepsOld)["message"] == .string(AuthFlowTexts.codeExpired))
        #expect(try after(.none)["message"] == .string(AuthFlowTexts.codeInvalid))
    }

    @Test func blindSpotsOfTheMinimalProfileLookAlikeWhateverIsSent() throws {
        let groups = try Self.check(memo: Argon2Memo()).blindSpotsLookAlike(keys: ["state"])
        print("auth-flow blind spots of state: \(groups) groups")
        #expect(groups > 0)
    }

    static let memo = Argon2Memo()
    /// The full profile's keys: every key the app reports.
    static let full = Set(model.profile(named: ConformanceProfile.full)?.keys ?? [])
    /// The machine and its suite for `state` and for the full profile, each made once for the shards.
    static let minimal = Result { try check(memo: memo).prepare(keys: ["state"], label: "state") }
    static let everyKey = Result { try check(memo: memo).prepare(keys: full, label: "full") }
    static let mutants = AuthFlowMutants.all(unlock: { UnlockReference(memo: memo) })
    static let shards = 4

    /// Under `state` alone (the minimal profile) and every key the app reports; the mutants in
    /// four shards, run side by side.
    @Test(arguments: [false, true], 0..<Self.shards)
    func everyMutantWithinTheBoundThatSomeSequenceTellsApartFailsTheSuite(everyKey: Bool, shard: Int) throws {
        let prepared = try (everyKey ? Self.everyKey : Self.minimal).get()
        let mine = Self.mutants.enumerated().filter { $0.offset % Self.shards == shard }.map(\.element)
        let tally = try Self.check(memo: Self.memo).tally(
            mine, as: MutatedFlow.self, prepared: prepared, wholeSuiteEvery: 128)
        #expect(tally.killed >= 3 && tally.equivalent >= 50)
        // Every mutant told apart is killed: none is past the bound, none without one.
        #expect(tally.beyond.isEmpty && tally.unbounded.isEmpty)
        // Outside the guarantee, named: a time reported from another moment than the rules',
        // which the machine reads as a relation (the suite's own values check it where met).
        let relations = everyKey ? ["flow-sign-in-start-measured-from-session-start"] : []
        #expect(tally.relationsOnly == relations.filter { id in mine.contains { $0.id == id } })
    }
}
