/// Whether a run passes as a CI gate, with every reason it does not. A run passes only when
/// every implementation ran every scenario without a failure or an error, observes what the
/// run's profile needs, and skipped nothing (unless skips are allowed), and the run was not cut
/// short.
public struct GateVerdict: Sendable, Equatable {
    public var reasons: [String]
    public var passes: Bool { reasons.isEmpty }
}

extension RunRecord {
    public func gate(allowSkips: Bool) -> GateVerdict {
        var reasons: [String] = []
        if let interruption { reasons.append("interrupted by \(interruption.signal)") }
        for implementation in implementations {
            let name = implementation.name
            if implementation.broken != nil {
                reasons.append("\(name): the driver is broken (every scenario errored)")
                continue
            }
            let summary = implementation.summary
            if summary.failed > 0 { reasons.append("\(name): \(summary.failed) failed") }
            if summary.errored > 0 { reasons.append("\(name): \(summary.errored) errored") }
            let missing = profile.missing(from: implementation.observes)
            if !missing.isEmpty {
                reasons.append(
                    "\(name) does not meet the \(profile.name) profile: it does not observe "
                        + missing.joined(separator: ", "))
            }
            if summary.skipped > 0 && !allowSkips {
                reasons.append("\(name): \(summary.skipped) skipped (--allow-skips lets skips pass)")
            }
        }
        return GateVerdict(reasons: reasons)
    }
}
