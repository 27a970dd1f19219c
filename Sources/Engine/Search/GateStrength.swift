import Dispatch
import Exploration
import Results
import Runner
import ScenarioModel
import SpecModel

/// The suite run on every mutant of the model's reference, once compared on every key and once
/// on only the keys each implementation declares. A mutant is killed when any scenario fails or
/// errors on it; fewer keys never kill more, so only those killed with every key run again.
extension GateStrength {
    /// Each implementation's strength, for those that declare fewer keys than the model has.
    package static func measure(
        _ scenarios: [Scenario], package: ModelPackage, implementations: [(name: String, keys: [String])],
        jobs: Int
    ) -> [GateStrength] {
        let model = package.declaration
        let every = model.observations.map(\.key)
        let partial = implementations.enumerated().filter { !Set(every).isSubset(of: Set($0.element.keys)) }
            .map { (position: $0.offset, name: $0.element.name, keys: $0.element.keys) }
        guard !partial.isEmpty else { return [] }
        let mutants = package.mutants()
        let sets = partial.map { Set($0.keys) }
        // Per mutant: the keys that told it apart where each killing scenario first failed
        // (nil: not killed with every key), and whether each implementation's keys kill it.
        let found = Locked(
            [(tellingKeys: Set<String>?, killedThrough: [Bool])](
                repeating: (nil, []), count: mutants.count))
        let next = Locked(0)
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, mutants.count))) { _ in
            let runner = ScenarioRunner(model: model)
            while true {
                let index = next.update { value -> Int in
                    defer { value += 1 }
                    return value
                }
                guard index < mutants.count else { return }
                var whole = mutants[index].make()
                let kills = scenarios.compactMap { scenario in
                    Kill(runner.run(scenario, on: &whole).record(position: 0, model: model, trace: false))
                }
                guard !kills.isEmpty else { continue }
                let through = sets.map { keys in
                    var seen = SeenThrough(mutants[index].make(), keys: keys)
                    return scenarios.contains { scenario in
                        let outcome = runner.run(scenario, on: &seen).outcome
                        return outcome == .failed || outcome == .errored
                    }
                }
                found.update { $0[index] = (Set(kills.flatMap(\.keys)), through) }
            }
        }
        let rows = found.value
        let killedWithEveryKey = rows.filter { $0.tellingKeys != nil }.count
        return partial.enumerated().map { offset, implementation in
            let missing = every.filter { !implementation.keys.contains($0) }
            // The mutants these keys let through, and the keys that told each apart.
            let through = rows.compactMap { row -> Set<String>? in
                guard let telling = row.tellingKeys, !row.killedThrough[offset] else { return nil }
                return telling
            }
            // The two undeclared keys that would catch the most of them, one after the other.
            var added: [String] = []
            var left = through
            for _ in 0..<2 {
                let best = missing.filter { !added.contains($0) }.max { first, second in
                    left.filter { $0.contains(first) }.count < left.filter { $0.contains(second) }.count
                }
                guard let best, left.contains(where: { $0.contains(best) }) else { break }
                added.append(best)
                left.removeAll { $0.contains(best) }
            }
            var strength = GateStrength(
                implementation: implementation.name, keys: every.filter(Set(implementation.keys).contains),
                missing: missing, killed: killedWithEveryKey - through.count, killedWithEveryKey: killedWithEveryKey,
                mutants: mutants.count)
            strength.position = implementation.position
            strength.bestAdded = added
            strength.killedWithBestAdded = killedWithEveryKey - left.count
            return strength
        }
    }
}
