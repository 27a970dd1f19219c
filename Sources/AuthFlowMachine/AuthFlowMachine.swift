import UnlockScreen

/// The executable reading of UIF-AUTH-001's authentication flow: one pure `reduce`, with the
/// unlock screen's reducer as its child. The flow hands the child its events while the child's
/// screen is up and never repeats its rules: the unlock, the PIN lock, the session check, the
/// relock after 5 minutes away and what a completed login resets are all the child's.
package struct AuthFlowMachine: Sendable {
    package var unlock: UnlockMachine
    package var rules: AuthFlowRules

    package init(unlock: UnlockMachine = UnlockMachine(), rules: AuthFlowRules = .spec) {
        self.unlock = unlock
        self.rules = rules
    }

    /// `now` is milliseconds since 1970 on the virtual clock.
    package func reduce(_ state: AuthFlowState, _ event: AuthFlowEvent, now: Int) -> (AuthFlowState, [AuthFlowOutput]) {
        var reduction = FlowReduction(state: state, now: now, machine: self)
        reduction.fireDueTimers()
        reduction.handle(event)
        return (reduction.state, reduction.outputs)
    }
}

/// A timer of the flow's, or the child's next one.
private enum FlowTimer {
    case child, splash, mfaCooldown, pendingSignIn, mfaScreen
}

private struct FlowReduction {
    var state: AuthFlowState
    /// The instant being reduced: the event's, or a timer's while it fires.
    var now: Int
    let machine: AuthFlowMachine
    var outputs: [AuthFlowOutput] = []
    /// The screen on display, whose change to the next §6.1 animates: the session check is no
    /// screen of its own (the splash shows it, §7.1 Loading).
    var shown: String

    init(state: AuthFlowState, now: Int, machine: AuthFlowMachine) {
        self.state = state
        self.now = now
        self.machine = machine
        shown = state.stateName
    }

    var rules: AuthFlowRules { machine.rules }
    var overlay: FlowPhase? { state.screen.overlay }
    var childPhase: Phase { state.unlock.screen.phase }
    /// The child's screen is the one up, and it is the unlock screen itself (not a hand-over).
    var onUnlockScreen: Bool { overlay == nil && ![.login, .recovery, .dashboard, .notRunning].contains(childPhase) }
    var onLogin: Bool { overlay == nil && childPhase == .login }
    var onRecovery: Bool { overlay == nil && childPhase == .recovery }
    var running: Bool { overlay != nil || childPhase != .notRunning }

    // MARK: Outputs

    mutating func enter(_ phase: FlowPhase) {
        state.screen.overlay = phase
        outputs.append(.entered(.flow(phase)))
        moved(to: phase.rawValue)
    }

    /// §6.1's animation for the change from the screen on display, where it lists one.
    mutating func moved(to screen: String) {
        if let animation = AuthFlowView.transition(from: shown, to: screen) { outputs.append(.animated(animation)) }
        if screen != Phase.checkingSession.rawValue { shown = screen }
    }

    mutating func log(_ name: String, _ params: [String: AnalyticsParameter] = [:]) {
        outputs.append(.analytics(name: name, params: params))
    }

    /// Runs the child's reducer and takes what it did as the flow's. Whenever the child enters a
    /// state its screen is the one shown (a relock covers whatever the flow had up), and its
    /// hand-over to Login is the flow's Login (§11.2's screen_view).
    /// The flow's own news (`UnlockEvent.isTheFlowsNews`) goes the same way: the child is told
    /// what happened, never written into.
    mutating func child(_ event: UnlockEvent, keepOutputs: Bool = true) {
        let (next, childOutputs) = machine.unlock.reduce(state.unlock, event, now: now)
        state.unlock = next
        take(childOutputs, keepOutputs: keepOutputs)
    }

    private mutating func take(_ childOutputs: [UnlockOutput], keepOutputs: Bool) {
        guard keepOutputs else { return }
        for output in childOutputs {
            switch output {
            case .entered(let phase):
                state.screen.overlay = nil
                state.screen.message = nil
                outputs.append(.entered(.unlock(phase)))
                moved(to: phase.rawValue)
                if phase == .login { log("screen_view", ["screen_name": .string("login")]) }
            case .announced(let text, _): outputs.append(.announced(text))
            case .analytics(let name, let params): outputs.append(.analytics(name: name, params: params))
            // The flow's model declares no haptics key: UIF-AUTH-001 gives none.
            case .felt: break
            case .animated(let animation): outputs.append(.animated(animation))
            }
        }
    }

    // MARK: Timers

    /// The timers a state has running, each with the instant it falls due, in the order the
    /// model fires those due at one instant (INT-AF-017): the child's (its Success delay, its
    /// lock), then the flow's splash, the MFA cooldown, the pending sign-in's 5 minutes and the
    /// MFA screen's.
    func runningTimers() -> [(at: Int, timer: FlowTimer)] {
        var timers: [(at: Int, timer: FlowTimer)] = []
        if let at = machine.unlock.nextDeadline(state.unlock) { timers.append((at, .child)) }
        if overlay == .splash, let at = state.screen.splashAt {
            timers.append(
                (at + (state.store.firstLaunch ? rules.splashDuration : rules.returningSplashDuration), .splash))
        }
        if overlay == .mfaCooldown, let until = state.store.mfaBlockedUntil { timers.append((until, .mfaCooldown)) }
        if let since = state.store.mfaPendingSince { timers.append((since + rules.mfaScreenTimeout, .pendingSignIn)) }
        if overlay == .mfa || overlay == .mfaCooldown, let shown = state.screen.mfaShownAt {
            timers.append((shown + rules.mfaScreenTimeout, .mfaScreen))
        }
        return timers
    }

    /// Every timer due by the event's instant fires at its own instant, earliest first, each
    /// seeing the state the ones before it left (UIF-AUTH-001 §4.1, §10.2): a splash that ends
    /// inside a long advance checks the session 0.5 s after the launch, not at the advance's end.
    mutating func fireDueTimers() {
        let end = now
        // Each firing ends its timer (it changes the screen or clears the deadline); the bound
        // only guards against a timer that would not.
        for _ in 0..<16 {
            let due = runningTimers().enumerated().filter { $0.element.at <= end }
            guard
                let next = due.min(by: { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) })?.element
            else { break }
            now = next.at
            fire(next.timer)
        }
        now = end
    }

    mutating func fire(_ timer: FlowTimer) {
        switch timer {
        case .child:
            child(.clockAdvanced)
        case .splash where state.store.firstLaunch:
            enter(.carousel)
        case .splash:
            // §2 "FIRST -->|No| CHECK": the check, then the unlock screen or Login.
            state.screen = FlowScreen()
            child(.launched)
        case .mfaCooldown:
            state.store.mfaBlockedUntil = nil
            state.store.mfaFailures = 0
            state.screen.message = nil
            enter(.mfa)
        case .pendingSignIn:
            // §10.2's 5 minutes end the sign-in waiting for its code, on screen or not.
            state.store.mfaPendingSince = nil
        case .mfaScreen:
            // §10.2: "Cancelar y volver a login".
            showLogin()
        }
    }

    // MARK: Events

    mutating func handle(_ event: AuthFlowEvent) {
        switch event {
        case .unlock(.launched):
            launch()
        case .unlock(.killed) where running:
            state.screen = FlowScreen()
            if childPhase == .notRunning {
                outputs.append(.entered(.unlock(.notRunning)))
            } else {
                child(.killed)
            }
        case .unlock(.digitTyped(let digit)) where overlay == .mfa:
            typeCode(digit)
        case .unlock(.deleteTapped) where overlay == .mfa:
            _ = state.screen.code.popLast()
        case .unlock(.deleteLongPressed) where overlay == .mfa:
            state.screen.code = []
        case .unlock(.digitTyped), .unlock(.deleteTapped), .unlock(.deleteLongPressed), .unlock(.tapped):
            // The unlock screen's keypad and buttons exist only on the unlock screen.
            if overlay == nil { child(unlockEvent(event)) }
        case .unlock(let event):
            // Lifecycle, the clock, the platform's biometrics, the settings: the child decides
            // by its own state, whichever screen is up.
            child(event)
        case .tapped(let target):
            tapped(target)
        case .oauthAnswered(let outcome) where overlay == .oauth:
            oauthAnswered(outcome)
        case .recoveryEnded(succeeded: true) where onRecovery:
            // §2: RECOVER_SUCCESS -->|Si| LOGIN; on "No" the screen stays.
            showLogin()
        case .deepLinkOpened(let link, let token):
            deepLink(link, token: token)
        case .swiped(let forward) where overlay == .carousel:
            // §6.3: three slides; a swipe past either end stays where it is.
            state.screen.slide = min(max(state.screen.slide + (forward ? 1 : -1), 1), rules.carouselSlides)
        case .connectivityChanged(let online):
            // The banner follows the connection on whichever screen shows it (INT-AF-016).
            state.online = online
        case .loggedOut where overlay == nil && childPhase == .dashboard:
            // §2: Post Logout --> LOGIN; the session goes (INT-AF-007).
            child(.sessionEnded)
            state.store.mfaPendingSince = nil
            showLogin()
        default:
            // An input the current state does not take is ignored (INT-012's rule, the flow's too).
            break
        }
    }

    func unlockEvent(_ event: AuthFlowEvent) -> UnlockEvent {
        if case .unlock(let inner) = event { return inner }
        return .clockAdvanced
    }

    /// Every cold start shows the splash (UIF-AUTH-001 §2 "COLD --> SPLASH"): a first launch
    /// goes on to the carousel, a returning user to the session check (INT-AF-001).
    mutating func launch() {
        guard !running else { return }
        state.screen = FlowScreen()
        state.screen.splashAt = now
        enter(.splash)
        for animation in AuthFlowView.splashSequence(
            firstLaunch: state.store.firstLaunch, reducedMotion: state.reducedMotion)
        {
            outputs.append(.animated(animation))
        }
        log("screen_view", ["screen_name": .string("splash")])
    }

    mutating func tapped(_ target: FlowTarget) {
        switch target {
        case .start where overlay == .carousel && state.screen.slide == rules.carouselSlides,
            .skip where overlay == .carousel:
            showLogin()
        case .google where onLogin || overlay == .registration, .apple where onLogin || overlay == .registration:
            let provider: Provider = target == .google ? .google : .apple
            state.screen.registering = overlay == .registration
            state.screen.provider = provider
            state.screen.signInStartedAt = now
            state.screen.message = nil
            enter(.oauth)
            log("login_attempt", ["provider": .string(provider.rawValue)])
            // A new sign-in replaces one that waited for its code.
            state.store.mfaPendingSince = nil
        case .createAccount where onLogin:
            state.screen.message = nil
            enter(.registration)
        case .forgotAccess where onLogin:
            showRecovery()
        case .useRecoveryKey where overlay == .mfa || overlay == .mfaCooldown:
            // §2: MFA_CHECK -->|Usar recovery key| RECOVER (§9.2: recovery mode).
            showRecovery()
            state.screen.recoveryByKey = true
        case .back where overlay == .registration || onRecovery:
            showLogin()
        default:
            break
        }
    }

    mutating func oauthAnswered(_ outcome: OAuthOutcome) {
        let provider = AnalyticsParameter.string((state.screen.provider ?? .google).rawValue)
        guard outcome == .success else {
            log("login_error", ["provider": provider, "error_code": .string(outcome.errorCode)])
            // §2: OAUTH -->|No| LOGIN, OAUTH_REG -->|No| REGISTER; §8.1's message, none on a cancel.
            if state.screen.registering {
                enter(.registration)
            } else {
                showLogin()
            }
            state.screen.message = AuthFlowTexts.oauthError(outcome)
            return
        }
        // A provider account that already has a MedTime account signs that account in, from
        // Registration too: the tier check and its code apply (INT-AF-008).
        let newUser = !state.store.accountExists
        log(
            "login_success",
            [
                "provider": provider, "time_ms": .int(now - (state.screen.signInStartedAt ?? now)),
                "is_new_user": .bool(newUser),
            ])
        state.store.firstLaunch = false
        if newUser {
            // §2: OAUTH -->|Si, nuevo| ONBOARD. The account is signed in behind onboarding.
            state.store.accountExists = true
            signIn()
            state.screen.message = nil
            enter(.onboarding)
        } else if state.unlock.persisted.tier == .perfect {
            // §2: TIER_CHECK -->|Si| MFA; §10.2: "Re-login + MFA".
            showMFA()
        } else {
            signIn(showing: true)
        }
    }

    /// A completed sign-in, through the child's own rule for it (INT-006: the session renewed,
    /// the PIN count and lock gone). The child takes it from its Login, which is where the flow's
    /// sign-in screens stand for it (INT-AF-002).
    mutating func signIn(showing: Bool = false) {
        state.store.mfaPendingSince = nil
        child(.signInScreenShown)
        state.screen.overlay = nil
        child(.loginCompleted, keepOutputs: showing)
    }

    /// The child's hand-over to Login logs §11.2's screen_view (`take`).
    mutating func showLogin() {
        state.screen = FlowScreen()
        child(.loginShown)
    }

    mutating func showRecovery() {
        state.screen = FlowScreen()
        child(.recoveryShown)
    }

    mutating func showMFA() {
        // A cooldown that ran out while the screen was away ends as on the screen: the count
        // starts again (INT-AF-004).
        if let until = state.store.mfaBlockedUntil, now >= until {
            state.store.mfaBlockedUntil = nil
            state.store.mfaFailures = 0
        }
        state.screen.code = []
        state.screen.message = nil
        // §10.2's 5 minutes run from the sign-in's first MFA screen, reopened or not.
        let since = state.store.mfaPendingSince ?? now
        state.store.mfaPendingSince = since
        state.screen.mfaShownAt = since
        if let until = state.store.mfaBlockedUntil, now < until {
            enter(.mfaCooldown)
        } else {
            enter(.mfa)
        }
        log("screen_view", ["screen_name": .string("mfa")])
    }

    /// §9.1's links open their screen while nobody is signed in; they never bypass the unlock
    /// screen, the Dashboard or a sign-in under way (INT-AF-006).
    mutating func deepLink(_ link: DeepLink, token: LinkToken) {
        // INT-AF-006: on the signed-out screens a link does what their buttons do, whatever the
        // session (a lock's Login included); elsewhere it never bypasses the unlock or a sign-in.
        guard onLogin || onRecovery || overlay == .carousel || overlay == .registration else { return }
        switch link {
        case .login where !onLogin: showLogin()
        case .register where overlay != .registration:
            state.screen = FlowScreen()
            child(.signInScreenShown)
            enter(.registration)
        case .recover where !onRecovery: showRecovery()
        // INT-AF-020: only the token issued for the sign-in awaiting its code reopens it.
        case .verifyMFA where state.store.mfaPendingSince != nil && token == .issued:
            state.screen = FlowScreen()
            child(.signInScreenShown)
            showMFA()
        default: break
        }
    }

    // MARK: MFA

    mutating func typeCode(_ digit: Int) {
        guard state.screen.code.count < state.store.totp.digits else { return }
        state.screen.code.append(digit)
        state.screen.message = nil
        // UIF-AUTH-001 §4.1: "Submit automatico ... Al completar 6 digitos".
        if state.screen.code.count == state.store.totp.digits { submitCode() }
    }

    mutating func submitCode() {
        let code = state.screen.code.map(String.init).joined()
        state.screen.code = []
        log("mfa_attempt")
        let totp = state.store.totp
        let step = totp.counter(atMilliseconds: now)
        // INT-AF-003: the current step and the one before are accepted, each once (RFC 6238
        // §5.2: a code already used is refused as a wrong one); older ones are expired.
        if let matched = (0...rules.mfaStepsAccepted).map({ step - $0 }).first(where: { totp.code(counter: $0) == code }
        ),
            !rules.refusesReusedCodes || matched > (state.store.lastAcceptedStep ?? .min)
        {
            log("mfa_success", ["time_ms": .int(now - (state.screen.mfaShownAt ?? now))])
            state.store.mfaFailures = 0
            state.store.lastAcceptedStep = matched
            signIn(showing: true)
            return
        }
        let expired = (rules.mfaStepsAccepted + 1...rules.mfaStepsExpired).contains {
            totp.code(counter: step - $0) == code
        }
        state.store.mfaFailures += 1
        log("mfa_error", ["error_type": .string(expired ? "expired" : "invalid")])
        state.screen.message = expired ? AuthFlowTexts.codeExpired : AuthFlowTexts.codeInvalid
        // §7.3 Error: "Shake animation + mensaje" (INT-AF-018).
        outputs.append(.animated(AuthFlowView.codeRefused))
        if state.store.mfaFailures >= rules.mfaAttempts {
            // §8.2: "Muchos intentos" with a countdown (INT-AF-004).
            state.store.mfaBlockedUntil = now + rules.mfaCooldown
            log("mfa_error", ["error_type": .string("too_many_attempts")])
            enter(.mfaCooldown)
        }
    }
}
