import SpecModel

/// Mutants that each get one statement of the documents wrong the way an app would: a text
/// changed, a key that does nothing, a value kept in memory instead of the store, an event's
/// name or parameter taken from the other document, a navigation the other document draws.
/// Each is the falsifier a statement of the catalogue names; the trace verifies the statement
/// only when a scenario covering its requirements kills it.
extension UnlockMutants {
    static func behaviour(_ memo: Argon2Memo) -> [Mutant] {
        texts(memo) + keys(memo) + persistence(memo) + analytics(memo) + navigation(memo) + keyHandling(memo)
            + platformCalls(memo)
    }

    /// A mutant that rewrites what the step observes.
    static func observed(
        _ id: String, kind: String, rule: String, _ summary: String, memo: Argon2Memo,
        _ change: @escaping @Sendable (inout Observations) -> Void
    ) -> Mutant {
        Mutant(id: id, kind: kind, rule: rule, summary) {
            MutatedReference(
                id, memo: memo,
                rewrite: { observations in
                    var changed = observations
                    change(&changed)
                    return changed
                })
        }
    }

    /// A mutant that alters what one reduce step did.
    static func altered(
        _ id: String, kind: String, rule: String, _ summary: String, memo: Argon2Memo,
        _ alter: @escaping MutatedReference.Alteration
    ) -> Mutant {
        Mutant(id: id, kind: kind, rule: rule, summary) { MutatedReference(id, memo: memo, alter: alter) }
    }

    /// The input every state ignores (a wall clock set by zero).
    static let ignored = Input("clock_back", .int(0))

    static func texts(_ memo: Argon2Memo) -> [Mutant] {
        func replacing(_ text: String, with other: String) -> @Sendable ([String]) -> [String] {
            { order in order.map { $0.hasPrefix(text) ? other + $0.dropFirst(text.count) : $0 } }
        }
        return [
            present(
                "pin-title-text-changed", rule: "SCR-AUTH-006 §2.2", "the PIN screen's title reads 'Introduce tu PIN'",
                memo: memo, replacing(UnlockTexts.pinTitle, with: "Introduce tu PIN")),
            present(
                "blocked-title-text-changed", rule: "SCR-AUTH-006 §2.4", "the blocked screen's title reads 'Bloqueado'",
                memo: memo, replacing(UnlockTexts.blockedTitle, with: "Bloqueado")),
            present(
                "prompt-label-swapped", rule: "SCR-AUTH-006 §7.1 Bio prompt",
                "the prompt's label is the other biometric type's", memo: memo
            ) { order in
                let face = UnlockTexts.promptLabel(.face, on: .ios)
                let touch = UnlockTexts.promptLabel(.fingerprint, on: .ios)
                let android = UnlockTexts.promptLabel(.fingerprint, on: .android)
                return order.map { $0 == face ? touch : $0 == touch ? face : $0 == android ? face : $0 }
            },
            present(
                "digit-key-labels-changed", rule: "SCR-AUTH-006 §7.1 Key 0-9", "the digit keys read 'Tecla n'",
                memo: memo
            ) { order in order.map { $0.count == 1 && $0.first!.isNumber ? "Tecla \($0)" : $0 } },
            observed(
                "use-pin-left-out-of-focus", kind: "presentation", rule: "SCR-AUTH-006 §7.2.1",
                "focus never reaches the fail screen's 'Usar PIN'", memo: memo
            ) { observations in
                guard observations["state"] == .string(Phase.biometricFail.rawValue),
                    case .list(let order)? = observations["focus_order"]
                else { return }
                observations["focus_order"] = .list(
                    order.filter { !($0.string ?? "").hasPrefix(UnlockTexts.usePINLabel) })
            },
            observed(
                "fallback-text-changed", kind: "text changed", rule: "SCR-AUTH-006 §2.2",
                "the fallback message loses its second sentence", memo: memo
            ) { observations in
                if observations["message"] == .string(UnlockTexts.fallbackAfterFailures) {
                    observations["message"] = .string("Biometria no disponible.")
                }
            },
            observed(
                "unlocked-text-changed", kind: "text changed", rule: "SCR-AUTH-006 §2.5, §7.3 Success",
                "'Desbloqueado' reads 'Desbloqueada', said and shown", memo: memo
            ) { observations in
                for key in ["announcements", "focus_order"] {
                    guard case .list(let items)? = observations[key] else { continue }
                    observations[key] = .list(
                        items.map { $0 == .string(UnlockTexts.unlocked) ? .string("Desbloqueada") : $0 })
                }
            },
            observed(
                "countdown-format-unpadded", kind: "text changed", rule: "SCR-AUTH-006 §3.5 Formato",
                "the countdown's minutes lose their leading zero", memo: memo
            ) { observations in
                if let text = observations["countdown"]?.string, text.hasPrefix("0") {
                    observations["countdown"] = .string(String(text.dropFirst()))
                }
            },
            observed(
                "countdown-refreshes-per-minute", kind: "presentation", rule: "SCR-AUTH-006 §6.2 Refresh",
                "the countdown shows the time left rounded up to the minute", memo: memo
            ) { observations in
                guard observations["countdown"]?.string != nil, let left = observations["lock_remaining"]?.int else {
                    return
                }
                observations["countdown"] = .string(UnlockTexts.countdown((left + 59_999) / 60_000 * 60_000))
            },
            observed(
                "bio-counter-counts-failures", kind: "presentation", rule: "SCR-AUTH-006 §2.3, §9.2; INT-024",
                "the biometric counter counts failures instead of attempts left", memo: memo
            ) { observations in
                if let left = observations["bio_attempts_left"]?.int {
                    observations["bio_attempts_left"] = .int(UnlockRules.spec.biometricAttempts - left)
                }
            },
            altered(
                "no-digit-announcement", kind: "output omitted", rule: "SCR-AUTH-006 §7.3 PIN digit",
                "a typed digit is not announced", memo: memo
            ) { _, _, outputs in
                outputs.removeAll {
                    if case .announced(let text, _) = $0 { text.hasPrefix("Digito ") } else { false }
                }
            },
        ]
    }

    /// Keys that do the wrong thing, and a PIN length not read from the settings.
    static func keys(_ memo: Argon2Memo) -> [Mutant] {
        [
            misread("digit-0-key-ignored", rule: "SCR-AUTH-006 §2.2, §4.2 row 2", "the 0 key types nothing", memo: memo)
            {
                $0 == Input("digit", .int(0)) ? ignored : $0
            },
            misread(
                "delete-read-as-clear", rule: "SCR-AUTH-006 §4.2 row 3", "a tap on delete clears every digit",
                memo: memo
            ) { $0.name == "delete" ? Input("clear") : $0 },
            misread(
                "clear-read-as-delete", rule: "SCR-AUTH-006 §4.2 row 4", "a long press on delete removes one digit",
                memo: memo
            ) { $0.name == "clear" ? Input("delete") : $0 },
            misread(
                "lockout-defers-to-device-passcode", rule: "SCR-AUTH-006 §8.2 Fallback",
                "a biometric lockout leaves the prompt to the system's passcode, not the app PIN", memo: memo
            ) { input in
                let lockout = PlatformErrors.all.filter { $0.reaction == .lockout }.map(\.code)
                if input == Input("biometric", .string(BiometricOutcome.lockout.rawValue)) { return ignored }
                if input.name == "biometric_error", let code = input.argument?.string, lockout.contains(code) {
                    return ignored
                }
                return input
            },
            misread(
                "platform-lockout-never-lifted", rule: "003 (fallback after lockout); INT-008",
                "the platform's lockout is never taken as lifted", memo: memo
            ) { $0.name == "platform_lockout_ended" ? ignored : $0 },
            altered(
                "pin-length-fixed-at-4", kind: "input misread", rule: "SCR-AUTH-006 §3.3, §4.3; UIF-AUTH-001 §5.2",
                "the configured PIN length is ignored: every PIN is 4 digits", memo: memo
            ) { _, next, _ in next.persisted.pinLength = 4 },
        ]
    }

    /// A step that ends the process (`kill`).
    static func killed(_ before: UnlockState, _ next: UnlockState) -> Bool {
        before.screen.phase != .notRunning && next.screen.phase == .notRunning
    }

    /// Values kept in memory instead of the store: lost when the process ends.
    static func persistence(_ memo: Argon2Memo) -> [Mutant] {
        [
            altered(
                "lock-not-persisted", kind: "input misread", rule: "SCR-AUTH-006 §6.2 Almacenamiento",
                "pinBlockedUntil is held in memory: a kill ends the lock", memo: memo
            ) { before, next, _ in if killed(before, next) { next.persisted.blockedUntil = nil } },
            altered(
                "pin-failures-not-persisted", kind: "input misread", rule: "SCR-AUTH-006 §9; INT-002",
                "the PIN failure count is held in memory: a kill resets it", memo: memo
            ) { before, next, _ in if killed(before, next) { next.persisted.pinFailures = 0 } },
            altered(
                "biometric-setting-not-persisted", kind: "input misread", rule: "SCR-AUTH-006 §4.3 biometricEnabled",
                "the biometrics setting is held in memory: a kill turns it back on", memo: memo
            ) { before, next, _ in if killed(before, next) { next.persisted.biometricEnabled = true } },
            altered(
                "lockout-forgotten-at-relaunch", kind: "input misread", rule: "003 (fallback after lockout); INT-008",
                "the platform's lockout is not remembered: the next launch prompts again", memo: memo
            ) { before, next, _ in
                if next.persisted.platformBiometrics == .lockout, before.persisted.platformBiometrics != .lockout {
                    next.persisted.platformBiometrics = before.persisted.platformBiometrics
                }
            },
        ]
    }

    /// An analytics output rewritten where `matches` holds.
    static func event(
        _ id: String, rule: String, _ summary: String, memo: Argon2Memo,
        _ change: @escaping @Sendable (_ name: inout String, _ params: inout [String: AnalyticsParameter]) -> Void
    ) -> Mutant {
        altered(id, kind: "text changed", rule: rule, summary, memo: memo) { _, _, outputs in
            outputs = outputs.map { output in
                guard case .analytics(var name, var params) = output else { return output }
                change(&name, &params)
                return .analytics(name: name, params: params)
            }
        }
    }

    static func analytics(_ memo: Argon2Memo) -> [Mutant] {
        [
            event(
                "screen-view-named-biometric", rule: "SCR-AUTH-006 §11.1 screen_view; UIF-AUTH-001 §11.2; INT-028",
                "screen_view names the screen 'biometric' (UIF-AUTH-001 §11.2)", memo: memo
            ) { name, params in if name == "screen_view" { params["screen_name"] = .string("biometric") } },
            event(
                "bio-to-pin-named-fallback", rule: "SCR-AUTH-006 §11.1 biometric_to_pin; UIF-AUTH-001 §11.2; INT-028",
                "biometric_to_pin is logged as biometric_fallback (UIF-AUTH-001 §11.2)", memo: memo
            ) { name, _ in if name == "biometric_to_pin" { name = "biometric_fallback" } },
            event(
                "to-pin-reason-swapped", rule: "SCR-AUTH-006 §11.1 biometric_to_pin",
                "biometric_to_pin's reasons cancelled and failed swapped", memo: memo
            ) { name, params in
                guard name == "biometric_to_pin" else { return }
                if params["reason"] == .string("cancelled") {
                    params["reason"] = .string("failed")
                } else if params["reason"] == .string("failed") {
                    params["reason"] = .string("cancelled")
                }
            },
            event(
                "event-type-always-face", rule: "SCR-AUTH-006 §9 biometricType, §11.1",
                "the biometric events always say type face", memo: memo
            ) { name, params in
                if ["biometric_attempt", "biometric_success", "biometric_failure"].contains(name),
                    params["type"] != nil
                {
                    params["type"] = .string(BiometricType.face.rawValue)
                }
            },
            event(
                "attempt-number-zero-based", rule: "SCR-AUTH-006 §11.1 biometric_failure, pin_failure",
                "attempt_number counts from 0", memo: memo
            ) { name, params in
                if ["biometric_failure", "pin_failure"].contains(name),
                    case .int(let number)? = params["attempt_number"]
                {
                    params["attempt_number"] = .int(number - 1)
                }
            },
            event(
                "attempts-used-excludes-success", rule: "SCR-AUTH-006 §11.1 pin_success; INT-016",
                "pin_success's attempts_used leaves out the successful attempt", memo: memo
            ) { name, params in
                if name == "pin_success", case .int(let used)? = params["attempts_used"] {
                    params["attempts_used"] = .int(used - 1)
                }
            },
            Mutant(
                id: "biometric-type-ignored", kind: "input misread", rule: "003 (Touch ID vs Face ID); INT-011",
                "the biometric type is read as face for the texts and the events"
            ) {
                let face = UnlockTexts.promptLabel(.face, on: .ios)
                let finger = UnlockTexts.promptLabel(.fingerprint, on: .ios)
                return MutatedReference(
                    "biometric-type-ignored", memo: memo,
                    alter: { _, _, outputs in
                        outputs = outputs.map { output in
                            switch output {
                            case .announced(let text, _)
                            where text == UnlockTexts.biometricPrompt(.fingerprint, on: .ios):
                                return .announced(UnlockTexts.biometricPrompt(.face, on: .ios))
                            case .analytics(let name, var params)
                            where params["type"] == .string(BiometricType.fingerprint.rawValue):
                                params["type"] = .string(BiometricType.face.rawValue)
                                return .analytics(name: name, params: params)
                            default: return output
                            }
                        }
                    },
                    rewrite: { observations in
                        guard case .list(let order)? = observations["focus_order"] else { return observations }
                        var changed = observations
                        changed["focus_order"] = .list(order.map { $0 == .string(finger) ? .string(face) : $0 })
                        return changed
                    })
            },
        ]
    }

    /// Navigation the other document draws, or a hand-over left out.
    static func navigation(_ memo: Argon2Memo) -> [Mutant] {
        [
            altered(
                "lock-holds-the-prompt-at-launch", kind: "transition redirected", rule: "SCR-AUTH-006 §6.2; INT-004",
                "a running PIN lock takes the whole screen at launch: the blocked screen instead of the prompt",
                memo: memo
            ) { before, next, outputs in
                guard before.screen.phase == .notRunning, next.screen.phase == .biometricPrompt,
                    let now = next.screen.shownAt, let until = next.persisted.blockedUntil, now < until,
                    let shown = outputs.firstIndex(where: { $0.eventName == "screen_view" })
                else { return }
                next.screen.phase = .pinBlocked
                next.screen.message = UnlockTexts.blockedExplanation
                outputs =
                    Array(outputs[...shown]) + [
                        .entered(.pinBlocked), .announced(UnlockTexts.pinBlocked(remaining: until - now)),
                    ]
            },
            rules(
                "resume-keeps-an-expired-session", "UIF-AUTH-001 §2 RESUME -> CHECK; INT-035",
                "back within 5 minutes, the Dashboard stays open on a session that ran out (§10.2's timeout alone)",
                memo: memo, kind: "transition omitted"
            ) { $0.resumeChecksSession = false },
            altered(
                "wrong-pin-to-login", kind: "transition redirected",
                rule: "UIF-AUTH-001 §2 PIN_CHECK -No-> LOGIN; INT-026",
                "a wrong PIN goes to Login (UIF-AUTH-001 §2's arrow)", memo: memo
            ) { before, next, outputs in
                divert(from: .pinError, to: .pinInput, instead: .login, before: before, next: &next, outputs: &outputs)
                divert(
                    from: .pinError, to: .pinBlocked, instead: .login, before: before, next: &next, outputs: &outputs)
            },
            altered(
                "lock-to-login", kind: "transition redirected", rule: "UIF-AUTH-001 §5.1 PINFail --> Login; INT-015",
                "a locking failure goes to Login instead of the blocked screen (UIF-AUTH-001 §5.1)", memo: memo
            ) { before, next, outputs in
                divert(
                    from: .pinError, to: .pinBlocked, instead: .login, before: before, next: &next, outputs: &outputs)
            },
            altered(
                "checking-session-not-entered", kind: "output omitted",
                rule: "SCR-AUTH-006 §5.1 [*] -> CheckingSession",
                "the session check is never entered: launch goes straight on", memo: memo
            ) { _, _, outputs in outputs.removeAll { $0 == .entered(.checkingSession) } },
            observed(
                "login-no-navigation", kind: "output omitted", rule: "SCR-AUTH-006 §5.1 Login, §9.2 onRelogin",
                "Login is entered but never handed over to SCR-AUTH-002", memo: memo
            ) { observations in
                if observations["state"] == .string(Phase.login.rawValue) { observations["navigation"] = .null }
            },
        ]
    }

    /// The biometric key handled the ways 004 warns against.
    static func keyHandling(_ memo: Argon2Memo) -> [Mutant] {
        [
            altered(
                "new-key-after-the-pin-alone", kind: "input misread", rule: "004 (a stronger factor); INT-021",
                "after an invalidated key, the app PIN alone lets the Dashboard's toggle make a new key", memo: memo
            ) { _, next, _ in next.persisted.newKeyAwaitsLogin = false },
            altered(
                "reenable-makes-no-key", kind: "input misread", rule: "004 (enrolment change); REQ-KEY-REENABLE",
                "turning biometrics back on makes no new key", memo: memo
            ) { before, next, _ in
                if !before.persisted.biometricKeyValid, next.persisted.biometricKeyValid,
                    before.screen.phase == .dashboard
                {
                    next.persisted.biometricKeyValid = false
                }
            },
            altered(
                "key-reprovisioned-silently", kind: "input misread", rule: "004 (enrolment change); REQ-KEY-STAYS-OFF",
                "the first PIN unlock after an enrolment change makes a new key unasked", memo: memo
            ) { before, next, outputs in
                let unlocked = outputs.contains { $0.eventName == "unlock_success" }
                if unlocked, !before.persisted.biometricKeyValid {
                    next.persisted.biometricEnabled = true
                    next.persisted.biometricKeyValid = true
                }
            },
            altered(
                "unavailable-biometrics-unlock", kind: "transition redirected",
                rule: "004 (never degrade silently); REQ-NO-SILENT-DEGRADE",
                "biometrics that cannot run unlock instead of asking for the PIN", memo: memo
            ) { before, next, outputs in
                let store = before.persisted
                guard store.biometricEnabled, store.platformBiometrics != .available || store.biometricType == .none,
                    let checked = outputs.firstIndex(of: .entered(.checkingSession)),
                    let entered = outputs[(checked + 1)...].firstIndex(where: {
                        if case .entered = $0 { true } else { false }
                    }),
                    outputs[entered] == .entered(.pinInput)
                else { return }
                outputs = Array(outputs[..<entered]) + [.entered(.success), .announced(UnlockTexts.unlocked)]
                next.screen.phase = .success
                next.screen.message = nil
                next.screen.successAt = next.screen.shownAt
            },
        ]
    }
}
