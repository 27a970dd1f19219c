import Dispatch
import Foundation
import Results
import Runner
import ScenarioModel
import SpecModel

/// How long and how deep to explore, from which seed.
package struct ExplorationSettings: Sendable {
    package var seed: UInt64
    /// Runs to make at most (nil: as many as the time budget allows).
    package var runs: Int?
    package var budget: Duration
    /// Inputs per run.
    package var depth: Int
    /// How often the smallest counterexample is replayed to tell a steady failure from a flaky one.
    package var replays: Int
    /// Given keys every world keeps at these values (`--given`).
    package var given: [String: Value] = [:]
    /// Inputs never sent (`--skip-input`).
    package var skippedInputs: Set<String> = []
    /// Divergences already known (a baseline's failures): passed over, the search goes on.
    package var expected: [KnownDivergence] = []
    /// Refusals of worlds and inputs the driver declares let through (`--allow-refusals`).
    package var allowRefusals = false
    /// Past `runs`, rounds go on while an input x state pair is unmet, up to this many runs in
    /// all (nil: `runs` is the end): what a verdict of no divergence needs (mutate's survivors).
    package var runsToMeetEveryPair: Int?
    /// Runs made on the reference by an earlier exploration with these settings, to use again
    /// (`mutate`'s survivors): nil, each exploration makes its own.
    package var sharedRuns: SharedRuns?
    /// How long shrinking a divergence may take (nil: as long as `budget`): kept apart from the
    /// budget so that a search given a share of it still shrinks what it finds in full time.
    package var shrinkLimit: Duration?

    package init(seed: UInt64, runs: Int? = nil, budget: Duration = .seconds(60), depth: Int = 40, replays: Int = 5) {
        self.seed = seed
        self.runs = runs
        self.budget = budget
        self.depth = depth
        self.replays = replays
    }
}

/// What exploring found: how much it tried, and the smallest divergence, if any.
package struct Exploration: Sendable {
    package var runs = 0
    package var steps = 0
    /// The input x state pairs the reference met as the runs were made (what can be reached
    /// under the settings), and those of them the implementation also ran: a run it refused
    /// counts only up to the refusal, and one the check could not judge not at all.
    package var met: Set<InputInState> = []
    package var accepted: Set<InputInState> = []
    /// Every pair a conclusion needs: each input the implementation declares (and is not
    /// skipped) in every state an input arrives in.
    package var target: Set<InputInState> = []
    /// The worlds and inputs the implementation declares and refused.
    package var refusals = Refusals()
    /// How many pairs the target holds.
    package var pairs = 0
    package var found: Counterexample?
    /// A stop (a signal) ended it before its budget.
    package var interrupted = false
    /// How long exploring took to meet its first divergence, before shrinking it.
    package var firstDivergenceAfter: Duration?
    /// After a first divergence in counters or texts alone, the search for one in the state:
    /// whether it found one, and how long it looked.
    package var stateSearch: StateSearch?
    /// Runs whose divergence a baseline expects, passed over.
    package var passedOver = 0

    package init() {}

    /// Pairs of the target no run the implementation accepted reached, in order.
    package var unmet: [InputInState] {
        target.subtracting(accepted).sorted { ($0.state, $0.input) < ($1.state, $1.input) }
    }

    /// Of those, the ones the reference did not reach either: the budget was short, or the
    /// settings (`--given`) keep the state out of reach.
    package var unreached: Set<InputInState> { target.subtracting(met) }

    /// How the exploration ends, in the order that decides: a divergence, a stop, refusals not
    /// allowed, pairs the implementation never ran (so no conclusion), or no divergence found.
    package enum Verdict: Sendable, Equatable {
        case diverged
        case interrupted
        case refused
        case inconclusive
        case noDivergence
    }

    package func verdict(allowRefusals: Bool) -> Verdict {
        if found != nil { return .diverged }
        if interrupted { return .interrupted }
        if !refusals.isEmpty && !allowRefusals { return .refused }
        if !unmet.isEmpty || accepted.isEmpty { return .inconclusive }
        return .noDivergence
    }
}

/// The search, after a first divergence in counters or texts alone, for one in the state: it
/// is bounded (`Explorer.stateSearchBound`) so that the report follows the finding closely.
package struct StateSearch: Sendable, Equatable {
    /// It found a divergence in the state, which is the one reported.
    package var found: Bool
    /// The runs it made and how long it took.
    package var runs: Int
    package var spent: Duration
    /// The time it was given: the bound, or what was left of the budget if less; nil when a
    /// run count bounds it (`--runs`), which keeps a run count's exploration reproducible.
    package var bound: Duration?

    package init(found: Bool, runs: Int, spent: Duration, bound: Duration?) {
        self.found = found
        self.runs = runs
        self.spent = spent
        self.bound = bound
    }
}

/// A divergence a baseline entry records: the state the input arrived in (when the entry
/// records it), the input's label where it went wrong (a word input with its word,
/// `biometric_error: ios.LAError.userCancel`; any other by its name, as a clock input's
/// duration differs run to run), the keys that differed there, and whether it errored. It
/// matches a divergence in the same state, at an input of the same label, of the same kind,
/// whose keys it records every one of: a divergence on another key, at another word or from
/// another state is another bug.
package struct KnownDivergence: Sendable, Equatable {
    package var state: String?
    package var label: String
    package var keys: Set<String>
    package var errored: Bool

    package init(state: String? = nil, label: String, keys: Set<String>, errored: Bool) {
        self.state = state
        self.label = label
        self.keys = keys
        self.errored = errored
    }

    /// From an entry's input as written (`advance: 8d`, `tap: use_pin`) and its state.
    package init(state: String? = nil, written: String, keys: Set<String>, errored: Bool, model: ModelDeclaration) {
        let name = String(written.prefix { $0 != ":" }).trimmingCharacters(in: .whitespaces)
        let word = written.drop { $0 != ":" }.dropFirst().trimmingCharacters(in: .whitespaces)
        let input = word.isEmpty ? Input(name) : Input(name, .string(word))
        self.init(state: state, label: model.label(of: input), keys: keys, errored: errored)
    }

    /// The divergence as a baseline entry would record it.
    package init(_ divergence: Divergence, model: ModelDeclaration) {
        self.init(
            state: Self.state(before: divergence, model: model), label: Self.label(of: divergence, model: model),
            keys: divergence.signature.keys, errored: divergence.signature.errored)
    }

    static func label(of divergence: Divergence, model: ModelDeclaration) -> String {
        divergence.probe.steps.indices.contains(divergence.step)
            ? model.label(of: divergence.probe.steps[divergence.step]) : divergence.signature.input
    }

    /// The state the diverging input arrived in: what the step before observed (the reference
    /// agreed there); nil at the first step.
    static func state(before divergence: Divergence, model: ModelDeclaration) -> String? {
        divergence.result.steps.last { $0.index < divergence.step }?.observations[model.stateKey]?.string
    }

    package func matches(_ divergence: Divergence, model: ModelDeclaration) -> Bool {
        guard divergence.signature.errored == errored, divergence.signature.keys.isSubset(of: keys),
            errored || !divergence.signature.keys.isEmpty
        else { return false }
        if let state, Self.state(before: divergence, model: model) != state { return false }
        return Self.label(of: divergence, model: model) == label
    }
}

/// What an implementation refused while explored, by value: how many runs' worlds, which given
/// values those worlds had that no accepted world had, and which inputs, how often.
package struct Refusals: Sendable, Equatable {
    /// Runs whose world it refused at start.
    package var worlds = 0
    /// Refused inputs by name: how many runs each ended.
    package var inputs: [String: Int] = [:]
    /// `key=value` of each freely chosen given key, and how many refused worlds had it.
    package var refusedValues: [String: Int] = [:]
    /// `key=value` that some accepted run's world had.
    package var acceptedValues: Set<String> = []
    /// The first refusal's words, as the implementation put them.
    package var firstMessage: String?

    package init() {}

    package var runs: Int { worlds + inputs.values.reduce(0, +) }
    package var isEmpty: Bool { runs == 0 }

    /// Given values that no accepted world had and at least a quarter of the refused worlds
    /// had, the most refused first: what the refusals are of (a value drawn once, such as a
    /// session's age, tells nothing).
    package var neverAccepted: [(value: String, runs: Int)] {
        refusedValues.filter { !acceptedValues.contains($0.key) && $0.value * 4 >= worlds }.map { ($0.key, $0.value) }
            .sorted { ($1.runs, $0.value) < ($0.runs, $1.value) }
    }
}

/// A divergence as found and as shrunk, with how steadily the smallest one fails.
package struct Counterexample: Sendable {
    package var run: Int
    package var original: Divergence
    package var smallest: Divergence
    /// Candidates tried while shrinking.
    package var tries: Int
    package var replays: Int
    /// Replays that failed with the same signature: fewer than `replays` means flaky.
    package var failedReplays: Int
    /// Why shrinking ended before it had nothing left to try, if it did: `smallest` is then
    /// the smallest found so far.
    package var cutShort: ShrinkingCut?

    package var flaky: Bool { failedReplays < replays }
}

/// What cut shrinking short.
package enum ShrinkingCut: Sendable, Equatable {
    /// Its time limit, as long as the exploration's budget.
    case timeLimit(Duration)
    /// A stop (a signal).
    case stopped
}

/// One worker's pair: the reference it steps and the implementation it drives. A worker is
/// used by one thread at a time.
package final class ExplorationWorker: @unchecked Sendable {
    package var reference: any ImplementationUnderTest
    package var candidate: any ImplementationUnderTest

    package init(reference: any ImplementationUnderTest, candidate: any ImplementationUnderTest) {
        self.reference = reference
        self.candidate = candidate
    }
}

/// Where an exploration stands, for a progress line.
package struct ExplorationProgress: Sendable {
    package var runs: Int
    package var steps: Int
    /// Pairs the implementation ran.
    package var met: Int
    package var pairs: Int
    package var shrinking: Bool
}

/// Drives an implementation with long, state-aware random input sequences, compares each with
/// the reference step by step, and shrinks the first divergence to the smallest probe that
/// still diverges the same way. The same seed gives the same runs: every random choice comes
/// from the seed and the run's number, and the reference's answers.
package struct Explorer: Sendable {
    package let model: ModelDeclaration
    package var settings: ExplorationSettings
    package var check: DifferentialCheck
    /// What the budget is measured on.
    package var clock: SessionClock

    package init(model: ModelDeclaration, settings: ExplorationSettings, keys: Set<String>? = nil, clock: SessionClock)
    {
        self.model = model
        self.settings = settings
        self.clock = clock
        check = DifferentialCheck(model: model, keys: keys)
    }

    /// Runs are made in rounds of this many. Every run of a round is generated from the pairs
    /// met before the round, so a round's runs depend on nothing but the seed and the rounds
    /// before: workers can share them out, and any number of workers gives the same runs.
    package static let round = 16

    package func explore<Reference: ImplementationUnderTest, Candidate: ImplementationUnderTest>(
        reference: inout Reference, candidate: inout Candidate, stop: () -> Bool = { false },
        progress: (ExplorationProgress) -> Void = { _ in }
    ) -> Exploration {
        let worker = ExplorationWorker(reference: reference, candidate: candidate)
        defer {
            reference = worker.reference as! Reference
            candidate = worker.candidate as! Candidate
        }
        return explore(workers: [worker], stop: stop, progress: progress)
    }

    /// Explores with each worker's own reference and implementation (a driver process each),
    /// the runs of a round shared out among them; the first divergence, by run number, is
    /// shrunk on the first worker.
    package func explore(
        workers: [ExplorationWorker], stop: () -> Bool = { false }, progress: (ExplorationProgress) -> Void = { _ in }
    ) -> Exploration {
        precondition(!workers.isEmpty, "explore needs a worker")
        let started = clock.monotonic()
        let sendable = (workers[0].candidate.supportedInputs ?? Set(model.inputs.map(\.name))).subtracting(
            settings.skippedInputs)
        var generator = ProbeGenerator(
            model: model,
            supported: settings.skippedInputs.isEmpty ? workers[0].candidate.supportedInputs : sendable)
        generator.fixed = settings.given
        var exploration = Exploration()
        exploration.target = target(sending: sendable)
        exploration.pairs = exploration.target.count
        let sharing = settings.sharedRuns.flatMap { shared in
            shared.admits(
                "\(settings.seed) \(settings.depth) \(settings.runs ?? -1) \(settings.runsToMeetEveryPair ?? -1) "
                    + "\(generator.supported?.sorted() ?? []) \(settings.given.sorted { $0.key < $1.key })")
                ? shared : nil
        }
        var next = 0
        var corpus = Corpus()
        var live: Set<InputInState> = []
        var untelling: (divergence: Divergence, run: Int)?
        rounds: while let end = lastRun(after: next, exploration), clock.monotonic() - started < settings.budget {
            if stop() {
                exploration.interrupted = true
                break
            }
            let runs = Array(next..<min(next + Self.round, end))
            next += runs.count
            let outcomes = self.round(
                runs, met: exploration.met, live: live, corpus: corpus, generator: generator, workers: workers,
                wanting: Self.wanting(exploration.target.subtracting(exploration.met)), sharing: sharing)
            for (run, outcome) in zip(runs, outcomes) {
                exploration.runs = run + 1
                exploration.met.formUnion(outcome.met)
                live.formUnion(outcome.live)
                guard let probe = outcome.probe else { continue }
                corpus.add(outcome.novel, of: probe)
                exploration.steps += probe.steps.count
                account(outcome, probe: probe, in: &exploration)
                guard case .diverges(let divergence)? = outcome.verdict else { continue }
                if passedOver(divergence) {
                    exploration.passedOver += 1
                    continue
                }
                if exploration.firstDivergenceAfter == nil {
                    exploration.firstDivergenceAfter = clock.monotonic() - started
                }
                guard telling(divergence) else {
                    untelling = (divergence, run)
                    break rounds
                }
                progress(
                    ExplorationProgress(
                        runs: exploration.runs, steps: exploration.steps, met: exploration.accepted.count,
                        pairs: exploration.pairs, shrinking: true))
                exploration.found = shrink(divergence, run: run, on: workers[0], stop: stop)
                break rounds
            }
            progress(
                ExplorationProgress(
                    runs: exploration.runs, steps: exploration.steps, met: exploration.accepted.count,
                    pairs: exploration.pairs, shrinking: false))
        }
        // A divergence in counters or texts alone: the same runs, and a few rounds more, are
        // compared on the state alone, which tells a developer more (the PIN screen where the
        // prompt should be, rather than a count off by one) and is often there later in a run
        // that parted on a count at its first step. The first divergence is kept if none is.
        if untelling != nil, var focused = focusedOnTheState(upTo: next + Self.lookingForTheState) {
            // Within what is left of the time budget, and when time bounds the exploration within
            // its own bound too; its runs are the first ones again, so `--runs` as many reproduces
            // what it finds (a run count, not a time, bounds it then).
            let left = settings.budget - (clock.monotonic() - started)
            let bound = settings.runs == nil ? min(left, Self.stateSearchBound(budget: settings.budget)) : nil
            focused.settings.budget = bound ?? left
            let began = clock.monotonic()
            let found = focused.explore(workers: workers, stop: stop, progress: progress)
            exploration.stateSearch = StateSearch(
                found: found.found != nil, runs: found.runs, spent: clock.monotonic() - began, bound: bound)
            exploration.interrupted = exploration.interrupted || found.interrupted
            if let better = found.found {
                exploration.found = better
                exploration.runs = max(exploration.runs, found.runs)
                exploration.steps += found.steps
                exploration.met.formUnion(found.met)
                exploration.accepted.formUnion(found.accepted)
                return exploration
            }
        }
        if let kept = untelling {
            progress(
                ExplorationProgress(
                    runs: exploration.runs, steps: exploration.steps, met: exploration.accepted.count,
                    pairs: exploration.pairs, shrinking: true))
            exploration.found = shrink(kept.divergence, run: kept.run, on: workers[0], stop: stop)
        }
        return exploration
    }

    /// Each input label of the inputs in `sendable` (a shorthand's are its inputs') in every
    /// state an input arrives in.
    func target(sending sendable: Set<String>) -> Set<InputInState> {
        let labels = model.inputLabels.filter { sendable.contains(String($0.prefix { $0 != ":" })) }
        return Set(model.waitingStates.flatMap { state in labels.map { InputInState(state: state, input: $0) } })
    }

    /// Where the rounds may go up to after `next` runs (nil: they end): `runs`, and past it, while
    /// a pair is unmet, `runsToMeetEveryPair`.
    func lastRun(after next: Int, _ exploration: Exploration) -> Int? {
        guard let runs = settings.runs else { return Int.max }
        if next < runs { return runs }
        guard let most = settings.runsToMeetEveryPair, next < most,
            !exploration.target.isSubset(of: exploration.accepted)
        else { return nil }
        return most
    }

    /// The inputs not sent yet in each state, by state.
    static func wanting(_ unmet: Set<InputInState>) -> [String: Set<String>] {
        Dictionary(grouping: unmet, by: \.state).mapValues { Set($0.map(\.input)) }
    }

    /// What a run tells of the implementation: the pairs it ran (up to a refusal or a
    /// divergence), and what it refused, by value.
    func account(_ outcome: RunOutcome, probe: Probe, in exploration: inout Exploration) {
        // The steps it ran, and whether it took the world.
        let ran: Int
        var tookTheWorld = true
        switch outcome.verdict {
        case .agrees?: ran = outcome.stepPairs.count
        case .diverges(let divergence)?: ran = divergence.step
        case .refused(let refusal)?:
            ran = refusal.step ?? 0
            if exploration.refusals.firstMessage == nil { exploration.refusals.firstMessage = refusal.message }
            if let step = refusal.step, let input = refusal.input, step >= 0 {
                exploration.refusals.inputs[input, default: 0] += 1
            } else {
                tookTheWorld = false
                exploration.refusals.worlds += 1
                for value in worldValues(probe) { exploration.refusals.refusedValues[value, default: 0] += 1 }
            }
        case .invalid?, nil:
            ran = 0
            tookTheWorld = false
        }
        if tookTheWorld { exploration.refusals.acceptedValues.formUnion(worldValues(probe)) }
        for pairs in outcome.stepPairs.prefix(ran) { exploration.accepted.formUnion(pairs) }
    }

    /// `key=value` of each freely chosen given key of the probe's world, defaults included.
    func worldValues(_ probe: Probe) -> [String] {
        model.given.filter { $0.type.isChosenFreely }.map { key in
            "\(key.key)=\((probe.given[key.key] ?? key.defaultValue).description)"
        }
    }

    /// How often a chosen input starts a run of the latest few played again.
    static let repeatChance = 0.06
    /// The same, after an input that kept the state but changed what it shows (a wrong code
    /// counted, a wrong PIN): the kind of input counting bugs need five of.
    static let repeatAfterACountChance = 0.3

    /// Runs spent, after a divergence in other keys, looking for one in the state.
    static let lookingForTheState = 160 * round

    /// The time the search for a divergence in the state may take when time bounds the
    /// exploration: a tenth of the budget, at most a second, so that a first divergence is
    /// reported within about a second of being met.
    package static func stateSearchBound(budget: Duration) -> Duration { min(.seconds(1), budget / 10) }

    /// Whether a divergence shows in the state, an invariant or an error, not only in counters
    /// or texts.
    func telling(_ divergence: Divergence) -> Bool {
        divergence.signature.errored || !divergence.signature.keys.isDisjoint(with: model.stateValuedKeys)
            || divergence.signature.brokeAnInvariant
    }

    /// The same exploration comparing only the state keys it compares, for `runs` runs; nil
    /// when it compares none of them.
    func focusedOnTheState(upTo runs: Int) -> Explorer? {
        let compared = check.keys ?? Set(model.observations.map(\.key))
        let state = compared.intersection(model.stateValuedKeys)
        guard !state.isEmpty, state != compared else { return nil }
        var focused = Explorer(model: model, settings: settings, keys: state, clock: clock)
        focused.settings.shrinkLimit = settings.shrinkLimit ?? settings.budget
        focused.settings.runs = min(runs, settings.runs ?? runs)
        focused.settings.sharedRuns = nil
        return focused
    }

    /// The keys of observations in the order they lie, each with its kind (nil: a key the model
    /// does not declare).
    typealias KeyKinds = (keys: [String], kinds: [ObservationDeclaration.Kind?])

    /// The kind of each key of observations laid out as `observations` is, for `changed` to walk
    /// a step's observations by position.
    func kinds(as observations: Observations) -> KeyKinds {
        (observations.map(\.key), observations.map { model.observation(named: $0.key)?.kind })
    }

    /// Whether a step changed what the reference shows: a value after it differs, or something
    /// happened during it (a log key not empty). Observations laid out as `layout` says are
    /// walked side by side with no key hashed; any others are looked up key by key.
    func changed(
        from before: Observations, to after: Observations, layout: KeyKinds? = nil
    ) -> Bool {
        if let layout, !before.isEmpty, before.count == layout.keys.count, after.count == layout.keys.count {
            var position = 0
            var laidOut = true
            for ((key, old), (otherKey, new)) in zip(before, after) {
                guard key == otherKey, key == layout.keys[position] else {
                    laidOut = false
                    break
                }
                switch layout.kinds[position] {
                case .snapshot?: if old != new { return true }
                case .log?: if new != .list([]) && new != .null { return true }
                case nil: break
                }
                position += 1
            }
            if laidOut { return false }
        }
        return model.observations.contains { observation in
            switch observation.kind {
            case .snapshot:
                // Before the first step nothing was shown: only a move out of the first state counts.
                guard !before.isEmpty else {
                    return observation.key == model.stateKey && after[observation.key] != .string(model.initialState)
                }
                return before[observation.key] != after[observation.key]
            case .log: return after[observation.key].map { $0 != .list([]) && $0 != .null } ?? false
            }
        }
    }

    /// The inputs from the latest earlier step that began in `state` to the last step, which
    /// brought the run back to it; nil when the run was never there or the way is too long.
    func wayRound(to state: String, before: [String], steps: [Input]) -> ArraySlice<Input>? {
        guard let last = before.indices.last,
            let start = before[..<last].lastIndex(of: state), last + 1 - start <= Self.longestReturn
        else { return nil }
        return steps[start...last]
    }

    /// A run made on the reference: its probe, the reference's answer to each input sent, and
    /// the input x state pairs each step met.
    typealias Answered = (probe: Probe, answered: [Observations], pairs: [[InputInState]])

    /// What one run made and found.
    struct RunOutcome: Sendable {
        var probe: Probe?
        var met: Set<InputInState> = []
        /// The pairs each step of the probe met on the reference, in step order.
        var stepPairs: [[InputInState]] = []
        var live: Set<InputInState> = []
        var verdict: DifferentialCheck.Verdict?
        /// The places it reached that the corpus did not know, with the prefix that got there.
        var novel: [Corpus.Novelty] = []
    }

    /// Whether a divergence is one the baseline knows of: not what is looked for.
    func passedOver(_ divergence: Divergence) -> Bool {
        !settings.expected.isEmpty && settings.expected.contains { $0.matches(divergence, model: model) }
    }

    /// A round's runs, shared out among the workers, each generated from `met` as it stood
    /// before the round; in run order. A divergence ends the exploration at its run, so the
    /// runs after it are not made (their outcomes are left empty): a first divergence is
    /// reported when its own run ends, not the round's last.
    func round(
        _ runs: [Int], met: Set<InputInState>, live: Set<InputInState> = [], corpus: Corpus,
        generator: ProbeGenerator, workers: [ExplorationWorker], wanting: [String: Set<String>] = [:],
        sharing: SharedRuns? = nil
    ) -> [RunOutcome] {
        let outcomes = Locked([RunOutcome](repeating: RunOutcome(), count: runs.count))
        let count = min(workers.count, runs.count)
        let before = MetPairs(met, live: live, generator: generator)
        // The first run of the round that diverged (in a way the baseline does not know of).
        let divergedAt = Locked<Int?>(nil)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let worker = workers[index]
            for slot in stride(from: index, to: runs.count, by: count) {
                let run = runs[slot]
                if let first = divergedAt.value, run > first { break }
                var outcome: RunOutcome
                var made: Answered?
                var scenario: Scenario?
                let id = "explore-\(settings.seed)-\(run)"
                if let kept = sharing?.made(run) {
                    (outcome, made, scenario) = kept
                } else {
                    var random = SeededRandom(seed: settings.seed, run: run)
                    var seen = before
                    outcome = RunOutcome()
                    made = generateObserved(
                        &random, generator: generator, reference: &worker.reference, met: &seen, corpus: corpus,
                        wanting: wanting, novel: &outcome.novel)
                    outcome.probe = made?.probe
                    outcome.stepPairs = made?.pairs ?? []
                    outcome.met = seen.added(since: before, generator: generator)
                    outcome.live = seen.addedLive(since: before, generator: generator)
                    if let sharing {
                        scenario = made?.probe.scenario(id: id, model: model)
                        sharing.keep(run, outcome: outcome, made: made, scenario: scenario)
                    }
                }
                if let made {
                    outcome.verdict = check.check(
                        made.probe, answered: made.answered, id: id, scenario: scenario,
                        reference: &worker.reference, candidate: &worker.candidate,
                        invariants: { keys, workOut in
                            sharing?.breaksNoInvariant(run, seenThrough: keys, otherwise: workOut) ?? workOut()
                        })
                    if case .diverges(let divergence)? = outcome.verdict, !passedOver(divergence) {
                        divergedAt.update { first in first = min(first ?? run, run) }
                    }
                }
                outcomes.update { $0[slot] = outcome }
            }
        }
        return outcomes.value
    }

    /// The divergence shrunk to the smallest probe with the same signature, and replayed.
    /// Shrinking takes at most as long again as the budget: each candidate is a run of the
    /// driver, and a slow driver must not turn a bounded exploration into an unbounded one.
    func shrink(
        _ divergence: Divergence, run: Int, on worker: ExplorationWorker, stop: () -> Bool = { false }
    ) -> Counterexample {
        let id = "explore-\(settings.seed)-\(run)"
        func test(_ probe: Probe) -> Divergence? {
            if case .diverges(let found) = check.check(
                probe, id: id, reference: &worker.reference, candidate: &worker.candidate)
            {
                return found
            }
            return nil
        }
        let began = clock.monotonic()
        let limit = settings.shrinkLimit ?? settings.budget
        var cut: ShrinkingCut?
        let shrunk = Shrinker(model: model).shrink(
            divergence,
            stopped: {
                if stop() {
                    cut = .stopped
                } else if clock.monotonic() - began >= limit {
                    cut = .timeLimit(limit)
                }
                return cut != nil
            }, test: test)
        let smallest = shrunk.smallest
        // After a stop nothing more is sent: the counterexample is not replayed.
        var replays = 0
        var failed = 0
        while replays < settings.replays && cut != .stopped && !stop() {
            replays += 1
            if test(smallest.probe).map({ $0.signature.matches(smallest.signature) }) ?? false { failed += 1 }
        }
        return Counterexample(
            run: run, original: divergence, smallest: smallest, tries: shrunk.tries, replays: replays,
            failedReplays: failed, cutShort: cut)
    }

    /// One run's probe, chosen input by input as the reference moves: the reference is the
    /// generator's map of where each input leads.
    package func generate<Reference: ImplementationUnderTest>(
        _ random: inout SeededRandom, generator: ProbeGenerator, reference: inout Reference,
        met: inout Set<InputInState>
    ) -> Probe? {
        let before = MetPairs(met, generator: generator)
        var seen = before
        defer { met.formUnion(seen.added(since: before, generator: generator)) }
        return generateObserved(&random, generator: generator, reference: &reference, met: &seen)?.probe
    }

    /// The probe, with what the reference answered to each of its inputs (shorthands expanded).
    func generateObserved<Reference: ImplementationUnderTest>(
        _ random: inout SeededRandom, generator: ProbeGenerator, reference: inout Reference,
        met: inout MetPairs, corpus: Corpus? = nil
    ) -> Answered? {
        var novel: [Corpus.Novelty] = []
        return generateObserved(
            &random, generator: generator, reference: &reference, met: &met, corpus: corpus, novel: &novel)
    }

    /// How often a run back in a state it was in before plays again what it did from there, the
    /// same inputs with the same arguments (sign in with a code, sign out, sign in with the same
    /// code): the bugs in what a second time must refuse or reset.
    static let returnReplayChance = 0.3
    /// The longest way round played again.
    static let longestReturn = 24

    /// How often a run draws on a random half of the inputs only (a swarm run), so that inputs
    /// that undo one another's effect (a kill, a background) leave the others room.
    static let swarmChance = 0.25
    /// How often a run of inputs played again draws each one's argument afresh (five codes, one
    /// of them expired; wrong PINs of several lengths).
    static let variedRepeatChance = 0.5
    /// How often a run from a kept prefix plays it in a world with one given key changed.
    static let variedWorldChance = 0.25

    func generateObserved<Reference: ImplementationUnderTest>(
        _ random: inout SeededRandom, generator: ProbeGenerator, reference: inout Reference,
        met: inout MetPairs, corpus: Corpus?, wanting: [String: Set<String>] = [:], novel: inout [Corpus.Novelty]
    ) -> Answered? {
        let picked = corpus?.pick(&random, wanting: Set(wanting.keys))
        let start = picked?.entry
        var world = start?.given ?? generator.world(&random)
        if start != nil, random.chance(Self.variedWorldChance) { world = generator.varied(world, &random) }
        guard let given = Probe(given: world, steps: []).scenario(id: "generate", model: model)?.given else {
            return nil
        }
        do {
            try reference.start(scenario: "generate", given: given)
        } catch {
            return nil
        }
        defer { reference.finish() }
        // Every input the world takes, and those this run draws on (all, or a swarm's half).
        let every = generator.choices(given: given)
        var choices = every
        if random.chance(Self.swarmChance) {
            let kept = choices.filter { $0.isClock || random.chance(0.5) }
            if kept.contains(where: { !$0.isClock }) { choices = kept }
        }
        var state = model.initialState
        var observations: Observations = [:]
        var clock = 0
        var steps: [Input] = []
        var answered: [Observations] = []
        var stepPairs: [[InputInState]] = []
        var recent: [Int] = []
        // Bugs in counting need the same few inputs again and again (a failure, a retry, a
        // failure): now and then the latest one to three inputs are played again, twice to four times.
        var chosen: [(input: Input, choice: ProbeGenerator.Choice)] = []
        var again: [(input: Input, choice: ProbeGenerator.Choice)] = []
        var varied = false
        var places: Set<String> = []
        // The state before each step, for playing a way round again.
        var before: [String] = []
        // Where the reference stands, worked out once a step: only its inputs move it.
        var placeNow = reference.place
        // How the reference lays out its observations, learnt from its first answer.
        var layout: KeyKinds?
        /// Sends one written input (its expansion, for a shorthand) to the reference.
        func send(_ input: Input, label chosenLabel: String?, labelNumber: Int?) -> Bool {
            let entered = state
            let shown = observations
            let held = placeNow
            let sentInputs = Probe.expanded(input, model: model)
            var pairs: [InputInState] = []
            defer { stepPairs.append(pairs) }
            for sent in sentInputs {
                if sent.name == model.clockInput { clock += sent.argument?.int ?? 0 }
                // An input sent as chosen is counted under its choice's label; a shorthand's
                // inputs under their own.
                let label = sent == input ? chosenLabel ?? model.label(of: sent) : model.label(of: sent)
                pairs.append(InputInState(state: state, input: label))
                met.insert(
                    state: generator.stateIndex[state],
                    label: sent == input && chosenLabel != nil ? labelNumber : generator.labelIndex[label],
                    InputInState(state: state, input: label))
                do {
                    observations = try reference.perform(sent, atMilliseconds: clock)
                } catch {
                    return false
                }
                answered.append(observations)
                if layout == nil { layout = kinds(as: observations) }
                state = observations[model.stateKey]?.string ?? state
            }
            before.append(entered)
            placeNow = reference.place
            // Counted as a choice counts it: a shorthand under its expansion's first input's label.
            let label = chosenLabel ?? model.label(of: sentInputs.first ?? input)
            let number = chosenLabel != nil ? labelNumber : generator.labelIndex[label]
            let row = generator.stateIndex[entered]
            if !met.isLive(state: row, label: number, InputInState(state: entered, input: label)),
                changed(from: shown, to: observations, layout: layout) || placeNow != held
            {
                met.insertLive(state: row, label: number, InputInState(state: entered, input: label))
            }
            let place = placeNow ?? Corpus.place(observations, model: model)
            if let corpus, !corpus.known.contains(place), places.insert(place).inserted {
                novel.append(Corpus.Novelty(place: place, length: steps.count + 1, state: state))
            }
            steps.append(input)
            return true
        }
        // A kept prefix first, as it was played.
        for input in start?.steps ?? [] {
            if input.name != model.clockInput {
                if recent.count == 4 { recent.removeFirst() }
                recent.append(clock)
            }
            guard send(input, label: nil, labelNumber: nil) else { return nil }
        }
        // An aimed start sends first one of the inputs its state still wants.
        var aimedAt: [ProbeGenerator.Choice] = []
        if picked?.aimed == true, let labels = wanting[state] {
            aimedAt = choices.filter { labels.contains($0.label) }
        }
        for _ in 0..<settings.depth {
            var picked: (input: Input, choice: ProbeGenerator.Choice)?
            if !aimedAt.isEmpty {
                let choice = aimedAt[Int(random.next() % UInt64(aimedAt.count))]
                aimedAt = []
                picked = generator.nextInput(
                    choice, observations: observations, given: given, elapsed: clock, recent: recent, random: &random
                ).map { ($0, choice) }
            } else if again.isEmpty {
                picked = generator.next(
                    in: state, observations: observations, given: given, elapsed: clock, recent: recent,
                    choices: choices, met: met, random: &random)
                let counted =
                    answered.count >= 2 && !answered[answered.count - 1].equals(answered[answered.count - 2])
                    && answered[answered.count - 1][model.stateKey] == answered[answered.count - 2][model.stateKey]
                if let picked, chosen.count >= 1,
                    random.chance(counted ? Self.repeatAfterACountChance : Self.repeatChance)
                {
                    let run = Array((chosen + [picked]).suffix(1 + Int(random.next() % 3)))
                    // Up to five times in all: five wrong codes, five wrong PINs.
                    again = Array(repeating: run, count: 1 + Int(random.next() % 4)).flatMap { $0 }
                    varied = random.chance(Self.variedRepeatChance)
                }
            } else {
                picked = again.removeFirst()
                if varied, let (_, choice) = picked,
                    let input = generator.nextInput(
                        choice, observations: observations, given: given, elapsed: clock, recent: recent,
                        random: &random)
                {
                    picked = (input, choice)
                }
            }
            guard let (input, choice) = picked else { continue }
            chosen.append((input, choice))
            if input.name != model.clockInput {
                // The latest four times of inputs other than the clock's.
                if recent.count == 4 { recent.removeFirst() }
                recent.append(clock)
            }
            let left = state
            guard send(input, label: choice.label, labelNumber: choice.labelNumber) else { return nil }
            if again.isEmpty, state != left, let way = wayRound(to: state, before: before, steps: steps),
                random.chance(Self.returnReplayChance)
            {
                let replayed = way.compactMap { input in
                    every.first {
                        $0.declaration.name == input.name && ($0.word == nil || $0.word == input.argument?.string)
                    }
                    .map { (input, $0) }
                }
                // Only the whole way round: with an input left out it would not come back.
                if replayed.count == way.count { again = replayed }
                varied = false
            }
        }
        return (Probe(given: world, steps: steps), answered, stepPairs)
    }
}

/// Runs made on the reference, kept for the next exploration with the same settings. A run
/// depends only on the seed, its number and what the runs before it met on the reference
/// (`Explorer.round`), never on the implementation it is compared with, so explorations of
/// several implementations in one process (`mutate`'s survivors) make each run once.
package final class SharedRuns: Sendable {
    /// What a run made on the reference: its outcome before any comparison, its answers, and its
    /// probe as the scenario each candidate is driven through.
    typealias Made = (outcome: Explorer.RunOutcome, made: Explorer.Answered?, scenario: Scenario?)

    /// Runs from this number on are not kept: memory grows with each run kept.
    package let limit: Int
    /// The most runs `mutate` keeps: its survivors rarely need more to meet every pair (the
    /// flow's, with the default 300 runs, took no longer with 1,000 kept than with 3,000), and
    /// each kept run holds the reference's answers to its inputs.
    package static let mostKept = 1_000
    private let runs = Locked<[Int: Made]>([:])
    /// The settings of the first exploration that used them, as text; another is refused.
    private let settings = Locked<String?>(nil)
    /// Each kept run's invariant verdicts, by the set of keys they were seen through.
    private let invariantVerdicts = Locked<[Int: [Set<String>: Bool]]>([:])

    package init(limit: Int) {
        self.limit = limit
    }

    /// Whether an exploration with `settings` may use these runs: the first one's settings.
    func admits(_ settings: String) -> Bool {
        self.settings.update { first in
            if first == nil { first = settings }
            return first == settings
        }
    }

    func made(_ run: Int) -> Made? { runs.update { $0[run] } }

    /// Whether the reference's answers to a run break no invariant, through a set of keys: the
    /// same for every candidate that answers exactly as the reference did, so worked out once.
    func breaksNoInvariant(_ run: Int, seenThrough keys: Set<String>, otherwise workOut: () -> Bool) -> Bool {
        guard run < limit else { return workOut() }
        if let known = invariantVerdicts.update({ $0[run]?[keys] }) { return known }
        let verdict = workOut()
        invariantVerdicts.update { $0[run, default: [:]][keys] = verdict }
        return verdict
    }

    /// How many runs are kept.
    package var kept: Int { runs.update { $0.count } }

    func keep(_ run: Int, outcome: Explorer.RunOutcome, made: Explorer.Answered?, scenario: Scenario?) {
        guard run < limit else { return }
        var kept = outcome
        kept.verdict = nil
        runs.update { $0[run] = (kept, made, scenario) }
    }
}
