import SpecModel
import UnlockScreen

/// The flow as its abstract machine sees it: the child in the unlock screen's own relative
/// form, each of the flow's moments as a distance from now, and the last accepted code's time
/// step as its distance from the step now. A code half typed keeps its digits: with the code
/// typed next they make the code submitted, which may match one of the moment's.
extension AuthFlowReducer {
    package func relative(_ state: AuthFlowState, now: Int) -> RelativeState? {
        var child = unlock
        child.machine = machine.unlock
        guard let childForm = child.relative(state.unlock, now: now),
            let unlockForm = childForm.form.base as? UnlockState
        else { return nil }
        let rules = machine.rules
        var form = state
        form.unlock = unlockForm
        var moments = childForm.moments
        func ahead(_ instant: Int?) -> Int? {
            guard let instant, instant > now else { return nil }
            moments.append(instant - now)
            return instant - now
        }
        // A cooldown run out away from its screen is none, and so are its failures: the MFA
        // screen drops both when it next opens, and nothing reads them before.
        form.store.mfaBlockedUntil = ahead(state.store.mfaBlockedUntil)
        if state.store.mfaBlockedUntil != nil && form.store.mfaBlockedUntil == nil { form.store.mfaFailures = 0 }
        form.store.mfaPendingSince = ahead(state.store.mfaPendingSince.map { $0 + rules.mfaScreenTimeout })
        let overlay = state.screen.overlay
        form.screen.mfaShownAt =
            overlay == .mfa || overlay == .mfaCooldown
            ? ahead(state.screen.mfaShownAt.map { $0 + rules.mfaScreenTimeout }) : nil
        form.screen.splashAt =
            overlay == .splash
            ? ahead(
                state.screen.splashAt.map {
                    $0 + (state.store.firstLaunch ? rules.splashDuration : rules.returningSplashDuration)
                }) : nil
        // When the sign-in sheet opened is only reported (time_ms), never read by a rule.
        form.screen.signInStartedAt = nil
        // INT-AF-003: a code of the last accepted step or earlier is refused; once the step now is
        // past the steps accepted from it, that refuses nothing a code typed now could match.
        let totp = state.store.totp
        let step = totp.counter(atMilliseconds: now)
        if let last = state.store.lastAcceptedStep, step - last <= rules.mfaStepsAccepted {
            form.store.lastAcceptedStep = last - step
            moments.append((step + 1) * totp.stepSeconds * 1_000 - now)
        } else {
            form.store.lastAcceptedStep = nil
        }
        return RelativeState(form: form, moments: moments)
    }

    package func relative(_ observations: Observations) -> Observations {
        var child = unlock
        child.machine = machine.unlock
        return child.relative(observations)
    }
}
