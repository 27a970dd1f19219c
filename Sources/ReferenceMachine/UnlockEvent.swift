/// The screen's reading of a platform's answer to a biometric prompt: each reaction the spec
/// gives. The platforms' own error codes map onto these in `PlatformErrors`.
public enum BiometricOutcome: String, Sendable, CaseIterable {
    case success, failure, cancel
    case usePIN = "use_pin"
    case notAvailable = "not_available"
    case notEnrolled = "not_enrolled"
    case lockout
}

public enum TapTarget: String, Sendable, CaseIterable {
    case retryBiometrics = "retry_biometrics"
    case usePIN = "use_pin"
    case forgotPIN = "forgot_pin"
    case loginAgain = "login_again"
}

/// Everything that can happen to the unlock screen, named for what happened.
public enum UnlockEvent: Sendable, Equatable {
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
}

/// What the outside world sees of one event, as plain data.
public enum UnlockOutput: Sendable, Equatable {
    case entered(Phase)
    case announced(String)
    case analytics(name: String, params: [String: AnalyticsParameter])
}

public enum AnalyticsParameter: Sendable, Equatable {
    case int(Int)
    case string(String)
}
