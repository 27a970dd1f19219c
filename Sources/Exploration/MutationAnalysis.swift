import Dispatch
import Foundation
import Results
import Runner
import ScenarioModel
import SpecModel

/// An implementation seen through fewer observation keys: what a driver that reports only
/// those would let the suite check.
public struct SeenThrough: ImplementationUnderTest {
    public var inner: any ImplementationUnderTest
    public let keys: Set<String>

    public init(_ inner: any ImplementationUnderTest, keys: Set<String>) {
        self.inner = inner
        self.keys = keys
    }

    public var name: String { inner.name }
    public var observedKeys: Set<String> { inner.observedKeys.intersection(keys) }
    public mutating func start(scenario: String, given: [String: Value]) throws(ImplementationError) {
        try inner.start(scenario: scenario, given: given)
    }
    public mutating func perform(_ input: Input, atMilliseconds milliseconds: Int) throws(ImplementationError)
        -> Observations
    {
        try inner.perform(input, atMilliseconds: milliseconds).filter { keys.contains($0.key) }
    }
    public mutating func finish() { inner.finish() }
}

/// What became of one mutant: the scenarios that failed on it, and for a survivor, whether
/// exploration could tell it from the reference at all.
public struct MutantFate: Sendable {
    public enum Survival: Sendable {
        /// Exploration found a sequence that tells it apart: a hole in the suite.
        case hole(Divergence)
        /// Exploration found nothing in its runs: probably equivalent (not proven).
        case probablyEquivalent(runs: Int)
    }

    public var mutant: Mutant
    public var killedBy: [String]
    public var survival: Survival?

    public var killed: Bool { !killedBy.isEmpty }
    public var isHole: Bool {
        if case .hole? = survival { return true }
        return false
    }
}

/// The suite's strength: runs every scenario on every mutant (killed when any scenario fails
/// or errors on it), then explores each survivor against the reference to tell holes from
/// probable equivalents. The score is killed / (killed + holes).
public struct MutationAnalysis: Sendable {
    public let model: ModelDeclaration
    /// Compare only these keys (nil: every key): what a driver observing only them would catch.
    public var keys: Set<String>?
    public var jobs: Int
    public var exploration: ExplorationSettings

    public init(model: ModelDeclaration, keys: Set<String>? = nil, jobs: Int = 1, exploration: ExplorationSettings) {
        self.model = model
        self.keys = keys
        self.jobs = max(1, jobs)
        self.exploration = exploration
    }

    public func run(
        _ scenarios: [Scenario], mutants: [Mutant], reference: @escaping @Sendable () -> any ImplementationUnderTest,
        progress: @escaping @Sendable (_ done: Int, _ of: Int) -> Void = { _, _ in }
    ) -> [MutantFate] {
        let fates = Locked([MutantFate?](repeating: nil, count: mutants.count))
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
                let fate = self.fate(of: mutants[index], scenarios: scenarios, reference: reference)
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

    func fate(
        of mutant: Mutant, scenarios: [Scenario], reference: @Sendable () -> any ImplementationUnderTest
    ) -> MutantFate {
        let runner = ScenarioRunner(model: model)
        var implementation = SeenThrough(mutant.make(), keys: keys ?? Set(model.observations.map(\.key)))
        var killers: [String] = []
        for scenario in scenarios {
            let result = runner.run(scenario, on: &implementation)
            if result.outcome == .failed || result.outcome == .errored { killers.append(scenario.id) }
        }
        var fate = MutantFate(mutant: mutant, killedBy: killers)
        if killers.isEmpty {
            var original = reference()
            let explorer = Explorer(model: model, settings: exploration, keys: keys)
            let found = explorer.explore(reference: &original, candidate: &implementation)
            fate.survival = found.found.map { .hole($0.smallest) } ?? .probablyEquivalent(runs: found.runs)
        }
        return fate
    }
}

/// A value shared between threads behind a lock.
final class Locked<Value>: @unchecked Sendable {
    private var stored: Value
    private let lock = NSLock()

    init(_ value: Value) {
        stored = value
    }

    var value: Value { lock.withLock { stored } }

    @discardableResult
    func update<Result>(_ change: (inout Value) -> Result) -> Result {
        lock.withLock { change(&stored) }
    }
}
