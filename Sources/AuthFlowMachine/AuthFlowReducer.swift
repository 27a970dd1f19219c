import SpecModel
import UnlockScreen

/// The auth flow's reference: its reducer on a virtual clock behind the runner's seam.
package typealias AuthFlowReference = ReducerReference<AuthFlowReducer>

extension ReducerReference where Model == AuthFlowReducer {
    package init(
        machine: AuthFlowMachine = AuthFlowMachine(), unlock: UnlockReducer = UnlockReducer(memo: Argon2Memo())
    ) {
        self.init(AuthFlowReducer(machine: machine, unlock: unlock))
    }

    package var machine: AuthFlowMachine {
        get { model.machine }
        set { model.machine = newValue }
    }
}

/// UIF-AUTH-001's flow as a reducer model: the unlock reducer builds the child's world from
/// `given` (its Argon2id PIN hash included), the flow adds its own, and the observations are the
/// child's with the flow's screens laid over them.
package struct AuthFlowReducer: ReducerModel {
    package var machine: AuthFlowMachine
    let unlock: UnlockReducer

    package init(machine: AuthFlowMachine = AuthFlowMachine(), unlock: UnlockReducer) {
        self.unlock = unlock
        self.machine = machine
        // The child checks PINs as the unlock reference does (memoised Argon2id).
        self.machine.unlock = unlock.machine
    }

    package var declaration: ModelDeclaration { AuthFlowModel.declaration }

    package func place(of state: AuthFlowState) -> String { AuthFlowState.seams.place(of: state) }

    package func start(given: [String: Value]) throws(ImplementationError) -> (state: AuthFlowState, clockOrigin: Int) {
        var world = given
        let firstLaunch = given["first_launch"]?.bool ?? false
        // INT-AF-001: nobody has signed in on a first launch, so there is no session.
        if firstLaunch { world["session"] = .string("absent") }
        let (child, clockOrigin) = try unlock.start(given: world)
        var state = AuthFlowState(
            unlock: child,
            store: FlowStore(
                firstLaunch: firstLaunch, accountExists: given["account"]?.string != "new",
                totp: AuthFlowModel.totp(given)))
        state.reducedMotion = given["reduced_motion"]?.bool ?? false
        return (state, clockOrigin)
    }

    package func reduce(_ state: AuthFlowState, _ event: AuthFlowEvent, now: Int) -> (AuthFlowState, [AuthFlowOutput]) {
        machine.reduce(state, event, now: now)
    }

    package func observe(_ state: AuthFlowState, outputs: [AuthFlowOutput], now: Int) -> Observations {
        Self.observations(of: state, outputs: outputs, now: now, machine: machine)
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
            if let (link, token) = LinkToken.link(named: word) { return .deepLinkOpened(link, token: token) }
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
        return .unlock(try UnlockReducer.event(for: input))
    }

    /// Where the flow's own keys lie in its layout.
    struct Positions: Sendable {
        let state, states, announcements, events, navigation, message, texts, images, focusOrder, secureWindow,
            recoveryMode, codeEntered, inputFocus, mfaCooldown, animations: Observations.Index?

        init(in layout: ObservationLayout) {
            state = layout.position(of: "state")
            states = layout.position(of: "states")
            announcements = layout.position(of: "announcements")
            events = layout.position(of: "events")
            navigation = layout.position(of: "navigation")
            message = layout.position(of: "message")
            texts = layout.position(of: "texts")
            images = layout.position(of: "images")
            focusOrder = layout.position(of: "focus_order")
            secureWindow = layout.position(of: "secure_window")
            recoveryMode = layout.position(of: "recovery_mode")
            codeEntered = layout.position(of: "code_entered")
            inputFocus = layout.position(of: "input_focus")
            mfaCooldown = layout.position(of: "mfa_cooldown")
            animations = layout.position(of: "animations")
        }
    }

    /// The flow's keys laid out once; the unlock screen writes its own into the same layout.
    static let layout = ObservationLayout(keys: AuthFlowModel.observations.map(\.key))
    static let positions = Positions(in: layout)
    static let unlockPositions = UnlockReducer.Positions(in: layout)

    /// The unlock screen's observations of the child, with the flow's screens over them: their
    /// state, messages and hand-overs; their own elements to focus (INT-AF-019) and no capture
    /// rule of their own while one is up (INT-033).
    package static func observations(
        of state: AuthFlowState, outputs: [AuthFlowOutput], now: Int, machine: AuthFlowMachine
    ) -> Observations {
        var seen = UnlockReducer.observations(
            of: state.unlock, outputs: [], now: now, rules: machine.unlock.rules, layout: layout,
            positions: unlockPositions)
        var states: [Value] = []
        var announcements: [Value] = []
        var events: [Value] = []
        var animations: [String: Value] = [:]
        for output in outputs {
            switch output {
            case .entered(let screen): states.append(.string(screen.name))
            case .announced(let text): announcements.append(.string(text))
            case .animated(let animation): animations[animation.element] = animation.value
            case .analytics(let name, let params):
                events.append(
                    AnalyticsEventValue.make(name: name, params: params.mapValues(\.value)))
            }
        }
        let at = positions
        seen[at: at.state] = .string(state.stateName)
        seen[at: at.states] = .list(states)
        seen[at: at.announcements] = .list(announcements)
        seen[at: at.events] = .list(events)
        let overlay = state.screen.overlay
        seen[at: at.navigation] =
            overlay == .onboarding
            ? .string("Onboarding")
            : overlay == nil && state.unlock.screen.phase == .dashboard ? .string("Dashboard") : .null
        let cooldown = state.store.mfaBlockedUntil.map { $0 - now }.flatMap { $0 > 0 ? $0 : nil }
        if overlay == .mfaCooldown, let cooldown {
            seen[at: at.message] = .string(AuthFlowTexts.tooManyAttempts(remaining: cooldown))
        } else if state.showsFlowMessage {
            seen[at: at.message] = state.screen.message.map(Value.string) ?? .null
        }
        if AuthFlowView.drawsOwnScreen(state) {
            let message = seen[at: at.message].string
            seen[at: at.texts] = .list(
                AuthFlowView.texts(state, message: message, rules: machine.rules).map(Value.string))
            seen[at: at.images] = .list(AuthFlowView.images(state).map(Value.string))
            seen[at: at.focusOrder] = .list(
                AuthFlowView.focusOrder(state, message: message, rules: machine.rules).map(Value.string))
        }
        if overlay != nil { seen[at: at.secureWindow] = .null }
        seen[at: at.recoveryMode] = AuthFlowView.recoveryMode(state)
        seen[at: at.codeEntered] = .int(state.screen.code.count)
        seen[at: at.inputFocus] = AuthFlowView.inputFocus(state, digits: state.store.totp.digits)
        seen[at: at.mfaCooldown] = cooldown.map(Value.int) ?? .null
        seen[at: at.animations] = .map(animations)
        return seen
    }
}
