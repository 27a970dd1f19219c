import Results
import ScenarioModel
import SpecModel

/// Runs scenarios against one implementation: starts it with the scenario's world, feeds each
/// step's inputs on the virtual clock, and compares what it observes with what the step
/// expects, key by key. It knows the model only through its declaration.
package struct ScenarioRunner: Sendable {
    package let model: ModelDeclaration
    /// The log keys, whose lists accumulate over a step's inputs (looked up for every key merged).
    private let logKeys: Set<String>

    package init(model: ModelDeclaration) {
        self.model = model
        logKeys = Set(model.observations.filter { $0.kind == .log }.map(\.key))
    }

    package func run<Implementation: ImplementationUnderTest>(
        _ scenario: Scenario, on implementation: inout Implementation
    ) -> ScenarioResult {
        switch answers(to: scenario, from: &implementation) {
        case .answered(let answers): return judge(scenario, answers: answers, implementation: implementation.name)
        case .notRun(let result): return result
        }
    }

    /// What an implementation answered to a scenario's inputs, before any judging.
    package struct Answers: Sendable {
        /// Every input sent, repetitions expanded, at its virtual time.
        package var plan: [TimedInput]
        /// One per input, up to the first failure.
        package var outcomes: [Result<Observations, ImplementationError>]
        /// The keys the implementation declares it observes (asked once: a driver's answer is
        /// fixed for the run).
        package var observedKeys: Set<String>
    }

    package enum Answered: Sendable {
        case answered(Answers)
        /// Skipped or could not start: the result says why.
        case notRun(ScenarioResult)
    }

    /// Starts the implementation with the scenario's world and sends it every input.
    package func answers<Implementation: ImplementationUnderTest>(
        to scenario: Scenario, from implementation: inout Implementation
    ) -> Answered {
        if let supported = implementation.supportedInputs,
            !scenario.steps.allSatisfy({ $0.inputs.allSatisfy { supported.contains($0.name) } })
        {
            let missing = Set(scenario.steps.flatMap { $0.inputs.map(\.name) }).subtracting(supported)
            return .notRun(
                ScenarioResult(
                    scenario: scenario, implementation: implementation.name, outcome: .skipped, steps: [],
                    message: "the implementation does not declare the input(s) "
                        + missing.sorted().joined(separator: ", ")))
        }
        do {
            try implementation.start(scenario: scenario.id, given: scenario.given)
        } catch {
            var result = ScenarioResult(
                scenario: scenario, implementation: implementation.name, outcome: Self.outcome(of: error),
                steps: [], message: "could not start: \(error)")
            result.driverFailure = error.driverFailure
            return .notRun(result)
        }
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
        var outcomes = implementation.perform(plan)
        implementation.finish()
        // A problem after the last input (a driver's failed reset) is the last input's: the
        // scenario errs where it happened, not the next one.
        if let problem = implementation.finishProblem(), !outcomes.isEmpty, case .success = outcomes[outcomes.count - 1]
        {
            outcomes[outcomes.count - 1] = .failure(problem)
        }
        return .answered(Answers(plan: plan, outcomes: outcomes, observedKeys: implementation.observedKeys))
    }

    /// The scenario's steps judged on the answers: expectations compared key by key, the
    /// model's invariants checked after every input.
    package func judge(_ scenario: Scenario, answers: Answers, implementation: String) -> ScenarioResult {
        var result = ScenarioResult(scenario: scenario, implementation: implementation, outcome: .passed, steps: [])
        var outcomes = answers.outcomes[...]
        var inputs = answers.plan[...]
        var state: String? = model.initialState
        var watch = InvariantWatch(model: model, observedKeys: answers.observedKeys)
        for (index, step) in scenario.steps.enumerated() {
            let count = step.repeatCount * step.inputs.count
            var stepResult = judge(
                step, index: index, outcomes: outcomes.prefix(count), expectedCount: count,
                observedKeys: answers.observedKeys)
            for (timed, outcome) in zip(inputs.prefix(count), outcomes.prefix(count)) {
                guard case .success(let observations) = outcome else { break }
                let entered = model.statesEntered(after: observations, from: state)
                stepResult.trace.append(InputTrace(input: timed.input, stateBefore: state, statesEntered: entered))
                state = state.map { model.state(after: observations, from: $0) }
                for (invariant, broken) in watch.broken(by: timed, observations) {
                    stepResult.differences.append(
                        Difference(
                            subject: .invariant(invariant.id),
                            expected: .string("\(invariant.summary) (\(invariant.clause))"), observed: .string(broken),
                            location: step.location))
                }
            }
            if stepResult.outcome == .passed && !stepResult.differences.isEmpty { stepResult.outcome = .failed }
            outcomes = outcomes.dropFirst(count)
            inputs = inputs.dropFirst(count)
            result.steps.append(stepResult)
            if stepResult.outcome != .passed {
                // Later steps build on this one; their verdicts would only echo it.
                result.outcome = stepResult.outcome
                // A step the implementation refuses refuses the scenario: its words are the reason.
                if stepResult.outcome == .refused, result.message == nil { result.message = stepResult.message }
                break
            }
        }
        if result.outcome == .passed {
            // Passed only if every expectation was compared with an observed value.
            result.outcome = .ranThrough(checked: result.checkedCount, of: result.expectationCount)
        }
        return result
    }

    /// Whether `judge` would pass every step of a scenario whose steps send `inputsPerStep`
    /// inputs each (no repeats) and expect, on each of `keys` (all observed), the value
    /// `expected` holds for that step where it holds one: the same comparisons and invariants,
    /// with no result built. `expected` is in the form a run keeps (`stepObservations`), which
    /// keeping again leaves as it is, so it is compared as given. Exploration asks this of
    /// every run, and judges in full only the runs that do not pass.
    package func passes(_ answers: Answers, expected: [Observations], keys: [String], inputsPerStep: [Int]) -> Bool {
        guard answers.outcomes.count == answers.plan.count, expected.count == inputsPerStep.count,
            inputsPerStep.reduce(0, +) == answers.plan.count, keys.allSatisfy(answers.observedKeys.contains)
        else { return false }
        var watch = InvariantWatch(model: model, observedKeys: answers.observedKeys)
        var next = 0
        for (step, count) in inputsPerStep.enumerated() {
            var observed: Observations = [:]
            for offset in next..<next + count {
                guard case .success(let observations) = answers.outcomes[offset] else { return false }
                merge(observations.keptForReports(), into: &observed)
                if !watch.broken(by: answers.plan[offset], observations).isEmpty { return false }
            }
            next += count
            // Most steps observe exactly what was expected: one comparison of the whole.
            let wanted = expected[step]
            guard !observed.equals(wanted) else { continue }
            for key in keys {
                guard let value = wanted[key] else { continue }
                // Equal values need no look-up of the key's type; only a bound or a table does.
                if observed[key] != value,
                    !ExpectedValue.admits(value, observed[key], as: model.observation(named: key)?.type)
                {
                    return false
                }
            }
        }
        return true
    }

    /// True when every input was answered with exactly the observations `expected` holds for it
    /// (as given, input by input, before a run keeps and merges them by step): then what
    /// `passes` compares agrees, and the invariants see what they would see in `expected` and
    /// break or hold as there (`breaksNoInvariant`). False says nothing either way: ask
    /// `passes`. A run that answers just as the reference did, nearly every exploration run,
    /// is settled here without keeping or merging anything.
    package func answersEqual(_ answers: Answers, _ expected: [Observations]) -> Bool {
        guard answers.outcomes.count == answers.plan.count, expected.count == answers.plan.count else { return false }
        for offset in answers.plan.indices {
            guard case .success(let observations) = answers.outcomes[offset], observations.equals(expected[offset])
            else { return false }
        }
        return true
    }

    /// True when every input was answered and no invariant is broken by the answers.
    package func breaksNoInvariant(_ answers: Answers) -> Bool {
        guard answers.outcomes.count == answers.plan.count else { return false }
        var watch = InvariantWatch(model: model, observedKeys: answers.observedKeys)
        for offset in answers.plan.indices {
            guard case .success(let observations) = answers.outcomes[offset],
                watch.broken(by: answers.plan[offset], observations).isEmpty
            else { return false }
        }
        return true
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
                result.driverFailure = error.driverFailure
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
            let expected = expectation.value.keptForReports()
            if value != expected,
                !ExpectedValue.admits(expected, value, as: model.observation(named: expectation.key)?.type)
            {
                result.differences.append(
                    Difference(
                        key: expectation.key, expected: expectation.value, observed: value,
                        location: expectation.location))
            }
        }
        // A number with a fraction where a whole one is declared (seconds for milliseconds):
        // a failure on that key, said in words.
        let hints = result.differences.compactMap { Self.typeHint($0.key, observed: $0.observed, model: model) }
        if !hints.isEmpty { result.message = hints.joined(separator: "; ") }
        if !result.differences.isEmpty { result.outcome = .failed }
        return result
    }

    /// Why an observed value cannot be what `key` holds, when it is a number written with a
    /// fraction or an exponent (the protocol reads those as their text) where the model
    /// declares a whole number or a duration in milliseconds.
    static func typeHint(_ key: String, observed: Value?, model: ModelDeclaration) -> String? {
        guard case .string(let text)? = observed, let number = Double(text), text.first != "+",
            !text.contains(where: \.isLetter) || text.contains(where: { $0 == "e" || $0 == "E" }),
            let type = model.observation(named: key)?.type
        else { return nil }
        switch type {
        case .duration, .optional(.duration):
            _ = number
            return "\(key) must be whole milliseconds; got \(text) (seconds?)"
        case .integer, .integerIn, .optional(.integer), .optional(.integerIn):
            return "\(key) must be a whole number; got \(text)"
        default:
            return nil
        }
    }

    /// What a step observed, from each of its inputs' observations, as a run keeps it.
    package func stepObservations(_ each: [Observations]) -> Observations {
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
            if case .list(let more) = value, logKeys.contains(key), case .list(let earlier)? = observed[key] {
                observed[key] = .list(earlier + more)
            } else {
                observed[key] = value
            }
        }
    }

    static func outcome(of error: ImplementationError) -> Outcome {
        if case .unsupported = error { return .refused }
        return .errored
    }
}

extension ScenarioRunner {
    /// Runs every scenario in order, reporting each result as it finishes, until `stop` says
    /// so: checked before each scenario and after it (a scenario cut short by a stop is dropped,
    /// not reported as a result of the implementation).
    package func run<Implementation: ImplementationUnderTest>(
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
