import SpecModel

/// The unlock screen's invariants beyond "every state change is a declared transition" (which
/// also says the Dashboard is reached only through Success or a completed login): the lock runs
/// with the clock (a kill, a relaunch or a tap never shortens it; an unlock or a login ends it), a new lock is as long as the
/// table says for its failure, the failures fall only on an unlock, a completed login or the end
/// of a lock, and a biometric answer unlocks only with a key the platform released.
package enum UnlockInvariants {
    /// A step that completed a login, which lifts the lock and the count (INT-006).
    package typealias SignedIn = @Sendable (InvariantStep) -> Bool

    /// `signedIn` says which steps complete a login: the `login_completed` input here; a model
    /// that embeds the screen signs in its own way.
    package static func all(
        _ rules: UnlockRules, signedIn: @escaping SignedIn = { $0.input.name == "login_completed" }
    ) -> [Invariant] {
        [
            lockRunsWithTheClock(signedIn), lockAsTheTableSays(rules), failuresFallOnlyOnUnlock(signedIn),
            biometricUnlockNeedsAKey,
        ]
    }

    /// A new lock began during the step: its event, or the states PINError → PINBlocked.
    static func newLock(_ step: InvariantStep) -> Bool? {
        if let names = step.eventNames() { return names.contains("pin_blocked") }
        guard let entered = step.after["states"]?.list?.compactMap(\.string) else { return nil }
        return zip(entered, entered.dropFirst()).contains { $0 == "PINError" && $1 == "PINBlocked" }
    }

    static func lockRunsWithTheClock(_ signedIn: @escaping SignedIn) -> Invariant {
        Invariant(
            "lock-runs-with-the-clock", clause: "SCR-AUTH-006 §6.2",
            "a running lock only shortens as time passes: no kill, relaunch or tap shortens or lifts it; only an unlock "
                + "(INT-002) or a completed login (INT-006) ends it"
        ) { step in
            guard case .int(let remaining)? = step.before["lock_remaining"], let after = step.after["lock_remaining"],
                !signedIn(step), !unlocked(step), let renewed = newLock(step), !renewed
            else { return nil }
            let left = remaining - step.elapsed
            let expected: Value = left > 0 ? .int(left) : .null
            guard after != expected else { return nil }
            return
                "the lock had \(VirtualDuration.format(remaining)) left; \(VirtualDuration.format(step.elapsed)) later, "
                + "after '\(step.input)', it has \(after.int.map(VirtualDuration.format) ?? "none")"
        }
    }

    static func lockAsTheTableSays(_ rules: UnlockRules) -> Invariant {
        Invariant(
            "lock-as-the-table-says", clause: "SCR-AUTH-006 §6.1.2",
            "a lock set by a failure lasts what the table gives that failure"
        ) { step in
            guard let events = step.after["events"]?.list,
                let failure = events.last(where: { $0.map?["name"]?.string == "pin_failure" }),
                let count = failure.map?["params"]?.map?["attempt_number"]?.int,
                events.contains(where: { $0.map?["name"]?.string == "pin_blocked" }),
                let table = rules.lockDuration(afterFailures: count),
                case .int(let lock)? = step.after["lock_remaining"],
                lock != table
            else { return nil }
            return
                "failure \(count) locked for \(VirtualDuration.format(lock)), the table says \(VirtualDuration.format(table))"
        }
    }

    /// The step unlocked the screen (INT-004: a recognised biometric may, while a PIN lock runs).
    static func unlocked(_ step: InvariantStep) -> Bool {
        step.after["states"]?.list?.contains(.string("Success")) ?? false
    }

    static func failuresFallOnlyOnUnlock(_ signedIn: @escaping SignedIn) -> Invariant {
        Invariant(
            "failures-fall-only-on-unlock", clause: "SCR-AUTH-006 §6.1.2, §6.2",
            "PIN attempts left rise only on an unlock, a completed login or the end of a lock"
        ) { step in
            guard let before = step.before["pin_attempts_left"]?.int, let after = step.after["pin_attempts_left"]?.int,
                after > before, !signedIn(step)
            else { return nil }
            if step.before["lock_remaining"]?.int != nil && step.after["lock_remaining"] == .null { return nil }
            guard step.after["states"]?.list != nil, !unlocked(step) else { return nil }
            return "PIN attempts left went from \(before) to \(after) on '\(step.input)' with no unlock"
        }
    }
}

extension UnlockInvariants {
    /// 004: biometrics release a key, they do not set a boolean. A success callback that came
    /// without a key, or any biometric answer once the key is invalidated (biometrics not
    /// enabled before the step), must not unlock.
    static let biometricUnlockNeedsAKey = Invariant(
        "biometric-unlock-needs-a-key", clause: "004 (a key, not a boolean; enrolment change)",
        "a biometric answer unlocks only with a key the platform released"
    ) { step in
        guard step.input.name == "biometric" || step.input.name == "biometric_error",
            let entered = step.after["states"]?.list?.compactMap(\.string),
            entered.contains("BiometricSuccess") || entered.contains("Success")
        else { return nil }
        if step.input.argument?.string == BiometricOutcome.successWithoutKey.rawValue {
            return "'\(step.input)' unlocked: a success callback with no key released is not the user (forged)"
        }
        if step.before["biometrics_enabled"] == .bool(false) {
            return "'\(step.input)' unlocked while the biometric key was invalidated or biometrics were off"
        }
        return nil
    }
}
