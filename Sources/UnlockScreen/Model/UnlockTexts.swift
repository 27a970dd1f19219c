/// The screen's Spanish texts, exactly as the spec writes them (SCR-AUTH-006 §2, §7.3;
/// UIF-AUTH-001 §8.3). Where a template's wording is the reference's own, the INT id says so.
package enum UnlockTexts {
    // §7.3 announcements
    package static func biometricPrompt(_ type: BiometricType, on platform: Platform) -> String {
        // INT-011: §7.3's Face ID sentence; Touch ID with §3.2.1's one substitution; Android
        // §7.1's Android label as written.
        switch (platform, type) {
        case (.android, _): "Usa tu huella para desbloquear"
        case (.ios, .fingerprint): "Usa Touch ID para desbloquear MedTime"
        case (.ios, _): "Usa Face ID para desbloquear MedTime"
        }
    }
    package static func biometricFailed(left: Int) -> String { "No reconocido. \(left) intentos restantes" }
    package static let biometricToPIN = "Usa tu PIN para desbloquear"
    package static func pinDigit(_ count: Int, of total: Int) -> String { "Digito \(count) de \(total)" }
    package static func pinWrong(left: Int) -> String { "PIN incorrecto. \(left) intentos restantes" }
    package static func pinBlocked(remaining milliseconds: Int) -> String {
        "PIN bloqueado. Espera \(spokenDuration(milliseconds))"
    }
    package static let unlocked = "Desbloqueado"

    // §7.1 accessibility labels and hints, listed in §7.2's focus order by UnlockPresentation
    package static func promptLabel(_ type: BiometricType, on platform: Platform) -> String {
        // INT-011: §7.1's rows are per platform; iOS Touch ID is §3.2.1's other wording.
        switch (platform, type) {
        case (.android, _): "Usa tu huella para desbloquear"
        case (.ios, .fingerprint): "Touch ID para MedTime"
        case (.ios, _): "Face ID para MedTime"
        }
    }
    package static func pinInputLabel(_ count: Int, of total: Int) -> String {
        "PIN de desbloqueo, \(count) de \(total) digitos"
    }
    package static let pinInputHint = "Ingresa tu PIN"
    package static let deleteLabel = "Borrar"
    package static let deleteHint = "Borra el ultimo digito"
    package static let usePINLabel = "Usar PIN"
    package static let usePINHint = "Desbloquea con tu PIN en lugar de biometria"
    package static let forgotPINLabel = "Olvidaste tu PIN"
    package static let forgotPINHint = "Ir a opciones de recuperacion"
    package static func timerLabel(remaining milliseconds: Int) -> String {
        "Bloqueado. Espera \(spokenDuration(milliseconds))"
    }
    // Titles and buttons as the §2 wireframes write them (INT-032: their text is their label)
    package static let pinTitle = "Ingresa tu PIN"  // §2.2
    package static let blockedTitle = "PIN bloqueado"  // §2.4
    package static let retryButton = "Intentar de nuevo"  // §2.3
    package static let reloginButton = "Iniciar sesion nuevamente"  // §2.4
    package static let alternativeLogin = "O inicia sesion nuevamente con Google o Apple."  // §2.4
    package static let forgotPINLink = "Olvidaste tu PIN?"  // §2.2, §3.6 Texto
    /// §2.3's counter, attempts left of the total (INT-024).
    package static func attemptsCounter(left: Int, of total: Int) -> String { "Intentos: \(left) de \(total)" }

    // The prompt's texts the app passes to the platform (§3.2, §10)
    package static let cancel = "Cancelar"  // §10.1 localizedCancelTitle
    package static let androidPromptTitle = "Desbloquear MedTime"  // §3.2.2, §10.2
    package static let androidPromptSubtitle = "Usa tu huella o rostro"  // §3.2.2, §10.2

    // On-screen messages
    package static let notRecognised = "No reconocido. Intenta de nuevo."  // UIF-AUTH-001 §8.3
    package static let sensorUnavailable = "Sensor no disponible. Usa tu PIN."  // UIF-AUTH-001 §8.3
    package static let biometricLockedOut = "Biometria bloqueada. Usa tu PIN."  // UIF-AUTH-001 §8.3
    package static let fallbackAfterFailures = "Biometria no disponible. Usa tu PIN para desbloquear."  // §2.2
    // §2.4
    package static let blockedExplanation = "Has excedido el numero de intentos de PIN. Espera antes de reintentar."

    /// `{tiempo}` spoken (INT-010): whole hours, minutes and seconds, rounded up to the second,
    /// zero parts left out: "1 minuto", "5 minutos", "1 hora", "4 minutos 32 segundos".
    package static func spokenDuration(_ milliseconds: Int) -> String {
        let seconds = (milliseconds + 999) / 1000
        let parts = [
            (seconds / 3600, "hora", "horas"), (seconds % 3600 / 60, "minuto", "minutos"),
            (seconds % 60, "segundo", "segundos"),
        ]
        let words = parts.filter { $0.0 > 0 }.map { "\($0.0) \($0.0 == 1 ? $0.1 : $0.2)" }
        return words.isEmpty ? "0 segundos" : words.joined(separator: " ")
    }

    /// The §3.5 countdown, MM:SS, rounded up so it never shows 00:00 while still locked (INT-010).
    package static func countdown(_ milliseconds: Int) -> String {
        let seconds = (milliseconds + 999) / 1000
        let minutes = seconds / 60
        let rest = seconds % 60
        return (minutes < 10 ? "0" : "") + "\(minutes):" + (rest < 10 ? "0" : "") + "\(rest)"
    }
}
