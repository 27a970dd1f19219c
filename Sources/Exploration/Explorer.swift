import Foundation
import Results
import SpecModel

/// How long and how deep to explore, from which seed.
public struct ExplorationSettings: Sendable {
    public var seed: UInt64
    /// Runs to make at most (nil: as many as the time budget allows).
    public var runs: Int?
    public var budget: Duration
    /// Inputs per run.
    public var depth: Int
    /// How often the smallest counterexample is replayed to tell a steady failure from a flaky one.
    public var replays: Int

    public init(seed: UInt64, runs: Int? = nil, budget: Duration = .seconds(60), depth: Int = 40, replays: Int = 5) {
        self.seed = seed
        self.runs = runs
        self.budget = budget
        self.depth = depth
        self.replays = replays
    }
}

/// What exploring found: how much it tried, and the smallest divergence, if any.
public struct Exploration: Sendable {
    public var runs = 0
    public var steps = 0
    public var met: Set<InputInState> = []
    /// Input x state pairs the model can be asked (every state an input arrives in, every input label).
    public var pairs = 0
    public var found: Counterexample?
    /// A stop (a signal) ended it before its budget.
    public var interrupted = false
}

/// A divergence as found and as shrunk, with how steadily the smallest one fails.
public struct Counterexample: Sendable {
    public var run: Int
    public var original: Divergence
    public var smallest: Divergence
    /// Candidates tried while shrinking.
    public var tries: Int
    public var replays: Int
    /// Replays that failed with the same signature: fewer than `replays` means flaky.
    public var failedReplays: Int

    public var flaky: Bool { failedReplays < replays }
}

/// Where an exploration stands, for a progress line.
public struct ExplorationProgress: Sendable {
    public var runs: Int
    public var steps: Int
    public var met: Int
    public var pairs: Int
    public var shrinking: Bool
}

/// Drives an implementation with long, state-aware random input sequences, compares each with
/// the reference step by step, and shrinks the first divergence to the smallest probe that
/// still diverges the same way. The same seed gives the same runs: every random choice comes
/// from the seed and the run's number, and the reference's answers.
public struct Explorer: Sendable {
    public let model: ModelDeclaration
    public var settings: ExplorationSettings
    public var check: DifferentialCheck

    public init(model: ModelDeclaration, settings: ExplorationSettings, keys: Set<String>? = nil) {
        self.model = model
        self.settings = settings
        check = DifferentialCheck(model: model, keys: keys)
    }

    public func explore<Reference: ImplementationUnderTest, Candidate: ImplementationUnderTest>(
        reference: inout Reference, candidate: inout Candidate, stop: () -> Bool = { false },
        progress: (ExplorationProgress) -> Void = { _ in }
    ) -> Exploration {
        let started = ContinuousClock.now
        let generator = ProbeGenerator(model: model, supported: candidate.supportedInputs)
        var exploration = Exploration()
        exploration.pairs = model.waitingStates.count * model.inputLabels.count
        while settings.runs.map({ exploration.runs < $0 }) ?? true, ContinuousClock.now - started < settings.budget {
            if stop() {
                exploration.interrupted = true
                break
            }
            let run = exploration.runs
            exploration.runs += 1
            var random = SeededRandom(seed: settings.seed, run: run)
            guard let probe = generate(&random, generator: generator, reference: &reference, met: &exploration.met)
            else { continue }
            exploration.steps += probe.steps.count
            progress(
                ExplorationProgress(
                    runs: exploration.runs, steps: exploration.steps, met: exploration.met.count,
                    pairs: exploration.pairs, shrinking: false))
            let id = "explore-\(settings.seed)-\(run)"
            guard
                case .diverges(let divergence) = check.check(
                    probe, id: id, reference: &reference, candidate: &candidate)
            else { continue }
            progress(
                ExplorationProgress(
                    runs: exploration.runs, steps: exploration.steps, met: exploration.met.count,
                    pairs: exploration.pairs, shrinking: true))
            func test(_ probe: Probe) -> Divergence? {
                if case .diverges(let found) = check.check(probe, id: id, reference: &reference, candidate: &candidate)
                {
                    return found
                }
                return nil
            }
            let (smallest, tries) = Shrinker(model: model).shrink(divergence, test: test)
            let failed = (0..<settings.replays).filter { _ in
                test(smallest.probe).map { $0.signature.matches(smallest.signature) } ?? false
            }.count
            exploration.found = Counterexample(
                run: run, original: divergence, smallest: smallest, tries: tries, replays: settings.replays,
                failedReplays: failed)
            break
        }
        return exploration
    }

    /// One run's probe, chosen input by input as the reference moves: the reference is the
    /// generator's map of where each input leads.
    public func generate<Reference: ImplementationUnderTest>(
        _ random: inout SeededRandom, generator: ProbeGenerator, reference: inout Reference,
        met: inout Set<InputInState>
    ) -> Probe? {
        let world = generator.world(&random)
        guard let given = Probe(given: world, steps: []).scenario(id: "generate", model: model)?.given else {
            return nil
        }
        do {
            try reference.start(scenario: "generate", given: given)
        } catch {
            return nil
        }
        defer { reference.finish() }
        let choices = generator.choices(given: given)
        var state = model.initialState
        var observations: Observations = [:]
        var clock = 0
        var steps: [Input] = []
        var recent: [Int] = []
        for _ in 0..<settings.depth {
            guard
                let input = generator.next(
                    in: state, observations: observations, given: given, elapsed: clock, recent: recent,
                    choices: choices, met: met, random: &random)
            else { continue }
            if input.name != model.clockInput { recent = Array((recent + [clock]).suffix(4)) }
            for sent in Probe.expanded(input, model: model) {
                if sent.name == model.clockInput { clock += sent.argument?.int ?? 0 }
                met.insert(InputInState(state: state, input: model.label(of: sent)))
                do {
                    observations = try reference.perform(sent, atMilliseconds: clock)
                } catch {
                    return nil
                }
                state = observations[model.stateKey]?.string ?? state
            }
            steps.append(input)
        }
        return Probe(given: world, steps: steps)
    }
}
