import SpecModel

/// The screen's reading of a platform's answer to a biometric prompt: each reaction the spec
/// gives. The platforms' own error codes map onto these in `PlatformErrors`.
package enum BiometricOutcome: String, Sendable, CaseIterable {
    case success, failure, cancel
    case usePIN = "use_pin"
    case notAvailable = "not_available"
    case notEnrolled = "not_enrolled"
    case lockout
    /// A success callback that came with no key released (004: a hooked callback forced to
    /// succeed, or a crypto object that does not decrypt): not proof of the user.
    case successWithoutKey = "success_without_key"
}

package enum TapTarget: String, Sendable, CaseIterable {
    case retryBiometrics = "retry_biometrics"
    case usePIN = "use_pin"
    case forgotPIN = "forgot_pin"
    case loginAgain = "login_again"
}

/// Everything that can happen to the unlock screen, named for what happened.
package enum UnlockEvent: Sendable, Equatable {
    case launched
    case killed
    case backgrounded
    case foregrounded
    /// Only time passed; due timers fire.
    case clockAdvanced
    case biometricAnswered(BiometricOutcome)
    case digitTyped(Int)
    case deleteTapped
    case deleteLongPressed
    case tapped(TapTarget)
    case loginCompleted
    /// The device's enrolled biometrics changed: the platform invalidates the app's key (004).
    case enrolmentChanged
    /// The user turned biometric unlock on in the app's settings: a new key is made.
    case biometricsEnabled
    /// The user set the device's wall clock forward or back; no time passed (INT-022).
    case wallClockSet
    /// The platform lifted its biometric lockout: the device passcode was entered (iOS), the
    /// temporary lockout ran out or a strong authentication was made (Android) (INT-008).
    case platformLockoutEnded

    // What a flow holding the screen tells it of its own screens: no input of the screen's.
    /// The flow shows its Login: the screen hands over there, typed digits and message gone.
    case loginShown
    /// The flow shows the account recovery screen.
    case recoveryShown
    /// One of the flow's sign-in screens is up (Registration, the provider's sheet): the screen
    /// stands on its Login behind it, and says nothing.
    case signInScreenShown
    /// The user logged out in the flow: the session is gone.
    case sessionEnded

    /// Told by the flow around the screen rather than sent by the platform or the user: no time
    /// passes with it (no timer fires).
    package var isTheFlowsNews: Bool {
        switch self {
        case .loginShown, .recoveryShown, .signInScreenShown, .sessionEnded: true
        default: false
        }
    }
}

/// What the outside world sees of one event, as plain data.
package enum UnlockOutput: Sendable, Equatable {
    case entered(Phase)
    /// An animation the screen started: its element, effect and length where one is given.
    case animated(UnlockRenderedView.Animation)
    /// A screen reader announcement with its §7.3 priority.
    case announced(String, AnnouncementPriority = .high)
    /// Haptic feedback played through the platform (§3.4, §3.7).
    case felt(Haptic)
    case analytics(name: String, params: [String: AnalyticsParameter])

    /// The analytics event's name, if this is one.
    package var eventName: String? {
        if case .analytics(let name, _) = self { name } else { nil }
    }
}

package enum AnalyticsParameter: Sendable, Equatable {
    case int(Int)
    case string(String)
    case bool(Bool)

    /// As an observation carries it.
    package var value: Value {
        switch self {
        case .int(let number): .int(number)
        case .string(let text): .string(text)
        case .bool(let flag): .bool(flag)
        }
    }
}

/// SCR-AUTH-006 §7.3's Prioridad column: "Alta" for every announcement but the digits' "Media".
package enum AnnouncementPriority: String, Sendable, CaseIterable { case high, medium }

/// The feedback §3.4 gives every keypad key and §3.7 the success animation.
package enum Haptic: String, Sendable, CaseIterable {
    case key
    case success
}
