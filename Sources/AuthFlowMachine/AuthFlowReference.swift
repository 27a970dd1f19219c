import SpecModel
import UnlockScreen

/// The auth-flow reference behind the runner's seam: the unlock reference builds the child's
/// world from `given` (its Argon2id PIN hash included), the flow adds its own, and the
/// observations are the child's with the flow's screens laid over them.
package struct AuthFlowReference: ImplementationUnderTest {
    package let name = "reference"
    package var machine: AuthFlowMachine
    var unlock: ReferenceImplementation
    package var state: AuthFlowState?
    package var clockOrigin = 0

    package init(
        machine: AuthFlowMachine = AuthFlowMachine(), unlock: ReferenceImplementation = ReferenceImplementation()
    ) {
        self.unlock = unlock
        self.machine = machine
        // The child checks PINs as the unlock reference does (memoised Argon2id).
        self.machine.unlock = unlock.machine
    }

    package var observedKeys: Set<String> { Self.everyKey }
    package var place: String? { state.map(AuthFlowState.seams.place(of:)) }
    static let everyKey = Set(AuthFlowModel.declaration.observations.map(\.key))

    package mutating func start(scenario: String, given: [String: Value]) throws(ImplementationError) {
        var world = given
        let firstLaunch = given["first_launch"]?.bool ?? false
        // INT-AF-001: nobody has signed in on a first launch, so there is no session.
        if firstLaunch { world["session"] = .string("absent") }
        try unlock.start(scenario: scenario, given: world)
        guard let child = unlock.state else { throw .failed("the unlock reference did not start") }
        clockOrigin = given["clock"]?.int ?? UnlockModel.defaultClock
        let secret = Array((given["totp_secret"]?.string ?? AuthFlowModel.defaultSecret).utf8)
        state = AuthFlowState(
            unlock: child,
            store: FlowStore(
                firstLaunch: firstLaunch, accountExists: given["account"]?.string != "new",
                totp: TOTP(secret: secret)))
    }

    package mutating func perform(_ input: Input, atMilliseconds milliseconds: Int) throws(ImplementationError)
        -> Observations
    {
        let machine = machine
        return try step(
            input, atMilliseconds: milliseconds, event: Self.event(for:),
            reduce: { machine.reduce($0, $1, now: $2) },
            observe: { Self.observations(of: $0, outputs: $1, now: $2, machine: machine) })
    }

    package mutating func finish() {
        state = nil
        unlock.finish()
    }

    package static func event(for input: Input) throws(ImplementationError) -> AuthFlowEvent {
        let word = input.argument?.string ?? ""
        switch input.name {
        case "tap":
            if let target = FlowTarget(rawValue: word) { return .tapped(target) }
        case "oauth":
            if let outcome = OAuthOutcome(rawValue: word) { return .oauthAnswered(outcome) }
        case "recovery":
            if word == "success" || word == "failure" { return .recoveryEnded(succeeded: word == "success") }
        case "deep_link":
            if let link = DeepLink(rawValue: word) { return .deepLinkOpened(link) }
        case "logout":
            return .loggedOut
        case "swipe":
            if word == "next" || word == "previous" { return .swiped(forward: word == "next") }
        case "connectivity":
            if word == "online" || word == "offline" { return .connectivityChanged(online: word == "online") }
        case "login_completed":
            throw .unsupported("input 'login_completed' (the auth-flow model signs in through Login itself)")
        default:
            break
        }
        return .unlock(try ReferenceImplementation.event(for: input))
    }

    /// The unlock screen's observations of the child, with the flow's screens over them: their
    /// state, messages and hand-overs; nothing of the unlock screen to focus and no capture rule
    /// of its own while one is up (INT-032, INT-033).
    package static func observations(
        of state: AuthFlowState, outputs: [AuthFlowOutput], now: Int, machine: AuthFlowMachine
    ) -> Observations {
        var seen = ReferenceImplementation.observations(
            of: state.unlock, outputs: [], now: now, rules: machine.unlock.rules)
        var states: [Value] = []
        var announcements: [Value] = []
        var events: [Value] = []
        for output in outputs {
            switch output {
            case .entered(let screen): states.append(.string(screen.name))
            case .announced(let text): announcements.append(.string(text))
            case .analytics(let name, let params):
                events.append(
                    AnalyticsEventValue.make(name: name, params: params.mapValues(\.value)))
            }
        }
        seen["state"] = .string(state.stateName)
        seen["states"] = .list(states)
        seen["announcements"] = .list(announcements)
        seen["events"] = .list(events)
        let overlay = state.screen.overlay
        seen["navigation"] =
            overlay == .onboarding
            ? .string("Onboarding")
            : overlay == nil && state.unlock.screen.phase == .dashboard ? .string("Dashboard") : .null
        let cooldown = state.store.mfaBlockedUntil.map { $0 - now }.flatMap { $0 > 0 ? $0 : nil }
        if overlay == .mfaCooldown, let cooldown {
            seen["message"] = .string(AuthFlowTexts.tooManyAttempts(remaining: cooldown))
        } else if state.showsFlowMessage {
            seen["message"] = state.screen.message.map(Value.string) ?? .null
        }
        if AuthFlowView.drawsOwnScreen(state) {
            seen["texts"] = .list(
                AuthFlowView.texts(state, message: seen["message"]?.string, rules: machine.rules).map(Value.string))
            seen["images"] = .list(AuthFlowView.images(state).map(Value.string))
        }
        if overlay != nil {
            seen["focus_order"] = .list([])
            seen["secure_window"] = .null
        }
        seen["recovery_mode"] = AuthFlowView.recoveryMode(state)
        seen["code_entered"] = .int(state.screen.code.count)
        seen["input_focus"] = AuthFlowView.inputFocus(state, digits: state.store.totp.digits)
        seen["mfa_cooldown"] = cooldown.map(Value.int) ?? .null
        return seen
    }
}

extension AuthFlowReference: ClockedReference {
    package typealias ReducerState = AuthFlowState
}
