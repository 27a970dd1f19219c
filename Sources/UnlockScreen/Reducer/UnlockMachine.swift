/// The executable reading of SCR-AUTH-006: one pure `reduce` from a state, an event and the
/// virtual wall clock to the next state and what the outside world sees. No clock is read and
/// nothing is remembered between calls; the PIN check is the only dependency, passed in.
package struct UnlockMachine: Sendable {
    package var rules: UnlockRules
    /// Checks typed digits against the stored encoded hash.
    package var verifyPIN: @Sendable (_ pin: String, _ encodedHash: String) -> Bool

    package init(
        rules: UnlockRules = .spec,
        verifyPIN: @escaping @Sendable (String, String) -> Bool = Argon2idHasher.verify
    ) {
        self.rules = rules
        self.verifyPIN = verifyPIN
    }

    /// The instant the state's running timer falls due, if one runs: the Success delay's end
    /// or the lock's. A parent firing timers in time order asks for it.
    package func nextDeadline(_ state: UnlockState) -> Int? { Self.nextDeadline(state, rules: rules) }

    static func nextDeadline(_ state: UnlockState, rules: UnlockRules) -> Int? {
        switch state.screen.phase {
        case .success: state.screen.successAt.map { $0 + rules.successDelay }
        case .pinBlocked: state.persisted.blockedUntil
        default: nil
        }
    }

    /// `now` is milliseconds since 1970 on the virtual clock.
    package func reduce(_ state: UnlockState, _ event: UnlockEvent, now: Int) -> (UnlockState, [UnlockOutput]) {
        var reduction = Reduction(state: state, now: now, rules: rules, verifyPIN: verifyPIN)
        // What the flow tells of its own screens happens at the instant of the flow's event,
        // whose time the flow has already passed to the screen.
        if !event.isTheFlowsNews { reduction.fireDueTimers() }
        reduction.handle(event)
        return (reduction.state, reduction.outputs)
    }
}

/// One call of `reduce` in progress: the state being changed and the outputs so far.
private struct Reduction {
    var state: UnlockState
    var now: Int
    let rules: UnlockRules
    let verifyPIN: @Sendable (String, String) -> Bool
    var outputs: [UnlockOutput] = []

    init(state: UnlockState, now: Int, rules: UnlockRules, verifyPIN: @escaping @Sendable (String, String) -> Bool) {
        self.state = state
        self.now = now
        self.rules = rules
        self.verifyPIN = verifyPIN
    }

    var phase: Phase { state.screen.phase }
    var store: PersistedStore {
        get { state.persisted }
        set { state.persisted = newValue }
    }

    // MARK: Outputs

    mutating func enter(_ phase: Phase) {
        let from = state.screen.phase
        state.screen.phase = phase
        outputs.append(.entered(phase))
        if let animation = UnlockRenderedView.animation(from: from, to: phase) { outputs.append(.animated(animation)) }
    }

    mutating func announce(_ text: String, _ priority: AnnouncementPriority = .high) {
        outputs.append(.announced(text, priority))
    }

    mutating func feel(_ haptic: Haptic) { outputs.append(.felt(haptic)) }

    mutating func log(_ name: String, _ params: [String: AnalyticsParameter] = [:]) {
        outputs.append(.analytics(name: name, params: params))
    }

    // MARK: Events

    mutating func handle(_ event: UnlockEvent) {
        switch event {
        case .launched where phase == .notRunning:
            state.screen = ScreenState()
            checkSession()
        case .killed where phase != .notRunning:
            state.screen = ScreenState()
            enter(.notRunning)
        case .backgrounded where phase != .notRunning && state.screen.backgroundedAt == nil:
            state.screen.backgroundedAt = now
        case .foregrounded:
            foreground()
        case .biometricAnswered(let outcome) where phase == .biometricPrompt:
            biometricAnswered(outcome)
        case .digitTyped(let digit) where phase == .pinInput:
            // §3.4: every key gives haptic feedback, the one that completes the PIN too.
            feel(.key)
            type(digit)
        case .deleteTapped where phase == .pinInput:
            feel(.key)
            _ = state.screen.digits.popLast()
        case .deleteLongPressed where phase == .pinInput:
            feel(.key)
            state.screen.digits = []
        case .tapped(let target):
            tapped(target)
        case .loginCompleted where phase == .login:
            // INT-006: a completed login proves the account holder; the lock and the count go.
            store.session = .valid
            store.sessionStartedAt = now
            store.pinFailures = 0
            store.blockedUntil = nil
            store.newKeyAwaitsLogin = false
            enter(.dashboard)
        case .enrolmentChanged:
            // The platform acts whether or not the app runs; the app finds out when it uses the key.
            store.biometricKeyValid = false
        case .biometricsEnabled where phase == .dashboard && !store.newKeyAwaitsLogin:
            // INT-021: after an invalidation, the PIN alone does not make a new key.
            store.biometricEnabled = true
            store.biometricKeyValid = true
        case .platformLockoutEnded:
            if store.platformBiometrics == .lockout { store.platformBiometrics = .available }
        case .loginShown:
            state.screen.digits = []
            state.screen.message = nil
            enter(.login)
        case .recoveryShown:
            enter(.recovery)
        case .signInScreenShown:
            state.screen.phase = .login
        case .sessionEnded:
            store.session = .absent
        case .wallClockSet:
            // INT-022: every duration the screen acts on is elapsed time, so a clock set by hand
            // moves nothing.
            break
        default:
            // INT-012: an input the current state does not take is ignored, with no output.
            break
        }
    }

    /// Timers that are due by `now`, each at its own instant (at most one runs at a time:
    /// Success hands over to the Dashboard, a lock ends).
    mutating func fireDueTimers() {
        let end = now
        while let at = UnlockMachine.nextDeadline(state, rules: rules), at <= end {
            now = at
            if phase == .success {
                enter(.dashboard)
            } else {
                store.blockedUntil = nil
                state.screen.message = nil
                enter(.pinInput)
            }
        }
        now = end
    }

    // MARK: Session and screen

    /// SCR-AUTH-006 §4.1, §5.1; UIF-AUTH-001 §2, §10.2.
    mutating func checkSession() {
        enter(.checkingSession)
        guard sessionIsValid else {
            enter(.login)
            return
        }
        state.screen.shownAt = now
        log("screen_view", ["screen_name": .string("biometric_unlock")])
        guard store.biometricEnabled, store.biometricType != .none else {
            // INT-025: no biometric on the device is the same as biometrics turned off.
            startPINScreen()
            return
        }
        guard store.biometricKeyValid else {
            keyInvalidated()
            return
        }
        switch store.platformBiometrics {
        case .available:
            showBiometricPrompt()
        case .notAvailable, .notEnrolled, .passcodeNotSet:
            // 003: canEvaluatePolicy fails for each; INT-019 reads passcodeNotSet as §8.3's
            // "Sensor no disponible".
            fallBackToPIN(reason: "failed", message: UnlockTexts.sensorUnavailable)
        case .lockout:
            fallBackToPIN(reason: "failed", message: UnlockTexts.biometricLockedOut)
        }
    }

    /// UIF-AUTH-001 §10.2: a session lasts its tier's lifetime from the last login.
    var sessionIsValid: Bool { rules.sessionIsValid(store, now: now) }

    mutating func foreground() {
        guard let since = state.screen.backgroundedAt else { return }
        state.screen.backgroundedAt = nil
        // UIF-AUTH-001 §2: every resume checks the session (INT-035); §10.2: 5 min or more
        // away requires unlocking again (INT-013).
        if phase == .dashboard,
            now - since >= rules.inactivityTimeout || (rules.resumeChecksSession && !sessionIsValid)
        {
            state.screen = ScreenState()
            checkSession()
        }
    }

    // MARK: Biometrics

    mutating func showBiometricPrompt() {
        state.screen.message = nil
        enter(.biometricPrompt)
        announce(UnlockTexts.biometricPrompt(store.biometricType, on: store.platform))
        log("biometric_attempt", ["type": .string(store.biometricType.rawValue)])
    }

    mutating func biometricAnswered(_ outcome: BiometricOutcome) {
        let type = AnalyticsParameter.string(store.biometricType.rawValue)
        switch outcome {
        case .success where !store.biometricKeyValid:
            // 004: the platform will not release an invalidated key, whatever the callback says.
            keyInvalidated()
        case .success:
            enter(.biometricSuccess)
            log("biometric_success", ["type": type, "time_ms": .int(now - (state.screen.shownAt ?? now))])
            unlock(method: "biometric")
        case .failure:
            state.screen.biometricFailures += 1
            let failures = state.screen.biometricFailures
            enter(.biometricFail)
            log("biometric_failure", ["type": type, "attempt_number": .int(failures)])
            if failures >= rules.biometricFallbackFailure {
                // INT-007: the fallback is announced once, without a "0 intentos restantes" first.
                fallBackToPIN(reason: "failed", message: UnlockTexts.fallbackAfterFailures)
            } else {
                state.screen.message = UnlockTexts.notRecognised
                announce(UnlockTexts.biometricFailed(left: max(rules.biometricAttempts - failures, 0)))
            }
        case .cancel, .usePIN:
            fallBackToPIN(reason: "cancelled", message: nil)
        case .notAvailable, .notEnrolled:
            fallBackToPIN(reason: "failed", message: UnlockTexts.sensorUnavailable)
        case .lockout:
            // The platform keeps biometrics locked past our process (INT-008).
            store.platformBiometrics = .lockout
            fallBackToPIN(reason: "failed", message: UnlockTexts.biometricLockedOut)
        case .successWithoutKey:
            // INT-021: no key, no unlock; the key itself is intact, so the next launch prompts again.
            fallBackToPIN(reason: "failed", message: UnlockTexts.fallbackAfterFailures)
        }
    }

    /// INT-021: the key is gone (004), so biometrics go off until the user turns them on again,
    /// and the PIN is the way on.
    mutating func keyInvalidated() {
        store.biometricEnabled = false
        store.newKeyAwaitsLogin = true
        fallBackToPIN(reason: "failed", message: UnlockTexts.fallbackAfterFailures)
    }

    mutating func fallBackToPIN(reason: String, message: String?) {
        if startPINScreen() {
            state.screen.message = message
            announce(UnlockTexts.biometricToPIN)
        }
        log("biometric_to_pin", ["reason": .string(reason)])
    }

    /// SCR-AUTH-006 §6.2: a persisted lock is checked where the PIN screen starts (INT-004), so
    /// a running one shows the countdown instead of the keypad. Whether the keypad is up.
    @discardableResult
    mutating func startPINScreen() -> Bool {
        if let until = store.blockedUntil {
            if now < until {
                showBlocked(announcing: until - now)
                return false
            }
            store.blockedUntil = nil
        }
        enter(.pinInput)
        return true
    }

    mutating func tapped(_ target: TapTarget) {
        switch (target, phase) {
        case (.retryBiometrics, .biometricFail) where state.screen.biometricFailures < rules.biometricFallbackFailure:
            showBiometricPrompt()
        case (.usePIN, .biometricFail):
            fallBackToPIN(reason: "cancelled", message: nil)
        case (.forgotPIN, .pinInput):
            state.screen.digits = []
            enter(.recovery)
        case (.loginAgain, .pinBlocked):
            // INT-006: the tap leaves for Login; only a completed login lifts the lock.
            enter(.login)
        default:
            break
        }
    }

    // MARK: PIN

    mutating func type(_ digit: Int) {
        guard state.screen.digits.count < store.pinLength else { return }
        state.screen.digits.append(digit)
        state.screen.message = nil
        announce(UnlockTexts.pinDigit(state.screen.digits.count, of: store.pinLength), .medium)
        if state.screen.digits.count == store.pinLength { submit() }
    }

    /// Auto-submit on the last digit (SCR-AUTH-006 §3.3), then §6.1.2's table.
    mutating func submit() {
        let pin = state.screen.digits.map(String.init).joined()
        state.screen.digits = []
        enter(.pinValidating)
        log("pin_attempt")
        if verifyPIN(pin, store.pinHash) {
            log(
                "pin_success",
                [
                    "time_ms": .int(now - (state.screen.shownAt ?? now)),
                    "attempts_used": .int(store.pinFailures + 1),
                ])
            unlock(method: "pin")
            return
        }
        store.pinFailures += 1
        let failures = store.pinFailures
        enter(.pinError)
        log("pin_failure", ["attempt_number": .int(failures)])
        if let lock = rules.lockDuration(afterFailures: failures) {
            // INT-003: from the 5th failure on, every failure locks, the next row each time.
            store.blockedUntil = now + lock
            log("pin_blocked", ["duration_seconds": .int(lock / 1000)])
            showBlocked(announcing: lock)
        } else {
            let left = rules.pinFailuresBeforeLock - failures
            state.screen.message = UnlockTexts.pinWrong(left: left)
            enter(.pinInput)
            announce(UnlockTexts.pinWrong(left: left))
        }
    }

    mutating func showBlocked(announcing remaining: Int) {
        state.screen.digits = []
        state.screen.message = UnlockTexts.blockedExplanation
        enter(.pinBlocked)
        announce(UnlockTexts.pinBlocked(remaining: remaining))
    }

    /// INT-002: any unlock, biometric or PIN, ends the run of consecutive PIN failures.
    mutating func unlock(method: String) {
        state.screen.message = nil
        guard sessionIsValid else {
            // INT-023: the session ran out while the screen was up (a lock, a slow user): nothing
            // unlocks, Login follows, and only a completed login resets the count (INT-006).
            enter(.login)
            return
        }
        store.pinFailures = 0
        store.blockedUntil = nil
        state.screen.successAt = now
        enter(.success)
        // §3.7 and §5.2's "Checkmark + haptic": the success pattern as the check appears.
        feel(.success)
        announce(UnlockTexts.unlocked)
        log("unlock_success", ["method": .string(method)])
    }
}
