import AuthSpecTestSupport
import Testing
import UnlockScreen

/// The reference machine's rules, clause by clause, on the pure `reduce`. A stand-in PIN check
/// keeps these independent of Argon2 (tested on its own).
@Suite struct ReferenceRulesTests {
    static let origin = 1_767_258_000_000  // 2026-01-01T09:00:00Z
    let machine = UnlockMachine(verifyPIN: { pin, hash in hash == "hash:" + pin })

    func store(_ change: (inout PersistedStore) -> Void = { _ in }) -> UnlockState {
        var persisted = PersistedStore(pinHash: "hash:1234", pinLength: 4, sessionStartedAt: Self.origin)
        change(&persisted)
        return UnlockState(persisted: persisted)
    }

    /// Applies events at `at` milliseconds after the origin; returns the last state and all outputs.
    func apply(_ state: UnlockState, _ events: [UnlockEvent], at offset: Int = 0) -> (UnlockState, [UnlockOutput]) {
        var current = state
        var outputs: [UnlockOutput] = []
        for event in events {
            let (next, emitted) = machine.reduce(current, event, now: Self.origin + offset)
            current = next
            outputs += emitted
        }
        return (current, outputs)
    }

    func typing(_ pin: String) -> [UnlockEvent] { pin.compactMap(\.wholeNumberValue).map(UnlockEvent.digitTyped) }

    func entered(_ outputs: [UnlockOutput]) -> [Phase] {
        outputs.compactMap { if case .entered(let phase) = $0 { return phase } else { return nil } }
    }

    // MARK: SCR-AUTH-006 §6.1.2 and UIF-AUTH-001 §10.3

    static let lockRows: [(failure: Int, lockSeconds: Int?)] = [
        (1, nil), (2, nil), (3, nil), (4, nil), (5, 60), (6, 300), (7, 900), (8, 3600), (9, 3600), (12, 3600),
        (50, 3600),
    ]

    @Test(arguments: lockRows)
    func pinLockTableRow(failure: Int, lockSeconds: Int?) {
        let start = store {
            $0.biometricEnabled = false
            $0.pinFailures = failure - 1
        }
        let (state, outputs) = apply(start, [.launched] + typing("0000"))
        #expect(state.persisted.pinFailures == failure)
        if let lockSeconds {
            #expect(state.screen.phase == .pinBlocked)
            #expect(state.persisted.blockedUntil == Self.origin + lockSeconds * 1000)
            #expect(outputs.contains(.analytics(name: "pin_blocked", params: ["duration_seconds": .int(lockSeconds)])))
        } else {
            #expect(state.screen.phase == .pinInput)
            #expect(state.persisted.blockedUntil == nil)
            #expect(outputs.contains(.announced("PIN incorrecto. \(5 - failure) intentos restantes")))
        }
        #expect(
            entered(outputs).suffix(3) == [.pinValidating, .pinError, lockSeconds == nil ? .pinInput : .pinBlocked])
    }

    @Test(arguments: [60, 300, 900, 3600])
    func lockEndsExactlyAtItsDuration(seconds: Int) {
        let blocked = store {
            $0.blockedUntil = Self.origin + seconds * 1000
            $0.pinFailures = 5
        }
        // INT-004: the prompt first; the lock is checked where the PIN screen starts.
        let (atPrompt, _) = apply(blocked, [.launched])
        #expect(atPrompt.screen.phase == .biometricPrompt)
        let (atLaunch, _) = apply(atPrompt, [.biometricAnswered(.cancel)])
        #expect(atLaunch.screen.phase == .pinBlocked)
        let (oneTickBefore, _) = apply(atLaunch, [.clockAdvanced], at: seconds * 1000 - 1)
        #expect(oneTickBefore.screen.phase == .pinBlocked)
        let (atEnd, outputs) = apply(oneTickBefore, [.clockAdvanced], at: seconds * 1000)
        #expect(atEnd.screen.phase == .pinInput)
        #expect(atEnd.persisted.blockedUntil == nil)
        #expect(outputs == [.entered(.pinInput)])
    }

    @Test func lockAndFailureCountSurviveAKill() {
        let start = store {
            $0.biometricEnabled = false
            $0.pinFailures = 4
        }
        let (blocked, _) = apply(start, [.launched] + typing("9999"))
        let (killed, outputs) = apply(blocked, [.killed], at: 1000)
        #expect(outputs == [.entered(.notRunning)])
        #expect(killed.persisted == blocked.persisted)
        #expect(killed.screen == ScreenState())
        let (relaunched, _) = apply(killed, [.launched], at: 2000)
        #expect(relaunched.screen.phase == .pinBlocked)
    }

    // MARK: SCR-AUTH-006 §6.1.1

    @Test(arguments: [(1, Phase.biometricFail), (2, .biometricFail), (3, .pinInput)])
    func biometricFailureRow(failure: Int, phase: Phase) {
        var events: [UnlockEvent] = [.launched]
        for attempt in 1...failure {
            events.append(.biometricAnswered(.failure))
            if attempt < failure { events.append(.tapped(.retryBiometrics)) }
        }
        let (state, outputs) = apply(store(), events)
        #expect(state.screen.phase == phase)
        #expect(state.screen.biometricFailures == failure)
        #expect(
            outputs.last
                == (phase == .pinInput
                    ? .analytics(name: "biometric_to_pin", params: ["reason": .string("failed")])
                    : .announced("No reconocido. \(3 - failure) intentos restantes")))
    }

    /// UIF-AUTH-001 §8.3 and SCR-AUTH-006 §8.2: no biometric outcome but success ever unlocks.
    @Test(arguments: BiometricOutcome.allCases)
    func onlyASuccessfulBiometricUnlocks(outcome: BiometricOutcome) {
        let (state, outputs) = apply(store(), [.launched, .biometricAnswered(outcome)])
        #expect(entered(outputs).contains(.success) == (outcome == .success))
        if outcome != .success && outcome != .failure { #expect(state.screen.phase == .pinInput) }
    }

    @Test func platformLockoutOutlivesTheProcess() {
        let (locked, _) = apply(store(), [.launched, .biometricAnswered(.lockout), .killed, .launched])
        #expect(locked.persisted.platformBiometrics == .lockout)
        #expect(locked.screen.phase == .pinInput)
        #expect(locked.screen.message == "Biometria bloqueada. Usa tu PIN.")
    }

    // MARK: Timers: SCR-AUTH-006 §2.5, UIF-AUTH-001 §10.2

    @Test func dashboardFollowsSuccessAfterExactlyHalfASecond() {
        let (success, _) = apply(store(), [.launched, .biometricAnswered(.success)])
        #expect(apply(success, [.clockAdvanced], at: 499).0.screen.phase == .success)
        #expect(apply(success, [.clockAdvanced], at: 500).0.screen.phase == .dashboard)
    }

    @Test(arguments: [(299_999, Phase.dashboard), (300_000, .biometricPrompt), (3_600_000, .biometricPrompt)])
    func inactivityTimeout(away: Int, phase: Phase) {
        let (success, _) = apply(store(), [.launched, .biometricAnswered(.success)])
        let (dashboard, _) = apply(success, [.clockAdvanced, .backgrounded], at: 500)
        #expect(dashboard.screen.phase == .dashboard)
        #expect(apply(dashboard, [.foregrounded], at: 500 + away).0.screen.phase == phase)
    }

    @Test(arguments: [(Tier.pro, 30), (.perfect, 7)])
    func sessionExpiresAtTheTierLifetime(tier: Tier, days: Int) {
        let lifetime = days * 86_400_000
        let oneTickBefore = store {
            $0.tier = tier
            $0.sessionStartedAt = Self.origin - lifetime + 1
        }
        #expect(apply(oneTickBefore, [.launched]).0.screen.phase == .biometricPrompt)
        let atBoundary = store {
            $0.tier = tier
            $0.sessionStartedAt = Self.origin - lifetime
        }
        #expect(apply(atBoundary, [.launched]).0.screen.phase == .login)
    }

    @Test(arguments: [SessionStatus.expired, .absent])
    func invalidSessionGoesToLogin(status: SessionStatus) {
        let (state, outputs) = apply(store { $0.session = status }, [.launched])
        #expect(state.screen.phase == .login)
        #expect(entered(outputs) == [.checkingSession, .login])
    }

    // MARK: INT-006 and INT-012

    @Test func onlyACompletedLoginLiftsTheLock() {
        let blocked = store {
            $0.blockedUntil = Self.origin + 60_000
            $0.pinFailures = 5
        }
        let (atLogin, _) = apply(blocked, [.launched, .biometricAnswered(.cancel), .tapped(.loginAgain)])
        #expect(atLogin.screen.phase == .login)
        #expect(atLogin.persisted.blockedUntil != nil)
        let (loggedIn, _) = apply(atLogin, [.loginCompleted], at: 1000)
        #expect(loggedIn.screen.phase == .dashboard)
        #expect(loggedIn.persisted.blockedUntil == nil && loggedIn.persisted.pinFailures == 0)
        #expect(loggedIn.persisted.sessionStartedAt == Self.origin + 1000)
    }

    static let inputsIgnoredWhileBlocked: [UnlockEvent] =
        BiometricOutcome.allCases.map(UnlockEvent.biometricAnswered) + (0...9).map(UnlockEvent.digitTyped)
        + [
            .deleteTapped, .deleteLongPressed, .launched, .loginCompleted, .tapped(.forgotPIN),
            .tapped(.retryBiometrics), .tapped(.usePIN),
        ]

    @Test(arguments: inputsIgnoredWhileBlocked)
    func blockedScreenIgnores(event: UnlockEvent) {
        let (blocked, _) = apply(
            store {
                $0.blockedUntil = Self.origin + 60_000
                $0.pinFailures = 5
                $0.biometricEnabled = false
            }, [.launched])
        #expect(blocked.screen.phase == .pinBlocked)
        let (after, outputs) = apply(blocked, [event], at: 10)
        #expect(outputs.isEmpty)
        #expect(after == blocked)
    }

    // MARK: Texts: SCR-AUTH-006 §3.5, §7.3; INT-010

    @Test(arguments: [
        (60_000, "01:00"), (59_001, "01:00"), (59_000, "00:59"), (1, "00:01"), (272_000, "04:32"), (3_600_000, "60:00"),
        (900_000, "15:00"),
    ])
    func countdownRoundsUp(milliseconds: Int, text: String) {
        #expect(UnlockTexts.countdown(milliseconds) == text)
    }

    @Test(arguments: [
        (60_000, "1 minuto"), (300_000, "5 minutos"), (900_000, "15 minutos"), (3_600_000, "1 hora"),
        (272_000, "4 minutos 32 segundos"), (1_500, "2 segundos"), (3_661_000, "1 hora 1 minuto 1 segundo"),
    ])
    func spokenDuration(milliseconds: Int, words: String) {
        #expect(UnlockTexts.spokenDuration(milliseconds) == words)
    }

    @Test func reduceIsDeterministic() {
        let events: [UnlockEvent] =
            [.launched, .biometricAnswered(.failure), .tapped(.retryBiometrics), .biometricAnswered(.cancel)]
            + typing("0000")
        #expect(apply(store(), events) == apply(store(), events))
    }
}
