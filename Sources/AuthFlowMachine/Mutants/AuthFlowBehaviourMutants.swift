import SpecModel
import UnlockScreen

/// Mutants that each get one statement of UIF-AUTH-001 wrong the way an app would: each arrow
/// of the flow never taken, each analytics event left out or a parameter of it off, a button
/// that does nothing, the tier check or the account read the other way, the MFA code's texts,
/// length and countdown wrong. Each is the falsifier a statement of the catalogue names.
extension AuthFlowMutants {
    typealias Unlock = @Sendable () -> UnlockReference

    static func behaviour(_ unlock: @escaping Unlock) -> [Mutant] {
        let flow: [Mutant] = arrows(unlock) + events(unlock) + buttons(unlock)
        return flow + readings(unlock) + codes(unlock) + screens(unlock) + seams(unlock)
    }

    /// The behavioural operators over the flow's seams (`AuthFlowState.seams`), the unlock
    /// screen's inside it included.
    static func seams(_ unlock: @escaping Unlock) -> [Mutant] {
        AuthFlowState.seams.alterations().map { seam in
            altered(
                "flow-" + seam.id, kind: seam.kind, rule: "UIF-AUTH-001 §2, §8.2, §10", seam.summary, unlock: unlock
            ) {
                _, before, now, _, next, _ in seam.alter(before, now, &next)
            }
        }
    }

    static func altered(
        _ id: String, kind: String, rule: String, _ summary: String, unlock: @escaping Unlock,
        _ alter: @escaping MutatedFlow.Alteration
    ) -> Mutant {
        Mutant(id: id, kind: kind, rule: rule, summary) { MutatedFlow(id, unlock: unlock(), alter: alter) }
    }

    /// The step reduced again from `before` read through `misread`, the state's own values
    /// (those `misread` changed) then put back: an app that decides on a value read wrong.
    static func reducedFrom(
        _ misread: @escaping @Sendable (inout AuthFlowState) -> Void,
        restore: @escaping @Sendable (_ before: AuthFlowState, _ next: inout AuthFlowState) -> Void
    ) -> MutatedFlow.Alteration {
        { event, before, now, machine, next, outputs in
            var wrong = before
            misread(&wrong)
            (next, outputs) = machine.reduce(wrong, event, now: now)
            restore(before, &next)
        }
    }

    /// Each arrow the flow declares (its own and the unlock screen's inside it) never taken:
    /// the step that would take it changes nothing.
    static func arrows(_ unlock: @escaping Unlock) -> [Mutant] {
        AuthFlowModel.declaration.transitions.map { transition in
            let id = "flow-drop-\(transition.from)-to-\(transition.to)"
            return altered(
                id, kind: "transition dropped", rule: transition.provenance,
                "\(transition.from) → \(transition.to) never happens", unlock: unlock
            ) { _, before, _, _, next, outputs in
                var current = before.stateName
                for output in outputs {
                    guard case .entered(let screen) = output else { continue }
                    if current == transition.from && screen.name == transition.to {
                        next = before
                        outputs = []
                        return
                    }
                    current = screen.name
                }
            }
        }
    }

    /// An analytics output rewritten, or left out where `change` returns nil.
    static func event(
        _ id: String, rule: String, _ summary: String, unlock: @escaping Unlock,
        _ change:
            @escaping @Sendable (_ name: String, _ params: [String: AnalyticsParameter]) -> [String:
            AnalyticsParameter]?
    ) -> Mutant {
        altered(id, kind: "output omitted", rule: rule, summary, unlock: unlock) { _, _, _, _, _, outputs in
            outputs = outputs.compactMap { output in
                guard case .analytics(let name, let params) = output else { return output }
                return change(name, params).map { .analytics(name: name, params: $0) }
            }
        }
    }

    /// Each §11.2 event of the flow left out, each screen's screen_view left out, and the
    /// parameters apps get wrong.
    static func events(_ unlock: @escaping Unlock) -> [Mutant] {
        let names = ["login_attempt", "login_success", "login_error", "mfa_attempt", "mfa_success", "mfa_error"]
        let omitted = names.map { omitted in
            event(
                "flow-no-\(omitted.replacingOccurrences(of: "_", with: "-"))-event", rule: "UIF-AUTH-001 §11.2",
                "no \(omitted) event", unlock: unlock
            ) { name, params in name == omitted ? nil : params }
        }
        let views = ["splash", "login", "mfa"].map { screen in
            event(
                "flow-no-screen-view-\(screen)", rule: "UIF-AUTH-001 §11.2 screen_view",
                "no screen_view on entering \(screen)", unlock: unlock
            ) { name, params in name == "screen_view" && params["screen_name"] == .string(screen) ? nil : params }
        }
        func swapped(_ name: String, _ key: String, _ pair: (String, String))
            -> @Sendable (
                String, [String: AnalyticsParameter]
            ) -> [String: AnalyticsParameter]?
        {
            { event, params in
                guard event == name else { return params }
                var changed = params
                if params[key] == .string(pair.0) { changed[key] = .string(pair.1) }
                if params[key] == .string(pair.1) { changed[key] = .string(pair.0) }
                return changed
            }
        }
        func zeroed(_ name: String, _ key: String)
            -> @Sendable (String, [String: AnalyticsParameter]) -> [String:
            AnalyticsParameter]?
        {
            { event, params in
                guard event == name, params[key] != nil else { return params }
                var changed = params
                changed[key] = .int(0)
                return changed
            }
        }
        return omitted + views + [
            event(
                "login-attempt-provider-swapped", rule: "UIF-AUTH-001 §11.2 login_attempt",
                "login_attempt names the other provider", unlock: unlock,
                swapped("login_attempt", "provider", ("google", "apple"))),
            event(
                "mfa-error-type-swapped", rule: "UIF-AUTH-001 §11.2 mfa_error",
                "mfa_error's invalid and expired swapped", unlock: unlock,
                swapped("mfa_error", "error_type", ("invalid", "expired"))),
            event(
                "login-success-time-ms-zero", rule: "UIF-AUTH-001 §11.2 login_success",
                "login_success's time_ms is timed from the answer, not the tap", unlock: unlock,
                zeroed("login_success", "time_ms")),
            event(
                "mfa-success-time-ms-zero", rule: "UIF-AUTH-001 §11.2 mfa_success",
                "mfa_success's time_ms is timed from the submission, not the screen", unlock: unlock,
                zeroed("mfa_success", "time_ms")),
            event(
                "login-success-new-user-inverted", rule: "UIF-AUTH-001 §11.2 login_success",
                "login_success's is_new_user says the opposite", unlock: unlock
            ) { name, params in
                guard name == "login_success", case .bool(let new)? = params["is_new_user"] else { return params }
                var changed = params
                changed["is_new_user"] = .bool(!new)
                return changed
            },
            event(
                "login-error-code-lowercased", rule: "UIF-AUTH-001 §11.2 login_error, §8.1",
                "login_error's error_code is the answer's name, not §8.1's code", unlock: unlock
            ) { name, params in
                guard name == "login_error", let code = params["error_code"]?.value.string else { return params }
                var changed = params
                changed["error_code"] = .string(code.lowercased())
                return changed
            },
        ]
    }

    /// Buttons that do nothing, and answers read the other way.
    static func buttons(_ unlock: @escaping Unlock) -> [Mutant] {
        let ignoredTaps: [(FlowTarget, String, String)] = [
            (.start, "carousel-start-ignored", "UIF-AUTH-001 §3.1, §6.3"),
            (.createAccount, "create-account-ignored", "UIF-AUTH-001 §2"),
            (.forgotAccess, "forgot-access-ignored", "UIF-AUTH-001 §2"),
        ]
        return ignoredTaps.map { target, id, rule in
            misread(id, rule: rule, unlock: unlock) { input in
                input == Input("tap", .string(target.rawValue)) ? Input("advance", .int(0)) : input
            }
        } + [
            misread("recovery-failure-read-as-success", rule: "UIF-AUTH-001 §2", unlock: unlock) { input in
                input == Input("recovery", .string("failure")) ? Input("recovery", .string("success")) : input
            },
            altered(
                "no-retry-after-oauth-error", kind: "input misread", rule: "UIF-AUTH-001 §7.2 Error, §8.1",
                "after a sign-in error the provider buttons do nothing", unlock: unlock
            ) { event, before, _, _, next, outputs in
                guard case .tapped(let target) = event, target == .google || target == .apple,
                    before.screen.message != nil, before.screen.overlay == nil
                else { return }
                next = before
                outputs = []
            },
            altered(
                "no-oauth-error-message", kind: "output omitted", rule: "UIF-AUTH-001 §7.2 Error, §8.1",
                "a failed sign-in shows no §8.1 message", unlock: unlock
            ) { event, _, _, _, next, _ in
                if case .oauthAnswered(let outcome) = event, outcome != .success { next.screen.message = nil }
            },
        ]
    }

    /// The tier, the account, the registration or the first launch read the other way.
    static func readings(_ unlock: @escaping Unlock) -> [Mutant] {
        func tierRead(as tier: Tier, from actual: Tier) -> MutatedFlow.Alteration {
            let reduce = reducedFrom(
                { $0.unlock.persisted.tier = tier },
                restore: { before, next in
                    next.unlock.persisted.tier = before.unlock.persisted.tier
                })
            return { event, before, now, machine, next, outputs in
                guard case .oauthAnswered(.success) = event, before.unlock.persisted.tier == actual else { return }
                reduce(event, before, now, machine, &next, &outputs)
            }
        }
        return [
            Mutant(
                id: "returning-splash-as-long-as-the-first", kind: "transition redirected",
                rule: "UIF-AUTH-001 §6.2 1500ms: ... o check sesion",
                "a returning user's splash lasts §6.2's 1500 ms before the check"
            ) {
                var rules = AuthFlowRules.spec
                rules.returningSplashDuration = rules.splashDuration
                return MutatedFlow("returning-splash-as-long-as-the-first", rules: rules, unlock: unlock())
            },
            altered(
                "returning-user-skips-the-splash", kind: "transition redirected",
                rule: "UIF-AUTH-001 §2 COLD --> SPLASH; §4.1 Splash rapido",
                "a returning user's launch goes straight to the check, with no splash", unlock: unlock
            ) { event, before, now, machine, next, outputs in
                guard case .unlock(.launched) = event, !before.store.firstLaunch, next.screen.overlay == .splash
                else { return }
                var rules = machine.rules
                rules.returningSplashDuration = 0
                var noSplash = machine
                noSplash.rules = rules
                (next, outputs) = noSplash.reduce(next, .unlock(.wallClockSet), now: now)
            },
            altered(
                "perfect-skips-mfa", kind: "transition redirected", rule: "UIF-AUTH-001 §2 TIER_CHECK -Si-> MFA",
                "a Perfect sign-in skips the MFA code", unlock: unlock, tierRead(as: .pro, from: .perfect)),
            altered(
                "pro-asks-for-mfa", kind: "transition redirected", rule: "UIF-AUTH-001 §2 TIER_CHECK -No-> HOME",
                "a Pro sign-in is asked for an MFA code", unlock: unlock, tierRead(as: .perfect, from: .pro)),
            Mutant(
                id: "account-new-read-as-existing", kind: "input misread", rule: "UIF-AUTH-001 §2 OAUTH -Si, nuevo->",
                "a new account is taken for an existing one"
            ) {
                MutatedFlow(
                    "account-new-read-as-existing", unlock: unlock(),
                    rewriteGiven: { given in
                        var world = given
                        if world["account"] == .string("new") { world["account"] = .string("existing") }
                        return world
                    })
            },
            Mutant(
                id: "account-existing-read-as-new", kind: "input misread",
                rule: "UIF-AUTH-001 §2 OAUTH -Si, existente->", "an existing account is taken for a new one"
            ) {
                MutatedFlow(
                    "account-existing-read-as-new", unlock: unlock(),
                    rewriteGiven: { given in
                        var world = given
                        world["account"] = .string("new")
                        return world
                    })
            },
            altered(
                "registration-failure-returns-to-login", kind: "transition redirected",
                rule: "UIF-AUTH-001 §2 OAUTH_REG -No-> REGISTER", "a failed sign-in from Registration returns to Login",
                unlock: unlock,
                { event, before, now, machine, next, outputs in
                    guard case .oauthAnswered(let outcome) = event, outcome != .success, before.screen.registering
                    else { return }
                    reducedFrom({ $0.screen.registering = false }, restore: { _, _ in })(
                        event, before, now, machine, &next, &outputs)
                }),
            altered(
                "registration-always-onboards", kind: "another document's rule",
                rule: "UIF-AUTH-001 §2 OAUTH_REG -Si-> ONBOARD (INT-AF-008)",
                "a sign-in from Registration goes to onboarding whatever the account, as §2's arrow has no condition",
                unlock: unlock,
                { event, before, now, machine, next, outputs in
                    guard case .oauthAnswered(.success) = event, before.screen.registering, before.store.accountExists
                    else { return }
                    reducedFrom({ $0.store.accountExists = false }, restore: { _, _ in })(
                        event, before, now, machine, &next, &outputs)
                }),
            altered(
                "deep-link-starts-the-app", kind: "another document's rule",
                rule: "UIF-AUTH-001 §2 Puntos de Entrada DEEP (INT-AF-006)",
                "a link opened while the app is not running starts it, as §2 draws a deep link beside the cold start",
                unlock: unlock,
                { event, before, now, machine, next, outputs in
                    guard case .deepLinkOpened = event, before.stateName == Phase.notRunning.rawValue else { return }
                    (next, outputs) = machine.reduce(before, .unlock(.launched), now: now)
                }),
            altered(
                "first-launch-skips-splash", kind: "input misread", rule: "UIF-AUTH-001 §2 COLD -> SPLASH; §6.2",
                "a first launch goes straight to the session check", unlock: unlock,
                { event, before, now, machine, next, outputs in
                    guard case .unlock(.launched) = event, before.store.firstLaunch else { return }
                    reducedFrom({ $0.store.firstLaunch = false }, restore: { _, _ in })(
                        event, before, now, machine, &next, &outputs)
                }),
            Mutant(
                id: "flow-session-perfect-plus-1ms", kind: "boundary", rule: "UIF-AUTH-001 §10.2 Sesion (Perfect)",
                "a Perfect session lasts 1 ms more inside the flow"
            ) {
                var child = unlock()
                child.machine.rules.sessionLifetime[.perfect]! += 1
                return MutatedFlow("flow-session-perfect-plus-1ms", unlock: child)
            },
        ]
    }

    /// The MFA code's length, submission, texts and countdown wrong.
    static func codes(_ unlock: @escaping Unlock) -> [Mutant] {
        let lengths = [1, -1].map { delta in
            let id = "mfa-code-digits-\(delta > 0 ? "plus" : "minus")-1"
            return Mutant(
                id: id, kind: "rule number", rule: "UIF-AUTH-001 §4.1 (6 digitos)",
                "the MFA code has \(6 + delta) digits"
            ) {
                MutatedFlow(id, unlock: unlock(), adjustStart: { $0.store.totp.digits += delta })
            }
        }
        func swappedMessage(_ id: String, _ from: String, _ to: String, rule: String) -> Mutant {
            altered(id, kind: "text changed", rule: rule, "'\(from)' shown as '\(to)'", unlock: unlock) {
                _, _, _, _, next, _ in
                if next.screen.message == from { next.screen.message = to }
            }
        }
        return lengths + [
            altered(
                "wrong-code-leaves-mfa", kind: "transition redirected",
                rule: "UIF-AUTH-001 §2 MFA_CHECK -No, reintentar-> MFA",
                "a wrong code (short of the cooldown) leaves the MFA screen for Login instead of a retry",
                unlock: unlock
            ) { _, before, now, machine, next, outputs in
                let rejected = outputs.contains { $0.eventName == "mfa_error" }
                guard before.screen.overlay == .mfa, next.screen.overlay == .mfa, rejected else { return }
                // The screen's own way back to Login (§10.2's timeout), taken at once.
                var timedOut = next
                timedOut.screen.mfaShownAt = now - machine.rules.mfaScreenTimeout
                let (left, more) = machine.reduce(timedOut, .unlock(.wallClockSet), now: now)
                next = left
                outputs += more
            },
            altered(
                "mfa-no-auto-submit", kind: "transition dropped", rule: "UIF-AUTH-001 §4.1 Submit automatico",
                "the sixth digit does not submit the code", unlock: unlock
            ) { event, before, _, _, next, outputs in
                guard case .unlock(.digitTyped(let digit)) = event, before.screen.overlay == .mfa,
                    before.screen.code.count == before.store.totp.digits - 1
                else { return }
                next = before
                next.screen.code.append(digit)
                outputs = []
            },
            swappedMessage(
                "invalid-code-shows-expired-text", AuthFlowTexts.codeInvalid, AuthFlowTexts.codeExpired,
                rule: "UIF-AUTH-001 §8.2 Codigo incorrecto"),
            swappedMessage(
                "expired-code-shows-invalid-text", AuthFlowTexts.codeExpired, AuthFlowTexts.codeInvalid,
                rule: "UIF-AUTH-001 §8.2 Codigo expirado"),
            Mutant(
                id: "mfa-countdown-frozen", kind: "presentation", rule: "UIF-AUTH-001 §8.2 Muchos intentos",
                "the MFA cooldown always shows its full length"
            ) {
                MutatedFlow(
                    "mfa-countdown-frozen", unlock: unlock(),
                    rewrite: { observations in
                        guard observations["state"] == .string(FlowPhase.mfaCooldown.rawValue) else {
                            return observations
                        }
                        var changed = observations
                        let full = AuthFlowRules.spec.mfaCooldown
                        changed["mfa_cooldown"] = .int(full)
                        changed["message"] = .string(AuthFlowTexts.tooManyAttempts(remaining: full))
                        return changed
                    })
            },
            Mutant(
                id: "mfa-code-entered-frozen", kind: "presentation", rule: "UIF-AUTH-001 §7.3 Filling",
                "the code's fields never show the digits typed"
            ) {
                MutatedFlow(
                    "mfa-code-entered-frozen", unlock: unlock(),
                    rewrite: { observations in
                        var changed = observations
                        changed["code_entered"] = .int(0)
                        return changed
                    })
            },
        ]
    }
}
