/// The platforms' own biometric errors and the reaction the unlock screen gives each: every
/// LocalAuthentication `LAError` code the iOS article (003) names, and androidx.biometric's
/// `BiometricPrompt` error codes and `onAuthenticationFailed`. A driver may pass on the raw
/// result (`biometric_error: ios.LAError.systemCancel`); this table, not the driver, says what
/// it means: one of the screen's reactions to a prompt's answer (`BiometricOutcome`), with the
/// next state, message, analytics reason and failure count that reaction has.
package struct PlatformError: Sendable, Equatable {
    /// `platform.API.code`, as scenarios and drivers write it.
    package var code: String
    package var reaction: BiometricOutcome
    /// Where the code is named and what the source says of it.
    package var source: String
    /// The interpretation the reaction rests on, where no document gives it.
    package var reading: String?

    /// The catalogue's requirement for this row (Scenarios/requirements.yaml):
    /// `ios.LAError.userCancel` is REQ-IOS-USER-CANCEL.
    package var requirement: String {
        let parts = code.split(separator: ".")
        var words = ""
        for character in parts.last ?? "" {
            if character.isUppercase, let last = words.last, last.isLowercase { words.append("-") }
            words.append(character == "_" ? "-" : character)
        }
        return "REQ-\(parts.first ?? "")-\(words)".uppercased()
    }
}

package enum PlatformErrors {
    static let article = "iOS article (003) §5 and error table"
    static let android = "androidx.biometric BiometricPrompt"

    package static let all: [PlatformError] = [
        // iOS LocalAuthentication (article 003).
        .init(code: "ios.LAError.userCancel", reaction: .cancel, source: "\(article): dismiss, show no error"),
        .init(
            code: "ios.LAError.userFallback", reaction: .usePIN,
            source: "\(article): present your own passcode entry (the app PIN, SCR-AUTH-006 §8.2)"),
        .init(
            code: "ios.LAError.systemCancel", reaction: .cancel, source: "LAError (not in 003)", reading: "INT-019"),
        .init(code: "ios.LAError.appCancel", reaction: .cancel, source: "LAError (not in 003)", reading: "INT-019"),
        .init(
            code: "ios.LAError.authenticationFailed", reaction: .failure,
            source: "LAError; SCR-AUTH-006 §6.1.1 counts it"),
        .init(
            code: "ios.LAError.biometryNotAvailable", reaction: .notAvailable,
            source: "\(article): use the passcode; UIF-AUTH-001 §8.3 \"Sensor no disponible\""),
        .init(
            code: "ios.LAError.biometryNotEnrolled", reaction: .notEnrolled,
            source: "\(article): direct to Settings; UIF-AUTH-001 §8.3 \"Sensor no disponible\"", reading: "INT-008"),
        .init(
            code: "ios.LAError.biometryLockout", reaction: .lockout,
            source: "\(article): fall back to the passcode; UIF-AUTH-001 §8.3 \"Biometria bloqueada\""),
        .init(
            code: "ios.LAError.passcodeNotSet", reaction: .notAvailable,
            source: "\(article): biometrics need a device passcode", reading: "INT-019"),
        .init(
            code: "ios.LAError.invalidContext", reaction: .notAvailable, source: "LAError (not in 003)",
            reading: "INT-019"),
        .init(
            code: "ios.LAError.notInteractive", reaction: .notAvailable, source: "LAError (not in 003)",
            reading: "INT-019"),
        // Android, androidx.biometric.
        .init(
            code: "android.BiometricPrompt.ERROR_HW_UNAVAILABLE", reaction: .notAvailable,
            source: "\(android); UIF-AUTH-001 §8.3 \"Sensor no disponible\""),
        .init(
            code: "android.BiometricPrompt.ERROR_HW_NOT_PRESENT", reaction: .notAvailable,
            source: "\(android); UIF-AUTH-001 §8.3 \"Sensor no disponible\""),
        .init(
            code: "android.BiometricPrompt.ERROR_NO_BIOMETRICS", reaction: .notEnrolled,
            source: "\(android); UIF-AUTH-001 §8.3 \"Sensor no disponible\"", reading: "INT-008"),
        .init(
            code: "android.BiometricPrompt.ERROR_LOCKOUT", reaction: .lockout,
            source: "\(android) (30 s); UIF-AUTH-001 §8.3 \"Biometria bloqueada\"", reading: "INT-008"),
        .init(
            code: "android.BiometricPrompt.ERROR_LOCKOUT_PERMANENT", reaction: .lockout,
            source: "\(android); UIF-AUTH-001 §8.3 \"Biometria bloqueada\""),
        .init(
            code: "android.BiometricPrompt.ERROR_NEGATIVE_BUTTON", reaction: .usePIN,
            source: "\(android): the prompt's \"Usar PIN\" button (SCR-AUTH-006 §4.3)"),
        .init(
            code: "android.BiometricPrompt.ERROR_USER_CANCELED", reaction: .cancel,
            source: "\(android); SCR-AUTH-006 §4.3 Cancelar"),
        .init(
            code: "android.BiometricPrompt.ERROR_CANCELED", reaction: .cancel,
            source: "\(android) (the system cancelled)",
            reading: "INT-019"),
        .init(
            code: "android.BiometricPrompt.ERROR_TIMEOUT", reaction: .cancel, source: android, reading: "INT-019"),
        .init(
            code: "android.AuthenticationCallback.onAuthenticationFailed", reaction: .failure,
            source: "\(android): a biometric not recognised (the prompt stays up)", reading: "INT-020"),
    ]

    package static let codes = all.map(\.code)

    package static func error(code: String) -> PlatformError? {
        all.first { $0.code == code }
    }
}
