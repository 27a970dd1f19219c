import SpecModel
import UnlockScreen

/// UIF-AUTH-001's authentication flow as a model declaration: the flow's own screens beside the
/// unlock model's states, inputs, given keys, observations and transitions, which are taken from
/// the unlock declaration rather than written again (the child's lists are one source of truth).
package enum AuthFlowModel {
    static let unlock = UnlockModel.declaration
    /// The shared TOTP secret of RFC 6238 Appendix B (SHA-1), so scenarios can use its vectors.
    package static let defaultSecret = "12345678901234567890"

    package static let declaration: ModelDeclaration = {
        var declaration = ModelDeclaration(
            name: "auth-flow",
            initialState: unlock.initialState,
            states: states,
            inputs: inputs,
            given: given,
            observations: observations,
            transitions: transitions,
            profiles: [
                ConformanceProfile("minimal", keys: ["state"], "the state after each step"),
                ConformanceProfile(
                    "standard", keys: ["state", "states", "navigation", "message", "code_entered", "mfa_cooldown"],
                    "states, navigation, messages and the MFA screen"),
            ],
            clockInput: unlock.clockInput,
            timers: timers,
            diagramSource: "UIF-AUTH-001 §2",
            exampleClause: "UIF-AUTH-001 §8.2",
            resolveGiven: unlock.resolveGiven)
        // Drawn a screen group at a time: one diagram of ~20 states and 60 edges is unreadable
        // at the width GitHub renders it. The unlock screen's own states are one group; the
        // flow's screens it hands over to (Login, Recovery, Dashboard) belong to the flow's.
        declaration.screenGroups = [
            ScreenGroup("Launch", states: ["NotRunning", "Splash", "Carousel"]),
            ScreenGroup("Login and the sign-in sheet", states: ["Login", "OAuth"]),
            ScreenGroup("Registration and recovery", states: ["Registration", "Recovery"]),
            ScreenGroup(
                "Unlock screen (SCR-AUTH-006)",
                states: [
                    "CheckingSession", "BiometricPrompt", "BiometricFail", "BiometricSuccess", "PINInput",
                    "PINValidating", "PINError", "PINBlocked", "Success",
                ]),
            ScreenGroup("MFA and after sign-in", states: ["MFA", "MFACooldown", "Dashboard", "Onboarding"]),
        ]
        // The unlock screen's invariants hold inside the flow, where a sign-in is a step that
        // leaves the provider's sheet or the MFA screen signed in.
        // A right code depends on the time: explore and generate try the code good now, the
        // step before's, and one just expired, beside the PIN.
        declaration.meaningfulDigits = { given, elapsed in
            let codes = totp(given)
            let step = codes.counter(atMilliseconds: now(given, elapsed: elapsed))
            return [0, 1, 2].map { codes.code(counter: step - $0) }
        }
        // The abstract machine types a code by what it is when typed, never by its digits.
        declaration.momentArguments = [
            MomentArgument(input: "enter_code", classes: MomentCode.allCases.map(\.rawValue)) { given, elapsed, index in
                .string(MomentCode.allCases[index].code(given: given, elapsed: elapsed))
            }
        ]
        // The unlock screen's session class, and its advances exactly at each deadline: the
        // flow's timers run beside the child's as the child's do beside each other.
        // A Perfect account signed out besides: the MFA screen from the first one (§2 TIER_CHECK).
        declaration.worldClasses =
            unlock.worldClasses + [["tier": .string(Tier.perfect.rawValue), "session": .string("expired")]]
        declaration.deadlineOffsets = unlock.deadlineOffsets
        declaration.invariants =
            [Invariant.declaredTransitions(declaration)]
            + UnlockInvariants.all(.spec) { step in
                ["OAuth", "MFA"].contains(step.before["state"]?.string ?? "")
                    && ["Dashboard", "Onboarding"].contains(step.after["state"]?.string ?? "")
            }
        return declaration
    }()

    /// A world's one-time codes: its `totp_secret`'s (RFC 6238's test secret by default).
    static func totp(_ given: [String: Value]) -> TOTP {
        TOTP(secret: Array((given["totp_secret"]?.string ?? defaultSecret).utf8))
    }

    /// The wall clock `elapsed` ms into a world.
    static func now(_ given: [String: Value], elapsed: Int) -> Int {
        (given["clock"]?.int ?? UnlockModel.defaultClock) + elapsed
    }

    static var timers: [Int] {
        let rules = AuthFlowRules.spec
        return Array(
            Set(
                unlock.timers + [
                    rules.splashDuration, rules.returningSplashDuration, rules.mfaScreenTimeout, rules.mfaCooldown,
                ])
        )
        .sorted()
    }

    static let states: [StateDeclaration] =
        unlock.states.map { state in
            switch state.name {
            case Phase.login.rawValue:
                .init(state.name, .spec("UIF-AUTH-001 §2"), "SCR-AUTH-002 Login Social: Google or Apple")
            case Phase.recovery.rawValue:
                .init(state.name, .spec("UIF-AUTH-001 §2"), "SCR-AUTH-004 Recuperacion")
            case Phase.dashboard.rawValue:
                .init(state.name, .spec("UIF-AUTH-001 §2"), "Dashboard Principal: signed in and unlocked")
            default: state
            }
        }
        + FlowPhase.allCases.map { phase in
            switch phase {
            case .splash:
                .init(phase.rawValue, .spec("UIF-AUTH-001 §2, §6.2"), "SCR-AUTH-001 on a first launch: the logo, 1.5 s")
            case .carousel:
                .init(phase.rawValue, .spec("UIF-AUTH-001 §6.3, §7.1"), "the three welcome slides: Comenzar, Saltar")
            case .oauth:
                .init(phase.rawValue, .spec("UIF-AUTH-001 §3.1, §7.2"), "the provider's native sign-in sheet is up")
            case .registration: .init(phase.rawValue, .spec("UIF-AUTH-001 §2"), "SCR-AUTH-003 Registro")
            case .mfa:
                .init(phase.rawValue, .spec("UIF-AUTH-001 §4.1, §7.3"), "SCR-AUTH-005: six digits, auto-submit")
            case .mfaCooldown:
                .init(phase.rawValue, .spec("UIF-AUTH-001 §7.3, §8.2"), "too many wrong codes: a countdown")
            case .onboarding:
                .init(phase.rawValue, .spec("UIF-AUTH-001 §2"), "MTS-ONB-001: a new account's first steps")
            }
        }

    static let flowTargets = FlowTarget.allCases.map(\.rawValue)

    static let inputs: [InputDeclaration] =
        unlock.inputs.compactMap { input in
            switch input.name {
            case "login_completed": return nil  // the flow's own sign-in takes its place
            case "tap":
                return .init(
                    "tap", argument: .oneOf(UnlockModel.tapTargets + flowTargets),
                    "a tap on a button or link of the screen up")
            case "digit":
                return .init("digit", argument: .integer(0...9), "a keypad digit: the PIN's or the MFA code's")
            default: return input
            }
        } + [
            .init(
                "enter_code", argument: .digits, "shorthand for one digit input per character of an MFA code",
                expandsTo: InputDeclaration.oneInputPerDigit("digit")),
            .init(
                "oauth", argument: .oneOf(OAuthOutcome.allCases.map(\.rawValue)),
                "what the provider's sign-in sheet answers (UIF-AUTH-001 §8.1)"),
            .init(
                "recovery", argument: .oneOf(["success", "failure"]),
                "how the account recovery (SCR-AUTH-004) ended"),
            .init(
                "deep_link", argument: .oneOf(LinkToken.linkWords),
                "a medtime:// link opened (UIF-AUTH-001 §9.1); verify-mfa with the session_token issued for the sign-in awaiting its code, -other-token with another, -no-token without one"
            ),
            .init("logout", "the user signs out from the app"),
            .init(
                "swipe", argument: .oneOf(["next", "previous"]),
                "a horizontal swipe on the carousel, to the next slide or the one before (UIF-AUTH-001 §6.3)"),
            .init(
                "connectivity", argument: .oneOf(["offline", "online"]),
                "the device loses or regains its network connection (UIF-AUTH-001 §7.2 Network Error)"),
        ]

    static let given: [KeyDeclaration] =
        unlock.given.filter { !UnlockModel.screenGiven.contains($0.key) } + [
            .init(
                "first_launch", .bool, default: .bool(false),
                "no account has signed in on this device yet: the splash and the carousel"),
            .init(
                "account", .oneOf(["existing", "new"]), default: .string("existing"),
                "whether the provider's sign-in finds a MedTime account"),
            .init(
                "totp_secret", .string, default: .string(defaultSecret),
                "the MFA shared secret (its bytes as written; RFC 6238's test secret by default)"),
            .init(
                "reduced_motion", .bool, default: .bool(false),
                "the device's reduce-motion setting: iOS's UIAccessibility.isReduceMotionEnabled, Android's animator duration scale 0 (§6.2 REDUCED MOTION; INT-AF-018)"
            ),
        ]

    /// What the flow's screens draw: the texts and images UIF-AUTH-001 gives them (INT-AF-015);
    /// the unlock screen's other platform keys stay its own model's.
    static let drawnKeys: Set<String> = ["texts", "images"]

    /// The unlock screen's keys but what it asks of the platform (its own model's `platform`
    /// profile), with the flow's screens drawn too.
    static let observations: [ObservationDeclaration] =
        unlock.observations.filter { !UnlockModel.platformKeys.subtracting(drawnKeys).contains($0.key) }.map {
            observation in
            switch observation.key {
            case "texts":
                .init(
                    "texts", .list(.string), .snapshot,
                    "the visible texts in reading order: the unlock screen's (INT-040), the flow's (INT-AF-015)")
            case "images":
                .init(
                    "images", .list(.string), .snapshot,
                    "the images on screen by identifier: the unlock screen's (INT-040), the flow's (INT-AF-015)")
            case "navigation":
                .init(
                    "navigation", .optional(.oneOf(["Dashboard", "Onboarding"])), .snapshot,
                    "where the flow has handed over to, or null")
            case "message":
                .init("message", .optional(.string), .snapshot, "the on-screen message, or null (UIF-AUTH-001 §8)")
            case "focus_order":
                .init(
                    "focus_order", .list(.string), .snapshot,
                    "the elements a screen reader visits, in order: the unlock screen's (INT-032), the flow's screens' drawn texts but the message (INT-AF-019)"
                )
            default: observation
            }
        } + [
            .init("code_entered", .integer(0...6), .snapshot, "MFA code digits typed so far"),
            .init(
                "recovery_mode", .optional(.oneOf(["account", "recovery_key"])), .snapshot,
                "on Recovery, how it was opened: `recovery_key` from the MFA screen (UIF-AUTH-001 §9.2), else `account`; null elsewhere"
            ),
            .init(
                "input_focus", .optional(.record(AuthFlowView.inputFocusFields)), .snapshot,
                "the text field with input focus and the system keyboard it brings up, or null (UIF-AUTH-001 §4.1)"),
            .init(
                "mfa_cooldown", .optional(.duration), .snapshot,
                "time left before another MFA code can be typed, or null (UIF-AUTH-001 §8.2)"),
            .init(
                "animations", AuthFlowView.animationsType, .snapshot, level: .ui,
                "UI-level: the animations the step's last input started, by element: screen (§6.1's changes of screen), logo and tagline (§6.2's splash), code_cells (§7.3's shake), and the unlock screen's (SCR-AUTH-006 §3.7, §5.2): effect, duration, delay, ease (INT-AF-018)"
            ),
        ]

    static func oauth(_ outcomes: [OAuthOutcome]) -> [String] { outcomes.map { "oauth: \($0.rawValue)" } }
    static let oauthFailures = oauth(OAuthOutcome.allCases.filter { $0 != .success })

    static let transitions: [TransitionDeclaration] =
        unlock.transitions.compactMap { transition in
            if transition.inputs == ["login_completed"] { return nil }
            if transition.from == Phase.notRunning.rawValue && transition.to == Phase.checkingSession.rawValue {
                return .init(
                    "Splash", "CheckingSession", "0.5 s later, an account has used the app on this device",
                    on: ["advance"], "UIF-AUTH-001 §2, §4.1; INT-AF-001", label: "Primera vez: No", automatic: true)
            }
            return transition
        } + [
            .init(
                "NotRunning", "Splash", "launch (every cold start)", on: ["launch"], "UIF-AUTH-001 §2; INT-AF-001"),
            .init(
                "Splash", "Carousel", "1.5 s later", on: ["advance"], "UIF-AUTH-001 §6.2", label: "Primera vez: Si",
                automatic: true),
            .init(
                "Carousel", "Login", "tap start on the last slide, or skip",
                on: ["tap: start", "tap: skip", "deep_link: login"],
                "UIF-AUTH-001 §3.1, §6.3"),
            .init(
                "Login", "OAuth", "tap google or apple", on: ["tap: google", "tap: apple"], "UIF-AUTH-001 §2",
                label: "Google/Apple"),
            .init(
                "Registration", "OAuth", "tap google or apple", on: ["tap: google", "tap: apple"], "UIF-AUTH-001 §2"),
            .init("OAuth", "Login", "the sign-in fails or is cancelled", on: oauthFailures, "UIF-AUTH-001 §2, §8.1"),
            .init(
                "OAuth", "Registration", "the sign-in fails or is cancelled (from Registration)", on: oauthFailures,
                "UIF-AUTH-001 §2"),
            .init("OAuth", "Onboarding", "signed in, new account", on: oauth([.success]), "UIF-AUTH-001 §2"),
            .init("OAuth", "Dashboard", "signed in, existing account, Pro", on: oauth([.success]), "UIF-AUTH-001 §2"),
            .init("OAuth", "MFA", "signed in, existing account, Perfect", on: oauth([.success]), "UIF-AUTH-001 §2"),
            .init(
                "OAuth", "MFACooldown", "signed in, Perfect, a code cooldown still running", on: oauth([.success]),
                "INT-AF-004", added: true),
            .init(
                "Login", "Registration", "tap create_account", on: ["tap: create_account", "deep_link: register"],
                "UIF-AUTH-001 §2, §9.1", label: "Crear cuenta"),
            .init(
                "Login", "Recovery", "tap forgot_access", on: ["tap: forgot_access", "deep_link: recover"],
                "UIF-AUTH-001 §2, §9.1", label: "Olvidaste acceso?"),
            .init(
                "Registration", "Login", "back", on: ["tap: back", "deep_link: login"], "INT-AF-008", added: true),
            .init(
                "Recovery", "Login", "recovered, or back", on: ["recovery: success", "tap: back", "deep_link: login"],
                "UIF-AUTH-001 §2; INT-AF-008"),
            .init("Recovery", "Registration", "a register link", on: ["deep_link: register"], "UIF-AUTH-001 §9.1"),
            .init("Registration", "Recovery", "a recover link", on: ["deep_link: recover"], "UIF-AUTH-001 §9.1"),
            .init("Carousel", "Registration", "a register link", on: ["deep_link: register"], "UIF-AUTH-001 §9.1"),
        ]
        + ["Carousel", "Login", "Registration", "Recovery"].flatMap { screen in
            [
                TransitionDeclaration(
                    screen, "MFA", "a verify-mfa link, a sign-in awaiting its code", on: ["deep_link: verify-mfa"],
                    "UIF-AUTH-001 §9.1; INT-AF-006"),
                TransitionDeclaration(
                    screen, "MFACooldown", "a verify-mfa link, a sign-in awaiting its code, its cooldown running",
                    on: ["deep_link: verify-mfa"], "UIF-AUTH-001 §9.1; INT-AF-004, INT-AF-006", added: true),
            ]
        } + [
            .init("Carousel", "Recovery", "a recover link", on: ["deep_link: recover"], "UIF-AUTH-001 §9.1"),
            .init("MFA", "Dashboard", "sixth digit, code valid", on: ["digit"], "UIF-AUTH-001 §2, §4.1", label: "Si"),
            .init(
                "MFA", "MFACooldown", "sixth digit, the 5th wrong code", on: ["digit"], "UIF-AUTH-001 §8.2; INT-AF-004"),
            .init(
                "MFACooldown", "MFA", "cooldown over", on: ["advance"], "UIF-AUTH-001 §8.2; INT-AF-004", automatic: true
            ),
            .init(
                "MFA", "Recovery", "tap use_recovery_key", on: ["tap: use_recovery_key"], "UIF-AUTH-001 §2, §9.2",
                label: "Usar recovery key"),
            .init(
                "MFACooldown", "Recovery", "tap use_recovery_key", on: ["tap: use_recovery_key"],
                "UIF-AUTH-001 §2, §9.2"),
            .init(
                "MFA", "Login", "5 min on the MFA screen", on: ["advance"], "UIF-AUTH-001 §10.2", automatic: true),
            .init(
                "MFACooldown", "Login", "5 min on the MFA screen", on: ["advance"], "UIF-AUTH-001 §10.2",
                automatic: true),
            .init("Dashboard", "Login", "logout", on: ["logout"], "UIF-AUTH-001 §2; INT-AF-007"),
            .init(
                "Onboarding", "CheckingSession", "foreground after 5 min or more in background", on: ["foreground"],
                "UIF-AUTH-001 §10.2", added: true),
        ]
}

/// The codes a user can type on the MFA screen, by what they are at the moment typed
/// (RFC 6238 §5.2; INT-AF-003).
enum MomentCode: String, CaseIterable {
    case now = "the code of the time step now"
    case stepBefore = "the code of the step before"
    case twoStepsOld = "the code of two steps before"
    case none = "a code of no step from ten before to the next"

    func code(given: [String: Value], elapsed: Int) -> String {
        let totp = AuthFlowModel.totp(given)
        let step = totp.counter(atMilliseconds: AuthFlowModel.now(given, elapsed: elapsed))
        switch self {
        case .now: return totp.code(counter: step)
        case .stepBefore: return totp.code(counter: step - 1)
        case .twoStepsOld: return totp.code(counter: step - 2)
        case .none:
            // The code now plus one, and on, until no step near now has it.
            let near = Set((-1...AuthFlowRules.spec.mfaStepsExpired).map { totp.code(counter: step - $0) })
            var modulus = 1
            for _ in 0..<totp.digits { modulus *= 10 }
            var candidate = Int(totp.code(counter: step)) ?? 0
            var written: String
            repeat {
                candidate = (candidate + 1) % modulus
                written = String(candidate)
                written = String(repeating: "0", count: totp.digits - written.count) + written
            } while near.contains(written)
            return written
        }
    }
}
