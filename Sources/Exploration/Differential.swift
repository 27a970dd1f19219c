import Results
import Runner
import ScenarioModel
import SpecModel

/// Where an implementation first parted from the reference on a probe.
public struct Divergence: Sendable {
    public var probe: Probe
    /// The step (index into `probe.steps`) where it parted.
    public var step: Int
    public var signature: Signature
    /// The implementation's run of the probe, with the reference's observations as expectations.
    public var result: ScenarioResult
}

/// What kind of divergence: the keys that differ and the input of the step where they do, or
/// the implementation's failure there. Shrinking keeps only candidates with the same
/// signature, so it never drifts from one bug to another.
public struct Signature: Sendable, Hashable, CustomStringConvertible {
    public var input: String
    public var keys: Set<String>
    /// The implementation errored (crashed, timed out, broke the protocol) rather than differed.
    public var errored: Bool

    public func matches(_ other: Signature) -> Bool {
        input == other.input && errored == other.errored && (errored || !keys.isDisjoint(with: other.keys))
    }

    public var description: String {
        errored ? "an error at '\(input)'" : "\(keys.sorted().joined(separator: ", ")) after '\(input)'"
    }
}

/// Runs a probe on the reference, takes what it observed at every step as that step's
/// expectations, and runs the probe so expected on an implementation: the runner's own
/// judgement, so exploration and `run` can never disagree about what a difference is.
public struct DifferentialCheck: Sendable {
    public let model: ModelDeclaration
    /// The keys compared (nil: every key the implementation observes).
    public var keys: Set<String>?
    let runner: ScenarioRunner

    public init(model: ModelDeclaration, keys: Set<String>? = nil) {
        self.model = model
        self.keys = keys
        runner = ScenarioRunner(model: model)
    }

    public enum Verdict: Sendable {
        /// The same on every compared key at every step.
        case agrees
        case diverges(Divergence)
        /// The probe is not one to try: the model rejects its world, or the reference could not run it.
        case invalid(String)
    }

    /// `observed`: the reference's observations of each step, when the probe was made on it
    /// (exploration steps the reference as it chooses); else the reference runs the probe.
    /// Most runs agree: the runner says so without building a result, and judges in full only
    /// a run that does not pass.
    public func check<Reference: ImplementationUnderTest, Candidate: ImplementationUnderTest>(
        _ probe: Probe, observed: [Observations]? = nil, id: String, reference: inout Reference,
        candidate: inout Candidate
    ) -> Verdict {
        guard let scenario = probe.scenario(id: id, model: model),
            let observed = observed ?? referenceObservations(of: scenario, on: &reference),
            observed.count == scenario.steps.count
        else { return .invalid("the reference cannot run this probe") }
        let keys = comparedKeys(candidate)
        let result: ScenarioResult
        switch runner.answers(to: scenario, from: &candidate) {
        case .notRun(let notRun):
            result = notRun
        case .answered(let answers):
            if runner.passes(
                answers, expected: observed, keys: model.observations.map(\.key).filter(keys.contains),
                inputsPerStep: scenario.steps.map(\.inputs.count))
            {
                return .agrees
            }
            result = runner.judge(
                expectations(for: scenario, observed: observed, keys: keys), answers: answers,
                implementation: candidate.name)
        }
        guard result.outcome == .failed || result.outcome == .errored else { return .agrees }
        // An implementation that could not start errs before the first step.
        let problem = result.firstProblem
        let signature = Signature(
            input: problem?.step.written.name ?? "start", keys: Set(problem?.differences.map(\.key) ?? []),
            errored: problem.map { $0.outcome == .errored } ?? true)
        return .diverges(
            Divergence(probe: probe, step: problem?.index ?? 0, signature: signature, result: result))
    }

    /// The keys compared on this implementation.
    public func comparedKeys(_ candidate: some ImplementationUnderTest) -> Set<String> {
        let observed = candidate.observedKeys.intersection(model.observations.map(\.key))
        return keys.map { observed.intersection($0) } ?? observed
    }

    /// The probe as a scenario whose every step expects, on `keys`, what the reference observed.
    public func expectations<Reference: ImplementationUnderTest>(
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
