import SpecModel

/// What the app asks of the platform and draws, as a driver that fakes the platform sees it:
/// the biometric prompt request (SCR-AUTH-006 §3.2, §8.2, §10; 004), the visible texts and
/// images of the wireframes (§2), the PIN cells (§3.3, §8.1) and, white-box, what the store
/// holds (§8.1, §8.2). Identifiers and layouts the spec leaves open are INT-040's.
package enum UnlockPlatformView {
    // MARK: The prompt request

    package static let promptRequestFields: [RecordField] = [
        .init("policy", .optional(.string), "iOS: the LAPolicy evaluated (§8.2, §10.1); null on Android"),
        .init(
            "authenticators", .optional(.list(.string)),
            "Android: setAllowedAuthenticators' classes (§10.2); null on iOS"),
        .init("reason", .optional(.string), "iOS: localizedReason (§3.2.1; INT-040)"),
        .init("fallback_title", .optional(.string), "iOS: localizedFallbackTitle (§3.2.1, §10.1)"),
        .init("cancel_title", .optional(.string), "iOS: localizedCancelTitle (§10.1)"),
        .init("title", .optional(.string), "Android: the PromptInfo title (§3.2.2, §10.2)"),
        .init("subtitle", .optional(.string), "Android: the PromptInfo subtitle (§3.2.2, §10.2)"),
        .init("negative_button", .optional(.string), "Android: the negative button's text (§3.2.2, §10.2)"),
        .init(
            "key_bound", .bool,
            "a biometric-protected key is bound to the request: a CryptoObject (Android), an access-controlled key or LAContext used for it (iOS) (004)"
        ),
    ]

    /// The request the prompt on screen was raised with; nil when no prompt is up.
    package static func promptRequest(_ state: UnlockState) -> Value? {
        guard state.screen.phase == .biometricPrompt else { return nil }
        let store = state.persisted
        var fields = [String: Value](uniqueKeysWithValues: promptRequestFields.map { ($0.name, Value.null) })
        switch store.platform {
        case .ios:
            fields["policy"] = .string(iOSPolicy)
            fields["reason"] = .string(UnlockTexts.promptLabel(store.biometricType, on: .ios))
            fields["fallback_title"] = .string(UnlockTexts.usePINLabel)
            fields["cancel_title"] = .string(UnlockTexts.cancel)
        case .android:
            fields["authenticators"] = .list([.string(androidAuthenticators)])
            fields["title"] = .string(UnlockTexts.androidPromptTitle)
            fields["subtitle"] = .string(UnlockTexts.androidPromptSubtitle)
            fields["negative_button"] = .string(UnlockTexts.usePINLabel)
        }
        fields["key_bound"] = .bool(true)
        return .map(fields)
    }

    /// §8.2 and §10.1: biometrics only, never the device passcode (§8.2 Fallback).
    package static let iOSPolicy = "deviceOwnerAuthenticationWithBiometrics"
    /// §8.2 and §10.2: class 3 biometrics only.
    package static let androidAuthenticators = "BIOMETRIC_STRONG"

    // MARK: What the screen draws

    /// The app's own visible texts in reading order, the wireframes' top to bottom (§2); the
    /// system draws the prompt's, which `prompt_request` carries.
    package static func texts(
        _ state: UnlockState, lockRemaining: Int?, biometricAttemptsLeft: Int, of biometricAttempts: Int
    ) -> [String] {
        let screen = state.screen
        let message = screen.message.map { [$0] } ?? []
        switch screen.phase {
        case .notRunning, .checkingSession, .biometricPrompt, .dashboard, .login, .recovery:
            return []
        case .biometricFail:
            return message + [
                UnlockTexts.attemptsCounter(left: biometricAttemptsLeft, of: biometricAttempts),
                UnlockTexts.usePINLabel, UnlockTexts.retryButton,
            ]
        case .pinInput, .pinValidating, .pinError:
            return [UnlockTexts.pinTitle] + message + keypadDigits + [UnlockTexts.forgotPINLink]
        case .pinBlocked:
            return [UnlockTexts.blockedTitle] + message
                + (lockRemaining.map { [UnlockTexts.countdown($0)] } ?? [])
                + [UnlockTexts.alternativeLogin, UnlockTexts.reloginButton]
        case .biometricSuccess, .success:
            return [UnlockTexts.unlocked]
        }
    }

    /// §2.2's keypad, row by row.
    static let keypadDigits = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"]

    /// The images on screen by accessibility identifier, in reading order (INT-040's names).
    package static func images(_ state: UnlockState) -> [String] {
        switch state.screen.phase {
        case .notRunning, .checkingSession, .dashboard, .login, .recovery:
            return []
        case .biometricPrompt:
            return [ImageID.logo]
        case .biometricFail:
            return [ImageID.logo, ImageID.biometricError(state.persisted.biometricType, on: state.persisted.platform)]
        case .pinInput, .pinValidating, .pinError:
            return [ImageID.logo, ImageID.deleteKey]
        case .pinBlocked:
            return [ImageID.warning]
        case .biometricSuccess, .success:
            return [ImageID.successCheck]
        }
    }

    package enum ImageID {
        static let logo = "medtime_logo"  // §2.1-§2.3, §3.1
        static let deleteKey = "delete_key"  // §3.4 backspace icon
        static let warning = "warning"  // §2.4, in place of the logo
        static let successCheck = "success_check"  // §2.5, §3.7

        /// §2.3's red icon of the biometric that failed.
        static func biometricError(_ type: BiometricType, on platform: Platform) -> String {
            switch (platform, type) {
            case (.android, _): "fingerprint_error"
            case (.ios, .fingerprint): "touch_id_error"
            case (.ios, _): "face_id_error"
            }
        }
    }

    /// §3.3 and §8.1: one cell per PIN digit, a dot for each typed digit, never the digit;
    /// nil when no PIN cells are on screen.
    package static func pinDisplay(_ state: UnlockState) -> [String]? {
        switch state.screen.phase {
        case .pinInput, .pinValidating, .pinError:
            let typed = state.screen.digits.count
            return (0..<state.persisted.pinLength).map { $0 < typed ? PINCell.dot : PINCell.empty }
        default:
            return nil
        }
    }

    package enum PINCell {
        static let dot = "dot"
        static let empty = "empty"
    }

    // MARK: The store, white-box

    package static let storeFields: [RecordField] = [
        .init(
            "pin_hash", .optional(.string),
            "the stored PIN's scheme, as its PHC string names it (`argon2id`), or `plain`; null when none is stored (§8.1)"
        ),
        .init(
            "pin_location", .optional(.oneOf(["secure_storage", "preferences", "file"])),
            "where the PIN is kept: Keychain/Keystore, UserDefaults/SharedPreferences or a file (§8.1)"),
        .init(
            "session_token_location", .optional(.oneOf(["secure_storage", "preferences", "file"])),
            "where the session's token is kept, as `pin_location`; null with no session (UIF-AUTH-001 §10.1 Firebase Token)"
        ),
        .init(
            "pin_failures", .integer(0...Int.max),
            "the persisted count of wrong PINs (§6.2): it keeps rising past any given count"),
        .init("lock_stored", .bool, "a running lock is persisted, so a restart keeps it (§6.2)"),
        .init("biometric_key", .bool, "a biometric-protected key is held (§8.2 Almacenamiento; 004)"),
        .init(
            "key_invalidated_by_enrolment", .optional(.bool),
            "the key's attribute: .biometryCurrentSet (iOS), setInvalidatedByBiometricEnrollment(true) (Android); null with no key (004)"
        ),
        .init(
            "key_hardware_backed", .optional(.bool),
            "the key lives in the Secure Enclave / StrongBox; null with no key (§8.2, 004)"),
        .init(
            "key_this_device_only", .optional(.bool),
            "the key is usable only while a device passcode is set and never leaves this device: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly (iOS), an AndroidKeyStore key with setUserAuthenticationRequired(true) (Android); null with no key (004)"
        ),
        .init(
            "secrets_in_preferences", .list(.string),
            "the names of UserDefaults/SharedPreferences items holding a PIN, hash, key or token: none (§8.1, 004)"),
    ]

    /// What the store holds that a driver reads back, in a few fields.
    struct Stored: Hashable, Sendable {
        var argon2id: Bool
        var sessionHeld: Bool
        var pinFailures: Int
        var lockStored: Bool
        var key: Bool
    }
    // A run's store takes a handful of shapes: each is built once.
    static let storedShapes = SharedValues<Stored, Value>()

    package static func store(_ state: UnlockState, lockRemaining: Int?) -> Value {
        let store = state.persisted
        // A key made accessible only while a passcode is set cannot exist without one (004).
        let stored = Stored(
            argon2id: store.pinHash.hasPrefix("$argon2id$"), sessionHeld: store.session != .absent,
            pinFailures: store.pinFailures, lockStored: lockRemaining != nil,
            key: store.biometricsUsable && store.platformBiometrics != .passcodeNotSet)
        return storedShapes.value(for: stored) {
            .map([
                "pin_hash": stored.argon2id ? .string("argon2id") : .string("plain"),
                "pin_location": .string("secure_storage"),
                "session_token_location": stored.sessionHeld ? .string("secure_storage") : .null,
                "pin_failures": .int(stored.pinFailures),
                "lock_stored": .bool(stored.lockStored),
                "biometric_key": .bool(stored.key),
                "key_invalidated_by_enrolment": stored.key ? .bool(true) : .null,
                "key_hardware_backed": stored.key ? .bool(true) : .null,
                "key_this_device_only": stored.key ? .bool(true) : .null,
                "secrets_in_preferences": .list([]),
            ])
        }
    }
}
