import SpecModel

/// Mutants that get wrong what the app asks of the platform or draws, the way an app does: a
/// prompt raised with no key or a weaker policy, a text or image changed or left out, a
/// haptic or a priority lost, a digit drawn, a secret stored in the clear. Each is the
/// falsifier of a statement that the platform observations made checkable.
extension UnlockMutants {
    static func platformCalls(_ memo: Argon2Memo) -> [Mutant] {
        promptRequests(memo) + screenDrawing(memo) + storage(memo)
    }

    /// A mutant that rewrites the prompt request's fields wherever a prompt is up; `retriesOnly`
    /// keeps the first prompt of a screen right and spoils the ones after a failure.
    static func request(
        _ id: String, rule: String, _ summary: String, memo: Argon2Memo, retriesOnly: Bool = false,
        _ change: @escaping @Sendable (inout [String: Value]) -> Void
    ) -> Mutant {
        edited("prompt_request", id, kind: "platform request", rule: rule, summary, memo: memo) {
            fields, observations in
            if retriesOnly, observations["bio_attempts_left"] == .int(UnlockRules.spec.biometricAttempts) { return }
            change(&fields)
        }
    }

    /// A mutant that rewrites the fields of the record observed at `key`, where there is one.
    static func edited(
        _ key: String, _ id: String, kind: String, rule: String, _ summary: String, memo: Argon2Memo,
        _ change: @escaping @Sendable (inout [String: Value], Observations) -> Void
    ) -> Mutant {
        observed(id, kind: kind, rule: rule, summary, memo: memo) { observations in
            guard case .map(var fields)? = observations[key] else { return }
            change(&fields, observations)
            observations[key] = .map(fields)
        }
    }

    static func onIOS(_ fields: [String: Value]) -> Bool { fields["policy"] != .null }

    static func promptRequests(_ memo: Argon2Memo) -> [Mutant] {
        [
            request(
                "prompt-key-unbound", rule: "004 a key, not a boolean", "the prompt is raised with no key bound to it",
                memo: memo
            ) {
                $0["key_bound"] = .bool(false)
            },
            request(
                "prompt-key-unbound-on-retry", rule: "004 a key, not a boolean",
                "the prompt after a failure is raised with no key bound to it", memo: memo, retriesOnly: true
            ) { $0["key_bound"] = .bool(false) },
            request(
                "prompt-policy-with-passcode", rule: "SCR-AUTH-006 §8.2 iOS, §10.1",
                "iOS evaluates deviceOwnerAuthentication, which offers the device passcode", memo: memo
            ) { fields in if onIOS(fields) { fields["policy"] = .string("deviceOwnerAuthentication") } },
            request(
                "prompt-weaker-on-retry", rule: "004 never degrade silently; SCR-AUTH-006 §8.2",
                "the prompt after a failure allows the device credential: iOS's passcode policy, Android's DEVICE_CREDENTIAL",
                memo: memo, retriesOnly: true
            ) { fields in
                if onIOS(fields) {
                    fields["policy"] = .string("deviceOwnerAuthentication")
                } else {
                    fields["authenticators"] = .list([.string("BIOMETRIC_STRONG"), .string("DEVICE_CREDENTIAL")])
                }
            },
            request(
                "prompt-authenticators-weak", rule: "SCR-AUTH-006 §8.2 Android, §10.2",
                "Android allows BIOMETRIC_WEAK", memo: memo
            ) { fields in if !onIOS(fields) { fields["authenticators"] = .list([.string("BIOMETRIC_WEAK")]) } },
            request(
                "prompt-reason-from-code", rule: "SCR-AUTH-006 §10.1 (INT-040)",
                "iOS's reason is §10.1's code's 'Desbloquea MedTime'", memo: memo
            ) { fields in if onIOS(fields) { fields["reason"] = .string("Desbloquea MedTime") } },
            request(
                "prompt-reason-type-swapped", rule: "SCR-AUTH-006 §3.2.1 Reason",
                "iOS's reason names Face ID on a Touch ID device and Touch ID on a Face ID one", memo: memo
            ) { fields in
                let face = UnlockTexts.promptLabel(.face, on: .ios)
                let touch = UnlockTexts.promptLabel(.fingerprint, on: .ios)
                if let reason = fields["reason"]?.string { fields["reason"] = .string(reason == face ? touch : face) }
            },
            request(
                "prompt-fallback-title-unset", rule: "SCR-AUTH-006 §3.2.1 Fallback title, §10.1",
                "localizedFallbackTitle is not set: the system's 'Enter Password' shows", memo: memo
            ) { $0["fallback_title"] = .null },
            request(
                "prompt-cancel-title-unset", rule: "SCR-AUTH-006 §10.1 localizedCancelTitle",
                "localizedCancelTitle is not set: the system's 'Cancel' shows", memo: memo
            ) { $0["cancel_title"] = .null },
            request(
                "prompt-android-title-changed", rule: "SCR-AUTH-006 §3.2.2 Title, §10.2",
                "the Android prompt is titled 'MedTime'", memo: memo
            ) { fields in if !onIOS(fields) { fields["title"] = .string("MedTime") } },
            request(
                "prompt-android-subtitle-unset", rule: "SCR-AUTH-006 §3.2.2 Subtitle, §10.2",
                "the Android prompt has no subtitle", memo: memo
            ) { $0["subtitle"] = .null },
            request(
                "prompt-android-negative-changed", rule: "SCR-AUTH-006 §3.2.2 Negative button, §10.2",
                "the Android negative button reads 'Cancelar'", memo: memo
            ) { fields in if !onIOS(fields) { fields["negative_button"] = .string(UnlockTexts.cancel) } },
            request(
                "prompt-android-sheet-text", rule: "SCR-AUTH-006 §2.1.2 (INT-040)",
                "the Android prompt carries the §2.1.2 wireframe's sheet text as its subtitle", memo: memo
            ) { fields in
                if !onIOS(fields) { fields["subtitle"] = .string("Toca el sensor de huellas para desbloquear") }
            },
        ]
    }

    /// A mutant that rewrites one list-valued observation.
    static func drawn(
        _ id: String, key: String, rule: String, _ summary: String, memo: Argon2Memo,
        _ change: @escaping @Sendable (_ items: [String], _ observations: Observations) -> [String]
    ) -> Mutant {
        observed(id, kind: "platform output", rule: rule, summary, memo: memo) { observations in
            guard case .list(let items)? = observations[key] else { return }
            observations[key] = .list(change(items.compactMap(\.string), observations).map(Value.string))
        }
    }

    static func screenDrawing(_ memo: Argon2Memo) -> [Mutant] {
        let image = UnlockPlatformView.ImageID.self
        return [
            drawn(
                "no-key-haptic", key: "haptics", rule: "SCR-AUTH-006 §3.4 Haptic", "keypad keys give no haptic",
                memo: memo
            ) {
                items, _ in items.filter { $0 != Haptic.key.rawValue }
            },
            drawn(
                "no-delete-haptic", key: "haptics", rule: "SCR-AUTH-006 §3.4 Haptic",
                "the delete key gives no haptic (only digit keys do)", memo: memo
            ) { items, observations in
                // A step that announced no digit pressed only delete or clear.
                let digits = observations["announcements"]?.list?.contains { $0.string?.hasPrefix("Digito ") == true }
                return digits == true ? items : items.filter { $0 != Haptic.key.rawValue }
            },
            drawn(
                "no-success-haptic", key: "haptics", rule: "SCR-AUTH-006 §3.7 Haptic",
                "the success animation plays no haptic", memo: memo
            ) { items, _ in items.filter { $0 != Haptic.success.rawValue } },
            drawn(
                "digit-announced-high", key: "announcement_priorities", rule: "SCR-AUTH-006 §7.3 Prioridad",
                "digit announcements go out with high priority", memo: memo
            ) { items, _ in items.map { _ in AnnouncementPriority.high.rawValue } },
            drawn(
                "announcements-all-medium", key: "announcement_priorities", rule: "SCR-AUTH-006 §7.3 Prioridad",
                "every announcement goes out with the default, medium priority", memo: memo
            ) { items, _ in items.map { _ in AnnouncementPriority.medium.rawValue } },
            drawn(
                "pin-cell-shows-digit", key: "pin_display", rule: "SCR-AUTH-006 §3.3 Mascara, §8.1 Display",
                "the last typed cell shows its digit", memo: memo
            ) { items, _ in
                guard let last = items.lastIndex(of: UnlockPlatformView.PINCell.dot) else { return items }
                var cells = items
                cells[last] = "7"
                return cells
            },
            drawn(
                "alternative-login-text-missing", key: "texts", rule: "SCR-AUTH-006 §2.4",
                "the blocked screen leaves out 'O inicia sesion nuevamente con Google o Apple.'", memo: memo
            ) { items, _ in items.filter { $0 != UnlockTexts.alternativeLogin } },
            drawn(
                "forgot-link-text-is-its-label", key: "texts", rule: "SCR-AUTH-006 §3.6 Texto",
                "the link reads its accessibility label 'Olvidaste tu PIN', without '?'", memo: memo
            ) { items, _ in items.map { $0 == UnlockTexts.forgotPINLink ? UnlockTexts.forgotPINLabel : $0 } },
            drawn(
                "attempts-counter-counts-failures", key: "texts", rule: "SCR-AUTH-006 §2.3 (INT-024)",
                "the fail screen's counter shows failures made, not attempts left", memo: memo
            ) { items, observations in
                guard let left = observations["bio_attempts_left"]?.int else { return items }
                let total = UnlockRules.spec.biometricAttempts
                let shown = UnlockTexts.attemptsCounter(left: left, of: total)
                return items.map { $0 == shown ? UnlockTexts.attemptsCounter(left: total - left, of: total) : $0 }
            },
            drawn(
                "logo-missing", key: "images", rule: "SCR-AUTH-006 §2.1-§2.3, §3.1", "no logo heads the screens",
                memo: memo
            ) {
                items, _ in items.filter { $0 != image.logo }
            },
            drawn(
                "failure-icon-missing", key: "images", rule: "SCR-AUTH-006 §2.3",
                "a failed biometric shows no red icon", memo: memo
            ) { items, _ in items.filter { !$0.hasSuffix("_error") } },
            drawn(
                "blocked-shows-logo", key: "images", rule: "SCR-AUTH-006 §2.4",
                "the blocked screen keeps the logo instead of the warning icon", memo: memo
            ) { items, _ in items.map { $0 == image.warning ? image.logo : $0 } },
            drawn(
                "success-check-missing", key: "images", rule: "SCR-AUTH-006 §2.5, §3.7 Icono",
                "success shows no check", memo: memo
            ) { items, _ in items.filter { $0 != image.successCheck } },
            drawn(
                "delete-icon-missing", key: "images", rule: "SCR-AUTH-006 §3.4 Delete key",
                "the delete key has no backspace icon", memo: memo
            ) { items, _ in items.filter { $0 != image.deleteKey } },
        ]
    }

    /// A mutant that rewrites one field of what the store holds.
    static func stored(
        _ id: String, rule: String, _ summary: String, memo: Argon2Memo,
        _ change: @escaping @Sendable (inout [String: Value]) -> Void
    ) -> Mutant {
        edited("store", id, kind: "storage", rule: rule, summary, memo: memo) { fields, _ in change(&fields) }
    }

    static func storage(_ memo: Argon2Memo) -> [Mutant] {
        [
            stored(
                "pin-stored-plain", rule: "SCR-AUTH-006 §8.1 Almacenamiento", "the PIN is stored as typed", memo: memo
            ) {
                $0["pin_hash"] = .string("plain")
            },
            stored(
                "pin-in-preferences", rule: "SCR-AUTH-006 §8.1 Almacenamiento",
                "the PIN hash is kept in UserDefaults / SharedPreferences", memo: memo
            ) { fields in
                fields["pin_location"] = .string("preferences")
                fields["secrets_in_preferences"] = .list([.string("pin_hash")])
            },
            stored(
                "token-copied-to-preferences", rule: "UIF-AUTH-001 §10.1; 004",
                "a copy of the session token is kept in UserDefaults / SharedPreferences", memo: memo
            ) { $0["secrets_in_preferences"] = .list([.string("session_token")]) },
            stored(
                "session-token-in-a-file", rule: "UIF-AUTH-001 §10.1 Firebase Token",
                "the session's token is kept in a file of the app's sandbox, outside Keychain / Keystore", memo: memo
            ) { fields in
                if fields["session_token_location"] == .string("secure_storage") {
                    fields["session_token_location"] = .string("file")
                }
            },
            stored(
                "key-usable-without-passcode", rule: "004 (kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly)",
                "the biometric key stays usable with no device passcode and can be restored onto another device",
                memo: memo
            ) { fields in if fields["biometric_key"] == .bool(true) { fields["key_this_device_only"] = .bool(false) } },
            Mutant(
                id: "passcode-not-set-read-as-available", kind: "input misread", rule: "003 canEvaluatePolicy; 004",
                "the availability check ignores a missing device passcode and raises the prompt with a key made anyway"
            ) {
                MutatedReference(
                    "passcode-not-set-read-as-available", memo: memo,
                    rewriteGiven: { given in
                        var given = given
                        if given["biometric_status"] == .string(PlatformBiometrics.passcodeNotSet.rawValue) {
                            given["biometric_status"] = .string(PlatformBiometrics.available.rawValue)
                        }
                        return given
                    })
            },
            stored(
                "key-not-hardware-backed", rule: "SCR-AUTH-006 §8.2 Almacenamiento; 004",
                "the biometric key is a software key, outside the Secure Enclave / StrongBox", memo: memo
            ) { fields in if fields["biometric_key"] == .bool(true) { fields["key_hardware_backed"] = .bool(false) } },
            stored(
                "key-not-bound-to-enrolment", rule: "004 enrolment changes",
                "the biometric key is made without .biometryCurrentSet / setInvalidatedByBiometricEnrollment",
                memo: memo
            ) { fields in
                if fields["biometric_key"] == .bool(true) { fields["key_invalidated_by_enrolment"] = .bool(false) }
            },
            stored(
                "failures-not-stored", rule: "SCR-AUTH-006 §6.2", "the wrong-PIN count is held in memory only",
                memo: memo
            ) { $0["pin_failures"] = .int(0) },
        ]
    }
}
