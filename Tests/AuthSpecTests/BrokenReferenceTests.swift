import ReferenceMachine
import Runner
import SpecModel
import Testing

/// The suite has teeth: each deliberately broken variant of the reference makes the named
/// scenarios fail. A variant no scenario catches is a hole in the suite.
@Suite struct BrokenReferenceTests {
    struct Breakage: Sendable, CustomStringConvertible {
        var description: String
        /// Scenarios that must fail against this variant.
        var caughtBy: Set<String>
        var rules: @Sendable (inout UnlockRules) -> Void = { _ in }
        var rewriteInput: @Sendable (Input) -> Input = { $0 }
        var afterInput: @Sendable (Input, _ before: UnlockState, _ after: inout UnlockState) -> Void = { _, _, _ in }
        var rewriteObservations: @Sendable (Observations) -> Observations = { $0 }
    }

    /// The reference with one breakage wrapped around it.
    struct BrokenReference: ImplementationUnderTest {
        var inner: ReferenceImplementation
        let breakage: Breakage
        var name: String { "broken: \(breakage)" }
        var observedKeys: Set<String> { inner.observedKeys }

        init(_ breakage: Breakage) {
            var rules = UnlockRules.spec
            breakage.rules(&rules)
            inner = ReferenceImplementation(machine: UnlockMachine(rules: rules))
            self.breakage = breakage
        }

        mutating func start(scenario: String, given: [String: Value]) throws(ImplementationError) {
            try inner.start(scenario: scenario, given: given)
        }
        mutating func finish() { inner.finish() }

        mutating func perform(_ input: Input, atMilliseconds milliseconds: Int) throws(ImplementationError)
            -> Observations
        {
            let before = inner.state
            let rewritten = breakage.rewriteInput(input)
            let observations = try inner.perform(rewritten, atMilliseconds: milliseconds)
            if let before, var after = inner.state {
                breakage.afterInput(rewritten, before, &after)
                inner.state = after
            }
            return breakage.rewriteObservations(observations)
        }
    }

    static let breakages: [Breakage] = [
        Breakage(
            description: "the PIN failure count is reset by a kill", caughtBy: ["lock-failure-count-survives-kill"],
            afterInput: { input, _, state in if input.name == "kill" { state.persisted.pinFailures = 0 } }),
        Breakage(
            description: "the 8th failure locks for 15 minutes",
            caughtBy: ["brief-pin-failure-8-and-beyond-lock-1-hour"],
            rules: { $0.lockSchedule.removeLast() }),
        Breakage(
            description: "a biometric cancel counts as a failure",
            caughtBy: ["brief-cancel-goes-to-pin", "biometric-input-ignored-on-pin-screen"],
            rewriteInput: { $0 == Input("biometric", .string("cancel")) ? Input("biometric", .string("failure")) : $0 }),
        Breakage(
            description: "the lock ends one second early", caughtBy: ["lock-countdown-and-boundary"],
            afterInput: { _, before, state in
                if let until = state.persisted.blockedUntil, until != before.persisted.blockedUntil {
                    state.persisted.blockedUntil = until - 1000
                }
            }),
        Breakage(
            description: "two biometric failures switch to the PIN",
            caughtBy: ["brief-biometric-fails-3-times-then-pin", "biometric-failure-rows-1-and-2-allow-retry"],
            rules: { $0.biometricAttempts = 2 }),
        Breakage(
            description: "the Dashboard follows Success at once",
            caughtBy: ["biometric-success-dashboard-one-tick-before"],
            rules: { $0.successDelay = 0 }),
        Breakage(
            description: "exactly 5 minutes in the background does not lock",
            caughtBy: ["lifecycle-background-5-minutes-requires-unlock"],
            rules: { $0.inactivityTimeout += 1 }),
        Breakage(
            description: "a Perfect session lasts 30 days",
            caughtBy: ["session-perfect-expires-at-7-days", "session-expires-while-backgrounded"],
            rules: { $0.sessionLifetime[.perfect] = 30 * 86_400_000 }),
        Breakage(
            description: "tapping 'Iniciar sesion nuevamente' lifts the lock before any login",
            caughtBy: ["brief-relogin-from-blocked", "lock-login-tap-alone-keeps-lock"],
            afterInput: { input, _, state in
                if input == Input("tap", .string("login_again")) {
                    state.persisted.blockedUntil = nil
                    state.persisted.pinFailures = 0
                }
            }),
        Breakage(
            description: "biometrics are offered again after a platform lockout",
            caughtBy: ["biometric-lockout-not-offered-after-relaunch"],
            afterInput: { _, _, state in state.persisted.platformBiometrics = .available }),
        Breakage(
            description: "the lock is lost when the app is killed", caughtBy: ["lock-survives-kill"],
            afterInput: { input, _, state in if input.name == "kill" { state.persisted.blockedUntil = nil } }),
        Breakage(
            description: "the wrong-PIN announcement counts failures instead of attempts left",
            caughtBy: ["pin-failure-rows-1-to-4-show-attempts-left"],
            rewriteObservations: { observations in
                var changed = observations
                changed["announcements"] = .list(
                    (observations["announcements"]?.list ?? []).map { item in
                        guard let text = item.string, text.hasPrefix("PIN incorrecto. "),
                            let left = Int(text.split(separator: " ")[2])
                        else { return item }
                        return .string("PIN incorrecto. \(5 - left) intentos restantes")
                    })
                return changed
            }),
    ]

    @Test(arguments: breakages)
    func breakageIsCaught(_ breakage: Breakage) {
        let results = TestSupport.run(TestSupport.suite().scenarios, on: BrokenReference(breakage))
        let failing = Set(results.filter { $0.outcome == .failed }.map(\.scenario.id))
        #expect(
            breakage.caughtBy.isSubset(of: failing),
            "expected \(breakage.caughtBy.sorted()) to fail; failing: \(failing.sorted())")
        #expect(results.allSatisfy { $0.outcome != .errored })
    }
}
