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
        /// The same on every compared key at every step; `expected` is the probe as a scenario
        /// with the reference's observations.
        case agrees(expected: Scenario)
        case diverges(Divergence)
        /// The probe is not one to try: the model rejects its world, or the reference could not run it.
        case invalid(String)
    }

    /// `observed`: the reference's observations of each step, when the probe was made on it
    /// (exploration steps the reference as it chooses); else the reference runs the probe.
    public func check<Reference: ImplementationUnderTest, Candidate: ImplementationUnderTest>(
        _ probe: Probe, observed: [Observations]? = nil, id: String, reference: inout Reference,
        candidate: inout Candidate
    ) -> Verdict {
        let keys = comparedKeys(candidate)
        let made =
            observed.map { expectations(for: probe, id: id, observed: $0, keys: keys) }
            ?? expectations(for: probe, id: id, reference: &reference, keys: keys)
        guard let expected = made else { return .invalid("the reference cannot run this probe") }
        let result = runner.run(expected, on: &candidate)
        guard let problem = result.firstProblem, result.outcome == .failed || result.outcome == .errored else {
            return .agrees(expected: expected)
        }
        let input = problem.step.written.name
        let signature = Signature(
            input: input, keys: Set(problem.differences.map(\.key)), errored: problem.outcome == .errored)
        return .diverges(Divergence(probe: probe, step: problem.index, signature: signature, result: result))
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
        guard let scenario = probe.scenario(id: id, model: model) else { return nil }
        let result = runner.run(scenario, on: &reference)
        guard result.outcome.ranWithoutProblem, result.steps.count == scenario.steps.count else { return nil }
        return expectations(for: probe, id: id, observed: result.steps.map(\.observations), keys: keys)
    }

    /// The probe as a scenario whose every step expects, on `keys`, what was observed there.
    func expectations(for probe: Probe, id: String, observed: [Observations], keys: Set<String>) -> Scenario? {
        guard var scenario = probe.scenario(id: id, model: model), observed.count == scenario.steps.count else {
            return nil
        }
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
