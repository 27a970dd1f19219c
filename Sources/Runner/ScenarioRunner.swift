import Results
import ScenarioModel
import SpecModel

/// Runs scenarios against one implementation: starts it with the scenario's world, feeds each
/// step's inputs on the virtual clock, and compares what it observes with what the step
/// expects, key by key. It knows the model only through its declaration.
public struct ScenarioRunner: Sendable {
    public let model: ModelDeclaration

    public init(model: ModelDeclaration) {
        self.model = model
    }

    public func run<Implementation: ImplementationUnderTest>(
        _ scenario: Scenario, on implementation: inout Implementation
    ) -> ScenarioResult {
        var result = ScenarioResult(
            scenario: scenario, implementation: implementation.name, outcome: .passed, steps: [])
        if let supported = implementation.supportedInputs {
            let missing = Set(scenario.steps.flatMap { $0.inputs.map(\.name) }).subtracting(supported)
            if !missing.isEmpty {
                result.outcome = .skipped
                result.message =
                    "the implementation does not declare the input(s) " + missing.sorted().joined(separator: ", ")
                return result
            }
        }
        do {
            try implementation.start(scenario: scenario.id, given: scenario.given)
        } catch {
            result.outcome = Self.outcome(of: error)
            result.message = "could not start: \(error)"
            return result
        }
        defer { implementation.finish() }
        // Time is an input: every input's virtual time is known before anything is sent, so the
        // whole scenario goes to the implementation at once and the steps are judged after.
        var plan: [TimedInput] = []
        var clock = 0
        for step in scenario.steps {
            for _ in 0..<step.repeatCount {
                for input in step.inputs {
                    // The loader bounds a scenario's clock (VirtualDuration.maximum), so this sum is exact.
                    if input.name == model.clockInput { clock += input.argument?.int ?? 0 }
                    plan.append(TimedInput(input, atMilliseconds: clock))
                }
            }
        }
        var outcomes = implementation.perform(plan)[...]
        var inputs = plan[...]
        var state: String? = model.initialState
        // Expectations are checked, and invariants see, only what the implementation declares
        // it observes (asked once: a driver's answer is fixed for the run).
        let observedKeys = implementation.observedKeys
        let observable = model.invariants.isEmpty ? [] : observedKeys
        var previous: Observations = [:]
        var previousTime = 0
        for (index, step) in scenario.steps.enumerated() {
            let count = step.repeatCount * step.inputs.count
            var stepResult = judge(
                step, index: index, outcomes: outcomes.prefix(count), expectedCount: count, observedKeys: observedKeys)
            for (timed, outcome) in zip(inputs.prefix(count), outcomes.prefix(count)) {
                guard case .success(let observations) = outcome else { break }
                let entered = observations[model.statesKey]?.list?.compactMap(\.string) ?? []
                stepResult.trace.append(InputTrace(input: timed.input, stateBefore: state, statesEntered: entered))
                state = state.map { model.state(after: observations, from: $0) }
                let seen =
                    observations.keys.allSatisfy(observable.contains)
                    ? observations : observations.filter { observable.contains($0.key) }
                let moment = InvariantStep(
                    before: previous, input: timed.input, elapsed: timed.milliseconds - previousTime, after: seen)
                for invariant in model.invariants {
                    guard let broken = invariant.check(moment) else { continue }
                    stepResult.differences.append(
                        Difference(
                            key: "invariant \(invariant.id)",
                            expected: .string("\(invariant.summary) (\(invariant.clause))"), observed: .string(broken),
                            location: step.location))
                }
                previous = seen
                previousTime = timed.milliseconds
            }
            if stepResult.outcome == .passed && !stepResult.differences.isEmpty { stepResult.outcome = .failed }
            outcomes = outcomes.dropFirst(count)
            inputs = inputs.dropFirst(count)
            result.steps.append(stepResult)
            if stepResult.outcome != .passed {
                // Later steps build on this one; their verdicts would only echo it.
                result.outcome = stepResult.outcome
                break
            }
        }
        if result.outcome == .passed {
            // Passed only if every expectation was compared with an observed value.
            result.outcome = .ranThrough(checked: result.checkedCount, of: result.expectationCount)
        }
        return result
    }

    private func judge(
        _ step: Step, index: Int, outcomes: ArraySlice<Result<Observations, ImplementationError>>, expectedCount: Int,
        observedKeys: Set<String>
    ) -> StepResult {
        var observed: Observations = [:]
        var result = StepResult(
            index: index, step: step, outcome: .passed, differences: [], uncheckedKeys: [],
            observations: [:])
        for outcome in outcomes {
            switch outcome {
            case .success(let observations):
                merge(observations.keptForReports(), into: &observed)
            case .failure(let error):
                result.outcome = Self.outcome(of: error)
                result.message = error.description
                result.observations = observed
                return result
            }
        }
        result.observations = observed
        guard outcomes.count == expectedCount else {
            result.outcome = .errored
            result.message = "the implementation stopped answering before this step"
            return result
        }
        for expectation in step.expectations {
            guard observedKeys.contains(expectation.key) else {
                result.uncheckedKeys.append(expectation.key)
                continue
            }
            // Observed values arrive in the bounded form a run keeps (Value.keptForReports).
            let value = observed[expectation.key]
            if value != expectation.value.keptForReports() {
                result.differences.append(
                    Difference(
                        key: expectation.key, expected: expectation.value, observed: value,
                        location: expectation.location))
            }
        }
        if !result.differences.isEmpty { result.outcome = .failed }
        return result
    }

    /// What a step observed, from each of its inputs' observations, as a run keeps it.
    public func stepObservations(_ each: [Observations]) -> Observations {
        var observed: Observations = [:]
        for observations in each { merge(observations.keptForReports(), into: &observed) }
        return observed
    }

    /// Log keys accumulate over the step's inputs; snapshot keys keep the latest value.
    private func merge(_ observations: Observations, into observed: inout Observations) {
        // The first input's observations are the step's as they stand: no copy key by key.
        if observed.isEmpty {
            observed = observations
            return
        }
        for (key, value) in observations {
            if case .list(let more) = value, case .list(let earlier)? = observed[key],
                model.observation(named: key)?.kind == .log
            {
                observed[key] = .list(earlier + more)
            } else {
                observed[key] = value
            }
        }
    }

    static func outcome(of error: ImplementationError) -> Outcome {
        if case .unsupported = error { return .skipped }
        return .errored
    }
}

extension ScenarioRunner {
    /// Runs every scenario in order, reporting each result as it finishes, until `stop` says
    /// so: checked before each scenario and after it (a scenario cut short by a stop is dropped,
    /// not reported as a result of the implementation).
    public func run<Implementation: ImplementationUnderTest>(
        _ scenarios: [Scenario], on implementation: inout Implementation, until stop: () -> Bool = { false },
        progress: (ScenarioResult, _ number: Int) -> Void = { _, _ in }
    ) -> [ScenarioResult] {
        var results: [ScenarioResult] = []
        for (index, scenario) in scenarios.enumerated() {
            if stop() { break }
            let result = run(scenario, on: &implementation)
            if stop() { break }
            results.append(result)
            progress(result, index + 1)
        }
        return results
    }
}
