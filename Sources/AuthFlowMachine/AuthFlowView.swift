import SpecModel

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
}
