import SpecModel

/// The parts of UIF-AUTH-001 the auth-flow model does not take, each with why. With the facts of
/// both models they account for every table row, arrow, line of code and quoted string of it
/// (`spec check` says any other).
package enum AuthFlowExclusions {
    package static let all: [DocumentExclusion] = [
        DocumentExclusion(
            "UIF-AUTH-001", .part, "subgraph",
            reason: "a subgraph's title groups the flowchart's nodes; its arrows are the facts"),
        DocumentExclusion(
            "UIF-AUTH-001", .part, "Ve opciones de login",
            reason: "what the user looks at on Login: its texts and buttons are facts of §3.2 and §2"),
        DocumentExclusion(
            "UIF-AUTH-001", .part, "Selecciona cuenta Google",
            reason: "a step on the provider's own sheet, which the platform draws: the model sees its answer "
                + "(INT-AF-013)"),
        DocumentExclusion(
            "UIF-AUTH-001", .part, "Autoriza permisos",
            reason: "a step on the provider's own sheet, which the platform draws: the model sees its answer "
                + "(INT-AF-013)"),
        DocumentExclusion(
            "UIF-AUTH-001", .part, "Ve loading \"Creando cuenta...\"",
            reason: "what OAuth draws while it waits, not a state, and no message is observed there; '2-3s max' "
                + "is a target measured by analytics (INT-AF-013)"),
        DocumentExclusion(
            "UIF-AUTH-001", .part, "Face ID verificado",
            reason: "a step on Apple's own sheet, which the platform draws (INT-AF-013)"),
        DocumentExclusion(
            "UIF-AUTH-001", .part, "Abre app TOTP",
            reason: "the user opens another app; the model sees the code typed (INT-AF-003)"),
        DocumentExclusion(
            "UIF-AUTH-001", .part, "Dashboard --> [*]",
            reason: "the diagram's end: the Dashboard is where the flow hands over; no state follows it"),
        DocumentExclusion(
            "UIF-AUTH-001", .part, "Spinner central",
            reason: "what the MFA screen draws while it validates: the model reports the state, Validating "
                + "(INT-AF-011), not its drawing"),
        DocumentExclusion(
            "UIF-AUTH-001", .part, "Animacion de procesamiento",
            reason: "what the unlock screen draws while it processes: the unlock model's own PINValidating "
                + "and BiometricSuccess states, not their drawing"),
        DocumentExclusion(
            "UIF-AUTH-001", .part, "Email reset link",
            reason: "recovery by an email link opens SCR-AUTH-004 from outside the app: a deep link the model "
                + "sends to Login (INT-AF-006); Recovery's screen is SCR-AUTH-004's"),
        DocumentExclusion(
            "UIF-AUTH-001", .part, "Firebase Token",
            reason: "where Firebase keeps its token: the SDK's item, not one the app writes; the unlock model's "
                + "`store` and `key_access` report the app's own"),
        DocumentExclusion(
            "UIF-AUTH-001", .part, "Biometric reference",
            reason: "the system's biometric template, which never leaves the device: nothing the app holds"),
        DocumentExclusion(
            "UIF-AUTH-001", .section, "11.1. KPIs del Flujo",
            reason: "product targets measured over many users by analytics, not the behaviour of one run"),
        DocumentExclusion(
            "UIF-AUTH-001", .section, "13. Historial de Cambios",
            reason: "the document's history and its closing line"),
    ]
}
