import SpecModel

/// The unlock screen's reference: its reducer on a virtual clock behind the runner's seam.
package typealias UnlockReference = ReducerReference<UnlockReducer>

extension ReducerReference where Model == UnlockReducer {
    package init(
        machine: UnlockMachine = UnlockMachine(), profile: Argon2Profile = .light, memo: Argon2Memo = Argon2Memo()
    ) {
        self.init(UnlockReducer(machine: machine, profile: profile, memo: memo))
    }

    package var machine: UnlockMachine {
        get { model.machine }
        set { model.machine = newValue }
    }
}

/// SCR-AUTH-006 as a reducer model: builds the world from a scenario's `given` (hashing its PIN
/// with Argon2id), maps inputs to events, and reports observations.
package struct UnlockReducer: ReducerModel {
    package var machine: UnlockMachine
    package var hasher: Argon2idHasher
    /// Hashes and checks done once per run (see Argon2Memo).
    package let memo: Argon2Memo

    package init(machine: UnlockMachine = UnlockMachine(), profile: Argon2Profile = .light, memo: Argon2Memo) {
        self.machine = machine
        self.hasher = Argon2idHasher(profile: profile)
        self.memo = memo
        self.machine.verifyPIN = memo.verifier(machine.verifyPIN)
    }

    package var declaration: ModelDeclaration { UnlockModel.declaration }

    package func place(of state: UnlockState) -> String { UnlockState.seams.place(of: state) }

    package func start(given: [String: Value]) throws(ImplementationError) -> (state: UnlockState, clockOrigin: Int) {
        let clockOrigin = given["clock"]?.int ?? UnlockModel.defaultClock
        let pin = given["pin"]?.string ?? "1234"
        let pinHash: String
        do {
            pinHash = try memo.hash(pin, with: hasher)
        } catch {
            throw .failed("could not hash the PIN: \(error)")
        }
        let state = UnlockState(
            persisted: PersistedStore(
                pinHash: pinHash,
                pinLength: given["pin_length"]?.int ?? pin.count,
                pinFailures: given["pin_failures"]?.int ?? 0,
                blockedUntil: given["blocked_for"]?.int.map { clockOrigin + $0 },
                biometricEnabled: given["biometric_enabled"]?.bool ?? true,
                biometricType: BiometricType(rawValue: given["biometric_type"]?.string ?? "") ?? .face,
                platform: Platform(rawValue: given["platform"]?.string ?? "") ?? .ios,
                tier: Tier(rawValue: given["tier"]?.string ?? "") ?? .pro,
                session: SessionStatus(rawValue: given["session"]?.string ?? "") ?? .valid,
                sessionStartedAt: clockOrigin - (given["session_age"]?.int ?? 0),
                platformBiometrics: PlatformBiometrics(rawValue: given["biometric_status"]?.string ?? "")
                    ?? .available,
                screenWidth: given["screen_width"]?.int ?? 360, screenHeight: given["screen_height"]?.int ?? 800))
        return (state, clockOrigin)
    }

    package func reduce(_ state: UnlockState, _ event: UnlockEvent, now: Int) -> (UnlockState, [UnlockOutput]) {
        machine.reduce(state, event, now: now)
    }

    package func observe(_ state: UnlockState, outputs: [UnlockOutput], now: Int) -> Observations {
        Self.observations(of: state, outputs: outputs, now: now, rules: machine.rules)
    }

    package static func event(for input: Input) throws(ImplementationError) -> UnlockEvent {
        let word = input.argument?.string ?? ""
        switch input.name {
        case "launch": return .launched
        case "kill": return .killed
        case "background": return .backgrounded
        case "foreground": return .foregrounded
        case "advance": return .clockAdvanced
        case "delete": return .deleteTapped
        case "clear": return .deleteLongPressed
        case "login_completed": return .loginCompleted
        case "enrolment_changed": return .enrolmentChanged
        case "enable_biometrics": return .biometricsEnabled
        case "clock_forward", "clock_back": return .wallClockSet
        case "platform_lockout_ended": return .platformLockoutEnded
        case "digit":
            if let digit = input.argument?.int, (0...9).contains(digit) { return .digitTyped(digit) }
        case "biometric":
            if let outcome = BiometricOutcome(rawValue: word) { return .biometricAnswered(outcome) }
        case "biometric_error":
            // The table, not the platform's name for it, decides the reaction.
            if let error = PlatformErrors.error(code: word) { return .biometricAnswered(error.reaction) }
        case "tap":
            if let target = TapTarget(rawValue: word) { return .tapped(target) }
        default:
            break
        }
        throw .unsupported("input '\(input)'")
    }

    /// Every observation key of the unlock model, from the state after an input and its outputs.
    package static func observations(
        of state: UnlockState, outputs: [UnlockOutput], now: Int, rules: UnlockRules
    ) -> Observations {
        let screen = state.screen
        let store = state.persisted
        let lockRemaining = store.blockedUntil.map { $0 - now }.flatMap { $0 > 0 ? $0 : nil }
        let attemptsLeft: Int
        if lockRemaining != nil {
            attemptsLeft = 0
        } else {
            // INT-003: past the 5th failure one wrong PIN locks again.
            attemptsLeft = max(rules.pinFailuresBeforeLock - store.pinFailures, 1)
        }
        var states: [Value] = []
        var announcements: [Value] = []
        var events: [Value] = []
        var priorities: [Value] = []
        var haptics: [Value] = []
        var animations: [String: Value] = [:]
        for output in outputs {
            switch output {
            case .entered(let phase): states.append(.string(phase.rawValue))
            case .animated(let animation): animations[animation.element] = animation.value
            case .announced(let text, let priority):
                announcements.append(.string(text))
                priorities.append(.string(priority.rawValue))
            case .felt(let haptic): haptics.append(.string(haptic.rawValue))
            case .analytics(let name, let params):
                events.append(
                    AnalyticsEventValue.make(name: name, params: params.mapValues(\.value)))
            }
        }
        // A copy of one template: every step's observations share its layout (Observations.equals).
        var observations = blank
        observations["state"] = .string(screen.phase.rawValue)
        observations["states"] = .list(states)
        observations["navigation"] = screen.phase.destination.map(Value.string) ?? .null
        observations["pin_entered"] = .int(screen.digits.count)
        observations["pin_attempts_left"] = .int(attemptsLeft)
        let biometricAttemptsLeft = max(rules.biometricAttempts - screen.biometricFailures, 0)
        observations["bio_attempts_left"] = .int(biometricAttemptsLeft)
        observations["lock_remaining"] = lockRemaining.map(Value.int) ?? .null
        observations["countdown"] =
            screen.phase == .pinBlocked ? lockRemaining.map { .string(UnlockTexts.countdown($0)) } ?? .null : .null
        // INT-017: a hand-over leaves the screen, and its message with it.
        observations["message"] =
            screen.phase.destination == nil ? screen.message.map(Value.string) ?? .null : .null
        observations["announcements"] = .list(announcements)
        observations["events"] = .list(events)
        observations["biometrics_enabled"] = .bool(store.biometricsUsable)
        observations["focus_order"] = .list(
            UnlockPresentation.focusOrder(of: state, lockRemaining: lockRemaining).map(Value.string))
        observations["secure_window"] = UnlockPresentation.secureWindow(screen.phase).map(Value.bool) ?? .null
        observations["announcement_priorities"] = .list(priorities)
        observations["haptics"] = .list(haptics)
        observations["prompt_request"] = UnlockPlatformView.promptRequest(state) ?? .null
        observations["texts"] = .list(
            UnlockPlatformView.texts(
                state, lockRemaining: lockRemaining, biometricAttemptsLeft: biometricAttemptsLeft,
                of: rules.biometricAttempts
            ).map(Value.string))
        observations["images"] = .list(UnlockPlatformView.images(state).map(Value.string))
        observations["pin_display"] = UnlockPlatformView.pinDisplay(state).map { .list($0.map(Value.string)) } ?? .null
        observations["store"] = UnlockPlatformView.store(state, lockRemaining: lockRemaining)
        observations["frames"] = UnlockRenderedView.frames(state)
        observations["a11y_audit"] = UnlockRenderedView.audit(state)
        observations["key_access"] = UnlockRenderedView.keyAccess(state)
        observations["animations"] = .map(animations)
        return observations
    }

    /// Every declared observation key, null.
    static let blank = Observations(uniqueKeysWithValues: UnlockModel.observations.map { ($0.key, Value.null) })
}
