/// The flow's numbers: UIF-AUTH-001's where it gives them, the reference's own (INT-AF ids)
/// where it does not. One place, so a mutant can move one.
package struct AuthFlowRules: Sendable, Hashable {
    /// §6.2: "1500ms: Auto-transicion" (a first launch).
    package var splashDuration = 1_500
    /// §4.1: "Splash rapido ... 0.5s para usuario existente" (INT-AF-001).
    package var returningSplashDuration = 500
    /// §10.2: "Pantalla MFA abierta: 5 min".
    package var mfaScreenTimeout = 300_000
    /// §8.2 gives no number: wrong codes before the cooldown (INT-AF-004).
    package var mfaAttempts = 5
    /// §8.2's "{X} segundos" (INT-AF-004).
    package var mfaCooldown = 30_000
    /// RFC 6238 §5.2: steps back still accepted for a code typed as its step ends (INT-AF-003).
    package var mfaStepsAccepted = 1
    /// Steps back a code is told "expirado" rather than "incorrecto" (INT-AF-003).
    package var mfaStepsExpired = 10
    /// RFC 6238 §5.2: a code already accepted is refused (INT-AF-003); off accepts it again.
    package var refusesReusedCodes = true
    /// §6.3: "CARRUSEL BIENVENIDA (3 slides)"; "Comenzar" on the last.
    package var carouselSlides = 3

    package static let spec = AuthFlowRules()
}

/// The flow's Spanish texts, as UIF-AUTH-001 §8 writes them.
package enum AuthFlowTexts {
    package static func oauthError(_ outcome: OAuthOutcome) -> String? {
        switch outcome {
        case .success, .cancelled: nil
        case .network: "Sin conexion. Verifica tu internet."
        case .disabled: "Tu cuenta ha sido desactivada. Contacta soporte."
        case .token: "Error de autenticacion. Intenta de nuevo."
        case .server: "Error del servidor. Intenta mas tarde."
        }
    }
    package static let codeInvalid = "Codigo incorrecto. Verifica e intenta de nuevo."
    package static let codeExpired = "Codigo expirado. Usa el codigo actual de tu app."
    /// §6.3's slide titles, in order.
    package static let slideTitles = [
        "Nunca olvides tus medicamentos", "Control total de tu tratamiento", "Tu salud, tu privacidad",
    ]
    package static let skip = "Saltar"  // §6.3
    package static let start = "Comenzar"  // §3.1 paso 4, §6.3
    /// §3.2's social buttons, then §2's two links from Login (INT-AF-006's buttons).
    package static let loginButtons = [
        "Continuar con Google", "Continuar con Apple", "Crear cuenta", "Olvidaste acceso?",
    ]
    /// §8.1 DISABLED's "Link soporte", read with the message's own words (INT-AF-016).
    package static let supportLink = "Contacta soporte"
    /// §7.2 Network Error's banner: "Sin conexion", with §8.1 NETWORK's message (INT-AF-016).
    package static let offlineBanner = "Sin conexion. Verifica tu internet."
    package static func tooManyAttempts(remaining milliseconds: Int) -> String {
        "Demasiados intentos. Espera \((milliseconds + 999) / 1000) segundos."
    }
}
