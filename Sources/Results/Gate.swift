import ScenarioModel

/// Whether a run passes as a CI gate, with every reason it does not, and what is worth saying
/// beside it (outcomes a baseline expected, unexpected passes, expired entries). A run passes
/// only when every implementation ran every scenario without a failure or an error, observes
/// what the run's profile needs, and skipped nothing (unless skips are allowed), outcomes its
/// baseline expects aside, and the run was not cut short.
public struct GateVerdict: Sendable, Equatable {
    public var reasons: [String]
    public var notes: [String] = []
    public var passes: Bool { reasons.isEmpty }
}

/// How the gate treats what is known and what is allowed.
public struct GatePolicy: Sendable {
    public var allowSkips = false
    public var baselines: [Baseline] = []
    /// Fail on a scenario that passes where its baseline expects otherwise (so baselines shrink).
    public var strictBaseline = false
    /// `YYYY-MM-DD`, for baseline entries' expiry.
    public var today = ""

    public init(allowSkips: Bool = false, baselines: [Baseline] = [], strictBaseline: Bool = false, today: String = "")
    {
        self.allowSkips = allowSkips
        self.baselines = baselines
        self.strictBaseline = strictBaseline
        self.today = today
    }
}

extension RunRecord {
    public func gate(_ policy: GatePolicy) -> GateVerdict {
        var verdict = GateVerdict(reasons: [])
        if let interruption { verdict.reasons.append("interrupted by \(interruption.signal)") }
        for implementation in implementations {
            let name = implementation.name
            if implementation.broken != nil {
                verdict.reasons.append("\(name): the driver is broken (every scenario errored)")
                continue
            }
            let baseline = policy.baselines.first { $0.implementation == name }
            // Outcomes only: a driver that fails everything costs a count, not its records.
            var unexpected: [Outcome] = []
            var expected = 0
            var unexpectedPasses: [String] = []
            for record in implementation.records {
                let entry = baseline?.entry(for: record.id).flatMap { $0.expired(on: policy.today) ? nil : $0 }
                if record.outcome == .passed {
                    if entry != nil { unexpectedPasses.append(record.id) }
                } else if entry?.outcome == record.outcome.rawValue {
                    expected += 1
                } else {
                    unexpected.append(record.outcome)
                }
            }
            let summary = RunSummary(outcomes: unexpected)
            let failed = summary.failed > 0 ? ["\(summary.failed) failed"] : []
            let errored = summary.errored > 0 ? ["\(summary.errored) errored"] : []
            if !(failed + errored).isEmpty {
                verdict.reasons.append(
                    "\(name): " + (failed + errored).joined(separator: ", ") + (baseline == nil ? "" : " unexpectedly"))
            }
            let missing = profile.missing(from: implementation.observes)
            if !missing.isEmpty {
                verdict.reasons.append(
                    "\(name) does not meet the \(profile.name) profile: it does not observe "
                        + missing.joined(separator: ", "))
            }
            if summary.skipped > 0 && !policy.allowSkips {
                verdict.reasons.append("\(name): \(summary.skipped) skipped (--allow-skips lets skips pass)")
            }
            guard let baseline else { continue }
            if expected > 0 {
                verdict.notes.append(
                    "\(name): \(expected) outcome\(expected == 1 ? "" : "s") as its baseline expects (\(baseline.file))"
                )
            }
            if !unexpectedPasses.isEmpty {
                let text =
                    "\(name): \(unexpectedPasses.count) unexpected pass\(unexpectedPasses.count == 1 ? "" : "es") "
                    + "(\(unexpectedPasses.joined(separator: ", "))): remove \(unexpectedPasses.count == 1 ? "its entry" : "their entries") "
                    + "from \(baseline.file) (--update-baseline does)"
                if policy.strictBaseline { verdict.reasons.append(text) } else { verdict.notes.append(text) }
            }
            let expired = baseline.entries.filter { $0.expired(on: policy.today) }.map(\.id)
            if !expired.isEmpty {
                verdict.notes.append(
                    "\(name): baseline entries past their expiry date, no longer excusing anything: "
                        + expired.joined(separator: ", "))
            }
        }
        return verdict
    }
}
