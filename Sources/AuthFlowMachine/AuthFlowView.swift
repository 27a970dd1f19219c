import SpecModel
import UnlockScreen

/// What the flow's own screens draw, as UIF-AUTH-001 gives it (INT-AF-015): the carousel's
/// slides (§6.3), Login's buttons (§3.2, §2), the splash's logo (§6.2, §7.1). The unlock
/// screen's are its own view's (SCR-AUTH-006 §2, INT-040).
package enum AuthFlowView {
    /// The flow's screen up, or the child's hand-over the flow owns; nil where the unlock
    /// screen itself is up and draws its own.
    static func drawsOwnScreen(_ state: AuthFlowState) -> Bool {
        state.screen.overlay != nil || [.login, .recovery, .dashboard, .notRunning].contains(state.unlock.screen.phase)
    }

    /// The visible texts in reading order, the message last (a toast over the screen) with the
    /// support link a disabled account's message carries (§8.1, INT-AF-016).
    package static func texts(_ state: AuthFlowState, message: String?, rules: AuthFlowRules) -> [String] {
        let shown = message.map { [$0] } ?? []
        let link = message == AuthFlowTexts.oauthError(.disabled) ? [AuthFlowTexts.supportLink] : []
        switch state.screen.overlay {
        case .carousel:
            let slide = state.screen.slide
            return [AuthFlowTexts.slideTitles[shownSlide(slide)], AuthFlowTexts.skip]
                + (slide == rules.carouselSlides ? [AuthFlowTexts.start] : [])
        case .mfa, .mfaCooldown, .registration:
            return shown + link
        case .oauth:
            // The provider's sheet is the system's; under it, the screen its sign-in began on.
            return state.screen.registering ? [] : loginTexts(state)
        case .splash, .onboarding:
            // Onboarding is MTS-ONB-001's.
            return []
        case nil:
            return state.unlock.screen.phase == .login ? loginTexts(state) + shown + link : shown + link
        }
    }

    /// The elements a screen reader visits on the flow's own screens, in reading order, each
    /// labelled by its text (INT-AF-019): what the screen draws but the message, which is a
    /// toast the reader announces, not an element it stops on; the support link stays. Under
    /// the provider's sheet the system's sheet has the focus.
    package static func focusOrder(_ state: AuthFlowState, message: String?, rules: AuthFlowRules) -> [String] {
        guard state.screen.overlay != .oauth else { return [] }
        let link = message == AuthFlowTexts.oauthError(.disabled) ? [AuthFlowTexts.supportLink] : []
        return texts(state, message: nil, rules: rules) + link
    }

    /// Login's own texts: §7.2's offline banner over §3.2's buttons and §2's links.
    static func loginTexts(_ state: AuthFlowState) -> [String] {
        (state.online ? [] : [AuthFlowTexts.offlineBanner]) + AuthFlowTexts.loginButtons
    }

    /// The images on screen by identifier: the splash's logo, the slide's illustration, the
    /// offline banner on Login and the spinner on the provider's button while it signs in (§7.2).
    package static func images(_ state: AuthFlowState) -> [String] {
        switch state.screen.overlay {
        case .splash: return [ImageID.logo]
        case .carousel: return [ImageID.slides[shownSlide(state.screen.slide)]]
        case .oauth:
            let spinner = ImageID.spinner(state.screen.provider ?? .google)
            return state.screen.registering ? [spinner] : loginImages(state) + [spinner]
        case nil where state.unlock.screen.phase == .login: return loginImages(state)
        default: return []
        }
    }

    static func loginImages(_ state: AuthFlowState) -> [String] { state.online ? [] : [ImageID.offlineBanner] }

    /// §9.2: Recovery opened by the MFA screen's recovery key is in recovery mode; by Login's
    /// link, the unlock screen's or a deep link, it recovers the account (INT-AF-016).
    package static func recoveryMode(_ state: AuthFlowState) -> Value {
        guard state.screen.overlay == nil, state.unlock.screen.phase == .recovery else { return .null }
        return .string(state.screen.recoveryByKey ? "recovery_key" : "account")
    }

    /// The slide's index among §6.3's three, for rules that count them otherwise (a mutant's).
    static func shownSlide(_ slide: Int) -> Int { min(max(slide, 1), AuthFlowTexts.slideTitles.count) - 1 }

    /// §4.1 pasos 6 and 8: "Auto-focus primer campo", "Teclado numerico".
    package static let inputFocusFields: [RecordField] = [
        .init("field", .string, "the focused field: `code_1` to `code_6` for the MFA code's cells"),
        .init(
            "keyboard", .oneOf(["numeric", "text"]),
            "the system keyboard: numeric is iOS's `.numberPad`, Android's `InputType.TYPE_CLASS_NUMBER`"),
    ]

    /// The MFA screen focuses the cell the next digit goes into; no other screen of the flow
    /// has a text field (the unlock screen's PIN uses its own keypad, SCR-AUTH-006 §3.4).
    package static func inputFocus(_ state: AuthFlowState, digits: Int) -> Value {
        guard state.screen.overlay == .mfa, state.screen.code.count < digits else { return .null }
        return .map(["field": .string("code_\(state.screen.code.count + 1)"), "keyboard": .string("numeric")])
    }

    package enum ImageID {
        static let logo = "medtime_logo"  // §6.2, §7.1
        /// §6.3's three illustrations: a person with the app and medicines, a dashboard with
        /// statistics, a padlock and protected data.
        static let slides = ["slide_medicines", "slide_statistics", "slide_padlock"]
        static let offlineBanner = "offline_banner"  // §7.2 Network Error
        /// §7.2 Loading Google / Loading Apple: "Boton Google con spinner".
        static func spinner(_ provider: Provider) -> String { "\(provider.rawValue)_button_spinner" }
    }

    // MARK: Animations (profile ui)

    package typealias Animation = UnlockRenderedView.Animation

    /// §6.1's and §6.2's effects beside the unlock screen's (SCR-AUTH-006 §3.7, §5.2).
    package static let animationEffects =
        UnlockRenderedView.animationEffects + [
            "fade_scale_up", "slide_up", "native_sheet", "fade_slide_up", "fade_scale",
        ]
    /// §6.1's Ease column.
    package static let animationEases = ["ease_out", "linear"]
    /// Element name to the animation the step's last input started on it.
    package static let animationsType = ValueType.table(
        .partial([
            .init(
                "effect", .oneOf(animationEffects),
                "§6.1's, §6.2's and SCR-AUTH-006 §3.7's and §5.2's words: " + animationEffects.joined(separator: ", ")),
            .init("duration", .duration, "how long it runs (0: instant)"),
            .init("delay", .duration, "how long after the step's input it starts"),
            .init("ease", .oneOf(animationEases), "its easing curve (§6.1 Ease)"),
        ]), names: [])

    /// The figures of §6.1's table and §6.2's sequence.
    package enum Motion {
        static let carousel = 500  // §6.1 Splash (logo) -> Splash (carrusel), Fade + Scale up
        static let login = 300  // §6.1 Splash -> Login, Slide up
        static let mfa = 300  // §6.1 OAuth -> MFA, Fade + Slide up
        static let dashboard = 250  // §6.1 MFA -> Dashboard, Fade + Scale
        static let logo = 300  // §6.2 0-300ms: Logo fade in + scale to 1.0
        static let tagline = (at: 500, length: 300)  // §6.2 500-800ms: Tagline fade in
    }

    /// §6.1's rows between the flow's screens, on the element `screen`: the move from the
    /// splash (logo, carousel or its session check) to Login slides up, and so on; a move §6.1
    /// does not list has no animation of the flow's (INT-AF-018). The last row, the biometric
    /// hand-over, is the unlock screen's own (its §5.2 fade out; INT-AF-018).
    package static func transition(from: String, to: String) -> Animation? {
        func screen(_ effect: String, _ milliseconds: Int?, ease: String? = "ease_out") -> Animation {
            Animation(
                element: "screen", effect: effect, milliseconds: milliseconds, ease: milliseconds == nil ? nil : ease)
        }
        let splash = [FlowPhase.splash.rawValue, FlowPhase.carousel.rawValue]
        switch (from, to) {
        case (FlowPhase.splash.rawValue, FlowPhase.carousel.rawValue): return screen("fade_scale_up", Motion.carousel)
        case (_, Phase.login.rawValue) where splash.contains(from): return screen("slide_up", Motion.login)
        case (Phase.login.rawValue, FlowPhase.oauth.rawValue): return screen("native_sheet", nil)
        case (FlowPhase.oauth.rawValue, FlowPhase.mfa.rawValue): return screen("fade_slide_up", Motion.mfa)
        case (FlowPhase.mfa.rawValue, Phase.dashboard.rawValue): return screen("fade_scale", Motion.dashboard)
        default: return nil
        }
    }

    /// §7.3 Error: a refused code (wrong or expired) shakes the code's cells.
    static let codeRefused = Animation(element: "code_cells", effect: "shake")

    /// §6.2's sequence, started by the launch: the logo fades in and scales to 1.0 over 300 ms,
    /// the tagline fades in from 500 ms to 800 ms. With reduced motion there is no scale and each
    /// fade is instant at its time, the holds kept; a returning user's 0.5 s splash ends as the
    /// tagline would begin, so it has the logo's alone (INT-AF-001, INT-AF-018).
    package static func splashSequence(firstLaunch: Bool, reducedMotion: Bool) -> [Animation] {
        let logo =
            reducedMotion
            ? Animation(element: "logo", effect: "fade_in", milliseconds: 0)
            : Animation(element: "logo", effect: "scale_fade_in", milliseconds: Motion.logo)
        guard firstLaunch else { return [logo] }
        let tagline = Animation(
            element: "tagline", effect: "fade_in", milliseconds: reducedMotion ? 0 : Motion.tagline.length,
            delay: Motion.tagline.at)
        return [logo, tagline]
    }
}
