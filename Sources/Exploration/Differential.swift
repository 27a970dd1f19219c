import Results
import Runner
import ScenarioModel
import SpecModel

/// Where an implementation first parted from the reference on a probe.
package struct Divergence: Sendable {
    package var probe: Probe
    /// The step (index into `probe.steps`) where it parted.
    package var step: Int
    package var signature: Signature
    /// The implementation's run of the probe, with the reference's observations as expectations.
    package var result: ScenarioResult
}

/// What kind of divergence: the keys that differ and the input of the step where they do, or
/// the implementation's failure there. Shrinking keeps only candidates with the same
/// signature, so it never drifts from one bug to another.
package struct Signature: Sendable, Hashable, CustomStringConvertible {
    package var input: String
    package var keys: Set<String>
    /// The implementation errored (crashed, timed out, broke the protocol) rather than differed.
    package var errored: Bool
    /// Some of `keys` name invariants it broke.
    package var brokeAnInvariant: Bool

    package init(input: String, keys: Set<String>, errored: Bool, brokeAnInvariant: Bool = false) {
        self.input = input
        self.keys = keys
        self.errored = errored
        self.brokeAnInvariant = brokeAnInvariant
    }

    package func matches(_ other: Signature) -> Bool {
        input == other.input && errored == other.errored && (errored || !keys.isDisjoint(with: other.keys))
    }

    package var description: String {
        errored ? "an error at '\(input)'" : "\(keys.sorted().joined(separator: ", ")) after '\(input)'"
    }
}

/// Runs a probe on the reference, takes what it observed at every step as that step's
/// expectations, and runs the probe so expected on an implementation: the runner's own
/// judgement, so exploration and `run` can never disagree about what a difference is.
package struct DifferentialCheck: Sendable {
    package let model: ModelDeclaration
    /// The keys compared (nil: every key the implementation observes).
    package var keys: Set<String>?
    let runner: ScenarioRunner
    /// The model's observation keys in declaration order, worked out once.
    let observationKeys: [String]

    package init(model: ModelDeclaration, keys: Set<String>? = nil) {
        self.model = model
        self.keys = keys
        runner = ScenarioRunner(model: model)
        observationKeys = model.observations.map { $0.key }
    }

    package enum Verdict: Sendable {
        /// The same on every compared key at every step.
        case agrees
        case diverges(Divergence)
        /// The probe is not one to try: the model rejects its world, or the reference could not run it.
        case invalid(String)
        /// The implementation answered `unsupported` to the probe's world or to one of its
        /// inputs, which it declares: nothing from there on was compared.
        case refused(Refusal)
    }

    /// Where an implementation declined a probe it claims to handle.
    package struct Refusal: Sendable, Equatable {
        /// The step (index into the probe's steps) whose input it refused; nil: the world, at start.
        package var step: Int?
        /// The refused input's name; nil for the world.
        package var input: String?
        package var message: String
    }

    /// `answered`: what the reference answered to each input, when the probe was made on it
    /// (exploration steps the reference as it chooses); else the reference runs the probe.
    /// Most runs agree: a run that answers exactly as the reference did and breaks no invariant
    /// is settled at once (`answersEqual`), any other is asked whether it passes without
    /// building a result, and only a run that does not pass is judged in full. `scenario`: the
    /// probe as a scenario, when it was made before (`SharedRuns`). `invariants`: whether a run
    /// that answers exactly `answered` breaks no invariant, seen through the given keys, worked
    /// out by the closure it is handed or known from an earlier run that answered the same
    /// (`SharedRuns`).
    package func check<Reference: ImplementationUnderTest, Candidate: ImplementationUnderTest>(
        _ probe: Probe, answered: [Observations]? = nil, id: String, scenario made: Scenario? = nil,
        reference: inout Reference, candidate: inout Candidate,
        invariants: (_ keys: Set<String>, _ workOut: () -> Bool) -> Bool = { _, workOut in workOut() }
    ) -> Verdict {
        guard let scenario = made ?? probe.scenario(id: id, model: model) else {
            return .invalid("the reference cannot run this probe")
        }
        let inputsPerStep = scenario.steps.map { $0.inputs.count }
        var observed: [Observations]?
        if let answered {
            guard answered.count == inputsPerStep.reduce(0, +) else {
                return .invalid("the reference cannot run this probe")
            }
        } else {
            observed = referenceObservations(of: scenario, on: &reference)
            guard observed?.count == scenario.steps.count else {
                return .invalid("the reference cannot run this probe")
            }
        }
        let keys = comparedKeys(candidate)
        let result: ScenarioResult
        switch runner.answers(to: scenario, from: &candidate) {
        case .notRun(let notRun):
            result = notRun
        case .answered(let answers):
            if let answered, runner.answersEqual(answers, answered),
                invariants(answers.observedKeys, { runner.breaksNoInvariant(answers) })
            {
                return .agrees
            }
            let expected = observed ?? stepObservations(answered ?? [], inputsPerStep: inputsPerStep)
            if runner.passes(
                answers, expected: expected, keys: observationKeys.filter(keys.contains), inputsPerStep: inputsPerStep)
            {
                return .agrees
            }
            result = runner.judge(
                expectations(for: scenario, observed: expected, keys: keys), answers: answers,
                implementation: candidate.name)
        }
        switch result.outcome {
        case .refused:
            let step = result.firstProblem
            return .refused(
                Refusal(
                    step: step?.index, input: step.map(Self.refusedInput),
                    message: step?.message ?? result.message ?? "refused"))
        case .skipped:
            return .invalid(result.message ?? "an input the implementation does not declare")
        case .failed, .errored: break
        case .passed, .partlyChecked, .notChecked: return .agrees
        }
        // An implementation that could not start errs before the first step.
        let problem = result.firstProblem
        let signature = Signature(
            input: problem?.step.written.name ?? "start", keys: Set(problem?.differences.map(\.key) ?? []),
            errored: problem.map { $0.outcome == .errored } ?? true,
            brokeAnInvariant: problem?.differences.contains { $0.subject.isInvariant } ?? false)
        return .diverges(
            Divergence(probe: probe, step: problem?.index ?? 0, signature: signature, result: result))
    }

    /// The input of a refused step the implementation refused: the first it did not answer
    /// (a shorthand's inputs, repeats included, are answered in order).
    static func refusedInput(_ step: StepResult) -> String {
        let inputs = step.step.inputs
        return inputs.isEmpty ? step.step.written.name : inputs[step.trace.count % inputs.count].name
    }

    /// Each step's observations as a run keeps them, from the answers to its inputs.
    func stepObservations(_ answered: [Observations], inputsPerStep: [Int]) -> [Observations] {
        var next = 0
        return inputsPerStep.map { count in
            defer { next += count }
            return runner.stepObservations(Array(answered[next..<next + count]))
        }
    }

    /// The keys compared on this implementation.
    package func comparedKeys(_ candidate: some ImplementationUnderTest) -> Set<String> {
        let observed = candidate.observedKeys.intersection(observationKeys)
        return keys.map { observed.intersection($0) } ?? observed
    }

    /// The probe as a scenario whose every step expects, on `keys`, what the reference observed.
    package func expectations<Reference: ImplementationUnderTest>(
        for probe: Probe, id: String, reference: inout Reference, keys: Set<String>
    ) -> Scenario? {
        guard let scenario = probe.scenario(id: id, model: model),
            let observed = referenceObservations(of: scenario, on: &reference)
        else { return nil }
        return expectations(for: scenario, observed: observed, keys: keys)
    }

    /// What the reference observed at each step of the scenario, or nil if it could not run it.
    func referenceObservations<Reference: ImplementationUnderTest>(
        of scenario: Scenario, on reference: inout Reference
    ) -> [Observations]? {
        let result = runner.run(scenario, on: &reference)
        guard result.outcome.ranWithoutProblem, result.steps.count == scenario.steps.count else { return nil }
        return result.steps.map(\.observations)
    }

    /// The scenario with every step expecting, on `keys`, what was observed there.
    func expectations(for scenario: Scenario, observed: [Observations], keys: Set<String>) -> Scenario {
        var scenario = scenario
        for (index, observations) in observed.enumerated() {
            let location = scenario.steps[index].location
            scenario.steps[index].expectations = model.observations.compactMap { declaration in
                guard keys.contains(declaration.key), let value = observations[declaration.key] else { return nil }
                return Expectation(key: declaration.key, value: value, location: location)
            }
        }
        return scenario
    }
}
