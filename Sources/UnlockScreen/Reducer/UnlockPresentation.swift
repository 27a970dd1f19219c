/// What a driver can read off the screen besides its behaviour: the elements a screen reader
/// visits, in order, with their labels (SCR-AUTH-006 §7.1, §7.2; INT-032), and whether the
/// window blocks screenshots and screen recording (§8.1; INT-033).
package enum UnlockPresentation {
    /// One focusable element as the `focus_order` observation writes it: its label, then ` | `
    /// and its hint where §7.1 gives one.
    package static func element(_ label: String, hint: String? = nil) -> String {
        hint.map { "\(label) | \($0)" } ?? label
    }

    /// The screen's focusable elements in focus order; empty when the unlock screen is not on
    /// display (before launch, after a hand-over) or shows nothing to focus (the session check).
    package static func focusOrder(of state: UnlockState, lockRemaining: Int?) -> [String] {
        let screen = state.screen
        switch screen.phase {
        case .notRunning, .checkingSession, .dashboard, .login, .recovery:
            return []
        case .biometricPrompt:
            // §7.2.1: the system prompt; its "Usar PIN" is the app's button, shown on the fail screen.
            return [element(UnlockTexts.promptLabel(state.persisted.biometricType, on: state.persisted.platform))]
        case .biometricFail:
            return [
                element(UnlockTexts.usePINLabel, hint: UnlockTexts.usePINHint), element(UnlockTexts.retryButton),
            ]
        case .pinInput, .pinValidating, .pinError:
            // §7.2.2: title, PIN input, keypad (the §2.2 grid row by row), forgot link.
            let keypad = (1...9).map { element(String($0)) } + [element("0")]
            return [
                element(UnlockTexts.pinTitle),
                element(
                    UnlockTexts.pinInputLabel(screen.digits.count, of: state.persisted.pinLength),
                    hint: UnlockTexts.pinInputHint),
            ] + keypad + [
                element(UnlockTexts.deleteLabel, hint: UnlockTexts.deleteHint),
                element(UnlockTexts.forgotPINLabel, hint: UnlockTexts.forgotPINHint),
            ]
        case .pinBlocked:
            // §7.2.2's order with §2.4's elements: the title, the timer (§7.1), the way out.
            return [element(UnlockTexts.blockedTitle)]
                + (lockRemaining.map { [element(UnlockTexts.timerLabel(remaining: $0))] } ?? [])
                + [element(UnlockTexts.reloginButton)]
        case .biometricSuccess, .success:
            return [element(UnlockTexts.unlocked)]
        }
    }

    /// §8.1: screenshots and screen recording are blocked while the unlock screen is on
    /// display; null when it is not (another screen's rule, not this spec's).
    package static func secureWindow(_ phase: Phase) -> Bool? {
        switch phase {
        case .notRunning, .dashboard, .login, .recovery: return nil
        default: return true
        }
    }
}
