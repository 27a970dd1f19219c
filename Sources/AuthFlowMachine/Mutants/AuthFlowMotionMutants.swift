import SpecModel
import UnlockScreen

/// Mutants that animate the flow's screens wrong the way an app would (profile ui; INT-AF-018):
/// §6.1's changes of screen with another effect, length or curve, §6.2's splash sequence out of
/// time, §7.3's shake left out, and reduced motion ignored or read as a shorter splash.
extension AuthFlowMutants {
    static func motion(_ unlock: @escaping Unlock) -> [Mutant] {
        transitionMutants(unlock) + splashMutants(unlock) + reducedMotionMutants(unlock)
    }

    /// The animation on `element` edited where `applies` holds of it; set to nil, it is gone.
    static func reanimated(
        _ id: String, rule: String, _ summary: String, element: String = "screen", unlock: @escaping Unlock,
        where applies: @escaping @Sendable ([String: Value]) -> Bool,
        _ change: @escaping @Sendable (inout [String: Value]?) -> Void
    ) -> Mutant {
        rewritten(id, kind: "rendered output", rule: rule, summary, unlock: unlock) { observations in
            guard case .map(var elements)? = observations["animations"], case .map(let fields)? = elements[element],
                applies(fields)
            else { return }
            var edited: [String: Value]? = fields
            change(&edited)
            elements[element] = edited.map(Value.map)
            observations["animations"] = .map(elements)
        }
    }

    static func effect(_ name: String) -> @Sendable ([String: Value]) -> Bool {
        { $0["effect"] == .string(name) }
    }

    static func field(_ name: String, _ value: Value) -> @Sendable ([String: Value]) -> Bool {
        { $0[name] == value }
    }

    static let always: @Sendable ([String: Value]) -> Bool = { _ in true }

    static func transitionMutants(_ unlock: @escaping Unlock) -> [Mutant] {
        func screen(
            _ id: String, rule: String, _ summary: String, on name: String,
            _ change: @escaping @Sendable (inout [String: Value]?) -> Void
        ) -> Mutant {
            reanimated(id, rule: rule, summary, unlock: unlock, where: effect(name), change)
        }
        return [
            screen(
                "carousel-fades-without-scaling", rule: "UIF-AUTH-001 §6.1 Splash (logo) -> Splash (carrusel)",
                "the carousel fades in without scaling up", on: "fade_scale_up"
            ) { $0?["effect"] = .string("fade") },
            screen(
                "carousel-transition-300ms", rule: "UIF-AUTH-001 §6.1 Splash (logo) -> Splash (carrusel) 500ms",
                "the carousel's fade and scale run 300 ms", on: "fade_scale_up"
            ) { $0?["duration"] = .int(300) },
            reanimated(
                "login-appears-without-sliding", rule: "UIF-AUTH-001 §6.1 Splash -> Login",
                "Login replaces the splash with no slide", unlock: unlock, where: effect("slide_up")
            ) { $0 = nil },
            screen(
                "login-slide-250ms", rule: "UIF-AUTH-001 §6.1 Splash -> Login 300ms",
                "Login slides up in 250 ms", on: "slide_up"
            ) { $0?["duration"] = .int(250) },
            screen(
                "oauth-sheet-animated-by-the-app", rule: "UIF-AUTH-001 §6.1 Login -> OAuth Sheet",
                "the app slides its own sheet up for 300 ms instead of the system's", on: "native_sheet"
            ) { $0 = ["effect": .string("slide_up"), "duration": .int(300), "ease": .string("ease_out")] },
            screen(
                "mfa-slides-without-fading", rule: "UIF-AUTH-001 §6.1 OAuth -> MFA",
                "the code screen slides up without fading", on: "fade_slide_up"
            ) { $0?["effect"] = .string("slide_up") },
            screen(
                "mfa-transition-250ms", rule: "UIF-AUTH-001 §6.1 OAuth -> MFA 300ms",
                "the code screen fades and slides up in 250 ms", on: "fade_slide_up"
            ) { $0?["duration"] = .int(250) },
            screen(
                "dashboard-from-mfa-300ms", rule: "UIF-AUTH-001 §6.1 MFA -> Dashboard 250ms",
                "the Dashboard fades and scales in over 300 ms", on: "fade_scale"
            ) { $0?["duration"] = .int(300) },
            reanimated(
                "transitions-linear", rule: "UIF-AUTH-001 §6.1 Ease",
                "every change of screen runs on a linear curve", unlock: unlock,
                where: field("ease", .string("ease_out"))
            ) { $0?["ease"] = .string("linear") },
        ]
    }

    static func splashMutants(_ unlock: @escaping Unlock) -> [Mutant] {
        let full = effect("scale_fade_in")
        return [
            reanimated(
                "mfa-error-no-shake", rule: "UIF-AUTH-001 §7.3 Error: Shake animation + mensaje",
                "a refused code shows its message without shaking the cells", element: "code_cells", unlock: unlock,
                where: always
            ) { $0 = nil },
            reanimated(
                "splash-logo-still", rule: "UIF-AUTH-001 §6.2 0-300ms; §7.1 Logo animado",
                "the splash's logo appears with no animation", element: "logo", unlock: unlock, where: always
            ) { $0 = nil },
            reanimated(
                "splash-logo-fades-only", rule: "UIF-AUTH-001 §6.2 Logo fade in + scale to 1.0",
                "the logo fades in without scaling", element: "logo", unlock: unlock, where: full
            ) { $0?["effect"] = .string("fade_in") },
            reanimated(
                "splash-logo-500ms", rule: "UIF-AUTH-001 §6.2 0-300ms",
                "the logo's fade and scale run 500 ms", element: "logo", unlock: unlock, where: full
            ) { $0?["duration"] = .int(500) },
            reanimated(
                "tagline-at-300ms", rule: "UIF-AUTH-001 §6.2 300-500ms: Hold; 500-800ms: Tagline fade in",
                "the tagline fades in as soon as the logo is in, with no hold", element: "tagline", unlock: unlock,
                where: always
            ) { $0?["delay"] = .int(300) },
        ]
    }

    static func reducedMotionMutants(_ unlock: @escaping Unlock) -> [Mutant] {
        let instant = field("duration", .int(0))
        return [
            rewritten(
                "reduced-motion-ignored", kind: "rendered output", rule: "UIF-AUTH-001 §6.2 REDUCED MOTION",
                "the splash scales and fades as usual with reduced motion on", unlock: unlock
            ) { observations in
                guard case .map(var elements)? = observations["animations"] else { return }
                if case .map(let logo)? = elements["logo"], instant(logo) {
                    elements["logo"] = AuthFlowView.splashSequence(firstLaunch: false, reducedMotion: false)[0].value
                }
                if case .map(var tagline)? = elements["tagline"], instant(tagline) {
                    tagline["duration"] = .int(AuthFlowView.Motion.tagline.length)
                    elements["tagline"] = .map(tagline)
                }
                observations["animations"] = .map(elements)
            },
            reanimated(
                "reduced-motion-shows-the-tagline-at-once",
                rule: "UIF-AUTH-001 §6.2 REDUCED MOTION: Hold times respetados",
                "with reduced motion the tagline shows with the logo, its hold dropped", element: "tagline",
                unlock: unlock, where: instant
            ) { $0?["delay"] = .int(0) },
            altered(
                "reduced-motion-splash-shortened", kind: "guard moved",
                rule: "UIF-AUTH-001 §6.2 REDUCED MOTION: Hold times respetados",
                "with reduced motion the splash ends once the tagline is in, at 800 ms", unlock: unlock
            ) { event, before, now, machine, next, outputs in
                guard before.reducedMotion else { return }
                var shorter = machine
                shorter.rules.splashDuration = AuthFlowView.Motion.tagline.at + AuthFlowView.Motion.tagline.length
                (next, outputs) = shorter.reduce(before, event, now: now)
            },
        ]
    }
}
