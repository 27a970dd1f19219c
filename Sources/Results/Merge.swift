/// Why parts of a run cannot be put back together, naming the part.
package struct MergeProblem: Error, Equatable, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}

extension RunRecord {
    /// The shards of one run (`--shard K/N`, each given by its name) put back together as the
    /// whole run would have recorded them: every implementation's records in suite order,
    /// driver restarts added up. Refused, naming the part: a whole run's file beside others, shards of
    /// another suite, model or split, a shard given twice, a shard missing, implementations
    /// that differ.
    package static func merge(_ parts: [(name: String, run: RunRecord)]) throws(MergeProblem) -> RunRecord {
        guard let (firstName, first) = parts.first else { throw MergeProblem(message: "merge needs results to merge") }
        // A whole run's file alone (a run over several models cannot be sharded) is read back as
        // it is: the gate checks its records against what it says it ran, as for any merge.
        if parts.count == 1, first.shard == nil { return first }
        var byIndex: [Int: String] = [:]
        for (name, part) in parts {
            guard let shard = part.shard else {
                throw MergeProblem(
                    message: "\(name) is the result of a whole run, not of a shard (run with --shard K/N to split one)")
            }
            guard part.model == first.model, part.modelDigest == first.modelDigest else {
                throw MergeProblem(
                    message:
                        "\(name) is a run of the \(part.model) model (digest \(part.modelDigest)); \(firstName) of the \(first.model) model (digest \(first.modelDigest))"
                )
            }
            guard part.suite == first.suite else {
                throw MergeProblem(
                    message:
                        "\(name) is a shard of another suite (\(part.suite.version.map { $0 + ", " } ?? "")\(part.suite.scenarios) scenarios, digest \(part.suite.digest)) than \(firstName) (\(first.suite.version.map { $0 + ", " } ?? "")\(first.suite.scenarios) scenarios, digest \(first.suite.digest)): same scenarios, selection and model needed, and the same authspec version (versions may digest a suite differently)"
                )
            }
            guard shard.count == first.shard?.count else {
                throw MergeProblem(
                    message: "\(name) is shard \(shard) but \(firstName) is shard \(first.shard!): one split needed")
            }
            if let other = byIndex[shard.index] {
                throw MergeProblem(message: "\(name) and \(other) are both shard \(shard)")
            }
            byIndex[shard.index] = name
            guard part.profile == first.profile else {
                throw MergeProblem(
                    message:
                        "\(name) ran under the \(part.profile.name) profile, \(firstName) under \(first.profile.name): one profile needed"
                )
            }
            guard part.requirements == first.requirements else {
                throw MergeProblem(message: "\(name) has another requirements catalogue than \(firstName)")
            }
            guard part.implementations.map(\.name) == first.implementations.map(\.name) else {
                throw MergeProblem(
                    message:
                        "\(name) ran \(part.implementations.map(\.name).joined(separator: ", ")); \(firstName) ran \(first.implementations.map(\.name).joined(separator: ", ")): the same implementations needed"
                )
            }
        }
        let count = first.shard!.count
        let missing = (1...count).filter { byIndex[$0] == nil }
        guard missing.isEmpty else {
            throw MergeProblem(
                message: "shard\(missing.count == 1 ? "" : "s") "
                    + missing.map { "\($0)/\(count)" }.joined(separator: ", ") + " missing")
        }
        // Each shard's records against what its header says it ran, and the headers against the suite.
        for (name, part) in parts {
            let gaps = ResultsAccounting(part).gaps
            for implementation in part.implementations {
                guard let gap = gaps[implementation.name] else { continue }
                throw MergeProblem(
                    message:
                        "\(name) (shard \(part.shard!)) is incomplete: \(ResultsAccounting.describe(gap, on: implementation.name)); it says it ran \(part.expected.scenarios) scenario\(part.expected.scenarios == 1 ? "" : "s")"
                )
            }
        }
        // One implementation, one declaration: where it ran, every shard's driver said the same.
        for index in first.implementations.indices {
            let ran = parts.filter { !$0.run.implementations[index].records.isEmpty }
            guard let (one, model) = ran.first else { continue }
            let declared = model.implementations[index]
            for (name, part) in ran.dropFirst() {
                let other = part.implementations[index]
                guard other.observes == declared.observes, other.version == declared.version else {
                    throw MergeProblem(
                        message:
                            "\(declared.name) declared another version or other observations in \(name) (\(other.version ?? "no version"): \(other.observes.joined(separator: ", "))) than in \(one) (\(declared.version ?? "no version"): \(declared.observes.joined(separator: ", "))): the shards must run one driver"
                    )
                }
            }
        }
        // One request: a rerun line of the merged run is any shard's, minus its shard.
        for (name, part) in parts.dropFirst() where part.request != first.request {
            throw MergeProblem(
                message:
                    "\(name) was run as '\(part.request?.shellLine ?? "an unknown command")', \(firstName) as '\(first.request?.shellLine ?? "an unknown command")': the shards of one run share its options"
            )
        }
        let together = parts.reduce(ScenarioAccount()) { $0 + $1.run.expected }
        guard together == first.suite.account else {
            throw MergeProblem(
                message:
                    "the shards' headers say they ran \(together.scenarios) scenarios ("
                    + parts.map { "\($0.name): \($0.run.expected.scenarios)" }.joined(separator: ", ")
                    + "), not the \(first.suite.scenarios) of their suite"
                    + (together.scenarios == first.suite.scenarios ? " (the same number, other scenarios)" : "")
            )
        }
        let ordered = parts.sorted { $0.run.shard!.index < $1.run.shard!.index }.map(\.run)
        var merged = ordered[0]
        merged.shard = nil
        merged.expected = first.suite.account
        for index in merged.implementations.indices {
            var seen: [String: Int] = [:]
            var records: [ScenarioRecord] = []
            for part in ordered {
                let implementation = part.implementations[index]
                for record in implementation.records {
                    if let other = seen[record.id] {
                        throw MergeProblem(
                            message:
                                "scenario '\(record.id)' ran on \(implementation.name) in shards \(ordered[other].shard!) and \(part.shard!)"
                        )
                    }
                    seen[record.id] = part.shard!.index - 1
                    records.append(record)
                }
            }
            merged.implementations[index].records = ScenarioRecords(records.sorted { $0.position < $1.position })
            merged.implementations[index].restarts = ordered.reduce(0) { $0 + $1.implementations[index].restarts }
            merged.implementations[index].started = ordered.compactMap(\.implementations[index].started).min()
            // A shard with no scenario for a worker may have met a driver that never started.
            merged.implementations[index].observes =
                ordered.map(\.implementations[index].observes).max { $0.count < $1.count } ?? []
        }
        let interrupted = ordered.compactMap(\.interruption)
        merged.interruption =
            interrupted.isEmpty
            ? nil : RunInterruption(signal: interrupted[0].signal, unfinished: interrupted.flatMap(\.unfinished))
        return merged
    }
}
