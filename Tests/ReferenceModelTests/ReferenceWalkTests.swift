import AuthSpecTestSupport
import Exploration
import Results
import Runner
import ScenarioModel
import SpecModel
import Testing
import UnlockScreen

/// Rules that must hold on every path, on random walks of the reference over every event: the
/// secure-biometrics note (004, INT-021), the hand-set wall clock (INT-022), the session at
/// unlock (INT-023), the platform's lockout (INT-008) and the analytics catalogue (§11.1). An
/// app that trusts a forged callback, keeps its key past an enrolment change or runs its timers
/// on the wall clock fails the committed scenarios, named by the rule it breaks.
@Suite struct ReferenceWalkTests {
    static let origin = 1_767_258_000_000
    let machine = UnlockMachine(verifyPIN: { pin, hash in hash == "hash:" + pin })

    static let events: [UnlockEvent] =
        [
            .launched, .killed, .backgrounded, .foregrounded, .clockAdvanced, .deleteTapped, .deleteLongPressed,
            .loginCompleted, .enrolmentChanged, .biometricsEnabled, .wallClockSet, .platformLockoutEnded,
        ] + BiometricOutcome.allCases.map(UnlockEvent.biometricAnswered) + TapTarget.allCases.map(UnlockEvent.tapped)
        + [1, 2, 3, 4, 0].map(UnlockEvent.digitTyped)
    /// Weighted so that walks often reach the prompt, the Dashboard and its settings.
    static let likely: [UnlockEvent] = Array(
        repeating: [.launched, .killed, .clockAdvanced, .biometricAnswered(.success), .biometricsEnabled], count: 4
    ).flatMap { $0 }
    /// What one pick sends: an event, or a whole PIN typed, right or wrong (so walks unlock with
    /// the PIN and reach the locks).
    static let picks: [[UnlockEvent]] =
        (events + likely).map { [$0] }
        + Array(repeating: [1, 2, 3, 4].map(UnlockEvent.digitTyped), count: 4)
        + Array(repeating: [0, 0, 0, 0].map(UnlockEvent.digitTyped), count: 8)
    static let steps = [0, 0, 1, 500, 500, 60_000, 300_000, 3_600_000]

    /// One step of a random walk: the state before, the event, the time, what followed.
    struct Step {
        var before: UnlockState
        var event: UnlockEvent
        var now: Int
        var after: UnlockState
        var outputs: [UnlockOutput]
    }

    /// 400 walks of 60 picks each, with PIN 1234, from a fresh Pro session or, every other
    /// walk, one an hour from its end (so that it runs out on the way).
    func walks() -> [Step] {
        var taken: [Step] = []
        for walk in 0..<400 {
            var random = SeededRandom(seed: 4, run: walk)
            let age = walk % 2 == 0 ? 0 : 30 * 86_400_000 - 3_600_000
            var state = UnlockState(
                persisted: PersistedStore(pinHash: "hash:1234", pinLength: 4, sessionStartedAt: Self.origin - age))
            var now = Self.origin
            for _ in 0..<60 {
                let pick = Self.picks.randomElement(using: &random)!
                now += Self.steps.randomElement(using: &random)!
                for event in pick {
                    let (after, outputs) = machine.reduce(state, event, now: now)
                    taken.append(Step(before: state, event: event, now: now, after: after, outputs: outputs))
                    state = after
                }
            }
        }
        return taken
    }

    @Test func aBiometricUnlockNeedsAValidKeyAndARealSuccess() {
        var unlocked = 0
        for step in walks() where step.outputs.contains(.entered(.biometricSuccess)) {
            unlocked += 1
            #expect(step.event == .biometricAnswered(.success), "\(step.event) unlocked")
            #expect(step.before.persisted.biometricsUsable, "unlocked with the key invalidated or biometrics off")
        }
        // The walks do reach biometric unlocks: the property was put to the test.
        #expect(unlocked > 100)
    }

    @Test func biometricsComeBackOnlyWhenTheUserTurnsThemOn() {
        var invalidated = 0
        var reenabled = 0
        for step in walks() {
            if step.event == .enrolmentChanged {
                invalidated += 1
                #expect(!step.after.persisted.biometricsUsable)
            }
            if !step.before.persisted.biometricsUsable && step.after.persisted.biometricsUsable {
                reenabled += 1
                // On the Dashboard (a Success whose 0.5 s ran out reaches it first, in the same step).
                #expect(step.event == .biometricsEnabled && step.after.screen.phase == .dashboard)
            }
        }
        #expect(invalidated > 100 && reenabled > 10, "\(invalidated) invalidated, \(reenabled) re-enabled")
    }

    /// INT-023: whatever the path (a lock, a slow prompt), nothing unlocks on an expired session.
    @Test func nothingUnlocksOnAnExpiredSession() {
        let rules = UnlockRules.spec
        var unlocks = 0
        var refused = 0
        for step in walks() where step.outputs.contains(.entered(.success)) || step.outputs.contains(.entered(.login)) {
            let store = step.before.persisted
            let valid =
                store.session == .valid && step.now - store.sessionStartedAt < rules.sessionLifetime[store.tier]!
            if step.outputs.contains(.entered(.success)) {
                unlocks += 1
                #expect(valid, "unlocked on \(step.event) with the session expired")
            } else if [Phase.pinInput, .biometricPrompt].contains(step.before.screen.phase) {
                refused += 1
                #expect(!valid)
            }
        }
        #expect(unlocks > 100 && refused > 0, "\(unlocks) unlocks, \(refused) refused")
    }

    /// INT-008: the platform's lockout is the only thing its end changes.
    @Test func aPlatformLockoutEndsOnlyWhenThePlatformSaysSo() {
        var ended = 0
        for step in walks() {
            if step.before.persisted.platformBiometrics == .lockout
                && step.after.persisted.platformBiometrics != .lockout
            {
                ended += 1
                #expect(step.event == .platformLockoutEnded)
            }
            if step.event == .platformLockoutEnded {
                var expected = step.before
                expected.persisted.platformBiometrics =
                    expected.persisted.platformBiometrics == .lockout
                    ? .available : expected.persisted.platformBiometrics
                let ticked = machine.reduce(expected, .clockAdvanced, now: step.now)
                #expect(step.after == ticked.0 && step.outputs == ticked.1)
            }
        }
        #expect(ended > 5, "\(ended)")
    }

    /// Every event the reference logs is in the catalogue `spec check` compares with the
    /// documents, with exactly its parameters and only its fixed values; every catalogued event
    /// is logged somewhere.
    @Test func theReferenceLogsTheCataloguedEvents() {
        var logged: Set<String> = []
        for step in walks() {
            for case .analytics(let name, let params) in step.outputs {
                logged.insert(name)
                guard let event = UnlockAnalytics.events.first(where: { $0.name == name }) else {
                    Issue.record("\(name) is not catalogued")
                    continue
                }
                #expect(Set(params.keys) == Set(event.parameters.map(\.name)), "\(name)")
                for parameter in event.parameters where !parameter.values.isEmpty {
                    if case .string(let value)? = params[parameter.name] {
                        #expect(parameter.values.contains(value), "\(name).\(parameter.name) = \(value)")
                    } else {
                        Issue.record("\(name).\(parameter.name) is not text")
                    }
                }
            }
        }
        #expect(logged == Set(UnlockAnalytics.events.map(\.name)))
    }

    /// A clock set by hand is no input at all: exactly what a clock tick with no time passed
    /// does (due timers fire, nothing else), in every state the walks reach.
    @Test func aClockSetByHandMovesNothing() {
        for step in walks() {
            let set = machine.reduce(step.before, .wallClockSet, now: step.now)
            let tick = machine.reduce(step.before, .clockAdvanced, now: step.now)
            #expect(set.0 == tick.0 && set.1 == tick.1, "in \(step.before.screen.phase)")
        }
    }

    static let suite = TestSupport.suite().scenarios

    static func mutant(_ id: String) throws -> any ImplementationUnderTest {
        try #require(UnlockMutants.all(memo: Argon2Memo()).first { $0.id == id }).make()
    }

    /// The first problem of a scenario run on an implementation.
    static func firstProblem(_ scenario: String, on implementation: any ImplementationUnderTest) throws -> StepResult {
        let scenario = try #require(suite.first { $0.id == scenario })
        let result = try #require(TestSupport.run([scenario], on: implementation).first)
        #expect(result.outcome == .failed)
        return try #require(result.firstProblem)
    }

    @Test func anAppThatTrustsAForgedCallbackFailsNamingTheRule() throws {
        let problem = try Self.firstProblem(
            "security-forged-success-callback", on: Self.mutant("trust-success-without-key"))
        #expect(problem.index == 1)
        let broken = try #require(
            problem.differences.first { $0.subject == .invariant("biometric-unlock-needs-a-key") })
        #expect(String(describing: broken.observed).contains("no key released"), "\(broken)")
    }

    @Test func anAppWhoseKeySurvivesAnEnrolmentChangeFails() throws {
        for scenario in Self.suite.filter({ $0.id.hasPrefix("security-enrolment-change") }) {
            let problem = try Self.firstProblem(scenario.id, on: Self.mutant("ignore-enrolment-change"))
            #expect(problem.differences.contains { $0.key == "biometrics_enabled" || $0.key == "states" })
        }
    }

    @Test func anAppWithTimersOnTheWallClockFails() throws {
        let clockScenarios = Self.suite.filter { $0.id.hasPrefix("clock-") }
        #expect(clockScenarios.count >= 6)
        for scenario in clockScenarios {
            _ = try Self.firstProblem(scenario.id, on: Self.mutant("timers-on-wall-clock"))
        }
        let forward = try Self.firstProblem("clock-forward-during-lock", on: Self.mutant("timers-on-wall-clock"))
        #expect(forward.index == 2)
        #expect(forward.differences.contains { $0.subject == .invariant("lock-runs-with-the-clock") })
    }

    /// Every requirement of 004 and of the hand-set clock is claimed by scenarios that pass.
    @Test func theSecurityRequirementsAreVerified() {
        let ids = [
            "REQ-KEY-ENROLMENT-INVALIDATES", "REQ-KEY-STAYS-OFF", "REQ-KEY-REENABLE", "REQ-KEY-FORGED-CALLBACK",
            "REQ-NO-SILENT-DEGRADE", "REQ-CLOCK-FORWARD-LOCK", "REQ-CLOCK-BACK-LOCK", "REQ-CLOCK-SESSION",
            "REQ-CLOCK-INACTIVITY", "INT-021", "INT-022",
        ]
        for id in ids {
            let claiming = Self.suite.filter { $0.covers.contains { $0.id == id } }
            #expect(!claiming.isEmpty, "\(id) is not covered")
            for result in TestSupport.run(claiming, on: UnlockReference()) {
                #expect(result.outcome == .passed, "\(result.scenario.id)")
            }
        }
    }
}
