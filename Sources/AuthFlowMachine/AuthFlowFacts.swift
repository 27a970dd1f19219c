import SpecModel

/// What the auth-flow model takes from the documents, each quoted as its document writes it on one
/// line (runs of white space as one space): UIF-AUTH-001's arrows, rows, numbers and texts that the
/// flow follows, and the few of SCR-AUTH-006 where the flow takes over from the unlock screen inside
/// it. `spec check` reports a quote no longer written as a disagreement at its line, naming the rule
/// and the requirements resting on it; a fact with a `reading` is one the model deliberately does
/// not follow (docs/interpretations.md decides otherwise), so that the documents' disagreement stays
/// visible.
package enum AuthFlowFacts {
    package static let all: [DocumentFact] = [
        // UIF-AUTH-001 §1.1: the module's screens, as the model's states name them
        DocumentFact(
            "UIF-AUTH-001", .row, "SCR-AUTH-001 Splash/Welcome Pantalla inicial con branding y opciones de acceso",
            rule: "state Splash (SCR-AUTH-001)", requirements: ["REQ-AF-SPLASH"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "SCR-AUTH-002 Login Social Opciones de login con Google/Apple",
            rule: "Provider.allCases (google, apple)", requirements: ["REQ-AF-OAUTH-ATTEMPT", "REQ-AF-EVT-LOGIN"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "SCR-AUTH-003 Registro Crear cuenta nueva via social auth",
            rule: "state Registration (SCR-AUTH-003)", requirements: ["REQ-AF-REGISTER"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "SCR-AUTH-004 Recuperacion Recuperar acceso a cuenta",
            rule: "state Recovery (SCR-AUTH-004)", requirements: ["REQ-AF-RECOVER"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "SCR-AUTH-005 Verificacion 2FA Ingresar codigo TOTP (tier Perfect)",
            rule: "state MFA (SCR-AUTH-005, TOTP)", requirements: ["REQ-AF-OAUTH-PERFECT", "REQ-AF-MFA-VALID"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "SCR-AUTH-006 Biometria Desbloqueo con FaceID/TouchID/Fingerprint",
            rule: "UnlockModel.declaration (SCR-AUTH-006 inside the flow)", requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        // UIF-AUTH-001 §2: the main flowchart
        DocumentFact(
            "UIF-AUTH-001", .arrow, "COLD --> SPLASH", rule: "transition NotRunning -> Splash",
            requirements: ["REQ-AF-SPLASH", "INT-AF-001"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "RESUME --> CHECK{Sesion<br/>valida?}",
            rule: "transition Dashboard -> CheckingSession", requirements: ["REQ-AF-UNLOCK-EMBEDDED"],
            reading: "INT-035"),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "LOGOUT --> LOGIN", rule: "transition Dashboard -> Login",
            requirements: ["REQ-AF-LOGOUT", "INT-AF-007"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "DEEP --> LOGIN", rule: "AuthFlowMachine.deepLink (each link its §9.1 screen)",
            requirements: ["REQ-AF-DEEPLINK", "INT-AF-006"], reading: "INT-AF-006"),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "SPLASH --> FIRST{Primera<br/>vez?}", rule: "transition Splash -> Carousel",
            requirements: ["REQ-AF-SPLASH"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "FIRST -->|Si| LOGIN", rule: "transition Carousel -> Login",
            requirements: ["REQ-AF-SPLASH", "REQ-AF-CAROUSEL"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "FIRST -->|No| CHECK",
            rule: "transition Splash -> CheckingSession (a returning user)",
            requirements: ["REQ-AF-RETURNING", "INT-AF-001"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "CHECK -->|Si + Biometria| BIO",
            rule: "transition CheckingSession -> BiometricPrompt",
            requirements: ["REQ-AF-RETURNING", "REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "CHECK -->|Si + Solo PIN| PIN_CHECK",
            rule: "transition CheckingSession -> PINInput",
            requirements: ["REQ-AF-RETURNING", "REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "CHECK -->|No| LOGIN", rule: "transition CheckingSession -> Login",
            requirements: ["REQ-AF-RETURNING"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "PIN_CHECK{PIN<br/>valido?} -->|Si| HOME",
            rule: "transition PINValidating -> Success", requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "PIN_CHECK -->|No| LOGIN", rule: "transition PINValidating -> PINError",
            requirements: ["REQ-AF-UNLOCK-EMBEDDED"], reading: "INT-026"),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "LOGIN -->|Crear cuenta| REGISTER", rule: "transition Login -> Registration",
            requirements: ["REQ-AF-REGISTER"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "LOGIN -->|Google/Apple| OAUTH{OAuth<br/>exitoso?}",
            rule: "transition Login -> OAuth", requirements: ["REQ-AF-OAUTH-ATTEMPT"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "LOGIN -->|Olvidaste acceso?| RECOVER", rule: "transition Login -> Recovery",
            requirements: ["REQ-AF-RECOVER"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "OAUTH -->|Si, nuevo| ONBOARD", rule: "transition OAuth -> Onboarding",
            requirements: ["REQ-AF-OAUTH-NEW"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "OAUTH -->|Si, existente| TIER_CHECK",
            rule: "AuthFlowMachine.oauthAnswered (an existing account: the tier check)",
            requirements: ["REQ-AF-OAUTH-PRO", "REQ-AF-OAUTH-PERFECT"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "OAUTH -->|No| LOGIN", rule: "transition OAuth -> Login",
            requirements: ["REQ-AF-ERR-CANCELLED", "REQ-AF-ERR-NETWORK", "INT-AF-009"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "TIER_CHECK{Tier<br/>Perfect?} -->|Si| MFA", rule: "transition OAuth -> MFA",
            requirements: ["REQ-AF-OAUTH-PERFECT"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "TIER_CHECK -->|No| HOME", rule: "transition OAuth -> Dashboard",
            requirements: ["REQ-AF-OAUTH-PRO"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "REGISTER --> OAUTH_REG{OAuth<br/>exitoso?}",
            rule: "transition Registration -> OAuth", requirements: ["REQ-AF-REGISTER"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "OAUTH_REG -->|Si| ONBOARD",
            rule: "transition OAuth -> Onboarding (from Registration)",
            requirements: ["REQ-AF-REGISTER", "INT-AF-008"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "OAUTH_REG -->|No| REGISTER", rule: "transition OAuth -> Registration",
            requirements: ["REQ-AF-REGISTER"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "RECOVER --> RECOVER_SUCCESS{Exito?}", rule: "input recovery (success, failure)",
            requirements: ["REQ-AF-RECOVER"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "RECOVER_SUCCESS -->|Si| LOGIN", rule: "transition Recovery -> Login",
            requirements: ["REQ-AF-RECOVER"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "RECOVER_SUCCESS -->|No| RECOVER", rule: "recovery: failure stays on Recovery",
            requirements: ["REQ-AF-RECOVER"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "MFA --> MFA_CHECK{Codigo<br/>valido?}", rule: "AuthFlowMachine.submitCode",
            requirements: ["REQ-AF-MFA-VALID", "REQ-AF-MFA-INVALID"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "MFA_CHECK -->|Si| HOME", rule: "transition MFA -> Dashboard",
            requirements: ["REQ-AF-MFA-VALID"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "MFA_CHECK -->|No, reintentar| MFA", rule: "a wrong code stays on MFA, cleared",
            requirements: ["REQ-AF-MFA-INVALID", "REQ-AF-MFA-EXPIRED"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "MFA_CHECK -->|Usar recovery key| RECOVER", rule: "transition MFA -> Recovery",
            requirements: ["REQ-AF-MFA-RECOVERY-KEY"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "BIO --> BIO_CHECK{Exitoso?}", rule: "input biometric (the prompt's result)",
            requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "BIO_CHECK -->|Si| HOME",
            rule: "transition BiometricPrompt -> BiometricSuccess -> Success -> Dashboard",
            requirements: ["REQ-AF-RETURNING", "REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "BIO_CHECK -->|No, 3 intentos| PIN_FALLBACK[PIN Fallback]",
            rule: "transition BiometricFail -> PINInput", requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "PIN_FALLBACK --> HOME",
            rule: "transition PINInput -> PINValidating -> Success -> Dashboard",
            requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        // UIF-AUTH-001 §3.1: a first sign-in, step by step
        DocumentFact(
            "UIF-AUTH-001", .row, "Abre app primera vez SCR-AUTH-001", rule: "row §3.1 paso 1 (a first launch: Splash)",
            requirements: ["REQ-AF-SPLASH", "INT-AF-001"]),
        DocumentFact(
            "UIF-AUTH-001", .number, "Ve splash con logo - 1.5s auto-transicion",
            rule: "AuthFlowRules.splashDuration (§3.1 paso 2)", requirements: ["REQ-AF-SPLASH"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "SCR-AUTH-001 Ve carrusel bienvenida", rule: "row §3.1 paso 3 (Splash -> Carousel)",
            requirements: ["REQ-AF-SPLASH"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Tap \"Comenzar\" SCR-AUTH-002", rule: "row §3.1 paso 4 (Carousel -> Login)",
            requirements: ["REQ-AF-CAROUSEL"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Tap \"Continuar con Google\" OAuth Flow", rule: "row §3.1 paso 6 (Login -> OAuth)",
            requirements: ["REQ-AF-OAUTH-ATTEMPT"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Usuario nuevo detectado MTS-ONB-001", rule: "row §3.1 paso 10 (OAuth -> Onboarding)",
            requirements: ["REQ-AF-OAUTH-NEW"]),
        // UIF-AUTH-001 §3.2
        DocumentFact(
            "UIF-AUTH-001", .row, "Sin timeouts en flujo de OAuth", rule: "OAuth has no timer (AuthFlowModel.timers)",
            requirements: ["REQ-AF-OAUTH-ATTEMPT"]),
        // UIF-AUTH-001 §4.1: a sign-in with MFA, step by step
        DocumentFact(
            "UIF-AUTH-001", .row, "Abre app SCR-AUTH-001 Sesion expirada",
            rule: "AuthFlowMachine.launch (an expired session: the splash, then the check)",
            requirements: ["REQ-AF-RETURNING", "INT-AF-001"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Splash rapido SCR-AUTH-002 0.5s para usuario existente",
            rule: "AuthFlowRules.returningSplashDuration",
            requirements: ["REQ-AF-RETURNING", "INT-AF-001"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Tap Apple Sign-In OAuth Flow", rule: "row §4.1 paso 3 (Login -> OAuth)",
            requirements: ["REQ-AF-OAUTH-ATTEMPT"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Tier Perfect detectado SCR-AUTH-005 MFA obligatorio",
            rule: "row §4.1 paso 5 (Perfect: MFA)", requirements: ["REQ-AF-OAUTH-PERFECT"]),
        DocumentFact(
            "UIF-AUTH-001", .number, "Ve 6 campos de codigo", rule: "TOTP.digits (§4.1 paso 6)",
            requirements: ["REQ-AF-MFA-VALID"]),
        DocumentFact(
            "UIF-AUTH-001", .number, "Ingresa 6 digitos", rule: "TOTP.digits (§4.1 paso 8)",
            requirements: ["REQ-AF-MFA-VALID"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Submit automatico Validacion Al completar 6 digitos",
            rule: "AuthFlowMachine.typeCode (auto-submit at the last digit)", requirements: ["REQ-AF-MFA-VALID"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Codigo valido Dashboard", rule: "row §4.1 paso 10 (MFA -> Dashboard)",
            requirements: ["REQ-AF-MFA-VALID"]),
        // UIF-AUTH-001 §5: the biometric unlock journey and its state diagram (§5.1)
        DocumentFact(
            "UIF-AUTH-001", .row, "Acceso instantaneo", rule: "UnlockRules.successDelay (§5 journey)",
            requirements: ["REQ-AF-UNLOCK-EMBEDDED"], reading: "INT-027"),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "[*] --> AppOpen: Usuario abre app", rule: "input launch",
            requirements: ["REQ-AF-RETURNING"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "AppOpen --> CheckSession: Verificar sesion local",
            rule: "transition NotRunning -> CheckingSession", requirements: ["REQ-AF-RETURNING"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "CheckSession --> BiometricPrompt: Sesion valida + biometria habilitada",
            rule: "transition CheckingSession -> BiometricPrompt (§5.1)",
            requirements: ["REQ-AF-RETURNING", "REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "CheckSession --> Login: Sesion invalida",
            rule: "transition CheckingSession -> Login (§5.1)",
            requirements: ["REQ-AF-RETURNING", "REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "BiometricPrompt --> BiometricSuccess: Biometria exitosa",
            rule: "transition BiometricPrompt -> BiometricSuccess", requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "BiometricPrompt --> BiometricFail: Intento fallido",
            rule: "transition BiometricPrompt -> BiometricFail", requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "BiometricFail --> BiometricPrompt: Intentos < 3",
            rule: "transition BiometricFail -> BiometricPrompt", requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "BiometricFail --> PINFallback: Intentos >= 3",
            rule: "transition BiometricFail -> PINInput (§5.1)", requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "PINFallback --> PINSuccess: PIN correcto",
            rule: "transition PINValidating -> Success (§5.1)", requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "PINFallback --> PINFail: PIN incorrecto",
            rule: "transition PINValidating -> PINError (§5.1)", requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "PINFail --> PINFallback: Intentos < 5", rule: "transition PINError -> PINInput",
            requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "PINFail --> Login: Intentos >= 5 (bloqueo)",
            rule: "transition PINError -> PINBlocked (not Login)",
            requirements: ["REQ-AF-RELOGIN-FROM-LOCK", "REQ-AF-UNLOCK-EMBEDDED"], reading: "INT-015"),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "BiometricSuccess --> Dashboard", rule: "transition BiometricSuccess -> Success",
            requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "UIF-AUTH-001", .arrow, "PINSuccess --> Dashboard", rule: "transition Success -> Dashboard",
            requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        // UIF-AUTH-001 §5.2: the PIN behind every platform's biometrics
        DocumentFact(
            "UIF-AUTH-001", .row, "iOS Face ID Face Recognition PIN 4-6 digitos",
            rule: "row §5.2 iOS Face ID (pin_length 4 or 6)", requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "iOS Touch ID Fingerprint PIN 4-6 digitos",
            rule: "row §5.2 iOS Touch ID (pin_length 4 or 6)", requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Android Fingerprint Fingerprint PIN 4-6 digitos",
            rule: "row §5.2 Android Fingerprint (pin_length 4 or 6)", requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Android Face Unlock Face Recognition PIN 4-6 digitos",
            rule: "row §5.2 Android Face Unlock (pin_length 4 or 6)", requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        // UIF-AUTH-001 §6.1, §6.2, §6.3: timings, animations and the carousel
        DocumentFact(
            "UIF-AUTH-001", .number, "Splash (logo) Splash (carrusel) Fade + Scale up 500ms ease-out",
            rule: "AuthFlowView.transition fade_scale_up, Motion.carousel, ease_out",
            requirements: ["REQ-AF-UI-TRANSITIONS"]),
        DocumentFact(
            "UIF-AUTH-001", .number, "Splash Login Slide up 300ms ease-out",
            rule: "AuthFlowView.transition slide_up, Motion.login, ease_out", requirements: ["REQ-AF-UI-TRANSITIONS"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Login OAuth Sheet Native sheet Sistema Sistema",
            rule: "AuthFlowView.transition native_sheet (no length or curve of the app's)",
            requirements: ["REQ-AF-UI-TRANSITIONS"]),
        DocumentFact(
            "UIF-AUTH-001", .number, "OAuth MFA Fade + Slide up 300ms ease-out",
            rule: "AuthFlowView.transition fade_slide_up, Motion.mfa, ease_out", requirements: ["REQ-AF-UI-TRANSITIONS"]
        ),
        DocumentFact(
            "UIF-AUTH-001", .number, "MFA Dashboard Fade + Scale 250ms ease-out",
            rule: "AuthFlowView.transition fade_scale, Motion.dashboard, ease_out",
            requirements: ["REQ-AF-UI-TRANSITIONS"]),
        DocumentFact(
            "UIF-AUTH-001", .number, "0-300ms: Logo fade in + scale to 1.0",
            rule: "AuthFlowView.splashSequence logo scale_fade_in, Motion.logo",
            requirements: ["REQ-AF-UI-SPLASH-SEQUENCE"]),
        DocumentFact(
            "UIF-AUTH-001", .number, "500-800ms: Tagline fade in",
            rule: "AuthFlowView.splashSequence tagline fade_in, Motion.tagline",
            requirements: ["REQ-AF-UI-SPLASH-SEQUENCE"]),
        DocumentFact(
            "UIF-AUTH-001", .text, "- Sin scale animations",
            rule: "AuthFlowView.splashSequence (reduced motion: logo fade_in)",
            requirements: ["REQ-AF-UI-REDUCED-MOTION"]),
        DocumentFact(
            "UIF-AUTH-001", .text, "- Fade in instantaneo",
            rule: "AuthFlowView.splashSequence (reduced motion: duration 0)", requirements: ["REQ-AF-UI-REDUCED-MOTION"]
        ),
        DocumentFact(
            "UIF-AUTH-001", .text, "- Hold times respetados",
            rule:
                "AuthFlowView.splashSequence (reduced motion: the tagline at 500 ms; AuthFlowRules.splashDuration kept)",
            requirements: ["REQ-AF-UI-REDUCED-MOTION", "INT-AF-018"]),
        DocumentFact(
            "UIF-AUTH-001", .number, "Biometric Prompt Dashboard Instant + Haptic 100ms",
            rule: "UnlockRules.successDelay (§6.1)", requirements: ["REQ-AF-UNLOCK-EMBEDDED"], reading: "INT-027"),
        DocumentFact(
            "UIF-AUTH-001", .number, "1500ms: Auto-transicion si primera vez", rule: "AuthFlowRules.splashDuration",
            requirements: ["REQ-AF-SPLASH"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "o check sesion",
            rule: "AuthFlowRules.returningSplashDuration (0.5 s, not §6.2's 1500 ms, before the check)",
            requirements: ["REQ-AF-RETURNING", "INT-AF-001"], reading: "INT-AF-001"),
        DocumentFact(
            "UIF-AUTH-001", .text, "Slide 1: \"Nunca olvides tus medicamentos\"",
            rule: "AuthFlowTexts.slideTitles[0] (§6.3)", requirements: ["REQ-AF-CAROUSEL-SLIDES"]),
        DocumentFact(
            "UIF-AUTH-001", .text, "Slide 2: \"Control total de tu tratamiento\"",
            rule: "AuthFlowTexts.slideTitles[1] (§6.3)", requirements: ["REQ-AF-CAROUSEL-SLIDES"]),
        DocumentFact(
            "UIF-AUTH-001", .text, "Slide 3: \"Tu salud, tu privacidad\"",
            rule: "AuthFlowTexts.slideTitles[2] (§6.3)", requirements: ["REQ-AF-CAROUSEL-SLIDES"]),
        DocumentFact(
            "UIF-AUTH-001", .text, "labels claros: \"Continuar con Google\", \"Continuar con Apple\"",
            rule: "AuthFlowTexts.loginButtons (§3.2)", requirements: ["REQ-AF-LOGIN-LABELS"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Loading Google OAuth en progreso Boton Google con spinner",
            rule: "AuthFlowView.ImageID.spinner(.google) (§7.2, INT-AF-016)", requirements: ["REQ-AF-OAUTH-SPINNER"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Loading Apple OAuth en progreso Boton Apple con spinner",
            rule: "AuthFlowView.ImageID.spinner(.apple) (§7.2, INT-AF-016)", requirements: ["REQ-AF-OAUTH-SPINNER"]),
        DocumentFact(
            "UIF-AUTH-001", .text, "\"Saltar\" en esquina superior derecha", rule: "FlowTarget.skip",
            requirements: ["REQ-AF-CAROUSEL"]),
        DocumentFact(
            "UIF-AUTH-001", .text, "- \"Comenzar\" en slide", rule: "FlowTarget.start",
            requirements: ["REQ-AF-CAROUSEL"]),
        // UIF-AUTH-001 §7: screen states
        DocumentFact(
            "UIF-AUTH-001", .row, "Logo Carga inicial Logo centrado, animado", rule: "row §7.1 Logo (Splash)",
            requirements: ["REQ-AF-SPLASH"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Carrusel Primera vez", rule: "row §7.1 Carrusel (Carousel on a first launch)",
            requirements: ["REQ-AF-SPLASH", "INT-AF-001"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Loading Verificando sesion Logo + spinner sutil",
            rule: "row §7.1 Loading (the returning user's splash while the session is checked)",
            requirements: ["REQ-AF-RETURNING", "INT-AF-001"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Initial Pantalla cargada Botones Google/Apple visibles",
            rule: "row §7.2 Initial (Login: google, apple)", requirements: ["REQ-AF-OAUTH-ATTEMPT"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Error OAuth Fallo de autenticacion Toast error + retry",
            rule: "row §7.2 Error OAuth (Login, a message, retry)", requirements: ["REQ-AF-ERR-TOKEN", "INT-AF-009"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Network Error Sin conexion Banner offline + mensaje",
            rule: "row §7.2 Network Error (Login, a message)", requirements: ["REQ-AF-ERR-NETWORK", "INT-AF-009"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Input Esperando codigo 6 campos vacios",
            rule: "row §7.3 Input (MFA, code_entered 0)", requirements: ["REQ-AF-MFA-VALID"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Filling Ingresando codigo Campos llenandose",
            rule: "row §7.3 Filling (code_entered)", requirements: ["REQ-AF-MFA-VALID"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Error Codigo invalido Shake animation + mensaje",
            rule: "row §7.3 Error (a message on MFA; AuthFlowView.codeRefused, shake)",
            requirements: ["REQ-AF-MFA-INVALID", "REQ-AF-UI-TRANSITIONS"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Cooldown Muchos intentos Timer de espera",
            rule: "row §7.3 Cooldown (MFACooldown, mfa_cooldown)", requirements: ["REQ-AF-MFA-COOLDOWN", "INT-AF-004"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Prompt Esperando biometria Prompt nativo sistema",
            rule: "row §7.4 Prompt (BiometricPrompt)", requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Success Exitoso Checkmark + transicion", rule: "row §7.4 Success (Success)",
            requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Failed Fallo 1-2 intentos Retry prompt",
            rule: "row §7.4 Failed (BiometricFail, retry)", requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Locked 3+ fallos Fallback a PIN",
            rule: "row §7.4 Locked (PINInput after 3 failures)", requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        // UIF-AUTH-001 §8.1: sign-in errors, their codes (login_error's error_code) and messages
        DocumentFact(
            "UIF-AUTH-001", .row, "CANCELLED (ninguno) Volver a login", rule: "AuthFlowTexts.oauthError(.cancelled)",
            requirements: ["REQ-AF-ERR-CANCELLED", "INT-AF-009"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "User cancelled CANCELLED", rule: "OAuthOutcome.cancelled.errorCode",
            requirements: ["REQ-AF-ERR-CANCELLED", "INT-AF-010"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Network error NETWORK", rule: "OAuthOutcome.network.errorCode",
            requirements: ["REQ-AF-ERR-NETWORK", "INT-AF-010"]),
        DocumentFact(
            "UIF-AUTH-001", .text, "\"Sin conexion. Verifica tu internet.\"",
            rule: "AuthFlowTexts.oauthError(.network)", requirements: ["REQ-AF-ERR-NETWORK"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Account disabled DISABLED", rule: "OAuthOutcome.disabled.errorCode",
            requirements: ["REQ-AF-ERR-DISABLED", "INT-AF-010"]),
        DocumentFact(
            "UIF-AUTH-001", .text, "\"Tu cuenta ha sido desactivada. Contacta soporte.\"",
            rule: "AuthFlowTexts.oauthError(.disabled)", requirements: ["REQ-AF-ERR-DISABLED"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Invalid token TOKEN", rule: "OAuthOutcome.token.errorCode",
            requirements: ["REQ-AF-ERR-TOKEN", "INT-AF-010"]),
        DocumentFact(
            "UIF-AUTH-001", .text, "\"Error de autenticacion. Intenta de nuevo.\"",
            rule: "AuthFlowTexts.oauthError(.token)", requirements: ["REQ-AF-ERR-TOKEN"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Server error SERVER", rule: "OAuthOutcome.server.errorCode",
            requirements: ["REQ-AF-ERR-SERVER", "INT-AF-010"]),
        DocumentFact(
            "UIF-AUTH-001", .text, "\"Error del servidor. Intenta mas tarde.\"",
            rule: "AuthFlowTexts.oauthError(.server)", requirements: ["REQ-AF-ERR-SERVER"]),
        // UIF-AUTH-001 §8.2: MFA errors
        DocumentFact(
            "UIF-AUTH-001", .text, "\"Codigo incorrecto. Verifica e intenta de nuevo.\"",
            rule: "AuthFlowTexts.codeInvalid", requirements: ["REQ-AF-MFA-INVALID"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Codigo invalido \"Codigo incorrecto. Verifica e intenta de nuevo.\" Clear + retry",
            rule: "row §8.2 Codigo invalido (the code cleared)", requirements: ["REQ-AF-MFA-INVALID"]),
        DocumentFact(
            "UIF-AUTH-001", .text, "\"Codigo expirado. Usa el codigo actual de tu app.\"",
            rule: "AuthFlowTexts.codeExpired", requirements: ["REQ-AF-MFA-EXPIRED", "INT-AF-003"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Codigo expirado \"Codigo expirado. Usa el codigo actual de tu app.\" Clear + retry",
            rule: "row §8.2 Codigo expirado (the code cleared)", requirements: ["REQ-AF-MFA-EXPIRED", "INT-AF-003"]),
        DocumentFact(
            "UIF-AUTH-001", .text, "\"Demasiados intentos. Espera {X} segundos.\"",
            rule: "AuthFlowTexts.tooManyAttempts", requirements: ["REQ-AF-MFA-COOLDOWN", "INT-AF-004"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Muchos intentos \"Demasiados intentos. Espera {X} segundos.\" Countdown timer",
            rule: "row §8.2 Muchos intentos (MFACooldown, a countdown)",
            requirements: ["REQ-AF-MFA-COOLDOWN", "INT-AF-004"]),
        // UIF-AUTH-001 §8.3: biometric errors (the unlock screen's messages inside the flow)
        DocumentFact(
            "UIF-AUTH-001", .text, "\"No reconocido. Intenta de nuevo.\"", rule: "UnlockTexts.notRecognised",
            requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "No reconocido \"No reconocido. Intenta de nuevo.\" Retry prompt",
            rule: "row §8.3 No reconocido (BiometricFail, retry)", requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "UIF-AUTH-001", .text, "\"Sensor no disponible. Usa tu PIN.\"", rule: "UnlockTexts.sensorUnavailable",
            requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Sensor no disponible \"Sensor no disponible. Usa tu PIN.\" PIN fallback",
            rule: "row §8.3 Sensor no disponible (PINInput)", requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "UIF-AUTH-001", .text, "\"Biometria bloqueada. Usa tu PIN.\"", rule: "UnlockTexts.biometricLockedOut",
            requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Bloqueado \"Biometria bloqueada. Usa tu PIN.\" PIN fallback",
            rule: "row §8.3 Bloqueado (PINInput)", requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        // UIF-AUTH-001 §9: deep links
        DocumentFact(
            "UIF-AUTH-001", .row, "medtime://login SCR-AUTH-002", rule: "DeepLink.login (Login)",
            requirements: ["REQ-AF-DEEPLINK", "INT-AF-006"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "medtime://register SCR-AUTH-003", rule: "DeepLink.register (Registration)",
            requirements: ["REQ-AF-DEEPLINK", "INT-AF-006"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "medtime://recover SCR-AUTH-004", rule: "DeepLink.recover (Recovery)",
            requirements: ["REQ-AF-DEEPLINK", "INT-AF-006"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "medtime://verify-mfa SCR-AUTH-005 session_token (encrypted)",
            rule: "DeepLink.verifyMFA with LinkToken.issued (reopens the sign-in its token was issued for)",
            requirements: ["REQ-AF-DEEPLINK", "INT-AF-006", "INT-AF-020"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Recovery key flow In-app SCR-AUTH-004",
            rule: "row §9.2 Recovery key flow (MFA -> Recovery)", requirements: ["REQ-AF-MFA-RECOVERY-KEY"]),
        // UIF-AUTH-001 §10.1: what the reference keeps (the PIN's Argon2id hash, the biometric key)
        DocumentFact(
            "UIF-AUTH-001", .row, "PIN Hash Keychain/Keystore Argon2id + salt",
            rule: "PersistedStore.pinHash (Argon2idHasher)", requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Master Key Keychain/Keystore Biometric protected",
            rule: "PersistedStore.biometricKeyValid (INT-021)", requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        // UIF-AUTH-001 §10.2: security timeouts
        DocumentFact(
            "UIF-AUTH-001", .number, "Inactividad app 5 min Require biometria/PIN",
            rule: "UnlockRules.inactivityTimeout", requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "UIF-AUTH-001", .number, "Sesion Firebase (Pro) 30 dias Re-login",
            rule: "UnlockRules.sessionLifetime[.pro]", requirements: ["REQ-AF-RETURNING", "REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "UIF-AUTH-001", .number, "Sesion Firebase (Perfect) 7 dias", rule: "UnlockRules.sessionLifetime[.perfect]",
            requirements: ["REQ-AF-SESSION-PERFECT"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "Re-login + MFA", rule: "row §10.2 Perfect (the re-login asks the code)",
            requirements: ["REQ-AF-SESSION-PERFECT", "REQ-AF-OAUTH-PERFECT"]),
        DocumentFact(
            "UIF-AUTH-001", .number, "Pantalla MFA abierta 5 min Cancelar y volver a login",
            rule: "AuthFlowRules.mfaScreenTimeout", requirements: ["REQ-AF-MFA-TIMEOUT", "INT-AF-005"]),
        // UIF-AUTH-001 §10.3: the progressive lock (the unlock screen's, inside the flow)
        DocumentFact(
            "UIF-AUTH-001", .row, "1-3 intentos: Mensaje de error, continuar",
            rule: "row §10.3 1-3 (PINError -> PINInput)", requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "UIF-AUTH-001", .row, "4 intentos: Advertencia de bloqueo proximo",
            rule: "UnlockTexts.pinWrong (the 4th failure as the 1st-3rd)", requirements: ["REQ-AF-UNLOCK-EMBEDDED"],
            reading: "INT-014"),
        DocumentFact(
            "UIF-AUTH-001", .number, "5 intentos: Bloqueo 1 minuto", rule: "UnlockRules.lockSchedule[5]",
            requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "UIF-AUTH-001", .number, "6 intentos: Bloqueo 5 minutos", rule: "UnlockRules.lockSchedule[6]",
            requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "UIF-AUTH-001", .number, "7 intentos: Bloqueo 15 minutos", rule: "UnlockRules.lockSchedule[7]",
            requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "UIF-AUTH-001", .number, "8+ intentos: Bloqueo 1 hora", rule: "UnlockRules.lockSchedule[8]",
            requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "UIF-AUTH-001", .number, "3 fallos consecutivos: Fallback a PIN", rule: "UnlockRules.biometricAttempts",
            requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        // UIF-AUTH-001 §11.2: analytics events
        DocumentFact(
            "UIF-AUTH-001", .text, "screen_view screen_name: \"splash\", \"login\", \"mfa\"",
            rule: "AuthFlowRuleTables.events screen_view", requirements: ["REQ-AF-EVT-SCREEN"]),
        DocumentFact(
            "UIF-AUTH-001", .text, "\"mfa\", \"biometric\"", rule: "UnlockAnalytics screen_view biometric_unlock",
            requirements: ["REQ-AF-UNLOCK-EMBEDDED"], reading: "INT-028"),
        DocumentFact(
            "UIF-AUTH-001", .text, "login_attempt provider: \"google\"/\"apple\"",
            rule: "AuthFlowRuleTables.events login_attempt", requirements: ["REQ-AF-EVT-LOGIN"]),
        DocumentFact(
            "UIF-AUTH-001", .text, "login_success provider, time_ms, is_new_user",
            rule: "AuthFlowRuleTables.events login_success", requirements: ["REQ-AF-EVT-LOGIN", "INT-AF-010"]),
        DocumentFact(
            "UIF-AUTH-001", .text, "login_error provider, error_code", rule: "AuthFlowRuleTables.events login_error",
            requirements: ["REQ-AF-EVT-LOGIN", "INT-AF-010"]),
        DocumentFact(
            "UIF-AUTH-001", .text, "mfa_attempt -", rule: "AuthFlowRuleTables.events mfa_attempt",
            requirements: ["REQ-AF-EVT-MFA"]),
        DocumentFact(
            "UIF-AUTH-001", .text, "mfa_success time_ms", rule: "AuthFlowRuleTables.events mfa_success",
            requirements: ["REQ-AF-EVT-MFA", "INT-AF-010"]),
        DocumentFact(
            "UIF-AUTH-001", .text, "mfa_error error_type", rule: "AuthFlowRuleTables.events mfa_error",
            requirements: ["REQ-AF-EVT-MFA", "INT-AF-010"]),
        DocumentFact(
            "UIF-AUTH-001", .text, "biometric_attempt type: \"face\"/\"fingerprint\"",
            rule: "UnlockAnalytics biometric_attempt", requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "UIF-AUTH-001", .text, "biometric_success type, time_ms", rule: "UnlockAnalytics biometric_success",
            requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "UIF-AUTH-001", .text, "biometric_fallback reason", rule: "UnlockAnalytics biometric_to_pin",
            requirements: ["REQ-AF-UNLOCK-EMBEDDED"], reading: "INT-028"),
        // SCR-AUTH-006, the unlock screen inside the flow: where the flow takes over from it
        DocumentFact(
            "SCR-AUTH-006", .arrow, "[*] --> CheckingSession: App open",
            rule: "transition Splash -> CheckingSession (SCR-AUTH-006 §5.1's App open)",
            requirements: ["REQ-AF-RETURNING", "INT-AF-001"]),
        DocumentFact(
            "SCR-AUTH-006", .row, "3. Prompt nativo aparece inmediatamente",
            rule: "AuthFlowMachine.launch (the prompt at once after the check)",
            requirements: ["REQ-AF-RETURNING", "INT-AF-001"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "PINError --> PINInput: Intentos < 5",
            rule: "transition PINError -> PINInput (§5.1)",
            requirements: ["REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "PINError --> PINBlocked: Intentos >= 5", rule: "transition PINError -> PINBlocked",
            requirements: ["REQ-AF-RELOGIN-FROM-LOCK", "REQ-AF-UNLOCK-EMBEDDED"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "PINBlocked --> Login: Tap \"Iniciar sesion\"",
            rule: "transition PINBlocked -> Login", requirements: ["REQ-AF-RELOGIN-FROM-LOCK"]),
        DocumentFact(
            "SCR-AUTH-006", .arrow, "Login --> [*]: Nav a SCR-AUTH-002",
            rule: "Login is the flow's SCR-AUTH-002 (INT-AF-002)",
            requirements: ["REQ-AF-RELOGIN-FROM-LOCK", "INT-AF-002"]),
    ]
}
