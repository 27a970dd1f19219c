import SpecModel

/// The reference with one deliberate change: different rule numbers, inputs taken for others,
/// a hook that alters what one reduce step did (its next state and outputs), observations
/// rewritten, or time read from a wall clock that `clock_forward` and `clock_back` move.
package struct MutatedReference: ImplementationUnderTest {
    package typealias Alteration =
        @Sendable (_ before: UnlockState, _ next: inout UnlockState, _ outputs: inout [UnlockOutput]) -> Void
    var inner: UnlockReference
    let alter: Alteration
    /// An alteration that also needs the step's time (a seam operator's).
    let timed: (@Sendable (_ before: UnlockState, _ now: Int, _ next: inout UnlockState) -> Void)?
    let rewrite: @Sendable (Observations) -> Observations
    let rewriteInput: @Sendable (Input) -> Input
    /// Observations rewritten knowing the input that led to them (a reaction to one platform code).
    let rewriteAfter: @Sendable (Input, Observations) -> Observations
    /// The world as the app reads it at start: a platform answer taken for another.
    let rewriteGiven: @Sendable ([String: Value]) -> [String: Value]
    let readsWallClock: Bool
    /// How far the hand-set clock is from elapsed time, when the wall clock is read.
    var wallClockOffset = 0
    package let name: String

    package init(
        _ name: String, rules: UnlockRules = .spec, memo: Argon2Memo, alter: @escaping Alteration = { _, _, _ in },
        rewrite: @escaping @Sendable (Observations) -> Observations = { $0 },
        rewriteInput: @escaping @Sendable (Input) -> Input = { $0 },
        rewriteGiven: @escaping @Sendable ([String: Value]) -> [String: Value] = { $0 }, readsWallClock: Bool = false,
        timed: (@Sendable (_ before: UnlockState, _ now: Int, _ next: inout UnlockState) -> Void)? = nil,
        rewriteAfter: @escaping @Sendable (Input, Observations) -> Observations = { $1 }
    ) {
        self.name = name
        self.timed = timed
        inner = UnlockReference(machine: UnlockMachine(rules: rules), memo: memo)
        self.alter = alter
        self.rewrite = rewrite
        self.rewriteInput = rewriteInput
        self.rewriteAfter = rewriteAfter
        self.rewriteGiven = rewriteGiven
        self.readsWallClock = readsWallClock
    }

    package var observedKeys: Set<String> { inner.observedKeys }

    package mutating func start(scenario: String, given: [String: Value]) throws(ImplementationError) {
        wallClockOffset = 0
        try inner.start(scenario: scenario, given: rewriteGiven(given))
    }

    package mutating func finish() { inner.finish() }

    package mutating func perform(_ input: Input, atMilliseconds milliseconds: Int) throws(ImplementationError)
        -> Observations
    {
        guard let before = inner.state else { throw .failed("perform before start") }
        if readsWallClock, let amount = input.argument?.int {
            if input.name == "clock_forward" { wallClockOffset += amount }
            if input.name == "clock_back" { wallClockOffset -= amount }
        }
        let now = inner.clockOrigin + milliseconds + wallClockOffset
        var (next, outputs) = inner.machine.reduce(
            before, try UnlockReducer.event(for: rewriteInput(input)), now: now)
        alter(before, &next, &outputs)
        timed?(before, now, &next)
        inner.state = next
        return rewriteAfter(
            input,
            rewrite(UnlockReducer.observations(of: next, outputs: outputs, now: now, rules: inner.machine.rules)))
    }
}

/// The unlock model's mutants: each rule number one higher and one lower (a threshold moved by
/// one is a boundary comparison flipped), the lock's end a tick early and late, each declared
/// transition dropped and redirected to a sibling's target, each kind of output omitted state by
/// state, and inputs read as others (each platform code's row, a forged success, an enrolment
/// change, a clock set by hand), and the screen reader's view or the capture flag got wrong.
package enum UnlockMutants {
    package static func all(memo: Argon2Memo) -> [Mutant] {
        ruleNumbers(memo) + lockEnd(memo) + transitions(memo) + omissions(memo) + misreadings(memo)
            + presentation(memo) + behaviour(memo) + seams(memo) + rendered(memo)
    }

    /// The behavioural operators over the unlock state's seams (`UnlockState.seams`).
    static func seams(_ memo: Argon2Memo) -> [Mutant] {
        UnlockState.seams.alterations().map { seam in
            Mutant(id: seam.id, kind: seam.kind, rule: "SCR-AUTH-006 §5.2, §6.2", seam.summary) {
                MutatedReference(seam.id, memo: memo, timed: seam.alter)
            }
        }
    }

    static func rules(
        _ id: String, _ rule: String, _ summary: String, memo: Argon2Memo, kind: String = "rule number",
        _ change: @escaping @Sendable (inout UnlockRules) -> Void
    ) -> Mutant {
        Mutant(id: id, kind: kind, rule: rule, summary) {
            var rules = UnlockRules.spec
            change(&rules)
            return MutatedReference(id, rules: rules, memo: memo)
        }
    }

    static func ruleNumbers(_ memo: Argon2Memo) -> [Mutant] {
        // UIF-AUTH-001's hand-overs, which INT-027 does not follow: the pins of its readings.
        var mutants: [Mutant] = [
            rules(
                "success-delay-100ms", "UIF-AUTH-001 §6.1 (INT-027)",
                "the Dashboard follows Success after UIF-AUTH-001 §6.1's 100 ms", memo: memo,
                kind: "another document's rule"
            ) { $0.successDelay = 100 },
            rules(
                "success-delay-0ms", "UIF-AUTH-001 §5 (INT-027)",
                "the Dashboard follows Success at once (UIF-AUTH-001 §5's instant access)", memo: memo,
                kind: "another document's rule"
            ) { $0.successDelay = 0 },
            rules(
                "inactivity-timeout-0", "UIF-AUTH-001 §2 RESUME --> CHECK (INT-035)",
                "every resume asks to unlock again, however short the time away (§2's arrow without §10.2's 5 minutes)",
                memo: memo, kind: "another document's rule"
            ) { $0.inactivityTimeout = 0 },
            rules(
                "bio-fallback-left-to-the-platform", "004 platform counts attempts (INT-030)",
                "the app keeps no failure count of its own: the fail screen offers a retry until the platform locks biometrics out",
                memo: memo, kind: "another document's rule"
            ) { $0.biometricFallbackFailure = 1_000 },
            settingsRedirect(
                "settings-when-not-enrolled", code: "ios.LAError.biometryNotEnrolled",
                rule: "003 LAError.biometryNotEnrolled (INT-008)",
                "biometryNotEnrolled sends the user to the system Settings to set up Face ID or Touch ID", memo: memo),
            settingsRedirect(
                "settings-when-passcode-not-set", code: "ios.LAError.passcodeNotSet",
                rule: "003 LAError.passcodeNotSet (INT-019)",
                "passcodeNotSet sends the user to the system Settings to set a device passcode", memo: memo),
            altered(
                "passcode-only-after-not-available", kind: "another document's rule",
                rule: "003 LAError.biometryNotAvailable (INT-008)",
                "once the platform reports biometrics not available, the app switches to its passcode for good: "
                    + "biometric unlock is turned off, and the next launch goes to the PIN",
                memo: memo
            ) { before, next, _ in
                if before.screen.phase == .biometricPrompt, next.screen.phase == .pinInput,
                    next.screen.message == UnlockTexts.sensorUnavailable
                {
                    next.persisted.biometricEnabled = false
                }
            },
            observed(
                "pin-4th-failure-warns", kind: "another document's rule", rule: "UIF-AUTH-001 §10.3 (INT-014)",
                "the 4th wrong PIN shows §10.3's warning of the lock to come in place of the attempts left",
                memo: memo
            ) { observations in
                let failed = observations["states"]?.list?.contains(.string(Phase.pinError.rawValue)) ?? false
                if failed, observations["pin_attempts_left"] == .int(1), observations["state"] == .string("PINInput") {
                    observations["message"] = .string("Advertencia de bloqueo proximo")
                }
            },
            altered(
                "prompt-waits-for-the-next-input", kind: "timing", rule: "SCR-AUTH-006 §4.3 item 3",
                "the prompt is not up in the launch's own step: the screen stays on the session check (a splash) until the next input",
                memo: memo
            ) { before, next, outputs in
                let promptShown = { (output: UnlockOutput) in output == .entered(.biometricPrompt) }
                if before.screen.phase == .notRunning, next.screen.phase == .biometricPrompt,
                    let shown = outputs.firstIndex(where: promptShown)
                {
                    next.screen.phase = .checkingSession
                    outputs.removeSubrange(shown...)
                } else if before.screen.phase == .checkingSession, next.screen.phase == .checkingSession {
                    next.screen.phase = .biometricPrompt
                    outputs.insert(.entered(.biometricPrompt), at: 0)
                }
            },
        ]
        for delta in [1, -1] {
            let sign = delta > 0 ? "plus" : "minus"
            let word = delta > 0 ? "one more" : "one fewer"
            mutants.append(
                rules(
                    "biometric-attempts-\(sign)-1", "SCR-AUTH-006 §6.1.1", "\(word) biometric attempt before the PIN",
                    memo: memo
                ) { $0.biometricAttempts += delta })
            mutants.append(
                rules(
                    "bio-row-3-failure-\(sign)-1", "SCR-AUTH-006 §6.1.1",
                    "the fallback to the PIN comes at failure \(3 + delta), the counter unchanged", memo: memo
                ) { $0.biometricFallbackFailure += delta })
            mutants.append(
                rules(
                    "pin-failures-before-lock-\(sign)-1", "SCR-AUTH-006 §6.1.2",
                    "attempts left counted from \(word) failure before the lock", memo: memo
                ) { $0.pinFailuresBeforeLock += delta })
            for (index, row) in UnlockRules.spec.lockSchedule.enumerated() {
                mutants.append(
                    rules(
                        "lock-row-\(row.failures)-failures-\(sign)-1", "SCR-AUTH-006 §6.1.2",
                        "the \(row.failures)-failure lock comes at \(row.failures + delta) failures", memo: memo
                    ) { $0.lockSchedule[index].failures += delta })
                mutants.append(
                    rules(
                        "lock-row-\(row.failures)-length-\(sign)-1ms", "SCR-AUTH-006 §6.1.2",
                        "the \(row.failures)-failure lock lasts 1 ms \(delta > 0 ? "longer" : "less")", memo: memo,
                        kind: "boundary"
                    ) { $0.lockSchedule[index].milliseconds += delta })
            }
            mutants.append(
                rules(
                    "success-delay-\(sign)-1ms", "SCR-AUTH-006 §2.5",
                    "the Dashboard follows Success 1 ms \(delta > 0 ? "later" : "sooner")", memo: memo, kind: "boundary"
                ) { $0.successDelay += delta })
            mutants.append(
                rules(
                    "inactivity-\(sign)-1ms", "UIF-AUTH-001 §10.2",
                    "the inactivity timeout 1 ms \(delta > 0 ? "longer" : "shorter")", memo: memo, kind: "boundary"
                ) { $0.inactivityTimeout += delta })
            for tier in Tier.allCases {
                mutants.append(
                    rules(
                        "session-\(tier.rawValue)-\(sign)-1ms", "UIF-AUTH-001 §10.2",
                        "a \(tier.rawValue) session lasts 1 ms \(delta > 0 ? "longer" : "less")", memo: memo,
                        kind: "boundary"
                    ) { $0.sessionLifetime[tier]! += delta })
            }
        }
        return mutants
    }

    static func lockEnd(_ memo: Argon2Memo) -> [Mutant] {
        [1, -1].map { delta in
            let id = "lock-end-\(delta > 0 ? "late" : "early")-1ms"
            return Mutant(
                id: id, kind: "boundary", rule: "SCR-AUTH-006 §6.2",
                "a lock, once set, ends 1 ms \(delta > 0 ? "late" : "early")"
            ) {
                MutatedReference(id, memo: memo) { before, next, _ in
                    if let until = next.persisted.blockedUntil, until != before.persisted.blockedUntil {
                        next.persisted.blockedUntil = until + delta
                    }
                }
            }
        }
    }

    /// Each transition between two of the screen's states: dropped (the step stops in its
    /// source; an input that takes it is ignored) and redirected (to the target of another
    /// transition from the same source).
    static func transitions(_ memo: Argon2Memo) -> [Mutant] {
        let declared = UnlockModel.declaration.transitions
        return declared.flatMap { transition -> [Mutant] in
            guard let from = Phase(rawValue: transition.from), let to = Phase(rawValue: transition.to) else {
                return []
            }
            let rule = transition.provenance
            let dropped = "drop-\(from.rawValue)-to-\(to.rawValue)"
            var mutants = [
                Mutant(
                    id: dropped, kind: "transition dropped", rule: rule,
                    "\(from.rawValue) → \(to.rawValue) never happens"
                ) {
                    MutatedReference(dropped, memo: memo) { before, next, outputs in
                        divert(from: from, to: to, instead: nil, before: before, next: &next, outputs: &outputs)
                    }
                }
            ]
            if let sibling = declared.first(where: { $0.from == transition.from && $0.to != transition.to }),
                let other = Phase(rawValue: sibling.to)
            {
                let redirected = "redirect-\(from.rawValue)-to-\(to.rawValue)"
                mutants.append(
                    Mutant(
                        id: redirected, kind: "transition redirected", rule: rule,
                        "\(from.rawValue) → \(to.rawValue) goes to \(other.rawValue) instead"
                    ) {
                        MutatedReference(redirected, memo: memo) { before, next, outputs in
                            divert(from: from, to: to, instead: other, before: before, next: &next, outputs: &outputs)
                        }
                    })
            }
            return mutants
        }
    }

    /// Where a step moves `from` → `to`, it stops in `from` (or goes to `instead`).
    static func divert(
        from: Phase, to: Phase, instead: Phase?, before: UnlockState, next: inout UnlockState,
        outputs: inout [UnlockOutput]
    ) {
        var current = before.screen.phase
        for (index, output) in outputs.enumerated() {
            guard case .entered(let phase) = output else { continue }
            if current == from && phase == to {
                if let instead {
                    outputs = Array(outputs[..<index]) + [.entered(instead)]
                    next.screen.phase = instead
                } else if index == outputs.startIndex
                    || !outputs[..<index].contains(where: { if case .entered = $0 { true } else { false } })
                {
                    next = before
                    outputs = []
                } else {
                    outputs = Array(outputs[..<index])
                    next.screen.phase = from
                }
                return
            }
            current = phase
        }
    }

    /// Announcements, then analytics events, left out on entering each state; the message and
    /// the countdown left out in each state where the screen shows them.
    static func omissions(_ memo: Argon2Memo) -> [Mutant] {
        Phase.allCases.flatMap { phase -> [Mutant] in
            let announcement = "no-announcement-entering-\(phase.rawValue)"
            let event = "no-event-entering-\(phase.rawValue)"
            let message = "no-message-in-\(phase.rawValue)"
            return [
                Mutant(
                    id: announcement, kind: "output omitted", rule: "SCR-AUTH-006 §7.3",
                    "no screen reader announcement on entering \(phase.rawValue)"
                ) {
                    MutatedReference(announcement, memo: memo) { _, _, outputs in
                        outputs = omit(outputs, after: phase) { if case .announced = $0 { true } else { false } }
                    }
                },
                Mutant(
                    id: event, kind: "output omitted", rule: "SCR-AUTH-006 §11.1",
                    "no analytics event on entering \(phase.rawValue)"
                ) {
                    MutatedReference(event, memo: memo) { _, _, outputs in
                        outputs = omit(outputs, after: phase) { if case .analytics = $0 { true } else { false } }
                    }
                },
                Mutant(
                    id: message, kind: "output omitted", rule: "SCR-AUTH-006 §2",
                    "no on-screen message in \(phase.rawValue)"
                ) {
                    MutatedReference(message, memo: memo) { _, next, _ in
                        if next.screen.phase == phase { next.screen.message = nil }
                    }
                },
            ]
        } + [
            Mutant(id: "no-countdown", kind: "output omitted", rule: "SCR-AUTH-006 §2.4", "no lock countdown shown") {
                MutatedReference(
                    "no-countdown", memo: memo,
                    rewrite: { observations in
                        var changed = observations
                        changed["countdown"] = .null
                        return changed
                    })
            }
        ]
    }

    /// `outputs` without those `matching` that follow entering `phase` (up to the next state entered).
    static func omit(
        _ outputs: [UnlockOutput], after phase: Phase, matching: (UnlockOutput) -> Bool
    ) -> [UnlockOutput] {
        var inside = false
        return outputs.filter { output in
            if case .entered(let entered) = output { inside = entered == phase }
            return !(inside && matching(output))
        }
    }
}

extension UnlockMutants {
    /// An app that takes one input for another: each platform code given a wrong reaction (a
    /// failure, or a cancel for the codes that are failures), a success with no key trusted as a
    /// success, an enrolment change not noticed, a clock set forward taken for time passing.
    static func misreadings(_ memo: Argon2Memo) -> [Mutant] {
        let rows = PlatformErrors.all.map { row in
            let wrong: BiometricOutcome = row.reaction == .failure ? .cancel : .failure
            return misread(
                "misread-\(row.code)", rule: row.requirement, "\(row.code) read as '\(wrong.rawValue)'", memo: memo
            ) { input in
                input == Input("biometric_error", .string(row.code))
                    ? Input("biometric", .string(wrong.rawValue)) : input
            }
        }
        return rows + [
            misread(
                "trust-success-without-key", rule: "004 (a key, not a boolean)",
                "a success callback with no key released unlocks", memo: memo
            ) { input in
                input == Input("biometric", .string(BiometricOutcome.successWithoutKey.rawValue))
                    ? Input("biometric", .string(BiometricOutcome.success.rawValue)) : input
            },
            misread(
                "ignore-enrolment-change", rule: "004 (enrolment change)",
                "an enrolment change leaves the key valid", memo: memo
            ) { input in input.name == "enrolment_changed" ? Input("clock_back", .int(0)) : input },
            Mutant(
                id: "timers-on-wall-clock", kind: "input misread", rule: "SCR-AUTH-006 §6.2; INT-022",
                "the lock, the session and the inactivity timeout run on the wall clock the user sets"
            ) { MutatedReference("timers-on-wall-clock", memo: memo, readsWallClock: true) },
        ]
    }

    /// The iOS article's (003) reaction to a platform code the reference reads otherwise: the
    /// user sent to the system Settings (`navigation: Settings`), which the reference never does.
    static func settingsRedirect(_ id: String, code: String, rule: String, _ summary: String, memo: Argon2Memo)
        -> Mutant
    {
        Mutant(id: id, kind: "another document's rule", rule: rule, summary) {
            MutatedReference(
                id, memo: memo,
                rewriteAfter: { input, observations in
                    guard input == Input("biometric_error", .string(code)) else { return observations }
                    var redirected = observations
                    redirected["navigation"] = .string(UnlockModel.systemSettings)
                    return redirected
                })
        }
    }

    static func misread(
        _ id: String, rule: String, _ summary: String, memo: Argon2Memo,
        _ rewrite: @escaping @Sendable (Input) -> Input
    ) -> Mutant {
        Mutant(id: id, kind: "input misread", rule: rule, summary) {
            MutatedReference(id, memo: memo, rewriteInput: rewrite)
        }
    }
}

extension UnlockMutants {
    /// What a driver reads off the screen got wrong the ways apps get it wrong: a label that
    /// does not follow the state it names, the §7.2 order swapped, hints left out, capture left
    /// open on one screen.
    static func presentation(_ memo: Argon2Memo) -> [Mutant] {
        let pinInput = UnlockTexts.pinInputLabel(0, of: 0).prefix { $0 != "," }
        let timer = UnlockTexts.timerLabel(remaining: 0).prefix { $0 != " " }
        return [
            present(
                "pin-input-label-frozen", rule: "SCR-AUTH-006 §7.1 PIN input",
                "the PIN input's label always says no digit is typed", memo: memo
            ) { order in
                order.map { $0.hasPrefix(pinInput) ? $0.replacing(/, \d+ de/, with: ", 0 de") : $0 }
            },
            present(
                "timer-label-frozen", rule: "SCR-AUTH-006 §7.1 Timer",
                "the timer's label keeps the lock's first length", memo: memo
            ) { order in
                order.map { $0.hasPrefix(timer) ? UnlockTexts.timerLabel(remaining: 60_000) : $0 }
            },
            present(
                "keypad-before-pin-input", rule: "SCR-AUTH-006 §7.2.2",
                "focus reaches the keypad before the PIN input", memo: memo
            ) { order in
                guard let input = order.firstIndex(where: { $0.hasPrefix(pinInput) }) else { return order }
                var swapped = order
                swapped.append(swapped.remove(at: input))
                return swapped
            },
            present(
                "hints-left-out", rule: "SCR-AUTH-006 §7.1", "elements carry their labels without the hints",
                memo: memo
            ) { order in
                order.map { element in
                    element.firstRange(of: " | ").map { String(element[..<$0.lowerBound]) } ?? element
                }
            },
            Mutant(
                id: "capture-allowed-when-blocked", kind: "presentation", rule: "SCR-AUTH-006 §8.1",
                "the blocked screen lets screenshots and recording through"
            ) {
                MutatedReference(
                    "capture-allowed-when-blocked", memo: memo,
                    rewrite: { observations in
                        guard observations["state"] == .string(Phase.pinBlocked.rawValue) else { return observations }
                        var changed = observations
                        changed["secure_window"] = .bool(false)
                        return changed
                    })
            },
        ]
    }

    /// A mutant that rewrites the `focus_order` list.
    static func present(
        _ id: String, rule: String, _ summary: String, memo: Argon2Memo,
        _ change: @escaping @Sendable ([String]) -> [String]
    ) -> Mutant {
        Mutant(id: id, kind: "presentation", rule: rule, summary) {
            MutatedReference(
                id, memo: memo,
                rewrite: { observations in
                    guard case .list(let elements)? = observations["focus_order"] else { return observations }
                    var changed = observations
                    changed["focus_order"] = .list(change(elements.compactMap(\.string)).map(Value.string))
                    return changed
                })
        }
    }
}

/// A mutant's state saved and its relative form, as the reference gives them: the abstract
/// machine is built on a mutant too (its own states, its own rules' caps and horizon) and a
/// mutant is searched apart from the reference pair by pair.
extension MutatedReference: StateSaving {
    package struct Saved: Hashable, Sendable {
        var inner: ClockedState<UnlockState>
        var wallClockOffset: Int
    }

    package func save() -> Saved? {
        inner.save().map { Saved(inner: $0, wallClockOffset: wallClockOffset) }
    }

    package mutating func restore(_ saved: Saved) {
        inner.restore(saved.inner)
        wallClockOffset = saved.wallClockOffset
    }

    /// Seen from the time the mutant reads: a hand-set wall clock's offset moves its now.
    package func relativeState(atMilliseconds milliseconds: Int) -> RelativeState? {
        inner.relativeState(atMilliseconds: milliseconds + (readsWallClock ? wallClockOffset : 0))
    }

    package func relativeObservations(_ observations: Observations) -> Observations {
        inner.relativeObservations(observations)
    }
}
