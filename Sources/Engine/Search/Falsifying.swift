import Dispatch
import Foundation
import Results
import Runner
import ScenarioModel
import SpecModel

/// The suite run on every mutant of its model's reference (a mutant per worker at a time):
/// which scenarios kill each, where and on which key. Statements are verified on this.
package enum Falsifying {
    /// What one process found already, by model, suite and catalogue: the same suite traced
    /// twice (a run with statements, then `trace`; the tests) is falsified once, however many
    /// ask at the same time (each key's slot is filled under its own lock).
    private static let found = Locked([UInt64: Slot]())

    private final class Slot: @unchecked Sendable {
        let lock = NSLock()
        var falsification: Falsification?
    }

    package static func falsification(
        _ scenarios: [Scenario], requirements: [Requirement], package: ModelPackage, readings: [Scenario] = [],
        jobs: Int
    ) -> Falsification {
        var digest = DigestStream()
        digest.add(package.declaration.digest)
        for mutant in package.mutants() { digest.add(mutant.id) }
        for scenario in scenarios { Suite.fingerprint(scenario, into: &digest) }
        digest.add("readings")
        for scenario in readings { Suite.fingerprint(scenario, into: &digest) }
        for requirement in requirements {
            digest.add(requirement.id)
            for key in requirement.keys { digest.add(key) }
        }
        let key = digest.value
        let slot = found.update { slots -> Slot in
            if let slot = slots[key] { return slot }
            let slot = Slot()
            slots[key] = slot
            return slot
        }
        slot.lock.lock()
        defer { slot.lock.unlock() }
        if let known = slot.falsification { return known }
        let falsification = falsify(
            scenarios, requirements: requirements, package: package, readings: readings, jobs: jobs)
        slot.falsification = falsification
        return falsification
    }

    /// Whether a run meets a scenario in another document's terms: every expectation held. The
    /// model's invariants are the reference's reading, which that document does not share, so a
    /// broken one does not count against it.
    static func meets(_ result: ScenarioResult) -> Bool {
        switch result.outcome {
        case .passed: return true
        case .failed:
            return result.steps.allSatisfy { $0.differences.allSatisfy(\.subject.isInvariant) }
        default: return false
        }
    }

    static func falsify(
        _ scenarios: [Scenario], requirements: [Requirement], package: ModelPackage, readings: [Scenario], jobs: Int
    ) -> Falsification {
        let model = package.declaration
        let mutants = package.mutants()
        let found = Locked([Falsification.Falsifier?](repeating: nil, count: mutants.count))
        // The reference, once (a pass over the suite costs less than a thread): its answers to
        // every scenario, which each kill's onset is found against, and the scenarios in another
        // document's terms it meets (none should be).
        let runner = ScenarioRunner(model: model)
        var reference = package.makeReference([:])
        let answersOfReference = scenarios.map { scenario -> ScenarioRunner.Answers? in
            guard case .answered(let answers) = runner.answers(to: scenario, from: &reference) else { return nil }
            return answers
        }
        let referencePasses = Set(readings.filter { Self.meets(runner.run($0, on: &reference)) }.map(\.id))
        // Who meets each of those: a mutant that follows that document does.
        let passing = Locked([String: Set<String>]())
        let next = Locked(0)
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, mutants.count))) { _ in
            let runner = ScenarioRunner(model: model)
            while true {
                let index = next.update { value -> Int in
                    defer { value += 1 }
                    return value
                }
                guard index < mutants.count else { return }
                let mutant = mutants[index]
                var implementation = mutant.make()
                var kills: [Kill] = []
                for (position, scenario) in scenarios.enumerated() {
                    switch runner.answers(to: scenario, from: &implementation) {
                    case .answered(let answers):
                        let judged = runner.judge(scenario, answers: answers, implementation: implementation.name)
                        let record = judged.record(position: 0, model: model, trace: false)
                        guard var kill = Kill(record) else { continue }
                        if let reference = answersOfReference[position] {
                            kill.onset = runner.onset(of: answers, against: reference, in: scenario)
                        }
                        kills.append(kill)
                    case .notRun(let result):
                        if let kill = Kill(result.record(position: 0, model: model, trace: false)) {
                            kills.append(kill)
                        }
                    }
                }
                let followed = readings.filter { Self.meets(runner.run($0, on: &implementation)) }.map(\.id)
                found.update {
                    $0[index] = .init(id: mutant.id, rule: mutant.rule, summary: mutant.summary, kills: kills)
                }
                passing.update { for id in followed { $0[id, default: []].insert(mutant.id) } }
            }
        }
        var covers: [String: [String]] = [:]
        for scenario in scenarios { covers[scenario.id] = scenario.covers.map(\.id) }
        var keys: [String: [String]] = [:]
        for requirement in requirements where !requirement.keys.isEmpty { keys[requirement.id] = requirement.keys }
        var falsification = Falsification(falsifiers: found.value.compactMap { $0 }, covers: covers, keys: keys)
        let passed = passing.value
        for reading in readings {
            falsification.ownTerms[reading.id] = OwnTerms(
                referencePasses: referencePasses.contains(reading.id), passedBy: passed[reading.id] ?? [])
        }
        return falsification
    }
}
