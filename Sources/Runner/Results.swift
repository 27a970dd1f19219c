import ScenarioModel
import SpecModel

/// How a step or a scenario ended. Failed is a disagreement with the spec; errored is a broken
/// implementation (crash, timeout, its own error); skipped is something it does not support.
public enum Outcome: String, Sendable, CaseIterable, Codable {
    case passed, failed, errored, skipped
}

/// One expected key whose observed value differs.
public struct Difference: Sendable, Equatable {
    public var key: String
    public var expected: Value
    /// nil when the implementation declared the key but did not report it.
    public var observed: Value?
    public var location: SourceLocation
}

/// One input as it went: the state it met and the states it led through. Coverage is
/// counted from these.
public struct InputTrace: Sendable, Equatable {
    public var input: Input
    public var stateBefore: String?
    public var statesEntered: [String]
}

public struct StepResult: Sendable {
    public var index: Int
    public var step: Step
    public var outcome: Outcome
    public var differences: [Difference]
    /// Keys the scenario expects that the implementation does not report: not checked.
    public var uncheckedKeys: [String]
    /// What the implementation reported after the step (log keys over every repetition).
    public var observations: Observations
    /// Each input of the step, repetitions included, in order.
    public var trace: [InputTrace] = []
    public var message: String?
}

public struct ScenarioResult: Sendable {
    public var scenario: Scenario
    public var implementation: String
    public var outcome: Outcome
    public var steps: [StepResult]
    /// Why a scenario errored or was skipped before or between steps.
    public var message: String?

    /// The first step that did not pass.
    public var firstProblem: StepResult? { steps.first { $0.outcome != .passed } }
}

public struct RunSummary: Sendable, Equatable {
    public var passed = 0, failed = 0, errored = 0, skipped = 0

    public init(_ results: [ScenarioResult]) {
        for result in results {
            switch result.outcome {
            case .passed: passed += 1
            case .failed: failed += 1
            case .errored: errored += 1
            case .skipped: skipped += 1
            }
        }
    }

    public var total: Int { passed + failed + errored + skipped }
}

/// What ended a run before every scenario ran: a signal, and the scenarios that did not finish.
public struct RunInterruption: Sendable {
    public var signal: String
    public var unfinished: [(implementation: String, scenario: String)]

    public init(signal: String, unfinished: [(implementation: String, scenario: String)]) {
        self.signal = signal
        self.unfinished = unfinished
    }
}
