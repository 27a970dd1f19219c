import Results

/// Where a requirement stands for one implementation.
public enum RequirementStatus: String, Sendable {
    /// No scenario covers it.
    case notCovered = "not covered"
    /// Every covering scenario that ran passed.
    case passed
    /// A covering scenario failed or errored.
    case failed
    /// Every covering scenario was skipped.
    case skipped
}

public enum RequirementCoverage {
    public static func status(of requirement: String, in records: [ScenarioRecord]) -> RequirementStatus {
        let covering = records.filter { $0.covers.contains(requirement) }
        if covering.isEmpty { return .notCovered }
        if covering.contains(where: { $0.outcome == .failed || $0.outcome == .errored }) { return .failed }
        if covering.allSatisfy({ $0.outcome == .skipped }) { return .skipped }
        return .passed
    }
}
