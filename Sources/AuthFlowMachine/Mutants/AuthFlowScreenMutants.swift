import SpecModel
import UnlockScreen

/// Mutants that draw the flow's own screens wrong the way an app would (INT-AF-015): the
/// carousel's swipe ignored, reversed or wrapping round, Comenzar tappable on any slide or
/// missing, the slides' titles rotated, Login's links or the splash's logo left out; and §7.2's,
/// §8.1's and §9.2's screen states (INT-AF-016): the spinner, the offline banner, the support
/// link, Recovery's mode.
extension AuthFlowMutants {
    static func screens(_ unlock: @escaping Unlock) -> [Mutant] {
        swipes(unlock) + drawing(unlock) + focus(unlock) + screenStates(unlock) + motion(unlock) + reading(unlock)
    }

    static func screenStates(_ unlock: @escaping Unlock) -> [Mutant] {
        let spinners = Provider.allCases.map(AuthFlowView.ImageID.spinner)
        let banner = AuthFlowTexts.offlineBanner
        let errors = OAuthOutcome.allCases.compactMap(AuthFlowTexts.oauthError)
        return [
            redrawn(
                "oauth-spinner-missing", key: "images", rule: "UIF-AUTH-001 §7.2 Loading Google/Apple",
                "the provider's button shows no spinner while its sign-in runs", unlock: unlock
            ) { images in images.filter { !spinners.contains($0) } },
            redrawn(
                "oauth-spinner-on-the-other-button", key: "images", rule: "UIF-AUTH-001 §7.2 Loading Google/Apple",
                "the spinner shows on the other provider's button", unlock: unlock
            ) { images in images.map { image in spinners.firstIndex(of: image).map { spinners[1 - $0] } ?? image } },
            rewritten(
                "offline-banner-missing", rule: "UIF-AUTH-001 §7.2 Network Error",
                "Login shows no banner while the device is offline", unlock: unlock
            ) { observations in
                if case .list(let texts)? = observations["texts"], texts.first == .string(banner) {
                    observations["texts"] = .list(Array(texts.dropFirst()))
                }
                if case .list(let images)? = observations["images"] {
                    observations["images"] = .list(images.filter { $0 != .string(AuthFlowView.ImageID.offlineBanner) })
                }
            },
            misread("offline-banner-stays-online", rule: "UIF-AUTH-001 §7.2 Network Error", unlock: unlock) {
                input in input == Input("connectivity", .string("online")) ? Input("advance", .int(0)) : input
            },
            altered(
                "connectivity-assumed-at-launch", kind: "state kept", rule: "UIF-AUTH-001 §7.2; INT-AF-016",
                "a kill forgets the device is offline: the app assumes a connection until told again",
                unlock: unlock
            ) { event, _, _, _, next, _ in
                if event == .unlock(.killed) { next.online = true }
            },
            redrawn(
                "disabled-support-link-missing", key: "texts", rule: "UIF-AUTH-001 §8.1 DISABLED Link soporte",
                "a disabled account's message carries no support link", unlock: unlock
            ) { texts in texts.filter { $0 != AuthFlowTexts.supportLink } },
            redrawn(
                "support-link-on-every-error", key: "texts", rule: "UIF-AUTH-001 §8.1",
                "every sign-in error carries the support link", unlock: unlock
            ) { texts in
                texts.last.map(errors.contains) == true && !texts.contains(AuthFlowTexts.supportLink)
                    ? texts + [AuthFlowTexts.supportLink] : texts
            },
            altered(
                "recovery-key-opens-account-recovery", kind: "target changed",
                rule: "UIF-AUTH-001 §9.2 Recovery key flow (recovery mode)",
                "the MFA screen's recovery key opens Recovery as Login's link does", unlock: unlock
            ) { event, _, _, _, next, _ in
                if event == .tapped(.useRecoveryKey) { next.screen.recoveryByKey = false }
            },
        ]
    }

    /// The MFA screen's focus (§4.1): kept on the first cell, a text keyboard, or a focused
    /// cell while the cooldown refuses digits.
    static func focus(_ unlock: @escaping Unlock) -> [Mutant] {
        func refocused(
            _ id: String, rule: String, _ summary: String, _ change: @escaping @Sendable (inout Observations) -> Void
        ) -> Mutant {
            rewritten(id, rule: rule, summary, unlock: unlock, change)
        }
        let first = Value.map(["field": .string("code_1"), "keyboard": .string("numeric")])
        return [
            refocused(
                "mfa-focus-stays-on-the-first-cell", rule: "UIF-AUTH-001 §4.1 paso 6",
                "the focus never leaves the first code cell"
            ) { observations in
                if case .map = observations["input_focus"] { observations["input_focus"] = first }
            },
            refocused(
                "mfa-text-keyboard", rule: "UIF-AUTH-001 §4.1 paso 8 Teclado numerico",
                "the code cells bring up the text keyboard"
            ) { observations in
                if case .map(var fields)? = observations["input_focus"] {
                    fields["keyboard"] = .string("text")
                    observations["input_focus"] = .map(fields)
                }
            },
            refocused(
                "mfa-focus-during-cooldown", rule: "UIF-AUTH-001 §8.2; INT-AF-004",
                "the first cell keeps the focus while the cooldown refuses digits"
            ) { observations in
                if observations["state"] == .string(FlowPhase.mfaCooldown.rawValue) {
                    observations["input_focus"] = first
                }
            },
        ]
    }

    static func swipe(_ forward: Bool) -> Input { Input("swipe", .string(forward ? "next" : "previous")) }

    static func swipes(_ unlock: @escaping Unlock) -> [Mutant] {
        [
            misread("swipe-ignored", rule: "UIF-AUTH-001 §6.3 Swipe horizontal", unlock: unlock) { input in
                input.name == "swipe" ? Input("advance", .int(0)) : input
            },
            misread("swipe-reversed", rule: "UIF-AUTH-001 §6.3 Swipe horizontal", unlock: unlock) { input in
                input == swipe(true) ? swipe(false) : input == swipe(false) ? swipe(true) : input
            },
            altered(
                "swipe-wraps-around", kind: "guard moved", rule: "UIF-AUTH-001 §6.3; INT-AF-015",
                "a swipe past the last slide shows the first, and back", unlock: unlock
            ) { event, before, _, machine, next, _ in
                guard case .swiped(let forward) = event, before.screen.overlay == .carousel else { return }
                let last = machine.rules.carouselSlides
                if forward && before.screen.slide == last { next.screen.slide = 1 }
                if !forward && before.screen.slide == 1 { next.screen.slide = last }
            },
            altered(
                "carousel-start-on-any-slide", kind: "guard moved", rule: "UIF-AUTH-001 §6.3 Comenzar en slide 3",
                "Comenzar goes to Login from every slide", unlock: unlock
            ) { event, before, now, machine, next, outputs in
                guard event == .tapped(.start), before.screen.overlay == .carousel else { return }
                var onLast = before
                onLast.screen.slide = machine.rules.carouselSlides
                (next, outputs) = machine.reduce(onLast, event, now: now)
            },
        ]
    }

    /// The observations rewritten after every step.
    static func rewritten(
        _ id: String, kind: String = "platform output", rule: String, _ summary: String, unlock: @escaping Unlock,
        _ change: @escaping @Sendable (inout Observations) -> Void
    ) -> Mutant {
        Mutant(id: id, kind: kind, rule: rule, summary) {
            MutatedFlow(
                id, unlock: unlock(),
                rewrite: { observations in
                    var observations = observations
                    change(&observations)
                    return observations
                })
        }
    }

    /// One list observation rewritten where `change` applies.
    static func redrawn(
        _ id: String, key: String, rule: String, _ summary: String, unlock: @escaping Unlock,
        _ change: @escaping @Sendable ([String]) -> [String]
    ) -> Mutant {
        rewritten(id, rule: rule, summary, unlock: unlock) { observations in
            if case .list(let items)? = observations[key] {
                observations[key] = .list(change(items.compactMap(\.string)).map(Value.string))
            }
        }
    }

    static func drawing(_ unlock: @escaping Unlock) -> [Mutant] {
        let titles = AuthFlowTexts.slideTitles
        let slides = AuthFlowView.ImageID.slides
        let links = Array(AuthFlowTexts.loginButtons.suffix(2))
        return [
            redrawn(
                "slide-titles-rotated", key: "texts", rule: "UIF-AUTH-001 §6.3",
                "each slide shows the next slide's title, the last the first's", unlock: unlock
            ) { texts in
                texts.map { text in titles.firstIndex(of: text).map { titles[($0 + 1) % titles.count] } ?? text }
            },
            redrawn(
                "carousel-comenzar-missing", key: "texts", rule: "UIF-AUTH-001 §6.3 Comenzar en slide 3",
                "the last slide shows no Comenzar", unlock: unlock
            ) { texts in texts.filter { $0 != AuthFlowTexts.start } },
            redrawn(
                "carousel-saltar-missing", key: "texts", rule: "UIF-AUTH-001 §6.3 Saltar",
                "the slides show no Saltar", unlock: unlock
            ) { texts in texts.filter { $0 != AuthFlowTexts.skip } },
            redrawn(
                "slide-illustration-always-the-first", key: "images", rule: "UIF-AUTH-001 §6.3 Ilustracion",
                "every slide shows the first slide's illustration", unlock: unlock
            ) { images in images.map { slides.contains($0) ? slides[0] : $0 } },
            redrawn(
                "login-links-missing", key: "texts", rule: "UIF-AUTH-001 §2; INT-AF-015",
                "Login shows the social buttons only", unlock: unlock
            ) { texts in texts.filter { !links.contains($0) } },
            redrawn(
                "login-social-labels-generic", key: "texts", rule: "UIF-AUTH-001 §3.2 Botones sociales",
                "the social buttons read only 'Google' and 'Apple'", unlock: unlock
            ) { texts in
                texts.map {
                    $0 == AuthFlowTexts.loginButtons[0] ? "Google" : $0 == AuthFlowTexts.loginButtons[1] ? "Apple" : $0
                }
            },
            redrawn(
                "splash-logo-missing", key: "images", rule: "UIF-AUTH-001 §6.2, §7.1 Logo",
                "the splash shows no logo", unlock: unlock
            ) { images in images.filter { $0 != AuthFlowView.ImageID.logo } },
        ]
    }

    /// What a screen reader visits on the flow's screens (§3.2; INT-AF-019): the carousel out of
    /// its reach or with Saltar left out, Login's links or the support link not focusable.
    static func reading(_ unlock: @escaping Unlock) -> [Mutant] {
        func refocused(
            _ id: String, rule: String, _ summary: String, on screen: String,
            _ change: @escaping @Sendable ([String]) -> [String]
        ) -> Mutant {
            rewritten(id, rule: rule, summary, unlock: unlock) { observations in
                guard observations["state"] == .string(screen), case .list(let items)? = observations["focus_order"]
                else { return }
                observations["focus_order"] = .list(change(items.compactMap(\.string)).map(Value.string))
            }
        }
        let links = Array(AuthFlowTexts.loginButtons.suffix(2))
        return [
            refocused(
                "carousel-not-navigable", rule: "UIF-AUTH-001 §3.2 Carrusel navegable con VoiceOver/TalkBack",
                "the screen reader finds nothing on the carousel", on: FlowPhase.carousel.rawValue
            ) { _ in [] },
            refocused(
                "carousel-focus-skips-saltar", rule: "UIF-AUTH-001 §3.2 Carrusel navegable; §6.3 Saltar",
                "the screen reader skips Saltar on the carousel", on: FlowPhase.carousel.rawValue
            ) { $0.filter { $0 != AuthFlowTexts.skip } },
            refocused(
                "login-links-not-focusable", rule: "UIF-AUTH-001 §2; INT-AF-019",
                "the screen reader reaches Login's social buttons only", on: Phase.login.rawValue
            ) { $0.filter { !links.contains($0) } },
            refocused(
                "support-link-not-focusable", rule: "UIF-AUTH-001 §8.1 DISABLED Link soporte; INT-AF-019",
                "the screen reader cannot reach the disabled account's support link", on: Phase.login.rawValue
            ) { $0.filter { $0 != AuthFlowTexts.supportLink } },
        ]
    }
}
