import SpecModel

/// What the unlock model takes from the documents, each quoted as its document writes it: the texts it shows and says (SCR-AUTH-006 §2, §7.1, §7.3; UIF-AUTH-001 §8.3), its
/// numbers (§3.3, §4.3, §6.1; UIF-AUTH-001 §10.2), the arrows it follows (§4.1, §5.1; UIF-AUTH-001
/// §2, §5.1), the rows of its rule tables (§4.2, §5.2, §6.1.1, §6.1.2, §6.2, §7.2, §8; UIF-AUTH-001
/// §10.3), its events (§9.2, §11.1), the platform reactions of `PlatformErrors` (003) and the key
/// rules of 004. `spec check` looks for each quote: one that is gone is an edit where the model
/// follows the document, reported at its line with the rule and the requirements resting on it.
/// A fact with a `reading` is one the model does not follow because a reading of
/// docs/interpretations.md decides otherwise (the documents disagree): it is how the check shows
/// the disagreement, and an edit of it asks for a look at the reading.
///
/// Where a table is written one cell a line, the line carrying the value the model follows is
/// quoted, with the lines above it that place it where its words repeat (`| Tamano |` then
/// `64x64dp |`, §7.3's announcement then its priority: the lines joined by a line break); a row whose cells are tab-separated (UIF-AUTH-001) is quoted with a space for each
/// tab (white space compares as one space); the error table of 003 runs each code into its
/// reaction, and so does the quote. Where the same words are written elsewhere, a quote takes the
/// `|` or quote marks around them on its own line.
package enum UnlockFacts {
    package static let all: [DocumentFact] = [
        // §7.3 Screen reader announcements, then §7.1 labels and hints
        // §7.3's Prioridad column, each quoted with its announcement's line above it
        DocumentFact(
            "SCR-AUTH-006", .row, "\"Usa Face ID para desbloquear MedTime\" |\nAlta |",
            rule: "AnnouncementPriority of UnlockTexts.biometricPrompt (§7.3 Bio prompt)",
            requirements: ["REQ-A11Y-PRIORITY"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "\"No reconocido. {n} intentos restantes\" |\nAlta |",
            rule: "AnnouncementPriority of UnlockTexts.biometricFailed (§7.3 Bio fail)",
            requirements: ["REQ-A11Y-PRIORITY"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "\"Usa tu PIN para desbloquear\" |\nAlta |",
            rule: "AnnouncementPriority of UnlockTexts.biometricToPIN (§7.3 Bio to PIN)",
            requirements: ["REQ-A11Y-PRIORITY"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "\"Digito {n} de {total}\" |\nMedia |",
            rule: "AnnouncementPriority of UnlockTexts.pinDigit (§7.3 PIN digit)", requirements: ["REQ-A11Y-PRIORITY"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "\"PIN incorrecto. {n} intentos restantes\" |\nAlta |",
            rule: "AnnouncementPriority of UnlockTexts.pinWrong (§7.3 PIN error)", requirements: ["REQ-A11Y-PRIORITY"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "\"PIN bloqueado. Espera {tiempo}\" |\nAlta |",
            rule: "AnnouncementPriority of UnlockTexts.pinBlocked (§7.3 PIN blocked)",
            requirements: ["REQ-A11Y-PRIORITY"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "\"Desbloqueado\" |\nAlta |",
            rule: "AnnouncementPriority of UnlockTexts.unlocked (§7.3 Success)", requirements: ["REQ-A11Y-PRIORITY"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "\"Usa Face ID para desbloquear MedTime\"", rule: "UnlockTexts.biometricPrompt",
            requirements: ["REQ-A11Y-BIO-PROMPT"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "\"Usa tu huella para desbloquear\"",
            rule: "UnlockTexts.biometricPrompt(on: .android)", requirements: ["REQ-A11Y-BIO-PROMPT", "INT-011"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "\"No reconocido. {n} intentos restantes\"", rule: "UnlockTexts.biometricFailed",
            requirements: ["REQ-A11Y-BIO-FAIL"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "\"Usa tu PIN para desbloquear\"", rule: "UnlockTexts.biometricToPIN",
            requirements: ["REQ-A11Y-BIO-TO-PIN", "INT-007"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "\"Digito {n} de {total}\"", rule: "UnlockTexts.pinDigit",
            requirements: ["REQ-A11Y-PIN-DIGIT"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "\"PIN incorrecto. {n} intentos restantes\"", rule: "UnlockTexts.pinWrong",
            requirements: ["REQ-A11Y-PIN-ERROR", "REQ-PIN-ROW-1-4", "INT-014"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "\"PIN bloqueado. Espera {tiempo}\"", rule: "UnlockTexts.pinBlocked",
            requirements: ["REQ-A11Y-PIN-BLOCKED", "INT-010"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "\"Desbloqueado\" |", rule: "UnlockTexts.unlocked",
            requirements: ["REQ-A11Y-SUCCESS"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "\"Usa tu huella para desbloquear\"", rule: "UnlockTexts.promptLabel(on: .android)",
            requirements: ["REQ-A11Y-LABEL-PROMPT", "INT-011"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "\"PIN de desbloqueo, {n} de {total} digitos\"", rule: "UnlockTexts.pinInputLabel",
            requirements: ["REQ-A11Y-LABEL-PIN-INPUT"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "\"Ingresa tu PIN\" |", rule: "UnlockTexts.pinInputHint",
            requirements: ["REQ-A11Y-LABEL-PIN-INPUT"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "\"{numero}\"", rule: "UnlockPresentation.focusOrder keypad labels",
            requirements: ["REQ-A11Y-LABEL-KEYS"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "\"Borrar\" |", rule: "UnlockTexts.deleteLabel",
            requirements: ["REQ-A11Y-LABEL-KEYS"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "\"Borra el ultimo digito\"", rule: "UnlockTexts.deleteHint",
            requirements: ["REQ-A11Y-LABEL-KEYS"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "\"Desbloquea con tu PIN en lugar de biometria\"", rule: "UnlockTexts.usePINHint",
            requirements: ["REQ-A11Y-LABEL-USE-PIN"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "\"Ir a opciones de recuperacion\"", rule: "UnlockTexts.forgotPINHint",
            requirements: ["REQ-A11Y-LABEL-FORGOT"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "\"Bloqueado. Espera {tiempo}\"", rule: "UnlockTexts.timerLabel",
            requirements: ["REQ-A11Y-LABEL-TIMER", "INT-010"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "| Bio prompt (iOS) |",
            rule: "UnlockTexts.promptLabel by platform (iOS row)", requirements: ["REQ-A11Y-LABEL-PROMPT", "INT-011"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "| Bio prompt (Android) |",
            rule: "UnlockTexts.promptLabel by platform (Android row)",
            requirements: ["REQ-A11Y-LABEL-PROMPT", "INT-011"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "\"Touch ID para MedTime\"", rule: "UnlockTexts.promptLabel(.fingerprint, on: .ios)",
            requirements: ["REQ-A11Y-LABEL-PROMPT", "INT-011"]),
        // §2 wireframes: titles, buttons and messages (INT-032: their text is their label)
        DocumentFact(
            "SCR-AUTH-006", .text, "Biometria no disponible. Usa tu PIN |\n| para desbloquear. |",
            rule: "UnlockTexts.fallbackAfterFailures (its second line, §2.2)", requirements: ["REQ-TEXTS-PIN"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "| O inicia sesion nuevamente con |",
            rule: "UnlockTexts.alternativeLogin (§2.4)", requirements: ["REQ-TEXTS-BLOCKED"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "| Google o Apple. |",
            rule: "UnlockTexts.alternativeLogin (its second line, §2.4)", requirements: ["REQ-TEXTS-BLOCKED"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "| | 1 | 2 | 3 | | |",
            rule: "UnlockPlatformView.keypadDigits (§2.2 keypad row 1)", requirements: ["REQ-TEXTS-PIN"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "| | 4 | 5 | 6 | | |",
            rule: "UnlockPlatformView.keypadDigits (§2.2 keypad row 2)", requirements: ["REQ-TEXTS-PIN"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "| | 7 | 8 | 9 | | |",
            rule: "UnlockPlatformView.keypadDigits (§2.2 keypad row 3)", requirements: ["REQ-TEXTS-PIN"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "| | | 0 | X | | |",
            rule: "UnlockPlatformView.keypadDigits (§2.2 keypad row 4)", requirements: ["REQ-TEXTS-PIN"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "[Face ID Icon - Red]",
            rule: "UnlockPlatformView.ImageID.biometricError (§2.3)", requirements: ["REQ-IMAGES"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "| | [!] | |\n| | Warning | |",
            rule: "UnlockPlatformView.ImageID.warning (§2.4)", requirements: ["REQ-IMAGES"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "| | [Check] | |",
            rule: "UnlockPlatformView.ImageID.successCheck (§2.5)", requirements: ["REQ-IMAGES"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "| [Cancelar] |", rule: "BiometricOutcome.cancel (the iOS prompt's Cancelar)",
            requirements: ["REQ-BIO-CANCEL", "REQ-IOS-USER-CANCEL"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "[Usar PIN] [Cancelar]",
            rule: "BiometricOutcome.usePIN and .cancel (the Android prompt's buttons)",
            requirements: ["REQ-BIO-CANCEL", "REQ-ANDROID-ERROR-NEGATIVE-BUTTON", "REQ-ANDROID-ERROR-USER-CANCELED"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "| Ingresa tu PIN |", rule: "UnlockTexts.pinTitle",
            requirements: ["REQ-A11Y-FOCUS-PIN", "INT-032"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "Biometria no disponible. Usa tu PIN", rule: "UnlockTexts.fallbackAfterFailures",
            requirements: [
                "REQ-BIO-ROW-3", "INT-007", "INT-021", "REQ-KEY-ENROLMENT-INVALIDATES", "REQ-KEY-FORGED-CALLBACK",
            ]),
        DocumentFact(
            "SCR-AUTH-006", .number, "<- 4-6 digitos segun config", rule: "UnlockModel given pin_length (§2.2 cells)",
            requirements: ["REQ-PIN-LENGTH", "INT-034"], reading: "INT-034"),
        DocumentFact(
            "SCR-AUTH-006", .text, "[Olvidaste tu PIN?]", rule: "TapTarget.forgotPIN (§2.2 link)",
            requirements: ["REQ-FORGOT-PIN"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "| No reconocido |", rule: "UnlockTexts.notRecognised (§2.3 first line)",
            requirements: ["REQ-ERR-NOT-RECOGNISED", "REQ-BIO-ROW-1-2"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "| Intenta de nuevo |", rule: "UnlockTexts.notRecognised (§2.3 second line)",
            requirements: ["REQ-ERR-NOT-RECOGNISED", "REQ-BIO-ROW-1-2"]),
        DocumentFact(
            "SCR-AUTH-006", .number, "Intentos: 2 de 3", rule: "bio_attempts_left (§2.3 counter)",
            requirements: ["INT-024", "REQ-BIO-ROW-1-2"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "[Usar PIN] [Intentar de nuevo]",
            rule: "UnlockPresentation.focusOrder BiometricFail",
            requirements: ["REQ-A11Y-FOCUS-BIOMETRIC", "REQ-A11Y-LABEL-USE-PIN", "INT-005", "INT-032"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "[Intentar de nuevo]", rule: "UnlockTexts.retryButton",
            requirements: ["INT-005", "INT-032"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "| PIN bloqueado |", rule: "UnlockTexts.blockedTitle", requirements: ["INT-032"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "Has excedido el numero de intentos", rule: "UnlockTexts.blockedExplanation",
            requirements: ["REQ-LOCK-COUNTDOWN"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "de PIN. Espera antes de reintentar.",
            rule: "UnlockTexts.blockedExplanation (its second line)", requirements: ["REQ-LOCK-COUNTDOWN"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "<- Countdown", rule: "UnlockTexts.countdown (§2.4)",
            requirements: ["REQ-LOCK-COUNTDOWN", "INT-010"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "| | Iniciar sesion nuevamente |", rule: "UnlockTexts.reloginButton",
            requirements: ["REQ-RELOGIN", "INT-032"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "| Desbloqueado |", rule: "UnlockPresentation.focusOrder Success (§2.5)",
            requirements: ["REQ-A11Y-SUCCESS", "INT-032"]),
        DocumentFact(
            "SCR-AUTH-006", .number, "(Auto-transicion a Dashboard en 0.5s)", rule: "UnlockRules.successDelay",
            requirements: ["REQ-SUCCESS-DELAY", "INT-027"]),
        // §3 UI components
        DocumentFact(
            "SCR-AUTH-006", .number, "Segun config usuario (4 o 6 digitos)",
            rule: "UnlockModel given pin_length (§3.3 Variante)", requirements: ["REQ-PIN-LENGTH"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "Si, al completar", rule: "row §3.3 Auto-submit (UnlockMachine.submit)",
            requirements: ["REQ-PIN-AUTO-SUBMIT"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "MM:SS", rule: "UnlockTexts.countdown",
            requirements: ["REQ-LOCK-COUNTDOWN", "INT-010"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "Ir a SCR-AUTH-004", rule: "row §3.6 Accion (transition PINInput -> Recovery)",
            requirements: ["REQ-FORGOT-PIN", "INT-001"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "| Fallback title |\n\"Usar PIN\" |",
            rule: "PromptRequest fallback title (iOS, §3.2.1)", requirements: ["REQ-PROMPT-IOS"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "| Title |\n\"Desbloquear MedTime\" |",
            rule: "PromptRequest title (Android, §3.2.2)", requirements: ["REQ-PROMPT-ANDROID"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "| Subtitle |\n\"Usa tu huella o rostro\" |",
            rule: "PromptRequest subtitle (Android, §3.2.2)", requirements: ["REQ-PROMPT-ANDROID"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "| Negative button |\n\"Usar PIN\" |",
            rule: "PromptRequest negative button (Android, §3.2.2)", requirements: ["REQ-PROMPT-ANDROID"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "Punto negro (no muestra digitos)",
            rule: "UnlockPlatformView pin_display dots (§3.3 Mascara)", requirements: ["REQ-PIN-MASK"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "Backspace icon",
            rule: "UnlockPlatformView.ImageID.deleteKey (§3.4 Delete key)", requirements: ["REQ-IMAGES"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "Si, cada tecla",
            rule: "Haptic.keyTap on each key (§3.4 Haptic)", requirements: ["REQ-HAPTIC-KEYS"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "Checkmark circle",
            rule: "UnlockPlatformView.ImageID.successCheck (§3.7 Icono)",
            requirements: ["REQ-IMAGES", "REQ-UI-SUCCESS-ICON"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "Success pattern",
            rule: "Haptic.success (§3.7 Haptic)", requirements: ["REQ-HAPTIC-SUCCESS"]),
        // §3's sizes, text sizes and the link's text, with §3.7's animation: what `frames`,
        // `a11y_audit` and `animations` report (INT-041)
        DocumentFact(
            "SCR-AUTH-006", .number, "| Tamano |\n60x60dp |", rule: "UnlockRenderedView.Figure.logo (§3.1)",
            requirements: ["REQ-UI-LOGO"]),
        DocumentFact(
            "SCR-AUTH-006", .number, "Center, 15% from top", rule: "UnlockRenderedView.Figure.logoTopPercent (§3.1)",
            requirements: ["REQ-UI-LOGO"]),
        DocumentFact(
            "SCR-AUTH-006", .number, "| Cell size |\n44x52dp |", rule: "UnlockRenderedView.Figure.pinCell (§3.3)",
            requirements: ["REQ-UI-PIN-CELLS"]),
        DocumentFact(
            "SCR-AUTH-006", .number, "| Key size |\n72x56dp |", rule: "UnlockRenderedView.Figure.key (§3.4)",
            requirements: ["REQ-UI-KEYPAD"]),
        DocumentFact(
            "SCR-AUTH-006", .number, "| Key font |\nxl (20sp) |", rule: "UnlockRenderedView.Figure.keyFont (§3.4)",
            requirements: ["REQ-UI-KEYPAD"]),
        DocumentFact(
            "SCR-AUTH-006", .number, "3xl (30sp)", rule: "UnlockRenderedView.Figure.countdownFont (§3.5)",
            requirements: ["REQ-UI-COUNTDOWN"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "| Texto |\n\"Olvidaste tu PIN?\" |", rule: "UnlockTexts.forgotPINLink (§3.6 Texto)",
            requirements: ["REQ-TEXTS-PIN"]),
        DocumentFact(
            "SCR-AUTH-006", .number, "sm (14sp)", rule: "UnlockRenderedView.Figure.linkFont (§3.6)",
            requirements: ["REQ-UI-LINK"]),
        DocumentFact(
            "SCR-AUTH-006", .number, "44dp height", rule: "UnlockRenderedView.Figure.linkTouchHeight (§3.6)",
            requirements: ["REQ-UI-LINK"]),
        DocumentFact(
            "SCR-AUTH-006", .number, "| Tamano |\n64x64dp |", rule: "UnlockRenderedView.Figure.successIcon (§3.7)",
            requirements: ["REQ-UI-SUCCESS-ICON"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "Scale 0.8->1.0, fade in",
            rule: "UnlockRenderedView.animation scale_fade_in (§3.7 Animacion)", requirements: ["REQ-UI-ANIMATIONS"]),
        DocumentFact(
            "SCR-AUTH-006", .number, "| Duracion |\n200ms |",
            rule: "UnlockRenderedView.animation scale_fade_in 200 ms (§3.7)", requirements: ["REQ-UI-ANIMATIONS"]),
        // §4.1 flowchart
        DocumentFact(
            "SCR-AUTH-006", .arrow, "A[App Open] --> B{Sesion valida?}",
            rule: "flowchart §4.1 A -> B (NotRunning -> CheckingSession)", requirements: ["INT-001"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "B -->|No| C[Ir a Login]",
            rule: "flowchart §4.1 B -No-> C (CheckingSession -> Login)", requirements: ["REQ-ROUTE-LOGIN"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "B -->|Si| D{Biometria habilitada?}",
            rule: "flowchart §4.1 B -Si-> D (the biometric setting checked)",
            requirements: ["REQ-ROUTE-BIOMETRIC", "REQ-ROUTE-PIN"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "D -->|No| E[Ir a PIN]",
            rule: "flowchart §4.1 D -No-> E (CheckingSession -> PINInput)", requirements: ["REQ-ROUTE-PIN"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "D -->|Si| F[Mostrar prompt biometrico]",
            rule: "flowchart §4.1 D -Si-> F (CheckingSession -> BiometricPrompt)",
            requirements: ["REQ-ROUTE-BIOMETRIC"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "F --> G{Resultado?}", rule: "flowchart §4.1 F -> G (the prompt's answer)",
            requirements: ["REQ-BIO-SUCCESS", "REQ-BIO-ROW-1-2", "REQ-BIO-CANCEL"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "G -->|Exito| H[Desbloquear -> Dashboard]",
            rule: "flowchart §4.1 G -Exito-> H (BiometricPrompt -> Success)", requirements: ["REQ-BIO-SUCCESS"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "G -->|Fallo| I{Intentos < 3?}",
            rule: "flowchart §4.1 G -Fallo-> I (BiometricPrompt -> BiometricFail)",
            requirements: ["REQ-BIO-ROW-1-2", "REQ-BIO-ROW-3"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "G -->|Cancelar| E",
            rule: "flowchart §4.1 G -Cancelar-> E (BiometricPrompt -> PINInput)", requirements: ["REQ-BIO-CANCEL"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "I -->|No| E", rule: "flowchart §4.1 I -No-> E (BiometricFail -> PINInput)",
            requirements: ["REQ-BIO-ROW-3"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "I -->|Si| F",
            rule: "flowchart §4.1 I -Si-> F (BiometricFail -> BiometricPrompt)", requirements: ["REQ-BIO-ROW-1-2"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "E --> J[Ingreso PIN]", rule: "flowchart §4.1 E -> J (PINInput)",
            requirements: ["REQ-ROUTE-PIN"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "J --> K{PIN correcto?}", rule: "flowchart §4.1 J -> K (PINInput -> PINValidating)",
            requirements: ["REQ-PIN-AUTO-SUBMIT"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "K -->|Si| H", rule: "flowchart §4.1 K -Si-> H (PINValidating -> Success)",
            requirements: ["REQ-PIN-SUCCESS"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "K -->|No| L{Intentos < 5?}",
            rule: "flowchart §4.1 K -No-> L (PINValidating -> PINError)",
            requirements: ["REQ-PIN-ROW-1-4", "REQ-PIN-ROW-5"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "L -->|Si| J", rule: "flowchart §4.1 L -Si-> J (PINError -> PINInput)",
            requirements: ["REQ-PIN-ROW-1-4"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "L -->|No| M[Bloqueo temporal]",
            rule: "flowchart §4.1 L -No-> M (PINError -> PINBlocked)", requirements: ["REQ-PIN-ROW-5", "INT-003"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "M --> N{Cooldown completo?}", rule: "flowchart §4.1 M -> N (PINBlocked)",
            requirements: ["REQ-LOCK-ENDS"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "N -->|No| O[Mostrar countdown]",
            rule: "flowchart §4.1 N -No-> O (PINBlocked, countdown)", requirements: ["REQ-LOCK-COUNTDOWN"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "N -->|Si| J",
            rule: "flowchart §4.1 N -Si-> J (PINBlocked -> PINInput)", requirements: ["REQ-LOCK-ENDS"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "O --> N",
            rule: "flowchart §4.1 O -> N (PINBlocked, the countdown until the cooldown is complete)",
            requirements: ["REQ-LOCK-COUNTDOWN"]),
        // §4.2 gestures: each row's action
        DocumentFact(
            "SCR-AUTH-006", .row, "Sensor |\nDesbloquear |",
            rule: "row §4.2 Biometric Sensor (transition BiometricPrompt -> Success)", requirements: ["REQ-BIO-SUCCESS"]
        ),
        DocumentFact(
            "SCR-AUTH-006", .row, "Iniciar sesion (bloqueado) |\nIr a login |",
            rule: "row §4.2 Tap Iniciar sesion (transition PINBlocked -> Login)", requirements: ["REQ-RELOGIN"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "Ingresar digito PIN", rule: "row §4.2 Tap Key 0-9 (input digit)",
            requirements: ["REQ-A11Y-PIN-DIGIT", "REQ-PIN-AUTO-SUBMIT"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "Borrar ultimo digito", rule: "row §4.2 Tap Key X (input delete)",
            requirements: ["REQ-PIN-DELETE"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "Borrar todo", rule: "row §4.2 Long press Key X (input clear)",
            requirements: ["REQ-PIN-CLEAR"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "Ir a recovery", rule: "row §4.2 Tap Olvidaste PIN? (tap forgot_pin)",
            requirements: ["REQ-FORGOT-PIN"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "Cambiar a PIN", rule: "row §4.2 Tap Usar PIN (biometric use_pin)",
            requirements: ["REQ-BIO-CANCEL"]),
        // §4.3 auto-trigger and configuration
        DocumentFact(
            "SCR-AUTH-006", .row, "1. App abre con sesion valida", rule: "row §4.3 1 (launch with a valid session)",
            requirements: ["REQ-ROUTE-BIOMETRIC"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "2. Si biometria habilitada, trigger automatico",
            rule: "row §4.3 2 (CheckingSession -> BiometricPrompt, automatic)", requirements: ["REQ-ROUTE-BIOMETRIC"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "3. Prompt nativo aparece inmediatamente", rule: "row §4.3 3 (the prompt at once)",
            requirements: ["REQ-ROUTE-BIOMETRIC", "REQ-EVT-BIO-ATTEMPT"]),
        DocumentFact(
            "SCR-AUTH-006", .number, "4. Si usuario cancela o falla 3 veces, fallback a PIN",
            rule: "UnlockRules.biometricAttempts", requirements: ["REQ-BIO-CANCEL", "REQ-BIO-ROW-3"]),
        DocumentFact(
            "SCR-AUTH-006", .number, "5. Si PIN falla 5 veces, bloqueo temporal",
            rule: "UnlockRules.pinFailuresBeforeLock", requirements: ["REQ-PIN-ROW-5"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "- biometricEnabled: true/false (UserDefaults/SharedPrefs)",
            rule: "PersistedStore.biometricEnabled (§4.3)", requirements: ["REQ-ROUTE-BIOMETRIC", "REQ-ROUTE-PIN"]),
        DocumentFact(
            "SCR-AUTH-006", .number, "- pinLength: 4 o 6 (configurado en onboarding)",
            rule: "UnlockModel given pin_length (§4.3)", requirements: ["REQ-PIN-LENGTH"]),
        // §5.1 state diagram
        DocumentFact(
            "SCR-AUTH-006", .arrow, "[*] --> CheckingSession: App open",
            rule: "transition NotRunning -> CheckingSession", requirements: ["INT-001"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "CheckingSession --> BiometricPrompt: Sesion valida + bio habilitado",
            rule: "transition CheckingSession -> BiometricPrompt", requirements: ["REQ-ROUTE-BIOMETRIC"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "CheckingSession --> PINInput: Sesion valida + bio deshabilitado",
            rule: "transition CheckingSession -> PINInput", requirements: ["REQ-ROUTE-PIN", "REQ-BIO-TYPE-NONE"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "CheckingSession --> Login: Sesion invalida",
            rule: "transition CheckingSession -> Login", requirements: ["REQ-ROUTE-LOGIN"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "BiometricPrompt --> BiometricSuccess: Bio exitoso",
            rule: "transition BiometricPrompt -> BiometricSuccess", requirements: ["REQ-BIO-SUCCESS"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "BiometricPrompt --> BiometricFail: Bio fallido",
            rule: "transition BiometricPrompt -> BiometricFail",
            requirements: ["REQ-BIO-ROW-1-2", "REQ-IOS-AUTHENTICATION-FAILED", "INT-020"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "BiometricPrompt --> PINInput: Cancelar / Usar PIN",
            rule: "transition BiometricPrompt -> PINInput", requirements: ["REQ-BIO-CANCEL"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "BiometricFail --> BiometricPrompt: Intentos < 3",
            rule: "transition BiometricFail -> BiometricPrompt", requirements: ["REQ-BIO-ROW-1-2", "INT-005"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "BiometricFail --> PINInput: Intentos >= 3",
            rule: "transition BiometricFail -> PINInput", requirements: ["REQ-BIO-ROW-3", "INT-007"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "PINInput --> PINValidating: PIN completo",
            rule: "transition PINInput -> PINValidating", requirements: ["REQ-PIN-AUTO-SUBMIT"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "PINValidating --> Success: PIN correcto",
            rule: "transition PINValidating -> Success", requirements: ["REQ-PIN-SUCCESS"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "PINValidating --> PINError: PIN incorrecto",
            rule: "transition PINValidating -> PINError", requirements: ["REQ-PIN-ROW-1-4"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "PINError --> PINInput: Intentos < 5", rule: "transition PINError -> PINInput",
            requirements: ["REQ-PIN-ROW-1-4", "INT-014"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "PINError --> PINBlocked: Intentos >= 5", rule: "transition PINError -> PINBlocked",
            requirements: ["REQ-PIN-ROW-5", "INT-003", "INT-015"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "PINBlocked --> PINInput: Cooldown completo",
            rule: "transition PINBlocked -> PINInput", requirements: ["REQ-LOCK-ENDS"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "PINBlocked --> Login: Tap \"Iniciar sesion\"",
            rule: "transition PINBlocked -> Login", requirements: ["REQ-RELOGIN", "INT-006"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "BiometricSuccess --> Success", rule: "transition BiometricSuccess -> Success",
            requirements: ["REQ-BIO-SUCCESS", "REQ-A11Y-SUCCESS"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "Success --> [*]: Nav a Dashboard", rule: "transition Success -> Dashboard",
            requirements: ["REQ-SUCCESS-DELAY", "INT-001"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "Login --> [*]: Nav a SCR-AUTH-002",
            rule: "transition Login (navigation to SCR-AUTH-002)", requirements: ["REQ-ROUTE-LOGIN", "REQ-RELOGIN"]),
        // §5.2 transitions, one cell a line: each row's trigger line
        DocumentFact(
            "SCR-AUTH-006", .row, "Bio OK |", rule: "row §5.2 BiometricPrompt -> Success",
            requirements: ["REQ-BIO-SUCCESS"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "Tap Usar PIN |", rule: "row §5.2 BiometricPrompt -> PINInput",
            requirements: ["REQ-BIO-CANCEL", "REQ-ANDROID-ERROR-NEGATIVE-BUTTON"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "PIN OK |", rule: "row §5.2 PINInput -> Success", requirements: ["REQ-PIN-SUCCESS"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "PIN malo |", rule: "row §5.2 PINInput -> PINError",
            requirements: ["REQ-PIN-ROW-1-4"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "0.5s delay", rule: "row §5.2 Success -> Dashboard",
            requirements: ["REQ-SUCCESS-DELAY", "INT-027"]),
        // §5.2's Animacion column: each row's animation, under its trigger where the words repeat
        DocumentFact(
            "SCR-AUTH-006", .text, "Fade in prompt",
            rule: "UnlockRenderedView.animation fade_in (§5.2 CheckingSession)",
            requirements: ["REQ-UI-ANIMATIONS"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "Bio OK |\nCheckmark + haptic |",
            rule: "UnlockRenderedView.animation scale_fade_in (§5.2 BiometricPrompt -> Success)",
            requirements: ["REQ-UI-ANIMATIONS"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "Fade transition", rule: "UnlockRenderedView.animation fade (§5.2 BiometricPrompt)",
            requirements: ["REQ-UI-ANIMATIONS"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "PIN OK |\nCheckmark + haptic |",
            rule: "UnlockRenderedView.animation scale_fade_in (§5.2 PINInput -> Success)",
            requirements: ["REQ-UI-ANIMATIONS"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "PIN malo |\nShake |", rule: "UnlockRenderedView.animation shake (§5.2 PINError)",
            requirements: ["REQ-UI-ANIMATIONS"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "0.5s delay |\nFade out |",
            rule: "UnlockRenderedView.animation fade_out (§5.2 Success -> Dashboard)",
            requirements: ["REQ-UI-ANIMATIONS"]),
        // §6.1.1 biometric and §6.1.2 PIN attempts, one cell a line: each row's action
        DocumentFact(
            "SCR-AUTH-006", .number, "| 1-2 |", rule: "UnlockRules.biometricAttempts (§6.1.1 rows 1-2)",
            requirements: ["REQ-BIO-ROW-1-2"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "Permitir reintento", rule: "row §6.1.1 1-2", requirements: ["REQ-BIO-ROW-1-2"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "Fallback a PIN |", rule: "row §6.1.1 3", requirements: ["REQ-BIO-ROW-3", "INT-007"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "Mostrar intentos restantes", rule: "row §6.1.2 1-4",
            requirements: ["REQ-PIN-ROW-1-4", "INT-014"]),
        DocumentFact("SCR-AUTH-006", .row, "Bloqueo 1 minuto |", rule: "row §6.1.2 5", requirements: ["REQ-PIN-ROW-5"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "Bloqueo 5 minutos", rule: "row §6.1.2 6",
            requirements: ["REQ-PIN-ROW-6", "INT-003"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "| 7 |\nBloqueo 15 minutos |", rule: "row §6.1.2 7",
            requirements: ["REQ-PIN-ROW-7", "INT-003"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "Bloqueo 1 hora", rule: "row §6.1.2 8+", requirements: ["REQ-PIN-ROW-8", "INT-003"]),
        // §6.2 persistence of the lock
        DocumentFact(
            "SCR-AUTH-006", .row, "- pinBlockedUntil: timestamp en SharedPrefs/UserDefaults",
            rule: "PersistedStore.blockedUntil (§6.2)",
            requirements: ["REQ-LOCK-PERSISTS", "REQ-CLOCK-FORWARD-LOCK", "INT-022"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "- Sobrevive app kill", rule: "PersistedStore.blockedUntil survives a kill",
            requirements: ["REQ-LOCK-PERSISTS", "INT-002"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "- Se verifica al iniciar pantalla PIN",
            rule: "UnlockMachine.checkSession checks pinBlockedUntil", requirements: ["REQ-LOCK-PERSISTS", "INT-004"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "- Si blocked, mostrar countdown", rule: "observation countdown while PINBlocked",
            requirements: ["REQ-LOCK-COUNTDOWN"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "- Refresh cada segundo", rule: "UnlockTexts.countdown to the second",
            requirements: ["REQ-LOCK-COUNTDOWN", "INT-010"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "- Al completar, habilitar inputs", rule: "transition PINBlocked -> PINInput (§6.2)",
            requirements: ["REQ-LOCK-ENDS"]),
        // §7.2 focus order
        DocumentFact(
            "SCR-AUTH-006", .row, "- Bio prompt (sistema)", rule: "UnlockPresentation.focusOrder BiometricPrompt",
            requirements: ["REQ-A11Y-FOCUS-BIOMETRIC"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "- Boton Usar PIN (si visible)",
            rule: "UnlockPresentation.focusOrder Usar PIN where shown",
            requirements: ["REQ-A11Y-FOCUS-BIOMETRIC", "INT-032"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "- Titulo", rule: "UnlockPresentation.focusOrder PIN screen 1: title",
            requirements: ["REQ-A11Y-FOCUS-PIN"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "- PIN input (anuncia estado)",
            rule: "UnlockPresentation.focusOrder PIN screen 2: PIN input",
            requirements: ["REQ-A11Y-FOCUS-PIN", "REQ-A11Y-PIN-DIGIT"]),
        // §7.4 minimum sizes and contrasts, each quoted from its row's first cell
        DocumentFact(
            "SCR-AUTH-006", .number, "| PIN cells |\n44x52dp |",
            rule: "UnlockRenderedView.Figure.pinCell (§7.4 Min Size)",
            requirements: ["REQ-A11Y-SIZES"]),
        DocumentFact(
            "SCR-AUTH-006", .number, "| Keyboard keys |\n72x56dp |",
            rule: "UnlockRenderedView.Figure.key (§7.4 Min Size)",
            requirements: ["REQ-A11Y-SIZES"]),
        DocumentFact(
            "SCR-AUTH-006", .number, "| Titulo |\n20sp |", rule: "UnlockRenderedView.Figure.titleFont (§7.4 Min Size)",
            requirements: ["REQ-A11Y-SIZES"]),
        DocumentFact(
            "SCR-AUTH-006", .number, "| Timer |\n30sp |",
            rule: "UnlockRenderedView.Figure.countdownFont (§7.4 Min Size)",
            requirements: ["REQ-A11Y-SIZES"]),
        DocumentFact(
            "SCR-AUTH-006", .number, "| Links |\n14sp |", rule: "UnlockRenderedView.Figure.linkFont (§7.4 Min Size)",
            requirements: ["REQ-A11Y-SIZES"]),
        DocumentFact(
            "SCR-AUTH-006", .number, "| PIN cells |\n44x52dp |\n4.5:1 |",
            rule: "UnlockRenderedView.Figure.contrastX100 (§7.4 Contraste, PIN cells)",
            requirements: ["REQ-A11Y-CONTRAST"]),
        DocumentFact(
            "SCR-AUTH-006", .number, "| Keyboard keys |\n72x56dp |\n4.5:1 |",
            rule: "UnlockRenderedView.Figure.contrastX100 (§7.4 Contraste, Keyboard keys)",
            requirements: ["REQ-A11Y-CONTRAST"]),
        DocumentFact(
            "SCR-AUTH-006", .number, "| Titulo |\n20sp |\n4.5:1 |",
            rule: "UnlockRenderedView.Figure.contrastX100 (§7.4 Contraste, Titulo)", requirements: ["REQ-A11Y-CONTRAST"]
        ),
        DocumentFact(
            "SCR-AUTH-006", .number, "| Timer |\n30sp |\n4.5:1 |",
            rule: "UnlockRenderedView.Figure.contrastX100 (§7.4 Contraste, Timer)", requirements: ["REQ-A11Y-CONTRAST"]),
        DocumentFact(
            "SCR-AUTH-006", .number, "| Links |\n14sp |\n4.5:1 |",
            rule: "UnlockRenderedView.Figure.contrastX100 (§7.4 Contraste, Links)", requirements: ["REQ-A11Y-CONTRAST"]),
        // §8 security
        DocumentFact(
            "SCR-AUTH-006", .row, "Hash Argon2id + salt en Keychain/Keystore",
            rule: "Argon2idHasher (§8.1 Almacenamiento)", requirements: ["REQ-PIN-SUCCESS", "INT-029"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "Server-side timing-safe compare",
            rule: "Argon2idHasher.verify on the device, not server-side", requirements: ["REQ-PIN-SUCCESS", "INT-029"],
            reading: "INT-029"),
        DocumentFact(
            "SCR-AUTH-006", .row, "Bloqueado en esta pantalla",
            rule: "UnlockPresentation.secureWindow (§8.1 Screenshot)", requirements: ["REQ-SECURE-WINDOW", "INT-033"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "| Screen recording |\nBloqueado |",
            rule: "UnlockPresentation.secureWindow (§8.1 Screen recording)",
            requirements: ["REQ-SECURE-WINDOW", "INT-033"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "Puntos negros (nunca digitos)",
            rule: "UnlockPlatformView pin_display dots (§8.1 Display)", requirements: ["REQ-PIN-MASK"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "BiometricPrompt con BIOMETRIC_STRONG",
            rule: "PromptRequest allowed authenticators (Android, §8.2)", requirements: ["REQ-PROMPT-ANDROID"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "LAContext con .deviceOwnerAuthenticationWithBiometrics",
            rule: "PlatformErrors ios policy biometrics only (§8.2 iOS)",
            requirements: ["REQ-IOS-USER-FALLBACK", "REQ-FALLBACK-APP-PIN"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "Siempre a PIN de app, NUNCA a PIN del sistema",
            rule: "fallback always the app PIN (§8.2 Fallback)",
            requirements: [
                "REQ-FALLBACK-APP-PIN", "REQ-IOS-USER-FALLBACK", "REQ-ANDROID-ERROR-NEGATIVE-BUTTON", "INT-018",
            ]),
        DocumentFact(
            "SCR-AUTH-006", .row, "Master key protegida por biometria en Secure Enclave/StrongBox",
            rule: "PersistedStore.biometricKeyValid (§8.2 master key)",
            requirements: ["REQ-KEY-FORGED-CALLBACK", "REQ-KEY-ENROLMENT-INVALIDATES", "INT-021"]),
        // §9 data required, §9.2 output events (event, then its payload or destination where written once)
        DocumentFact(
            "SCR-AUTH-006", .text, "biometricEnabled: boolean;", rule: "PersistedStore.biometricEnabled (§9)",
            requirements: ["REQ-ROUTE-BIOMETRIC", "REQ-ROUTE-PIN"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "biometricType: 'face' | 'fingerprint' | 'none';", rule: "BiometricType (§9)",
            requirements: ["REQ-BIO-TYPE-NONE", "REQ-EVT-BIO-ATTEMPT", "INT-025"]),
        DocumentFact(
            "SCR-AUTH-006", .number, "pinLength: 4 | 6;", rule: "UnlockModel given pin_length (§9)",
            requirements: ["REQ-PIN-LENGTH"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "pinAttemptsRemaining: number;", rule: "observation pin_attempts_left (§9)",
            requirements: ["REQ-PIN-ROW-1-4", "INT-002", "INT-003"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "blockedUntil?: Date;", rule: "PersistedStore.blockedUntil (§9)",
            requirements: ["REQ-LOCK-PERSISTS", "INT-022"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "| onBiometricSuccess |",
            rule: "output onBiometricSuccess (BiometricSuccess -> Dashboard)", requirements: ["REQ-BIO-SUCCESS"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "| onBiometricFail |", rule: "output onBiometricFail (BiometricFail)",
            requirements: ["REQ-BIO-ROW-1-2", "REQ-BIO-ROW-3", "INT-024"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "Retry o PIN |", rule: "output onBiometricFail destination (retry or PINInput)",
            requirements: ["REQ-BIO-ROW-1-2", "REQ-BIO-ROW-3"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "| onPINComplete |", rule: "output onPINComplete (PINInput -> PINValidating)",
            requirements: ["REQ-PIN-AUTO-SUBMIT", "INT-029"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "pin_hash |", rule: "output onPINComplete payload (Argon2idHasher.verify)",
            requirements: ["REQ-PIN-AUTO-SUBMIT", "INT-029"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "Validation |", rule: "output onPINComplete destination (PINValidating)",
            requirements: ["REQ-PIN-AUTO-SUBMIT"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "| onPINSuccess |", rule: "output onPINSuccess (Success -> Dashboard)",
            requirements: ["REQ-PIN-SUCCESS"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "| onPINFail |", rule: "output onPINFail (PINError)",
            requirements: ["REQ-PIN-ROW-1-4"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "Error state |", rule: "output onPINFail destination (PINError)",
            requirements: ["REQ-PIN-ROW-1-4"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "| onForgotPIN |", rule: "output onForgotPIN (PINInput -> Recovery)",
            requirements: ["REQ-FORGOT-PIN", "INT-001"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "| onRelogin |", rule: "output onRelogin (PINBlocked -> Login)",
            requirements: ["REQ-RELOGIN"]),
        // §11.1 analytics events, one cell a line: each event, then its parameters
        DocumentFact(
            "SCR-AUTH-006", .text, "| screen_view |", rule: "UnlockAnalytics.events screen_view",
            requirements: ["REQ-EVT-SCREEN-VIEW", "INT-028"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "screen_name: \"biometric_unlock\"",
            rule: "UnlockAnalytics.events screen_view parameters", requirements: ["REQ-EVT-SCREEN-VIEW", "INT-028"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "| biometric_attempt |", rule: "UnlockAnalytics.events biometric_attempt",
            requirements: ["REQ-EVT-BIO-ATTEMPT", "INT-016"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "type: \"face\"/\"fingerprint\"",
            rule: "UnlockAnalytics.events biometric_attempt parameters",
            requirements: ["REQ-EVT-BIO-ATTEMPT", "INT-016"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "| biometric_success |", rule: "UnlockAnalytics.events biometric_success",
            requirements: ["REQ-EVT-BIO-SUCCESS", "INT-016"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "type, time_ms", rule: "UnlockAnalytics.events biometric_success parameters",
            requirements: ["REQ-EVT-BIO-SUCCESS", "INT-016"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "| biometric_failure |", rule: "UnlockAnalytics.events biometric_failure",
            requirements: ["REQ-EVT-BIO-FAILURE"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "type, attempt_number", rule: "UnlockAnalytics.events biometric_failure parameters",
            requirements: ["REQ-EVT-BIO-FAILURE"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "| biometric_to_pin |", rule: "UnlockAnalytics.events biometric_to_pin",
            requirements: ["REQ-EVT-BIO-TO-PIN", "INT-007", "INT-028"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "reason: \"cancelled\"/\"failed\"",
            rule: "UnlockAnalytics.events biometric_to_pin parameters",
            requirements: ["REQ-EVT-BIO-TO-PIN", "INT-007", "INT-028"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "| pin_attempt |", rule: "UnlockAnalytics.events pin_attempt",
            requirements: ["REQ-EVT-PIN-ATTEMPT"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "| pin_success |", rule: "UnlockAnalytics.events pin_success",
            requirements: ["REQ-EVT-PIN-SUCCESS", "INT-016"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "time_ms, attempts_used", rule: "UnlockAnalytics.events pin_success parameters",
            requirements: ["REQ-EVT-PIN-SUCCESS", "INT-016"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "| pin_failure |", rule: "UnlockAnalytics.events pin_failure",
            requirements: ["REQ-EVT-PIN-FAILURE"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "duration_seconds", rule: "UnlockAnalytics.events pin_blocked parameters",
            requirements: ["REQ-EVT-PIN-BLOCKED", "INT-016"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "| unlock_success |", rule: "UnlockAnalytics.events unlock_success",
            requirements: ["REQ-EVT-UNLOCK-SUCCESS"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "method: \"biometric\"/\"pin\"",
            rule: "UnlockAnalytics.events unlock_success parameters", requirements: ["REQ-EVT-UNLOCK-SUCCESS"]),
        // UIF-AUTH-001 §2 flowchart: the arrows of the session check and this screen
        DocumentFact(
            "UIF-AUTH-001", .arrow, "RESUME --> CHECK{Sesion<br/>valida?}",
            rule: "UIF §2 RESUME -> CHECK: every resume checks the session, unlock again only after 5 min away",
            requirements: ["REQ-SESSION-ON-RESUME", "REQ-INACTIVITY", "INT-035", "INT-013"], reading: "INT-035"),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "CHECK -->|Si + Biometria| BIO",
            rule: "UIF §2 CHECK -Si + Biometria-> BIO (CheckingSession -> BiometricPrompt)",
            requirements: ["REQ-ROUTE-BIOMETRIC"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "CHECK -->|Si + Solo PIN| PIN_CHECK",
            rule: "UIF §2 CHECK -Si + Solo PIN-> PIN_CHECK (CheckingSession -> PINInput)",
            requirements: ["REQ-ROUTE-PIN"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "PIN_CHECK{PIN<br/>valido?} -->|Si| HOME",
            rule: "UIF §2 PIN_CHECK -Si-> HOME (a right PIN unlocks)", requirements: ["REQ-PIN-SUCCESS", "INT-027"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "PIN_CHECK -->|No| LOGIN",
            rule: "UIF §2 PIN_CHECK -No-> LOGIN: a wrong PIN shows the attempts left or locks",
            requirements: ["REQ-PIN-ROW-1-4", "INT-026"], reading: "INT-026"),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "BIO --> BIO_CHECK{Exitoso?}",
            rule: "UIF §2 BIO -> BIO_CHECK (the prompt's answer)", requirements: ["REQ-BIO-SUCCESS"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "BIO_CHECK -->|Si| HOME", rule: "UIF §2 BIO_CHECK -Si-> HOME (a biometric unlocks)",
            requirements: ["REQ-BIO-SUCCESS", "INT-027"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "BIO_CHECK -->|No, 3 intentos| PIN_FALLBACK[PIN Fallback]",
            rule: "UIF §2 BIO_CHECK -No, 3 intentos-> PIN_FALLBACK", requirements: ["REQ-BIO-ROW-3"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "PIN_FALLBACK --> HOME", rule: "UIF §2 PIN_FALLBACK -> HOME",
            requirements: ["REQ-PIN-SUCCESS", "INT-027"]),
        // UIF-AUTH-001 §5 journey and §5.1 state diagram
        DocumentFact(
            "UIF-AUTH-001", .row, "Ve prompt Face ID", rule: "UIF §5 journey: the prompt at launch",
            requirements: ["REQ-ROUTE-BIOMETRIC", "REQ-BIO-SUCCESS"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Acceso instantaneo",
            rule: "UIF §5 journey: Success shows 0.5 s before the Dashboard",
            requirements: ["REQ-SUCCESS-DELAY", "INT-027"], reading: "INT-027"),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "AppOpen --> CheckSession: Verificar sesion local",
            rule: "UIF §5.1 transition NotRunning -> CheckingSession",
            requirements: ["REQ-ROUTE-BIOMETRIC", "REQ-ROUTE-LOGIN", "INT-001"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "CheckSession --> BiometricPrompt: Sesion valida + biometria habilitada",
            rule: "UIF §5.1 transition CheckingSession -> BiometricPrompt", requirements: ["REQ-ROUTE-BIOMETRIC"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "CheckSession --> Login: Sesion invalida",
            rule: "UIF §5.1 transition CheckingSession -> Login", requirements: ["REQ-ROUTE-LOGIN"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "BiometricPrompt --> BiometricSuccess: Biometria exitosa",
            rule: "UIF §5.1 transition BiometricPrompt -> BiometricSuccess", requirements: ["REQ-BIO-SUCCESS"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "BiometricPrompt --> BiometricFail: Intento fallido",
            rule: "UIF §5.1 transition BiometricPrompt -> BiometricFail", requirements: ["REQ-BIO-ROW-1-2"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "BiometricFail --> BiometricPrompt: Intentos < 3",
            rule: "UIF §5.1 transition BiometricFail -> BiometricPrompt", requirements: ["REQ-BIO-ROW-1-2", "INT-005"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "BiometricFail --> PINFallback: Intentos >= 3",
            rule: "UIF §5.1 transition BiometricFail -> PINInput", requirements: ["REQ-BIO-ROW-3"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "PINFallback --> PINSuccess: PIN correcto",
            rule: "UIF §5.1 transition PINValidating -> Success", requirements: ["REQ-PIN-SUCCESS"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "PINFallback --> PINFail: PIN incorrecto",
            rule: "UIF §5.1 transition PINValidating -> PINError", requirements: ["REQ-PIN-ROW-1-4"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "PINFail --> PINFallback: Intentos < 5",
            rule: "UIF §5.1 transition PINError -> PINInput", requirements: ["REQ-PIN-ROW-1-4"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "BiometricSuccess --> Dashboard",
            rule: "UIF §5.1 transition BiometricSuccess -> Success -> Dashboard",
            requirements: ["REQ-BIO-SUCCESS", "REQ-SUCCESS-DELAY"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "PINSuccess --> Dashboard", rule: "UIF §5.1 transition Success -> Dashboard",
            requirements: ["REQ-PIN-SUCCESS", "REQ-SUCCESS-DELAY"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "PINFail --> Login: Intentos >= 5 (bloqueo)",
            rule: "UIF §5.1 transition PINError -> PINBlocked, not Login", requirements: ["REQ-PIN-ROW-5", "INT-015"],
            reading: "INT-015"),
        // UIF-AUTH-001 §5.2 platforms
        DocumentFact(
            "UIF-AUTH-001", .row, "iOS Face ID Face Recognition PIN 4-6 digitos Prompt sistema",
            rule: "row UIF §5.2 iOS Face ID (the app PIN, 4 or 6 digits)",
            requirements: ["REQ-FALLBACK-APP-PIN", "REQ-PIN-LENGTH"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "iOS Touch ID Fingerprint PIN 4-6 digitos Prompt sistema",
            rule: "row UIF §5.2 iOS Touch ID (the app PIN, 4 or 6 digits)",
            requirements: ["REQ-FALLBACK-APP-PIN", "REQ-PIN-LENGTH", "INT-011"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Android Fingerprint Fingerprint PIN 4-6 digitos BiometricPrompt API",
            rule: "row UIF §5.2 Android Fingerprint (the app PIN)",
            requirements: ["REQ-ANDROID-ERROR-NEGATIVE-BUTTON", "REQ-PIN-LENGTH"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Android Face Unlock Face Recognition PIN 4-6 digitos BiometricPrompt API",
            rule: "row UIF §5.2 Android Face Unlock (the app PIN)",
            requirements: ["REQ-ANDROID-ERROR-NEGATIVE-BUTTON", "REQ-PIN-LENGTH"]),
        // UIF-AUTH-001 §6.1 Biometric Prompt -> Dashboard
        DocumentFact(
            "UIF-AUTH-001", .number, "Biometric Prompt Dashboard Instant + Haptic 100ms",
            rule: "UnlockRules.successDelay: 0.5 s, not UIF §6.1's instant 100 ms",
            requirements: ["REQ-SUCCESS-DELAY", "INT-027"], reading: "INT-027"),
        // UIF-AUTH-001 §8.3 biometric errors
        DocumentFact(
            "UIF-AUTH-001", .text, "\"No reconocido. Intenta de nuevo.\"", rule: "UnlockTexts.notRecognised",
            requirements: ["REQ-ERR-NOT-RECOGNISED", "INT-020"]),
        DocumentFact(
            "UIF-AUTH-001", .text, "\"Sensor no disponible. Usa tu PIN.\"", rule: "UnlockTexts.sensorUnavailable",
            requirements: ["REQ-ERR-SENSOR-UNAVAILABLE", "INT-008", "INT-019"]),
        DocumentFact(
            "UIF-AUTH-001", .text, "\"Biometria bloqueada. Usa tu PIN.\"", rule: "UnlockTexts.biometricLockedOut",
            requirements: ["REQ-ERR-BIO-LOCKED", "REQ-ANDROID-ERROR-LOCKOUT", "INT-008"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "No reconocido \"No reconocido. Intenta de nuevo.\" Retry prompt",
            rule: "row UIF §8.3 No reconocido (BiometricFail, retry)",
            requirements: ["REQ-ERR-NOT-RECOGNISED", "REQ-BIO-ROW-1-2"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Sensor no disponible \"Sensor no disponible. Usa tu PIN.\" PIN fallback",
            rule: "row UIF §8.3 Sensor no disponible (PINInput)",
            requirements: ["REQ-ERR-SENSOR-UNAVAILABLE", "INT-008", "INT-019"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Bloqueado \"Biometria bloqueada. Usa tu PIN.\" PIN fallback",
            rule: "row UIF §8.3 Bloqueado (PINInput)", requirements: ["REQ-ERR-BIO-LOCKED", "INT-008"]),
        // UIF-AUTH-001 §7.4 this screen's states
        DocumentFact(
            "UIF-AUTH-001", .row, "Failed Fallo 1-2 intentos Retry prompt",
            rule: "row UIF §7.4 Failed (BiometricFail, retry)", requirements: ["REQ-BIO-ROW-1-2"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Locked 3+ fallos Fallback a PIN",
            rule: "row UIF §7.4 Locked (the 3rd failure, PINInput)", requirements: ["REQ-BIO-ROW-3"]),
        // UIF-AUTH-001 §10.1 storage, §10.2 timeouts, §10.3 progressive lock
        DocumentFact(
            "UIF-AUTH-001", .row, "PIN Hash Keychain/Keystore Argon2id + salt",
            rule: "Argon2idHasher (UIF §10.1 PIN Hash)", requirements: ["REQ-PIN-SUCCESS", "INT-029"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Master Key Keychain/Keystore Biometric protected",
            rule: "PersistedStore.biometricKeyValid (UIF §10.1 Master Key)",
            requirements: ["REQ-KEY-FORGED-CALLBACK", "INT-021"]),
        DocumentFact(
            "UIF-AUTH-001", .number, "Inactividad app 5 min Require biometria/PIN",
            rule: "UnlockRules.inactivityTimeout", requirements: ["REQ-INACTIVITY", "REQ-CLOCK-INACTIVITY", "INT-013"]),
        DocumentFact(
            "UIF-AUTH-001", .number, "Sesion Firebase (Pro) 30 dias Re-login", rule: "UnlockRules.sessionLifetime pro",
            requirements: ["REQ-SESSION-PRO", "REQ-CLOCK-SESSION", "REQ-SESSION-AT-UNLOCK"]),
        DocumentFact(
            "UIF-AUTH-001", .number, "Sesion Firebase (Perfect) 7 dias Re-login",
            rule: "UnlockRules.sessionLifetime perfect",
            requirements: ["REQ-SESSION-PERFECT", "REQ-CLOCK-SESSION", "REQ-SESSION-AT-UNLOCK"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "1-3 intentos: Mensaje de error, continuar", rule: "row UIF §10.3 1-3",
            requirements: ["REQ-PIN-ROW-1-4", "INT-014"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "4 intentos: Advertencia de bloqueo proximo",
            rule: "row UIF §10.3 4: no warning of its own", requirements: ["REQ-PIN-ROW-1-4", "INT-014"],
            reading: "INT-014"),
        DocumentFact(
            "UIF-AUTH-001", .row, "5 intentos: Bloqueo 1 minuto", rule: "row UIF §10.3 5",
            requirements: ["REQ-PIN-ROW-5"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "6 intentos: Bloqueo 5 minutos", rule: "row UIF §10.3 6",
            requirements: ["REQ-PIN-ROW-6", "INT-003"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "7 intentos: Bloqueo 15 minutos", rule: "row UIF §10.3 7",
            requirements: ["REQ-PIN-ROW-7", "INT-003"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "8+ intentos: Bloqueo 1 hora", rule: "row UIF §10.3 8+",
            requirements: ["REQ-PIN-ROW-8", "INT-003"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "3 fallos consecutivos: Fallback a PIN", rule: "row UIF §10.3 biometria 3",
            requirements: ["REQ-BIO-ROW-3", "INT-009"]),
        // UIF-AUTH-001 §11.2 analytics
        DocumentFact(
            "UIF-AUTH-001", .text, "screen_view screen_name: \"splash\", \"login\", \"mfa\", \"biometric\"",
            rule: "UnlockAnalytics.events screen_view screen_name, not UIF §11.2's biometric",
            requirements: ["REQ-EVT-SCREEN-VIEW", "INT-028"], reading: "INT-028"),
        DocumentFact(
            "UIF-AUTH-001", .text, "biometric_attempt type: \"face\"/\"fingerprint\"",
            rule: "UnlockAnalytics.events biometric_attempt (UIF §11.2)", requirements: ["REQ-EVT-BIO-ATTEMPT"]),
        DocumentFact(
            "UIF-AUTH-001", .text, "biometric_success type, time_ms",
            rule: "UnlockAnalytics.events biometric_success (UIF §11.2)", requirements: ["REQ-EVT-BIO-SUCCESS"]),
        DocumentFact(
            "UIF-AUTH-001", .text, "biometric_fallback reason",
            rule: "UnlockAnalytics.events biometric_to_pin, not UIF §11.2's biometric_fallback",
            requirements: ["REQ-EVT-BIO-TO-PIN", "INT-028"], reading: "INT-028"),
        // 003, the iOS article: policies, each LAError reaction (§5 list, error table), fallback, lifecycle
        DocumentFact(
            "003", .row, "Esta es la política recomendada para la mayoría de los escenarios de autenticación",
            rule: "LAPolicy biometrics only, the app PIN as fallback (SCR-AUTH-006 §8.2)",
            requirements: ["REQ-FALLBACK-APP-PIN", "INT-018"], reading: "INT-018"),
        DocumentFact(
            "003", .row,
            "el inconveniente de contraseña sólo aparece después de que el usuario cancele el impulso biométrico",
            rule: "PlatformErrors userCancel and userFallback both go to the PIN",
            requirements: ["REQ-IOS-USER-CANCEL", "REQ-IOS-USER-FALLBACK"]),
        DocumentFact(
            "003", .row, "Este cheque es esencial para evitar un fallo abrupto que podría confundir al usuario.",
            rule: "UnlockMachine.checkSession platform status before the prompt",
            requirements: ["REQ-ERR-SENSOR-UNAVAILABLE", "INT-008"]),
        DocumentFact(
            "003", .row, "Usted puede simplemente desestimar el flujo de inicio de sesión o la reingresación.",
            rule: "PlatformErrors ios.LAError.userCancel (003 §5): the PIN, no message",
            requirements: ["REQ-IOS-USER-CANCEL", "REQ-BIO-CANCEL", "INT-036"], reading: "INT-036"),
        DocumentFact(
            "003", .row, "In that case, you should present your own passcode entry screen.",
            rule: "PlatformErrors ios.LAError.userFallback (003 §5)",
            requirements: ["REQ-IOS-USER-FALLBACK", "REQ-FALLBACK-APP-PIN"]),
        DocumentFact(
            "003", .row, "You should switch to passcode-only authentication.",
            rule:
                "PlatformErrors ios.LAError.biometryNotAvailable (003 §5): the app PIN now, the prompt again next launch",
            requirements: ["REQ-IOS-BIOMETRY-NOT-AVAILABLE", "INT-008"], reading: "INT-008"),
        DocumentFact(
            "003", .row, "Prompt the user to set up Touch ID or Face ID in Settings.",
            rule: "PlatformErrors ios.LAError.biometryNotEnrolled (003 §5): Sensor no disponible, no Settings",
            requirements: ["REQ-IOS-BIOMETRY-NOT-ENROLLED", "INT-008"], reading: "INT-008"),
        DocumentFact(
            "003", .row, "Too many failed attempts; the system has locked biometry.",
            rule: "PlatformErrors ios.LAError.biometryLockout (003 §5)",
            requirements: ["REQ-IOS-BIOMETRY-LOCKOUT", "REQ-ERR-BIO-LOCKED"]),
        DocumentFact(
            "003", .row, "The system passcode will reset the lockout.",
            rule: "UnlockEvent.platformLockoutEnded (003 §5)", requirements: ["REQ-BIO-LOCKOUT-ENDS", "INT-008"]),
        DocumentFact(
            "003", .row, "Display an alert directing them to Settings.",
            rule: "PlatformErrors ios.LAError.passcodeNotSet (003 §5): Sensor no disponible, no Settings",
            requirements: ["REQ-IOS-PASSCODE-NOT-SET", "INT-019"], reading: "INT-019"),
        DocumentFact(
            "003", .row, "provides a fallback to a custom passcode entry if the user cancels biometry",
            rule: "PlatformErrors cancel goes to the app PIN (003 example)",
            requirements: ["REQ-IOS-USER-CANCEL", "REQ-BIO-CANCEL"]),
        DocumentFact(
            "003", .row, "debe tener su propia pantalla de entrada de código de paso lista",
            rule: "PINInput is the app's own passcode screen",
            requirements: ["REQ-FALLBACK-APP-PIN", "REQ-NO-SILENT-DEGRADE"]),
        DocumentFact(
            "003", .row, "un patrón común es requerir la reauténticación sólo después de un período de tiempo",
            rule: "UnlockRules.inactivityTimeout (003 lifecycle)", requirements: ["REQ-INACTIVITY", "INT-013"]),
        DocumentFact(
            "003", .row,
            "para asegurar que los secretos almacenados sólo puedan ser conectados después de actos biométricos",
            rule: "PersistedStore.biometricKeyValid (003 Keychain)",
            requirements: ["REQ-KEY-FORGED-CALLBACK", "INT-021"]),
        DocumentFact(
            "003", .row, "debe caer de nuevo al código de paso del dispositivo",
            rule: "fallback after a lockout is the app PIN (SCR-AUTH-006 §8.2)",
            requirements: ["REQ-IOS-BIOMETRY-LOCKOUT", "REQ-FALLBACK-APP-PIN", "INT-018"], reading: "INT-018"),
        DocumentFact(
            "003", .row,
            "La entrada de código de acceso del sistema se restablecerá automáticamente el bloqueo biométrico",
            rule: "UnlockEvent.platformLockoutEnded (003 fallback after a lockout)",
            requirements: ["REQ-BIO-LOCKOUT-ENDS", "INT-008"]),
        DocumentFact(
            "003", .row, "Esto le permite ajustar sus etiquetas de interfaz de usuario e iconos en consecuencia.",
            rule: "UnlockTexts.promptLabel by biometric type (003)",
            requirements: ["REQ-A11Y-LABEL-PROMPT", "INT-011"]),
        DocumentFact(
            "003", .row, "Then offer your custom passcode screen.",
            rule: "PlatformErrors ios.LAError.biometryNotAvailable",
            requirements: ["REQ-IOS-BIOMETRY-NOT-AVAILABLE", "REQ-ERR-SENSOR-UNAVAILABLE"]),
        DocumentFact(
            "003", .row, "biometryNotEnrolledPresent an alert that directs the user to Settings",
            rule: "PlatformErrors ios.LAError.biometryNotEnrolled: Sensor no disponible, no Settings",
            requirements: ["REQ-IOS-BIOMETRY-NOT-ENROLLED", "INT-008"], reading: "INT-008"),
        DocumentFact(
            "003", .row, "biometryLockoutPrompt the user to authenticate using the device passcode.",
            rule: "PlatformErrors ios.LAError.biometryLockout: the app PIN, not the device passcode",
            requirements: ["REQ-IOS-BIOMETRY-LOCKOUT", "INT-018"], reading: "INT-018"),
        DocumentFact(
            "003", .row, "The system passcode entry will reset the lockout.",
            rule: "UnlockEvent.platformLockoutEnded (003 error table)",
            requirements: ["REQ-BIO-LOCKOUT-ENDS", "INT-008"]),
        DocumentFact(
            "003", .row, "you must fall back to your own passcode entry",
            rule: "PlatformErrors ios.LAError.biometryLockout",
            requirements: ["REQ-IOS-BIOMETRY-LOCKOUT", "REQ-ERR-BIO-LOCKED", "REQ-FALLBACK-APP-PIN"]),
        DocumentFact(
            "003", .row,
            "passcodeNotSetAlert the user that a device passcode is required. Direct them to Settings to set one.",
            rule: "PlatformErrors ios.LAError.passcodeNotSet: Sensor no disponible, no Settings",
            requirements: ["REQ-IOS-PASSCODE-NOT-SET", "INT-019"], reading: "INT-019"),
        DocumentFact(
            "003", .row, "userCancelSimply dismiss or return to the previous screen. Do not show an error",
            rule: "PlatformErrors ios.LAError.userCancel: the PIN, no message",
            requirements: ["REQ-IOS-USER-CANCEL", "REQ-BIO-CANCEL", "INT-036"], reading: "INT-036"),
        DocumentFact(
            "003", .row, "userFallbackThe user chose the fallback option. Present your own passcode entry screen",
            rule: "PlatformErrors ios.LAError.userFallback",
            requirements: ["REQ-IOS-USER-FALLBACK", "REQ-FALLBACK-APP-PIN"]),
        DocumentFact(
            "003", .row, "(or rely on the system passcode if you used the combined policy)",
            rule: "PlatformErrors ios.LAError.userFallback: never the system passcode",
            requirements: ["REQ-IOS-USER-FALLBACK", "INT-018"], reading: "INT-018"),
        DocumentFact(
            "003", .row, "el contexto puede volver a ser inválido después de un bloqueo biométrico",
            rule: "PlatformErrors ios.LAError.invalidContext", requirements: ["REQ-IOS-INVALID-CONTEXT", "INT-019"]),
        // 004, the secure-biometrics note: a key, not a boolean; enrolment; fallback
        DocumentFact(
            "004", .row, "La biometría libera una clave, no un booleano", rule: "BiometricOutcome.successWithoutKey",
            requirements: ["REQ-KEY-FORGED-CALLBACK", "INT-021"]),
        DocumentFact(
            "004", .row, "un resultado \"exitoso\" nunca debería, por sí solo, ser lo que desbloquea un recurso",
            rule: "UnlockMachine.biometricAnswered: a success unlocks only with the key",
            requirements: ["REQ-KEY-FORGED-CALLBACK", "INT-021"]),
        DocumentFact(
            "004", .row,
            "el sistema operativo se niega a dejar que la clave haga nada hasta que la verificación biométrica pase",
            rule: "PersistedStore.biometricKeyValid (004)", requirements: ["REQ-KEY-FORGED-CALLBACK", "INT-021"]),
        DocumentFact(
            "004", .row, "forzar success = true incondicionalmente",
            rule: "BiometricOutcome.successWithoutKey (a hooked callback)",
            requirements: ["REQ-KEY-FORGED-CALLBACK", "INT-021"]),
        DocumentFact(
            "004", .row, "Si alguien agrega una huella o un rostro nuevo al dispositivo",
            rule: "UnlockEvent.enrolmentChanged", requirements: ["REQ-KEY-ENROLMENT-INVALIDATES", "INT-021"]),
        DocumentFact(
            "004", .row, "se invalida automáticamente, así que ya no se puede desbloquear en absoluto",
            rule: "UnlockMachine.keyInvalidated",
            requirements: ["REQ-KEY-ENROLMENT-INVALIDATES", "REQ-KEY-STAYS-OFF", "INT-021"]),
        DocumentFact(
            "004", .row, "el usuario tiene que reautenticarse con un factor más fuerte",
            rule: "PersistedStore.newKeyAwaitsLogin (a stronger factor than the PIN)",
            requirements: ["REQ-KEY-REENABLE", "REQ-KEY-STAYS-OFF", "INT-021"]),
        DocumentFact(
            "004", .row, "y reprovisionar la clave", rule: "UnlockEvent.biometricsEnabled (a new key)",
            requirements: ["REQ-KEY-STAYS-OFF", "REQ-KEY-REENABLE", "INT-021"]),
        DocumentFact(
            "004", .row, "un login real anterior (contraseña + MFA)",
            rule: "login_completed before a new key (UnlockMachine loginCompleted)",
            requirements: ["REQ-KEY-REENABLE", "INT-021", "INT-006"]),
        DocumentFact(
            "004", .row, "Diseñá siempre un camino de respaldo explícito",
            rule: "the app PIN as the explicit fallback (004)",
            requirements: ["REQ-NO-SILENT-DEGRADE", "REQ-FALLBACK-APP-PIN", "REQ-BIO-TYPE-NONE"]),
        DocumentFact(
            "004", .row, "no intentes reimplementar el conteo de intentos vos mismo",
            rule: "UnlockRules.biometricAttempts: the app counts (SCR-AUTH-006 §6.1.1)",
            requirements: ["REQ-BIO-ROW-3", "INT-030"], reading: "INT-030"),
        DocumentFact(
            "004", .row, "Nunca hagas de la biometría la única puerta de entrada", rule: "the PIN always offered (004)",
            requirements: ["REQ-FALLBACK-APP-PIN", "REQ-NO-SILENT-DEGRADE"]),
        DocumentFact(
            "004", .row, "nunca degrades en silencio a \"sin autenticación\" cuando el hardware no está disponible",
            rule: "nothing unlocks without a credential (004)", requirements: ["REQ-NO-SILENT-DEGRADE"]),
        // The platform configuration in the documents' code: SCR-AUTH-006 §10.1, §10.2; 004's key.
        DocumentFact(
            "SCR-AUTH-006", .text, "context.localizedFallbackTitle = \"Usar PIN\"",
            rule: "PromptRequest fallback_title (iOS)", requirements: ["REQ-PROMPT-IOS"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "context.localizedCancelTitle = \"Cancelar\"",
            rule: "PromptRequest cancel_title (iOS)", requirements: ["REQ-PROMPT-IOS"]),
        DocumentFact(
            "SCR-AUTH-006", .text, "let reason = \"Desbloquea MedTime\"", rule: "PromptRequest reason (iOS)",
            requirements: ["REQ-PROMPT-IOS", "INT-040"], reading: "INT-040"),
        DocumentFact(
            "SCR-AUTH-006", .text, "context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics,",
            rule: "PromptRequest policy (iOS)", requirements: ["REQ-PROMPT-IOS", "INT-018"]),
        DocumentFact(
            "SCR-AUTH-006", .text, ".setTitle(\"Desbloquear MedTime\")", rule: "PromptRequest title (Android)",
            requirements: ["REQ-PROMPT-ANDROID"]),
        DocumentFact(
            "SCR-AUTH-006", .text, ".setSubtitle(\"Usa tu huella o rostro\")", rule: "PromptRequest subtitle (Android)",
            requirements: ["REQ-PROMPT-ANDROID"]),
        DocumentFact(
            "SCR-AUTH-006", .text, ".setNegativeButtonText(\"Usar PIN\")",
            rule: "PromptRequest negative_button (Android)", requirements: ["REQ-PROMPT-ANDROID"]),
        DocumentFact(
            "SCR-AUTH-006", .text, ".setAllowedAuthenticators(BIOMETRIC_STRONG)",
            rule: "PromptRequest authenticators (Android)", requirements: ["REQ-PROMPT-ANDROID"]),
        DocumentFact(
            "004", .text, ".setInvalidatedByBiometricEnrollment(true)",
            rule: "PersistedStore.biometricKeyValid: an enrolment change invalidates the key",
            requirements: ["REQ-KEY-ENROLMENT-INVALIDATES"]),
        DocumentFact(
            "004", .text, ".setUserAuthenticationRequired(true)",
            rule: "PromptRequest key_bound (a key the prompt unlocks)",
            requirements: ["REQ-PROMPT-KEY-BOUND"]),
        DocumentFact(
            "004", .text, "kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,",
            rule: "UnlockRenderedView key_access passcode_required and this_device_only (iOS)",
            requirements: ["REQ-KEY-ACCESS"]),
        DocumentFact(
            "004", .text, "[.privateKeyUsage, .biometryCurrentSet],",
            rule: "UnlockRenderedView key_access user_authentication_required; an enrolment change invalidates the key",
            requirements: ["REQ-KEY-ACCESS", "REQ-KEY-ENROLMENT-INVALIDATES"]),
        DocumentFact(
            "004", .text, "BiometricPrompt.CryptoObject(cipher)",
            rule: "PromptRequest key_bound (Android: the prompt carries the key's cipher)",
            requirements: ["REQ-PROMPT-KEY-BOUND"]),
    ]
}
