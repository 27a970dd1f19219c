import SpecModel

/// The unlock screen of SCR-AUTH-006 ("Biometria") as a model declaration. State names are the
/// §5.1 diagram's; the states and transitions the reference adds are marked with the
/// interpretation they rest on (docs/interpretations.md).
///
/// The lists the reference's own types hold (states, biometric outcomes, tap targets,
/// destinations) are read from those types, so the two cannot drift.
package enum UnlockModel {
    package static let biometricOutcomes = BiometricOutcome.allCases.map(\.rawValue)
    package static let tapTargets = TapTarget.allCases.map(\.rawValue)
    package static let destinations = Phase.allCases.compactMap(\.destination)
    /// The system Settings app, as a place the user is sent (003), never the reference's.
    package static let systemSettings = "Settings"
    /// 2026-01-01T09:00:00Z in milliseconds since 1970: given values are held decoded.
    package static let defaultClock = 1_767_258_000_000
    /// What the app asks of the platform and draws, and what it stores (UnlockPlatformView).
    package static let platformKeys: Set<String> = Set([
        "announcement_priorities", "haptics", "prompt_request", "texts", "images", "pin_display", "store",
    ]).union(uiKeys)
    /// What a UI-level driver measures on the drawn screen and the key store (profile `ui`), and
    /// the device's screen those frames are measured on.
    package static let uiKeys: Set<String> = ["frames", "a11y_audit", "key_access", "animations"]
    package static let screenGiven: Set<String> = ["screen_width", "screen_height"]

    package static let declaration: ModelDeclaration = {
        var declaration = undeclaredInvariants
        declaration.invariants = [Invariant.declaredTransitions(declaration)] + UnlockInvariants.all(.spec)
        // A session that ends before any timer of the screen can: the one class of session_age
        // a run can see end (UIF-AUTH-001 §10.2); every other age is far from it or already
        // past. Ending first, it ends during whatever runs (the prompt, a lock, the Success
        // delay, time away), and the abstract machine closes there: a session that ends later
        // leaves one more time left for each mix of delays and locks before it.
        let rules = UnlockRules.spec
        let lifetime = rules.sessionLifetime[.pro] ?? 0
        declaration.worldClasses = [["session_age": .int(lifetime - rules.successDelay + 100)]]
        // The lock runs beside the Success delay and the time away: with advances 1 ms either
        // side of each deadline, the default world alone passes 64,000 states at 60 inputs
        // without closing, even with only ten of the inputs; at each deadline exactly, with
        // every input, it closes at 16,450.
        declaration.deadlineOffsets = [0]
        return declaration
    }()

    static let undeclaredInvariants = ModelDeclaration(
        name: "unlock",
        initialState: "NotRunning",
        states: states,
        inputs: inputs,
        given: given,
        observations: observations,
        transitions: transitions,
        profiles: [
            ConformanceProfile("minimal", keys: ["state"], "the state after each step"),
            ConformanceProfile(
                "standard",
                keys: ["state", "states", "navigation", "pin_attempts_left", "bio_attempts_left", "lock_remaining"],
                "states, navigation, attempts left and the lock"),
            ConformanceProfile(
                "platform",
                keys: observations.filter { $0.level == .app && $0.key != "store" }.map(\.key),
                "every key a driver that fakes the platform reads: the prompt request, texts, images, haptics"),
        ],
        clockInput: "advance",
        timers: timers(UnlockRules.spec),
        diagramSource: "SCR-AUTH-006 §5.1",
        exampleClause: "SCR-AUTH-006 §6.1.2",
        resolveGiven: resolveGiven)

    /// Every duration the rules act on: the Success delay, the inactivity timeout, each lock,
    /// each tier's session lifetime.
    static func timers(_ rules: UnlockRules) -> [Int] {
        let all =
            [rules.successDelay, rules.inactivityTimeout] + rules.lockSchedule.map(\.milliseconds)
            + rules.sessionLifetime.values
        return Set(all).sorted()
    }

    static let states: [StateDeclaration] = Phase.allCases.map { phase in
        switch phase {
        case .notRunning:
            .init(phase.rawValue, .interpretation("INT-001"), "the process is not running: before launch, after kill")
        case .checkingSession: .init(phase.rawValue, .spec("SCR-AUTH-006 §5.1"), "the app checks the local session")
        case .biometricPrompt: .init(phase.rawValue, .spec("SCR-AUTH-006 §5.1"), "the native biometric prompt is up")
        case .biometricFail:
            .init(
                phase.rawValue, .spec("SCR-AUTH-006 §5.1"), "not recognised; retry or use the PIN (wireframe §2.3)")
        case .biometricSuccess: .init(phase.rawValue, .spec("SCR-AUTH-006 §5.1"), "biometrics accepted")
        case .pinInput: .init(phase.rawValue, .spec("SCR-AUTH-006 §5.1"), "the PIN keypad")
        case .pinValidating: .init(phase.rawValue, .spec("SCR-AUTH-006 §5.1"), "a complete PIN is being checked")
        case .pinError: .init(phase.rawValue, .spec("SCR-AUTH-006 §5.1"), "the PIN was wrong")
        case .pinBlocked:
            .init(phase.rawValue, .spec("SCR-AUTH-006 §5.1"), "temporary lock with countdown (§2.4, §6.1.2)")
        case .success:
            .init(phase.rawValue, .spec("SCR-AUTH-006 §5.1"), "unlocked; Dashboard follows after 0.5 s (§2.5)")
        case .dashboard:
            .init(phase.rawValue, .interpretation("INT-001"), "the screen has handed over to the Dashboard")
        case .login:
            .init(phase.rawValue, .spec("SCR-AUTH-006 §5.1"), "the screen has handed over to Login (SCR-AUTH-002)")
        case .recovery:
            .init(phase.rawValue, .interpretation("INT-001"), "the screen has handed over to Recovery (SCR-AUTH-004)")
        }
    }

    static let inputs: [InputDeclaration] = [
        .init("launch", "cold start of the process"),
        .init("kill", "process death: volatile state lost, persisted state kept"),
        .init("background", "the app goes to the background"),
        .init("foreground", "the app comes back to the foreground"),
        .init("advance", argument: .duration, "the virtual clock moves forward"),
        .init("biometric", argument: .oneOf(biometricOutcomes), "the platform's biometric result"),
        .init(
            "biometric_error", argument: .oneOf(PlatformErrors.codes),
            "a platform's own biometric error or failure callback, as raised; the model's table (PlatformErrors) gives its reaction"
        ),
        .init("digit", argument: .integer(0...9), "a keypad digit"),
        .init("delete", "tap on the delete key: the last digit goes"),
        .init("clear", "long press on the delete key: every digit goes"),
        .init(
            "enter_pin", argument: .digits, "shorthand for one digit input per character",
            expandsTo: InputDeclaration.oneInputPerDigit("digit")),
        .init("tap", argument: .oneOf(tapTargets), "a tap on a button or link of the screen"),
        .init("login_completed", "the Login flow (SCR-AUTH-002, with MFA where due) ended in a signed-in user"),
        .init(
            "enrolment_changed",
            "a face or finger was added to or removed from the device: the platform invalidates the app's biometric key (004)"
        ),
        .init(
            "enable_biometrics", "on the Dashboard, the user turns biometric unlock on in settings: a new key is made"),
        .init(
            "clock_forward", argument: .duration,
            "the user sets the device's wall clock forward; no time passes (INT-022)"),
        .init(
            "clock_back", argument: .duration, "the user sets the device's wall clock back; no time passes (INT-022)"),
        .init(
            "platform_lockout_ended",
            "the platform lifts its biometric lockout: device passcode entered (iOS), lockout over (Android) (INT-008)"),
    ]

    static let given: [KeyDeclaration] = [
        .init(
            "session", .oneOf(["valid", "expired", "absent"]), default: .string("valid"), "the stored Firebase session"),
        .init("session_age", .duration, default: .int(0), "age of a valid session at time 0"),
        .init(
            "tier", .oneOf(["pro", "perfect"]), default: .string("pro"),
            "subscription tier: sessions last 30 d (Pro) or 7 d (Perfect)"),
        .init("biometric_enabled", .bool, default: .bool(true), "the user's biometricEnabled setting"),
        .init(
            "biometric_type", .oneOf(BiometricType.allCases.map(\.rawValue)), default: .string("face"),
            "the device's biometric; none: no biometric hardware or none set up (INT-025)"),
        .init(
            "platform", .oneOf(Platform.allCases.map(\.rawValue)), default: .string(Platform.ios.rawValue),
            "the device's platform: the prompt's label and announcement follow it, then the biometric (INT-011)"),
        .init(
            "biometric_status", .oneOf(PlatformBiometrics.allCases.map(\.rawValue)),
            default: .string("available"),
            "what the platform reports before any prompt; passcode_not_set: no device passcode (LAError.passcodeNotSet)"
        ),
        .init("pin_length", .integerIn([4, 6]), default: .int(4), "digits in the PIN"),
        .init("pin", .optional(.digits), default: .null, "the PIN; defaults to 1234 or 123456"),
        .init("pin_failures", .integer(0...10_000), default: .int(0), "persisted PIN failure count"),
        .init("blocked_for", .optional(.duration), default: .null, "a persisted lock that ends this long after time 0"),
        .init("clock", .instant, default: .int(defaultClock), "the wall clock at time 0"),
        .init(
            "screen_width", .integer(240...2000), default: .int(360),
            "the device's screen width in dp: a UI-level driver runs on a device of this size (INT-041)"),
        .init(
            "screen_height", .integer(320...4000), default: .int(800),
            "the device's screen height in dp (INT-041)"),
    ]

    static let observations: [ObservationDeclaration] = [
        .init("state", .state, .snapshot, "the state after the step"),
        .init("states", .list(.state), .log, "every state entered during the step, in order"),
        .init(
            "navigation", .optional(.oneOf(destinations + [systemSettings])), .snapshot,
            "where the screen has handed over to, or null; `Settings`, the system's, is where the iOS article (003) sends a user with no biometric enrolled or no device passcode, which the reference never does (INT-008, INT-019)"
        ),
        .init("pin_entered", .integer(0...6), .snapshot, "PIN digits typed so far"),
        .init("pin_attempts_left", .integer(0...5), .snapshot, "wrong PINs left before the next lock"),
        .init("bio_attempts_left", .integer(0...3), .snapshot, "biometric failures left before the PIN fallback"),
        .init("lock_remaining", .optional(.duration), .snapshot, "time left on the PIN lock, or null"),
        .init("countdown", .optional(.string), .snapshot, "the lock countdown as shown, MM:SS, or null"),
        .init("message", .optional(.string), .snapshot, "the on-screen message, or null"),
        .init("announcements", .list(.string), .log, "screen reader announcements during the step (§7.3)"),
        .init("events", .list(.event), .log, "analytics events during the step (§11.1)"),
        .init(
            "biometrics_enabled", .bool, .snapshot,
            "biometric unlock can work: the user's setting is on and the platform still holds its key (004)"),
        .init(
            "focus_order", .list(.string), .snapshot,
            "the elements a screen reader visits, in order, each its label and ' | hint' (§7.1, §7.2; INT-032)"),
        .init(
            "secure_window", .optional(.bool), .snapshot,
            "screenshots and screen recording blocked; null when the unlock screen is not on display (§8.1; INT-033)"),
        .init(
            "announcement_priorities", .list(.oneOf(AnnouncementPriority.allCases.map(\.rawValue))), .log,
            "each announcement's §7.3 priority, in the order of announcements"),
        .init(
            "haptics", .list(.oneOf(Haptic.allCases.map(\.rawValue))), .log,
            "haptic feedback played during the step: key (§3.4), success (§3.7)"),
        .init(
            "prompt_request", .optional(.record(UnlockPlatformView.promptRequestFields)), .snapshot,
            "what the app passed to the platform for the prompt on screen, or null when none is up (§3.2, §8.2, §10; 004)"
        ),
        .init(
            "texts", .list(.string), .snapshot,
            "the app's visible texts in reading order, the system prompt's aside (§2; INT-040)"),
        .init(
            "images", .list(.string), .snapshot,
            "the images on screen by accessibility identifier, in order (§2; INT-040)"),
        .init(
            "pin_display", .optional(.list(.string)), .snapshot,
            "the PIN cells as drawn: dot per typed digit, empty for the rest; null with no cells on screen (§3.3, §8.1)"
        ),
        .init(
            "store", .record(UnlockPlatformView.storeFields), .snapshot,
            "white-box: what the app persisted, kinds and formats, never secrets (§6.2, §8.1, §8.2; 004)"),
        .init(
            "frames", UnlockRenderedView.framesType, .snapshot, level: .ui,
            "UI-level: element frames in whole dp (x, y, width, height) and text sizes in sp (font_size), by element: logo, title, pin_cell_N, key_N, key_delete, forgot_pin, countdown, success_icon (§3, §7.4; INT-041)"
        ),
        .init(
            "a11y_audit", UnlockRenderedView.auditType, .snapshot, level: .ui, referenceStatesBounds: true,
            "UI-level: the platform's accessibility audit by element: contrast ratio times 100 (contrast_x100) and touch target in dp (touch_width, touch_height) (§3.6, §7.4; INT-041)"
        ),
        .init(
            "key_access", .optional(.record(UnlockRenderedView.keyAccessFields)), .snapshot, level: .ui,
            "UI-level: the access control of the biometric key's store item; null with no key (003, 004)"),
        .init(
            "animations", UnlockRenderedView.animationsType, .snapshot, level: .ui,
            "UI-level: the animations the step's last input started, by element (biometric_prompt, success_icon, pin_cells, unlock_screen): effect and duration (§3.7, §5.2; INT-041)"
        ),
    ]

    static let transitions: [TransitionDeclaration] = [
        .init(
            "NotRunning", "CheckingSession", "launch", on: ["launch"], "SCR-AUTH-006 §5.1 ([*] App open)",
            label: "App open"),
        .init(
            "CheckingSession", "BiometricPrompt", "session valid, biometrics enabled", "SCR-AUTH-006 §5.1",
            label: "Sesion valida + bio habilitado", automatic: true),
        .init(
            "CheckingSession", "PINInput", "session valid, biometrics off, unavailable or their key invalidated",
            "SCR-AUTH-006 §5.1; UIF-AUTH-001 §8.3; INT-021", label: "Sesion valida + bio deshabilitado", automatic: true
        ),
        .init(
            "CheckingSession", "Login", "session invalid or expired", "SCR-AUTH-006 §5.1; UIF-AUTH-001 §10.2",
            label: "Sesion invalida", automatic: true),
        .init(
            "CheckingSession", "PINBlocked",
            "session valid, biometrics off, unavailable or their key invalidated, a persisted lock still running",
            "SCR-AUTH-006 §6.2; INT-004", added: true, automatic: true),
        .init(
            "BiometricPrompt", "BiometricSuccess", "biometric: success", on: ["biometric: success"],
            "SCR-AUTH-006 §5.1", label: "Bio exitoso"),
        .init(
            "BiometricPrompt", "BiometricFail", "biometric: failure",
            on: ["biometric: failure"] + platformErrors { $0 == .failure },
            "SCR-AUTH-006 §5.1", label: "Bio fallido"),
        .init(
            "BiometricPrompt", "PINInput", "cancel, use_pin, platform error",
            on: BiometricOutcome.allCases.filter { $0 != .success && $0 != .failure }.map {
                "biometric: \($0.rawValue)"
            } + platformErrors { $0 != .success && $0 != .failure } + ["biometric: success"],
            "SCR-AUTH-006 §5.1; UIF-AUTH-001 §8.3; INT-021 (no key, no unlock)", label: "Cancelar / Usar PIN"),
        .init(
            "BiometricPrompt", "PINBlocked",
            "cancel or use_pin (or any answer that falls back to the PIN), a persisted lock still running",
            on: ["biometric: cancel", "biometric: use_pin"], "SCR-AUTH-006 §6.2; INT-004", added: true),
        .init(
            "BiometricFail", "PINBlocked", "3rd failure, or tap use_pin, a persisted lock still running",
            on: ["tap: use_pin"], "SCR-AUTH-006 §6.2; INT-004", added: true, automatic: true),
        .init(
            "BiometricFail", "BiometricPrompt", "tap retry_biometrics (fewer than 3 failures)",
            on: ["tap: retry_biometrics"], "SCR-AUTH-006 §5.1; INT-005", label: "Intentos < 3"),
        .init(
            "BiometricFail", "PINInput", "3rd failure, or tap use_pin", on: ["tap: use_pin"],
            "SCR-AUTH-006 §5.1, §6.1.1", label: "Intentos >= 3", automatic: true),
        .init("BiometricSuccess", "Success", "immediately", "SCR-AUTH-006 §5.1", automatic: true),
        .init(
            "PINInput", "PINValidating", "last digit typed (auto-submit)", on: ["digit"], "SCR-AUTH-006 §5.1, §3.3",
            label: "PIN completo"),
        .init("PINValidating", "Success", "PIN correct", "SCR-AUTH-006 §5.1", label: "PIN correcto", automatic: true),
        .init(
            "PINValidating", "Login", "PIN correct, session expired meanwhile", "INT-023", added: true, automatic: true),
        .init(
            "BiometricSuccess", "Login", "session expired meanwhile", "INT-023", added: true, automatic: true),
        .init("PINValidating", "PINError", "PIN wrong", "SCR-AUTH-006 §5.1", label: "PIN incorrecto", automatic: true),
        .init(
            "PINError", "PINInput", "fewer than 5 failures, or after a cooldown with no lock due", "SCR-AUTH-006 §5.1",
            label: "Intentos < 5", automatic: true),
        .init(
            "PINError", "PINBlocked", "5th failure and every one after", "SCR-AUTH-006 §5.1, §6.1.2; INT-003",
            label: "Intentos >= 5", automatic: true),
        .init(
            "PINBlocked", "PINInput", "cooldown over", on: ["advance"], "SCR-AUTH-006 §5.1, §6.2",
            label: "Cooldown completo"),
        .init(
            "PINBlocked", "Login", "tap login_again", on: ["tap: login_again"], "SCR-AUTH-006 §5.1, §4.2",
            label: "Tap \"Iniciar sesion\""),
        .init(
            "Success", "Dashboard", "0.5 s later", on: ["advance"], "SCR-AUTH-006 §2.5, §5.2", label: "Nav a Dashboard",
            automatic: true),
        .init(
            "PINInput", "Recovery", "tap forgot_pin", on: ["tap: forgot_pin"], "SCR-AUTH-006 §3.6, §9.2", added: true),
        .init(
            "Dashboard", "CheckingSession", "foreground after 5 min or more in background", on: ["foreground"],
            "UIF-AUTH-001 §10.2", added: true),
        .init("Login", "Dashboard", "login_completed", on: ["login_completed"], "INT-006", added: true),
        .init("*", "NotRunning", "kill", on: ["kill"], "INT-001", added: true),
    ]

    /// The platform errors whose reaction is one of these, as transition triggers.
    static func platformErrors(_ reacting: (BiometricOutcome) -> Bool) -> [String] {
        PlatformErrors.all.filter { reacting($0.reaction) }.map { "biometric_error: \($0.code)" }
    }

    /// Fills in the default PIN for the declared length and checks the two agree.
    @Sendable static func resolveGiven(
        _ given: [String: Value]
    ) -> (given: [String: Value], problems: [(key: String, message: String)]) {
        var world = given
        let length = given["pin_length"]?.int ?? 4
        guard let pin = given["pin"]?.string else {
            world["pin"] = .string(String("123456".prefix(length)))
            return (world, [])
        }
        if pin.count != length {
            return (world, [("pin", "the PIN has \(pin.count) digits but pin_length is \(length)")])
        }
        return (world, [])
    }
}
