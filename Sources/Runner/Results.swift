import Results
import ScenarioModel
import SpecModel

/// One input as it went: the state it met and the states it led through. Coverage is
/// counted from these.
package struct InputTrace: Sendable, Equatable {
    package var input: Input
    package var stateBefore: String?
    package var statesEntered: [String]
}

package struct StepResult: Sendable {
    package var index: Int
    package var step: Step
    package var outcome: Outcome
    package var differences: [Difference]
    /// Keys the scenario expects that the implementation does not report: not checked.
    package var uncheckedKeys: [String]
    /// What the implementation reported after the step (log keys over every repetition).
    package var observations: Observations
    /// Each input of the step, repetitions included, in order.
    package var trace: [InputTrace] = []
    package var message: String?
    /// How a driver failed, when the step errored for it (the message says it in words).
    package var driverFailure: DriverFailure?
}

package struct ScenarioResult: Sendable {
    package var scenario: Scenario
    package var implementation: String
    package var outcome: Outcome
    package var steps: [StepResult]
    /// Why a scenario errored or was skipped before or between steps.
    package var message: String?
    /// How a driver failed, when the scenario errored for it before its steps.
    package var driverFailure: DriverFailure?

    package init(
        scenario: Scenario, implementation: String, outcome: Outcome, steps: [StepResult], message: String? = nil
    ) {
        self.scenario = scenario
        self.implementation = implementation
        self.outcome = outcome
        self.steps = steps
        self.message = message
    }

    /// The first step that did not pass.
    package var firstProblem: StepResult? { steps.first { $0.outcome != .passed } }

    /// How a driver failed, if the scenario errored for it.
    package var failure: DriverFailure? { driverFailure ?? firstProblem?.driverFailure }
}

extension RunSummary {
    package init(_ results: [ScenarioResult]) {
        self.init(outcomes: results.lazy.map(\.outcome))
    }
}

extension ScenarioResult {
    /// What the reports keep of this result: no observations beyond the state keys, no
    /// scenario text, and the hits coverage is counted from. A passing step keeps the states it
    /// went through only with `trace` (its state, and the hits, are kept either way).
    package func record(position: Int, model: ModelDeclaration, trace: Bool = true) -> ScenarioRecord {
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
    package var expectationCount: Int { scenario.steps.reduce(0) { $0 + $1.expectations.count } }

    /// Expectations compared with an observed value, in the steps that were judged.
    package var checkedCount: Int {
        steps.reduce(0) { total, step in
            step.outcome == .passed || step.outcome == .failed
                ? total + step.step.expectations.count - step.uncheckedKeys.count : total
        }
    }

    /// States entered (the initial one once a scenario has a step), moves between them, and
    /// inputs met in each state, from the states the implementation itself reported.
    package func hits(model: ModelDeclaration) -> Hits {
        var hits = Hits()
        var previous = model.initialState
        if !steps.isEmpty { hits.states[previous, default: 0] += 1 }
        for step in steps {
            for trace in step.trace {
                // The state the input arrived in, as reported: a move the states entered do not
                // show (a driver reporting its state alone) is not counted from an older one.
                previous = trace.stateBefore ?? previous
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
