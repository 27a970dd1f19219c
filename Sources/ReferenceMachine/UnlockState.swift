/// The states of the unlock screen (SCR-AUTH-006 §5.1), plus the ones the reference adds.
public enum Phase: String, Sendable, CaseIterable {
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
    public var destination: String? {
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
public enum BiometricType: String, Sendable, CaseIterable { case face, fingerprint, none }
public enum Tier: String, Sendable, CaseIterable { case pro, perfect }
public enum SessionStatus: String, Sendable { case valid, expired, absent }
/// What the platform says of biometrics (LAError / BiometricManager), outside the app's control.
public enum PlatformBiometrics: String, Sendable {
    case available
    case notAvailable = "not_available"
    case notEnrolled = "not_enrolled"
    case lockout
}

/// What outlives the process (SCR-AUTH-006 §6.2, §9; UIF-AUTH-001 §10.1): the PIN hash, the
/// failure count, the lock's end, the settings and the session. `kill` keeps all of it.
public struct PersistedStore: Sendable, Hashable {
    /// Argon2id encoded hash; the clear PIN is never stored.
    public var pinHash: String
    public var pinLength: Int
    public var pinFailures: Int
    /// pinBlockedUntil, as milliseconds since 1970 on the virtual wall clock.
    public var blockedUntil: Int?
    public var biometricEnabled: Bool
    public var biometricType: BiometricType
    public var tier: Tier
    public var session: SessionStatus
    public var sessionStartedAt: Int
    /// The operating system's biometric state; it outlives the app's process too.
    public var platformBiometrics: PlatformBiometrics
    /// Whether the platform still holds the app's biometric key: an enrolment change invalidates
    /// it for good (004); only turning biometrics on again makes a new one.
    public var biometricKeyValid: Bool

    public init(
        pinHash: String, pinLength: Int, pinFailures: Int = 0, blockedUntil: Int? = nil,
        biometricEnabled: Bool = true, biometricType: BiometricType = .face, tier: Tier = .pro,
        session: SessionStatus = .valid, sessionStartedAt: Int = 0,
        platformBiometrics: PlatformBiometrics = .available, biometricKeyValid: Bool = true
    ) {
        self.pinHash = pinHash
        self.pinLength = pinLength
        self.pinFailures = pinFailures
        self.blockedUntil = blockedUntil
        self.biometricEnabled = biometricEnabled
        self.biometricType = biometricType
        self.tier = tier
        self.session = session
        self.sessionStartedAt = sessionStartedAt
        self.platformBiometrics = platformBiometrics
        self.biometricKeyValid = biometricKeyValid
    }

    /// Biometric unlock can work: the user's setting is on and the key behind it is valid.
    public var biometricsUsable: Bool { biometricEnabled && biometricKeyValid && biometricType != .none }
}

/// What dies with the process: the screen and everything on it.
public struct ScreenState: Sendable, Hashable {
    public var phase: Phase = .notRunning
    /// Typed digits, held only until the PIN is submitted.
    public var digits: [Int] = []
    public var biometricFailures = 0
    public var message: String?
    /// When the unlock screen appeared, for the time_ms of §11.1.
    public var shownAt: Int?
    public var successAt: Int?
    public var backgroundedAt: Int?

    public init() {}
}

public struct UnlockState: Sendable, Hashable {
    public var persisted: PersistedStore
    public var screen: ScreenState

    public init(persisted: PersistedStore, screen: ScreenState = ScreenState()) {
        self.persisted = persisted
        self.screen = screen
    }
}
