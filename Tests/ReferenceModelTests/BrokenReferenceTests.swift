import AuthSpecTestSupport
import Runner
import SpecModel
import Testing
import UnlockScreen

/// The suite has teeth: each deliberately broken variant of the reference makes the named
/// scenarios fail. A variant no scenario catches is a hole in the suite.
@Suite struct BrokenReferenceTests {
    struct Breakage: Sendable, CustomStringConvertible {
        var description: String
        /// Scenarios that must fail against this variant.
        var caughtBy: Set<String>
        var rules: @Sendable (inout UnlockRules) -> Void = { _ in }
        var rewriteInput: @Sendable (Input) -> Input = { $0 }
        var alter: MutatedReference.Alteration = { _, _, _ in }
        var rewriteObservations: @Sendable (Observations) -> Observations = { $0 }

        /// The reference with this breakage.
        var reference: MutatedReference {
            var changed = UnlockRules.spec
            rules(&changed)
            return MutatedReference(
                "broken: \(description)", rules: changed, memo: BrokenReferenceTests.memo, alter: alter,
                rewrite: rewriteObservations, rewriteInput: rewriteInput)
        }
    }

    static let memo = Argon2Memo()

    /// A kill: the process was running and is not any more.
    static func killed(_ before: UnlockState, _ next: UnlockState) -> Bool {
        before.screen.phase != .notRunning && next.screen.phase == .notRunning
    }

    static let breakages: [Breakage] = [
        Breakage(
            description: "the PIN failure count is reset by a kill", caughtBy: ["lock-failure-count-survives-kill"],
            alter: { before, next, _ in if killed(before, next) { next.persisted.pinFailures = 0 } }),
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
            alter: { before, next, _ in
                if let until = next.persisted.blockedUntil, until != before.persisted.blockedUntil {
                    next.persisted.blockedUntil = until - 1000
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
            alter: { before, next, _ in
                if before.screen.phase == .pinBlocked && next.screen.phase == .login {
                    next.persisted.blockedUntil = nil
                    next.persisted.pinFailures = 0
                }
            }),
        Breakage(
            description: "biometrics are offered again after a platform lockout",
            caughtBy: ["biometric-lockout-not-offered-after-relaunch"],
            alter: { _, next, _ in next.persisted.platformBiometrics = .available }),
        Breakage(
            description: "the lock is lost when the app is killed", caughtBy: ["lock-survives-kill"],
            alter: { before, next, _ in if killed(before, next) { next.persisted.blockedUntil = nil } }),
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
        let results = TestSupport.run(TestSupport.suite().scenarios, on: breakage.reference)
        let failing = Set(results.filter { $0.outcome == .failed }.map(\.scenario.id))
        #expect(
            breakage.caughtBy.isSubset(of: failing),
            "expected \(breakage.caughtBy.sorted()) to fail; failing: \(failing.sorted())")
        #expect(results.allSatisfy { $0.outcome != .errored })
    }
}
