import SpecModel

/// The unlock screen as its abstract machine sees it: each moment a rule reads as a distance
/// from now, the failure count capped where the rules stop telling counts apart, and the
/// values that count past those as what they are in the form's terms.
extension UnlockReducer {
    /// A session this far from its end, or farther, cannot end within a run the machine makes:
    /// its advances go to the next deadline, and no other rule counts longer than this.
    var sessionHorizon: Int {
        (machine.rules.lockSchedule.map(\.milliseconds).max() ?? 0) + machine.rules.inactivityTimeout
    }

    /// The PIN failure count from which every further failure reads the same rule row.
    var failureCap: Int {
        max(machine.rules.lockSchedule.map(\.failures).max() ?? 0, machine.rules.pinFailuresBeforeLock)
    }

    package func relative(_ state: UnlockState, now: Int) -> RelativeState? {
        let rules = machine.rules
        var form = state
        var moments: [Int] = []
        // A lock's time left; one that has passed is none (the PIN screen drops it when it starts).
        form.persisted.blockedUntil = state.persisted.blockedUntil.map { $0 - now }.flatMap { $0 > 0 ? $0 : nil }
        moments += form.persisted.blockedUntil.map { [$0] } ?? []
        // The Success delay's time left, read only on the Success screen.
        form.screen.successAt = nil
        if let deadline = UnlockMachine.nextDeadline(state, rules: rules), state.screen.phase == .success {
            form.screen.successAt = deadline - now
            moments.append(deadline - now)
        }
        // Time away, read against the inactivity timeout, no further.
        form.screen.backgroundedAt = state.screen.backgroundedAt.map { min(now - $0, rules.inactivityTimeout) }
        if let away = form.screen.backgroundedAt, away < rules.inactivityTimeout {
            moments.append(rules.inactivityTimeout - away)
        }
        // The screen's appearance is only reported (time_ms), never read by a rule.
        form.screen.shownAt = nil
        // The session as its time left: ended, near (exact), or beyond the horizon.
        let left = state.persisted.sessionStartedAt + (rules.sessionLifetime[state.persisted.tier] ?? 0) - now
        switch state.persisted.session {
        case .valid where left <= 0: form.persisted.sessionStartedAt = 0
        case .valid where left > sessionHorizon: form.persisted.sessionStartedAt = .max
        case .valid:
            form.persisted.sessionStartedAt = left
            moments.append(left)
        case .expired, .absent: form.persisted.sessionStartedAt = 0
        }
        form.persisted.pinFailures = min(state.persisted.pinFailures, failureCap)
        return RelativeState(form: form, moments: moments)
    }

    /// Counts from the failure cap on and times since the screen appeared, as relations.
    package func relative(_ observations: Observations) -> Observations {
        var observations = observations
        let cap = failureCap
        func capped(_ value: Value?, from: Int) -> Value? {
            guard let count = value?.int else { return value }
            return count >= from ? .string("≥\(from)") : value
        }
        if case .list(let events)? = observations["events"] {
            observations["events"] = .list(
                events.map { event in
                    guard case .map(var fields) = event, case .map(var params)? = fields["params"] else { return event }
                    if params["time_ms"] != nil { params["time_ms"] = .string("now - screen shown") }
                    params["attempt_number"] = capped(params["attempt_number"], from: cap)
                    params["attempts_used"] = capped(params["attempts_used"], from: cap + 1)
                    fields["params"] = .map(params)
                    return .map(fields)
                })
        }
        if case .map(var store)? = observations["store"] {
            store["pin_failures"] = capped(store["pin_failures"], from: cap)
            observations["store"] = .map(store)
        }
        return observations
    }
}
