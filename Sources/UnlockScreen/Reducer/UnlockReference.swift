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

    /// Where each key the unlock screen reports lies in a layout: the unlock model's own, or a
    /// model's that shows this screen among its own (nil: that layout leaves the key out, and
    /// it is not built).
    package struct Positions: Sendable {
        let state, states, navigation, pinEntered, pinAttemptsLeft, bioAttemptsLeft, lockRemaining, countdown,
            message, announcements, events, biometricsEnabled, focusOrder, secureWindow, announcementPriorities,
            haptics, promptRequest, texts, images, pinDisplay, store, frames, a11yAudit, keyAccess,
            animations: Observations.Index?

        /// The keys it looks for that the layout leaves out: none in the unlock model's own.
        package let missing: [String]

        package init(in layout: ObservationLayout) {
            var missing: [String] = []
            func find(_ key: String) -> Observations.Index? {
                let position = layout.position(of: key)
                if position == nil { missing.append(key) }
                return position
            }
            state = find("state")
            states = find("states")
            navigation = find("navigation")
            pinEntered = find("pin_entered")
            pinAttemptsLeft = find("pin_attempts_left")
            bioAttemptsLeft = find("bio_attempts_left")
            lockRemaining = find("lock_remaining")
            countdown = find("countdown")
            message = find("message")
            announcements = find("announcements")
            events = find("events")
            biometricsEnabled = find("biometrics_enabled")
            focusOrder = find("focus_order")
            secureWindow = find("secure_window")
            announcementPriorities = find("announcement_priorities")
            haptics = find("haptics")
            promptRequest = find("prompt_request")
            texts = find("texts")
            images = find("images")
            pinDisplay = find("pin_display")
            store = find("store")
            frames = find("frames")
            a11yAudit = find("a11y_audit")
            keyAccess = find("key_access")
            animations = find("animations")
            self.missing = missing
        }
    }

    package static let layout = ObservationLayout(keys: UnlockModel.observations.map(\.key))
    package static let positions = Positions(in: layout)

    /// The unlock model's observations, from the state after an input and its outputs: every
    /// key `positions` finds in `layout` (by default, every key of the unlock model).
    package static func observations(
        of state: UnlockState, outputs: [UnlockOutput], now: Int, rules: UnlockRules,
        layout: ObservationLayout = layout, positions: Positions = positions
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
        let at = positions
        var observations = layout.blank
        observations[at: at.state] = .string(screen.phase.rawValue)
        observations[at: at.states] = .list(states)
        observations[at: at.navigation] = screen.phase.destination.map(Value.string) ?? .null
        observations[at: at.pinEntered] = .int(screen.digits.count)
        observations[at: at.pinAttemptsLeft] = .int(attemptsLeft)
        let biometricAttemptsLeft = max(rules.biometricAttempts - screen.biometricFailures, 0)
        observations[at: at.bioAttemptsLeft] = .int(biometricAttemptsLeft)
        observations[at: at.lockRemaining] = lockRemaining.map(Value.int) ?? .null
        observations[at: at.countdown] =
            screen.phase == .pinBlocked ? lockRemaining.map { .string(UnlockTexts.countdown($0)) } ?? .null : .null
        // INT-017: a hand-over leaves the screen, and its message with it.
        observations[at: at.message] =
            screen.phase.destination == nil ? screen.message.map(Value.string) ?? .null : .null
        observations[at: at.announcements] = .list(announcements)
        observations[at: at.events] = .list(events)
        observations[at: at.biometricsEnabled] = .bool(store.biometricsUsable)
        if at.focusOrder != nil {
            observations[at: at.focusOrder] = .list(
                UnlockPresentation.focusOrder(of: state, lockRemaining: lockRemaining).map(Value.string))
        }
        observations[at: at.secureWindow] = UnlockPresentation.secureWindow(screen.phase).map(Value.bool) ?? .null
        observations[at: at.announcementPriorities] = .list(priorities)
        observations[at: at.haptics] = .list(haptics)
        if at.promptRequest != nil {
            observations[at: at.promptRequest] = UnlockPlatformView.promptRequest(state) ?? .null
        }
        if at.texts != nil {
            observations[at: at.texts] = .list(
                UnlockPlatformView.texts(
                    state, lockRemaining: lockRemaining, biometricAttemptsLeft: biometricAttemptsLeft,
                    of: rules.biometricAttempts
                ).map(Value.string))
        }
        if at.images != nil {
            observations[at: at.images] = .list(UnlockPlatformView.images(state).map(Value.string))
        }
        if at.pinDisplay != nil {
            observations[at: at.pinDisplay] =
                UnlockPlatformView.pinDisplay(state).map { .list($0.map(Value.string)) } ?? .null
        }
        if at.store != nil {
            observations[at: at.store] = UnlockPlatformView.store(state, lockRemaining: lockRemaining)
        }
        if at.frames != nil { observations[at: at.frames] = UnlockRenderedView.frames(state) }
        if at.a11yAudit != nil { observations[at: at.a11yAudit] = UnlockRenderedView.audit(state) }
        if at.keyAccess != nil { observations[at: at.keyAccess] = UnlockRenderedView.keyAccess(state) }
        observations[at: at.animations] = .map(animations)
        return observations
    }
}
