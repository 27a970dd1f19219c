import Results
import ScenarioModel
import SpecModel

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
    /// How a driver failed, when the step errored for it (the message says it in words).
    public var driverFailure: DriverFailure?
}

public struct ScenarioResult: Sendable {
    public var scenario: Scenario
    public var implementation: String
    public var outcome: Outcome
    public var steps: [StepResult]
    /// Why a scenario errored or was skipped before or between steps.
    public var message: String?
    /// How a driver failed, when the scenario errored for it before its steps.
    public var driverFailure: DriverFailure?

    public init(
        scenario: Scenario, implementation: String, outcome: Outcome, steps: [StepResult], message: String? = nil
    ) {
        self.scenario = scenario
        self.implementation = implementation
        self.outcome = outcome
        self.steps = steps
        self.message = message
    }

    /// The first step that did not pass.
    public var firstProblem: StepResult? { steps.first { $0.outcome != .passed } }

    /// How a driver failed, if the scenario errored for it.
    public var failure: DriverFailure? { driverFailure ?? firstProblem?.driverFailure }
}

extension RunSummary {
    public init(_ results: [ScenarioResult]) {
        self.init(outcomes: results.lazy.map(\.outcome))
    }
}

extension ScenarioResult {
    /// What the reports keep of this result: no observations beyond the state keys, no
    /// scenario text, and the hits coverage is counted from. A passing step keeps the states it
    /// went through only with `trace` (its state, and the hits, are kept either way).
    public func record(position: Int, model: ModelDeclaration, trace: Bool = true) -> ScenarioRecord {
        let formatter = ValueFormatter(model: model)
        return ScenarioRecord(
            position: position, id: scenario.id, title: scenario.title, location: scenario.location,
            spec: scenario.spec, covers: scenario.covers.map(\.id), implementation: implementation, outcome: outcome,
            message: message,
            steps: steps.map { step in
                StepRecord(
                    index: step.index, location: step.step.location, input: formatter.format(input: step.step.written),
                    repeatCount: step.step.repeatCount, outcome: step.outcome,
                    state: step.observations[model.stateKey],
                    states: trace || step.outcome != .passed ? step.observations[model.statesKey] : nil,
                    message: step.message, differences: step.differences, unchecked: step.uncheckedKeys)
            },
            hits: hits(model: model), expectations: expectationCount, checked: checkedCount)
    }

    /// The scenario's expectations, one per key per step.
    public var expectationCount: Int { scenario.steps.reduce(0) { $0 + $1.expectations.count } }

    /// Expectations compared with an observed value, in the steps that were judged.
    public var checkedCount: Int {
        steps.reduce(0) { total, step in
            step.outcome == .passed || step.outcome == .failed
                ? total + step.step.expectations.count - step.uncheckedKeys.count : total
        }
    }

    /// States entered (the initial one once a scenario has a step), moves between them, and
    /// inputs met in each state, from the states the implementation itself reported.
    public func hits(model: ModelDeclaration) -> Hits {
        var hits = Hits()
        var previous = model.initialState
        if !steps.isEmpty { hits.states[previous, default: 0] += 1 }
        for step in steps {
            for trace in step.trace {
                if let before = trace.stateBefore {
                    hits.inputsInStates[InputInState(state: before, input: model.label(of: trace.input)), default: 0] +=
                        1
                }
                for state in trace.statesEntered {
                    hits.states[state, default: 0] += 1
                    hits.moves[Edge(previous, state), default: 0] += 1
                    previous = state
                }
            }
        }
        return hits
    }
}
