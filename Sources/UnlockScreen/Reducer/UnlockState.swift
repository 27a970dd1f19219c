import SpecModel

/// The states of the unlock screen (SCR-AUTH-006 §5.1), plus the ones the reference adds.
package enum Phase: String, Sendable, CaseIterable {
    case notRunning = "NotRunning"
    case checkingSession = "CheckingSession"
    case biometricPrompt = "BiometricPrompt"
    case biometricFail = "BiometricFail"
    case biometricSuccess = "BiometricSuccess"
    case pinInput = "PINInput"
    case pinValidating = "PINValidating"
    case pinError = "PINError"
    case pinBlocked = "PINBlocked"
    case success = "Success"
    case dashboard = "Dashboard"
    case login = "Login"
    case recovery = "Recovery"

    /// Where the screen has handed over to, for the states that leave it.
    package var destination: String? {
        switch self {
        case .dashboard: return "Dashboard"
        case .login: return "Login"
        case .recovery: return "Recovery"
        default: return nil
        }
    }
}

/// The device's biometric, as SCR-AUTH-006 §9 types it: `none` is a device with no biometric
/// hardware or none set up (INT-025).
package enum BiometricType: String, Sendable, CaseIterable { case face, fingerprint, none }
/// The device's platform: the prompt's texts follow it before the biometric (INT-011).
package enum Platform: String, Sendable, CaseIterable { case ios, android }
package enum Tier: String, Sendable, CaseIterable { case pro, perfect }
package enum SessionStatus: String, Sendable { case valid, expired, absent }
/// What the platform says of biometrics (LAError / BiometricManager), outside the app's control.
package enum PlatformBiometrics: String, Sendable, CaseIterable {
    case available
    case notAvailable = "not_available"
    case notEnrolled = "not_enrolled"
    /// No device passcode (LAError.passcodeNotSet): biometrics cannot run, and a key made
    /// accessible only while a passcode is set cannot exist (004's iOS code).
    case passcodeNotSet = "passcode_not_set"
    case lockout
}

/// What outlives the process (SCR-AUTH-006 §6.2, §9; UIF-AUTH-001 §10.1): the PIN hash, the
/// failure count, the lock's end, the settings and the session. `kill` keeps all of it.
package struct PersistedStore: Sendable, Hashable {
    /// Argon2id encoded hash; the clear PIN is never stored.
    package var pinHash: String
    package var pinLength: Int
    package var pinFailures: Int
    /// pinBlockedUntil, as milliseconds since 1970 on the virtual wall clock.
    package var blockedUntil: Int?
    package var biometricEnabled: Bool
    package var biometricType: BiometricType
    package var platform: Platform
    package var tier: Tier
    package var session: SessionStatus
    package var sessionStartedAt: Int
    /// The operating system's biometric state; it outlives the app's process too.
    package var platformBiometrics: PlatformBiometrics
    /// Whether the platform still holds the app's biometric key: an enrolment change invalidates
    /// it for good (004); only turning biometrics on again makes a new one.
    package var biometricKeyValid: Bool
    /// The app found its key invalidated: a new one waits for a stronger factor than the PIN,
    /// a completed login (004, INT-021).
    package var newKeyAwaitsLogin: Bool
    /// The device's screen in dp, for what a UI-level driver measures (INT-041).
    package var screenWidth: Int
    package var screenHeight: Int

    package init(
        pinHash: String, pinLength: Int, pinFailures: Int = 0, blockedUntil: Int? = nil,
        biometricEnabled: Bool = true, biometricType: BiometricType = .face, platform: Platform = .ios,
        tier: Tier = .pro,
        session: SessionStatus = .valid, sessionStartedAt: Int = 0,
        platformBiometrics: PlatformBiometrics = .available, biometricKeyValid: Bool = true,
        newKeyAwaitsLogin: Bool = false, screenWidth: Int = 360, screenHeight: Int = 800
    ) {
        self.pinHash = pinHash
        self.pinLength = pinLength
        self.pinFailures = pinFailures
        self.blockedUntil = blockedUntil
        self.biometricEnabled = biometricEnabled
        self.biometricType = biometricType
        self.platform = platform
        self.tier = tier
        self.session = session
        self.sessionStartedAt = sessionStartedAt
        self.platformBiometrics = platformBiometrics
        self.biometricKeyValid = biometricKeyValid
        self.newKeyAwaitsLogin = newKeyAwaitsLogin
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
    }

    /// Biometric unlock can work: the user's setting is on and the key behind it is valid.
    package var biometricsUsable: Bool { biometricEnabled && biometricKeyValid && biometricType != .none }
}

/// What dies with the process: the screen and everything on it.
package struct ScreenState: Sendable, Hashable {
    package var phase: Phase = .notRunning
    /// Typed digits, held only until the PIN is submitted.
    package var digits: [Int] = []
    package var biometricFailures = 0
    package var message: String?
    /// When the unlock screen appeared, for the time_ms of §11.1.
    package var shownAt: Int?
    package var successAt: Int?
    package var backgroundedAt: Int?

    package init() {}
}

package struct UnlockState: Sendable, Hashable {
    package var persisted: PersistedStore
    package var screen: ScreenState

    package init(persisted: PersistedStore, screen: ScreenState = ScreenState()) {
        self.persisted = persisted
        self.screen = screen
    }
}

extension UnlockState {
    typealias Field = StateSeams<UnlockState>.Field

    static func flag(_ value: Bool) -> Int { value ? 1 : 0 }

    /// Where an app gets the unlock screen's behaviour wrong: its timers' moments, its two
    /// counters, what the store must keep across a kill and what the screen must not.
    package static let seams = StateSeams<UnlockState>(
        moments: [
            Field("screen shown", get: { $0.screen.shownAt }) { $0.screen.shownAt = $1 },
            Field("success", get: { $0.screen.successAt }) { $0.screen.successAt = $1 },
            Field("background", get: { $0.screen.backgroundedAt }) { $0.screen.backgroundedAt = $1 }.notAnOrigin(),
            Field("lock end", get: { $0.persisted.blockedUntil }) { $0.persisted.blockedUntil = $1 },
            Field("session start", get: { $0.persisted.sessionStartedAt }) { $0.persisted.sessionStartedAt = $1 ?? 0 },
        ],
        counters: [pinFailures, biometricFailures],
        durable: [
            pinFailures,
            Field("lock end", get: { $0.persisted.blockedUntil }) { $0.persisted.blockedUntil = $1 },
            Field("key invalidation", fresh: 1, get: { flag($0.persisted.biometricKeyValid) }) {
                $0.persisted.biometricKeyValid = $1 == 1
            },
            Field("new key awaits login", fresh: 0, get: { flag($0.persisted.newKeyAwaitsLogin) }) {
                $0.persisted.newKeyAwaitsLogin = $1 == 1
            },
        ],
        volatile: [biometricFailures],
        phases: Phase.allCases.map(\.rawValue), stopped: Phase.notRunning.rawValue, phase: { $0.screen.phase.rawValue })

    static let pinFailures = Field(
        "PIN failures", fresh: 0, get: { $0.persisted.pinFailures }, set: { $0.persisted.pinFailures = $1 ?? 0 })
    static let biometricFailures = Field(
        "biometric failures", fresh: 0, get: { $0.screen.biometricFailures },
        set: { $0.screen.biometricFailures = $1 ?? 0 })
}
