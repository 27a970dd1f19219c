import Runner
import ScenarioModel

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
    public static func status(of requirement: Requirement, in results: [ScenarioResult]) -> RequirementStatus {
        let covering = results.filter { $0.scenario.covers.contains { $0.id == requirement.id } }
        if covering.isEmpty { return .notCovered }
        if covering.contains(where: { $0.outcome == .failed || $0.outcome == .errored }) { return .failed }
        if covering.allSatisfy({ $0.outcome == .skipped }) { return .skipped }
        return .passed
    }

    /// Scenarios covering the requirement, by id, in run order.
    public static func scenarios(covering requirement: Requirement, in results: [ScenarioResult]) -> [String] {
        results.filter { $0.scenario.covers.contains { $0.id == requirement.id } }.map(\.scenario.id)
    }
}
