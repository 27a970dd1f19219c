/// The flow's numbers: UIF-AUTH-001's where it gives them, the reference's own (INT-AF ids)
/// where it does not. One place, so a mutant can move one.
public struct AuthFlowRules: Sendable, Hashable {
    /// §6.2: "1500ms: Auto-transicion".
    public var splashDuration = 1_500
    /// §10.2: "Pantalla MFA abierta: 5 min".
    public var mfaScreenTimeout = 300_000
    /// §8.2 gives no number: wrong codes before the cooldown (INT-AF-004).
    public var mfaAttempts = 5
    /// §8.2's "{X} segundos" (INT-AF-004).
    public var mfaCooldown = 30_000
    /// RFC 6238 §5.2: steps back still accepted for a code typed as its step ends (INT-AF-003).
    public var mfaStepsAccepted = 1
    /// Steps back a code is told "expirado" rather than "incorrecto" (INT-AF-003).
    public var mfaStepsExpired = 10

    public static let spec = AuthFlowRules()
}

/// The flow's Spanish texts, as UIF-AUTH-001 §8 writes them.
public enum AuthFlowTexts {
    public static func oauthError(_ outcome: OAuthOutcome) -> String? {
        switch outcome {
        case .success, .cancelled: nil
        case .network: "Sin conexion. Verifica tu internet."
        case .disabled: "Tu cuenta ha sido desactivada. Contacta soporte."
        case .token: "Error de autenticacion. Intenta de nuevo."
        case .server: "Error del servidor. Intenta mas tarde."
        }
    }
    public static let codeInvalid = "Codigo incorrecto. Verifica e intenta de nuevo."
    public static let codeExpired = "Codigo expirado. Usa el codigo actual de tu app."
    public static func tooManyAttempts(remaining milliseconds: Int) -> String {
        "Demasiados intentos. Espera \((milliseconds + 999) / 1000) segundos."
    }
}
