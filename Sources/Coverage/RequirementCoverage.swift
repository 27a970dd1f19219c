import Results

/// Where a requirement stands for one implementation. Verified only where every covering
/// scenario that ran passed with each of its expectations checked.
package enum RequirementStatus: String, Sendable, CaseIterable {
    case verified
    /// The covering scenarios ran without a difference, but not every expectation was
    /// checked (the implementation does not observe some keys), or some were skipped or refused.
    case notVerified = "not verified"
    /// A covering scenario failed.
    case failed
    /// A covering scenario errored (and none failed).
    case errored
    /// Every covering scenario was skipped.
    case skipped
    /// No scenario covers it.
    case notCovered = "not covered"
}

/// A requirement's status on one implementation, with what kept it from being verified.
package struct RequirementAssessment: Sendable, Equatable {
    package var status: RequirementStatus
    /// For `notVerified`: the expected keys the implementation does not observe, in the order met.
    package var unobserved: [String]
    /// For `notVerified`: how many covering scenarios were skipped, and how many refused.
    package var skipped: Int
    package var refused = 0

    /// `not verified (does not observe events, message)`, `failed`.
    package var description: String {
        guard status == .notVerified else { return status.rawValue }
        var reasons: [String] = []
        if !unobserved.isEmpty { reasons.append("does not observe " + unobserved.joined(separator: ", ")) }
        if skipped > 0 { reasons.append("\(skipped) covering scenario\(skipped == 1 ? "" : "s") skipped") }
        if refused > 0 { reasons.append("\(refused) covering scenario\(refused == 1 ? "" : "s") refused") }
        return reasons.isEmpty ? status.rawValue : "\(status.rawValue) (\(reasons.joined(separator: "; ")))"
    }
}

package enum RequirementCoverage {
    package static func assess(_ requirement: String, in records: some Collection<ScenarioRecord>)
        -> RequirementAssessment
    {
        assess([requirement], in: records)[0]
    }

    /// Each requirement's assessment, in one pass over the records: a large run's records are
    /// read back from a file for each pass, so requirements are not assessed one pass each.
    package static func assess(
        _ requirements: [String], in records: some Collection<ScenarioRecord>
    ) -> [RequirementAssessment] {
        let wanted = Set(requirements)
        var covering: [String: [Covering]] = [:]
        for record in records {
            let cited = record.covers.filter(wanted.contains)
            guard !cited.isEmpty else { continue }
            let slim = Covering(outcome: record.outcome, unchecked: record.steps.flatMap(\.unchecked))
            for requirement in Set(cited) { covering[requirement, default: []].append(slim) }
        }
        return requirements.map { requirement in
            let covering = covering[requirement] ?? []
            func status(_ status: RequirementStatus) -> RequirementAssessment {
                RequirementAssessment(status: status, unobserved: [], skipped: 0)
            }
            if covering.isEmpty { return status(.notCovered) }
            if covering.contains(where: { $0.outcome == .failed }) { return status(.failed) }
            if covering.contains(where: { $0.outcome == .errored }) { return status(.errored) }
            if covering.allSatisfy({ $0.outcome == .skipped }) { return status(.skipped) }
            if covering.allSatisfy({ $0.outcome == .passed }) { return status(.verified) }
            // Each key once, in the order first met.
            var seen: Set<String> = []
            let unobserved = covering.flatMap(\.unchecked).filter { seen.insert($0).inserted }
            return RequirementAssessment(
                status: .notVerified, unobserved: unobserved, skipped: covering.filter { $0.outcome == .skipped }.count,
                refused: covering.filter { $0.outcome == .refused }.count)
        }
    }
}

/// What an assessment needs of a covering record.
private struct Covering {
    var outcome: Outcome
    var unchecked: [String]
}
