/// The spec's numbers, in one place. The defaults are the spec's; the tests build deliberately
/// wrong rules to prove the suite notices.
package struct UnlockRules: Sendable {
    /// Biometric failures before the PIN fallback (SCR-AUTH-006 §6.1.1).
    package var biometricAttempts = 3
    /// The failure that falls back to the PIN (SCR-AUTH-006 §6.1.1 row 3). The spec gives one
    /// number for both; kept apart so that a mutant can move the fallback and leave the counter.
    package var biometricFallbackFailure = 3
    /// PIN failures before the first lock (SCR-AUTH-006 §6.1.2).
    package var pinFailuresBeforeLock = 5
    /// Lock length by failure count: the longest entry whose count is reached applies
    /// (SCR-AUTH-006 §6.1.2; UIF-AUTH-001 §10.3).
    package var lockSchedule: [(failures: Int, milliseconds: Int)] = [
        (5, 60_000), (6, 300_000), (7, 900_000), (8, 3_600_000),
    ]
    /// From Success to the Dashboard (SCR-AUTH-006 §2.5, §5.2).
    package var successDelay = 500
    /// Background time after which unlocking is required again (UIF-AUTH-001 §10.2).
    package var inactivityTimeout = 300_000
    /// Whether coming back to the Dashboard checks the session however short the time away
    /// (UIF-AUTH-001 §2 RESUME -> CHECK; INT-035); off is §10.2's timeout alone.
    package var resumeChecksSession = true
    /// Session lifetime by tier (UIF-AUTH-001 §10.2).
    package var sessionLifetime: [Tier: Int] = [.pro: 30 * 86_400_000, .perfect: 7 * 86_400_000]

    package init() {}

    package static let spec = UnlockRules()

    /// The lock a failure count earns, or nil below the first lock.
    package func lockDuration(afterFailures failures: Int) -> Int? {
        lockSchedule.last { failures >= $0.failures }?.milliseconds
    }

    /// UIF-AUTH-001 §10.2: a session lasts its tier's lifetime from the last login.
    package func sessionIsValid(_ store: PersistedStore, now: Int) -> Bool {
        store.session == .valid && now - store.sessionStartedAt < (sessionLifetime[store.tier] ?? 0)
    }
}
