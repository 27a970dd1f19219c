import ScenarioModel

/// Why a run does not pass as a CI gate: each a value, worded by the reporters.
package enum GateReason: Sendable, Equatable {
    /// A signal ended the run before every scenario ran.
    case interrupted(signal: String)
    /// Input errors (said above the verdict): a scenario with one never ran.
    case inputErrors(count: Int)
    /// The results do not hold exactly one record of every selected scenario.
    case incomplete(implementation: String, ResultsAccounting.Gap)
    /// Every scenario errored: one reason instead of one per scenario.
    case broken(implementation: String)
    /// Failed or errored scenarios that no baseline expects.
    case failures(implementation: String, failed: Int, errored: Int, hasBaseline: Bool)
    /// Scenarios that ran through without comparing a single expectation (none written, or
    /// every one on a key the implementation does not observe), and no baseline expects so.
    case notChecked(implementation: String, count: Int, hasBaseline: Bool)
    /// It does not observe every key the profile needs.
    case profileNotMet(implementation: String, profile: String, missing: [String])
    /// Skipped scenarios, and skips are not allowed.
    case skipped(implementation: String, count: Int)
    /// Scenarios whose world or input the implementation declares and refused (`unsupported`),
    /// and refusals are not allowed (`--allow-skips` does not allow them).
    case refused(implementation: String, count: Int)
    /// Not one scenario compared an expectation and agreed: nothing about it was verified,
    /// whatever was allowed or excused.
    case nothingVerified(implementation: String, scenarios: Int)
    /// Passes where the baseline expects otherwise, under `--strict-baseline`.
    case unexpectedPasses(implementation: String, ids: [String], baseline: String)

    /// The implementation the reason is about; nil for the run as a whole.
    package var implementation: String? {
        switch self {
        case .interrupted, .inputErrors: return nil
        case .incomplete(let name, _), .broken(let name), .failures(let name, _, _, _), .notChecked(let name, _, _),
            .profileNotMet(let name, _, _), .skipped(let name, _), .refused(let name, _), .nothingVerified(let name, _),
            .unexpectedPasses(let name, _, _):
            return name
        }
    }
}

/// What is worth saying beside the verdict: it changes nothing.
package enum GateNote: Sendable, Equatable {
    /// Outcomes the implementation's baseline expects, let through.
    case expectedByBaseline(implementation: String, count: Int, baseline: String)
    /// Passes where the baseline expects otherwise (a reason instead under `--strict-baseline`).
    case unexpectedPasses(implementation: String, ids: [String], baseline: String)
    /// Baseline entries past their expiry date, excusing nothing.
    case expired(implementation: String, ids: [String])
    /// Baseline entries for scenarios the suite no longer has (written against another version).
    case staleEntries(implementation: String, ids: [String], baseline: String)
}

/// Whether a run passes as a CI gate, with every reason it does not, and what is worth saying
/// beside it. The rule, for every way in (run, merge): a run passes only when its results
/// account for every selected scenario on every implementation, each exactly once; no
/// scenario failed, errored or checked nothing (outcomes its baseline expects aside); every
/// implementation observes what the profile needs, skipped nothing (unless skips are
/// allowed) and refused nothing it declares (unless refusals are allowed); every implementation had at least one scenario checked and agreeing; and the run
/// was not cut short.
package struct GateVerdict: Sendable, Equatable {
    package var reasons: [GateReason]
    package var notes: [GateNote] = []
    /// Per implementation, in run order: how its scenarios ended, for the verdict's counts.
    package var tallies: [Tally] = []
    /// Per implementation, the outcomes its baseline expects, by scenario id, with the entry
    /// that expects each: the reports set these apart from new ones.
    package var expected: [String: [String: Baseline.Entry]] = [:]
    package var passes: Bool { reasons.isEmpty }

    /// The baseline's entry that expects `scenario`'s outcome on `implementation`, if any.
    package func expectation(of scenario: String, on implementation: String) -> Baseline.Entry? {
        expected[implementation]?[scenario]
    }

    package init(reasons: [GateReason] = [], notes: [GateNote] = [], tallies: [Tally] = []) {
        self.reasons = reasons
        self.notes = notes
        self.tallies = tallies
    }

    package struct Tally: Sendable, Equatable {
        package var implementation: String
        package var summary: RunSummary
        /// Skipped scenarios let through by `--allow-skips`.
        package var allowedSkips: Int
        /// Refused scenarios let through by `--allow-refusals`.
        package var allowedRefusals: Int = 0
    }
}

/// How the gate treats what is known and what is allowed.
package struct GatePolicy: Sendable {
    package var allowSkips = false
    package var allowRefusals = false
    package var baselines: [Baseline] = []
    /// Fail on a scenario that passes where its baseline expects otherwise (so baselines shrink).
    package var strictBaseline = false
    /// `YYYY-MM-DD`, for baseline entries' expiry.
    package var today = ""
    /// Per implementation: baseline entries for scenarios the suite no longer has, written
    /// against another version of it (a warning, never bad input).
    package var staleEntries: [String: [String]] = [:]

    package init(
        allowSkips: Bool = false, allowRefusals: Bool = false, baselines: [Baseline] = [], strictBaseline: Bool = false,
        today: String = ""
    ) {
        self.allowSkips = allowSkips
        self.allowRefusals = allowRefusals
        self.baselines = baselines
        self.strictBaseline = strictBaseline
        self.today = today
    }
}

extension RunRecord {
    package func gate(_ policy: GatePolicy) -> GateVerdict {
        var verdict = GateVerdict()
        if let interruption { verdict.reasons.append(.interrupted(signal: interruption.signal)) }
        let accounting = ResultsAccounting(self)
        for implementation in implementations {
            let name = implementation.name
            if let gap = accounting.gaps[name] { verdict.reasons.append(.incomplete(implementation: name, gap)) }
            verdict.tallies.append(
                .init(
                    implementation: name, summary: implementation.summary,
                    allowedSkips: policy.allowSkips ? implementation.summary.skipped : 0,
                    allowedRefusals: policy.allowRefusals ? implementation.summary.refused : 0))
            if implementation.broken != nil {
                verdict.reasons.append(.broken(implementation: name))
                continue
            }
            let baseline = policy.baselines.first { $0.implementation == name }
            // Outcomes only: a driver that fails everything costs a count, not its records.
            var unexpected: [Outcome] = []
            var expected = 0
            var agreed = 0
            var unexpectedPasses: [String] = []
            for record in implementation.records {
                // Checked something and agreed: partly checked counts (the profile decides
                // which keys a gate needs; one that is not met is a reason of its own).
                if record.outcome == .passed || record.outcome == .partlyChecked { agreed += 1 }
                if record.outcome == .passed {
                    let entry = baseline?.entry(for: record.id).flatMap { $0.expired(on: policy.today) ? nil : $0 }
                    if entry != nil { unexpectedPasses.append(record.id) }
                } else if let entry = policy.expectation(of: record, on: name) {
                    expected += 1
                    verdict.expected[name, default: [:]][record.id] = entry
                } else {
                    unexpected.append(record.outcome)
                }
            }
            let summary = RunSummary(outcomes: unexpected)
            if summary.failed + summary.errored > 0 {
                verdict.reasons.append(
                    .failures(
                        implementation: name, failed: summary.failed, errored: summary.errored,
                        hasBaseline: baseline != nil))
            }
            if summary.notChecked > 0 {
                verdict.reasons.append(
                    .notChecked(implementation: name, count: summary.notChecked, hasBaseline: baseline != nil))
            }
            let missing = profile.missing(from: implementation.observes)
            if !missing.isEmpty {
                verdict.reasons.append(.profileNotMet(implementation: name, profile: profile.name, missing: missing))
            }
            if summary.skipped > 0 && !policy.allowSkips {
                verdict.reasons.append(.skipped(implementation: name, count: summary.skipped))
            }
            if summary.refused > 0 && !policy.allowRefusals {
                verdict.reasons.append(.refused(implementation: name, count: summary.refused))
            }
            // Said where nothing else marks the implementation red (failures a baseline expects
            // included): beside its own failures it would only repeat them.
            if agreed == 0 && !implementation.records.isEmpty && summary.failed + summary.errored == 0 {
                verdict.reasons.append(.nothingVerified(implementation: name, scenarios: implementation.records.count))
            }
            guard let baseline else { continue }
            if expected > 0 {
                verdict.notes.append(
                    .expectedByBaseline(implementation: name, count: expected, baseline: baseline.file))
            }
            if !unexpectedPasses.isEmpty {
                if policy.strictBaseline {
                    verdict.reasons.append(
                        .unexpectedPasses(implementation: name, ids: unexpectedPasses, baseline: baseline.file))
                } else {
                    verdict.notes.append(
                        .unexpectedPasses(implementation: name, ids: unexpectedPasses, baseline: baseline.file))
                }
            }
            let expired = baseline.entries.filter { $0.expired(on: policy.today) }.map(\.id)
            if !expired.isEmpty { verdict.notes.append(.expired(implementation: name, ids: expired)) }
            if let stale = policy.staleEntries[name] {
                verdict.notes.append(.staleEntries(implementation: name, ids: stale, baseline: baseline.file))
            }
        }
        return verdict
    }
}
