import Dispatch
import Foundation
import Results
import Runner
import ScenarioModel
import SpecModel

/// An implementation seen through fewer observation keys: what a driver that reports only
/// those would let the suite check.
package struct SeenThrough: ImplementationUnderTest {
    package var inner: any ImplementationUnderTest
    /// nil: every key, as the implementation answers (no copy of each answer made).
    package let keys: Set<String>?

    package init(_ inner: any ImplementationUnderTest, keys: Set<String>?) {
        self.inner = inner
        self.keys = keys
    }

    package var name: String { inner.name }
    package var observedKeys: Set<String> { keys.map(inner.observedKeys.intersection) ?? inner.observedKeys }
    package mutating func start(scenario: String, given: [String: Value]) throws(ImplementationError) {
        try inner.start(scenario: scenario, given: given)
    }
    package mutating func perform(_ input: Input, atMilliseconds milliseconds: Int) throws(ImplementationError)
        -> Observations
    {
        let answer = try inner.perform(input, atMilliseconds: milliseconds)
        guard let keys else { return answer }
        return answer.filter { keys.contains($0.key) }
    }
    package mutating func finish() { inner.finish() }
}

extension Mutant {
    /// The id of the scenario written to kill it (`mutate --counterexamples`, `strengthen`).
    package var scenarioID: String { "mutant-\(id)".lowercased() }
}

/// What became of one mutant: the scenario that killed it, or for a survivor, whether
/// exploration could tell it from the reference at all.
package struct MutantFate: Sendable {
    package enum Survival: Sendable {
        /// Exploration found a sequence that tells it apart: a hole in the suite.
        case hole(Divergence)
        /// Exploration found nothing in its runs, which sent every input in every state it
        /// arrives in: probably equivalent (not proven).
        case probablyEquivalent(runs: Int)
        /// Exploration found nothing, but left input x state pairs unmet (or was stopped): no
        /// verdict either way, counted against the score.
        case undecided(runs: Int, unmet: Int, pairs: Int)
    }

    package var mutant: Mutant
    /// The scenario that failed or errored on it (the first tried: those that killed most
    /// mutants before it are tried first).
    package var killedBy: String?
    package var survival: Survival?

    package var killed: Bool { killedBy != nil }
    package var isHole: Bool {
        if case .hole? = survival { return true }
        return false
    }
    package var isUndecided: Bool {
        if case .undecided? = survival { return true }
        return false
    }
    package var isProbablyEquivalent: Bool {
        if case .probablyEquivalent? = survival { return true }
        return false
    }
}

/// The suite's strength: runs the suite on every mutant up to a scenario that fails or errors
/// on it (killed), then explores each survivor against the reference to tell holes from
/// probable equivalents (or leave them undecided). The score is killed / (killed + holes +
/// undecided).
package struct MutationAnalysis: Sendable {
    /// A survivor's exploration goes on past its runs, while an input x state pair is unmet, up
    /// to this many times as many.
    package static let runsToMeetEveryPair = 10

    package let model: ModelDeclaration
    /// Compare only these keys (nil: every key): what a driver observing only them would catch.
    package var keys: Set<String>?
    package var jobs: Int
    package var exploration: ExplorationSettings
    /// What the survivors' exploration budget is measured on.
    package var clock: SessionClock

    package init(
        model: ModelDeclaration, keys: Set<String>? = nil, jobs: Int = 1, exploration: ExplorationSettings,
        clock: SessionClock
    ) {
        self.model = model
        self.keys = keys
        self.jobs = max(1, jobs)
        self.exploration = exploration
        if let runs = exploration.runs, self.exploration.runsToMeetEveryPair == nil {
            self.exploration.runsToMeetEveryPair = runs * Self.runsToMeetEveryPair
        }
        // Every survivor's exploration makes the same runs on the reference, to the first divergence.
        if self.exploration.sharedRuns == nil {
            self.exploration.sharedRuns = SharedRuns(
                limit: min(self.exploration.runsToMeetEveryPair ?? 0, SharedRuns.mostKept))
        }
        self.clock = clock
    }

    package func run(
        _ scenarios: [Scenario], mutants: [Mutant], reference: @escaping @Sendable () -> any ImplementationUnderTest,
        progress: @escaping @Sendable (_ done: Int, _ of: Int) -> Void = { _, _ in }
    ) -> [MutantFate] {
        let fates = Locked([MutantFate?](repeating: nil, count: mutants.count))
        let kills = Locked([Int](repeating: 0, count: scenarios.count))
        let done = Locked(0)
        let next = Locked(0)
        let workers = min(jobs, max(1, mutants.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.update { value -> Int in
                    defer { value += 1 }
                    return value
                }
                guard index < mutants.count else { return }
                let fate = self.fate(of: mutants[index], scenarios: scenarios, kills: kills, reference: reference)
                fates.update { $0[index] = fate }
                let count = done.update { value -> Int in
                    value += 1
                    return value
                }
                progress(count, mutants.count)
            }
        }
        return fates.value.map { $0! }
    }

    /// `kills`: how many mutants each scenario (by index) has killed so far in this analysis.
    func fate(
        of mutant: Mutant, scenarios: [Scenario], kills: Locked<[Int]>,
        reference: @Sendable () -> any ImplementationUnderTest
    ) -> MutantFate {
        let runner = ScenarioRunner(model: model)
        var implementation = SeenThrough(mutant.make(), keys: keys)
        // One failing scenario kills it and the rest are not run, so the scenarios that killed
        // most so far go first: mutants of one kind fall to the same few. Which one kills it
        // changes nothing but the time: a survivor runs them all.
        let killed = kills.value
        let order = scenarios.indices.sorted { killed[$0] != killed[$1] ? killed[$0] > killed[$1] : $0 < $1 }
        let killer = order.first { index in
            let result = runner.run(scenarios[index], on: &implementation)
            return result.outcome == .failed || result.outcome == .errored
        }
        if let killer { kills.update { $0[killer] += 1 } }
        var fate = MutantFate(mutant: mutant, killedBy: killer.map { scenarios[$0].id })
        if killer == nil {
            var original = reference()
            let explorer = Explorer(model: model, settings: exploration, keys: keys, clock: clock)
            let found = explorer.explore(reference: &original, candidate: &implementation)
            if let counterexample = found.found {
                fate.survival = .hole(counterexample.smallest)
            } else if found.verdict(allowRefusals: false) == .noDivergence {
                fate.survival = .probablyEquivalent(runs: found.runs)
            } else {
                fate.survival = .undecided(runs: found.runs, unmet: found.unmet.count, pairs: found.pairs)
            }
        }
        return fate
    }
}
