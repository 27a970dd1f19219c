/// Why parts of a run cannot be put back together, naming the part (each part by the name it
/// was given, its file).
package enum MergeProblem: Error, Equatable, CustomStringConvertible {
    case nothingToMerge
    /// A whole run's results beside shards.
    case wholeRun(String)
    case otherModel(String, model: String, digest: String, first: String, firstModel: String, firstDigest: String)
    case otherSuite(String, SuiteIdentity, first: String, SuiteIdentity)
    case otherSplit(String, Shard, first: String, Shard)
    case sameShard(String, other: String, Shard)
    case otherProfile(String, profile: String, first: String, firstProfile: String)
    case otherRequirements(String, first: String)
    case otherImplementations(String, [String], first: String, [String])
    case missingShards([Int], of: Int)
    /// A shard's records do not account for what its header says it ran.
    case incomplete(String, Shard, implementation: String, ResultsAccounting.Gap, scenarios: Int)
    /// One implementation that declared differently in two shards.
    case otherDeclaration(
        implementation: String, String, version: String?, observes: [String], first: String,
        firstVersion: String?, firstObserves: [String])
    /// One implementation that declared other inputs in two shards (nil: every input).
    case otherInputs(implementation: String, String, inputs: [String]?, first: String, firstInputs: [String]?)
    case otherRequest(String, request: String?, first: String, firstRequest: String?)
    /// The headers' scenario counts, shard by shard, against the suite's.
    case headersDoNotAddUp(shards: [String], counts: [Int], suite: Int, sameNumber: Bool)
    case ranTwice(scenario: String, implementation: String, Shard, Shard)

    package var description: String {
        func suite(_ identity: SuiteIdentity) -> String {
            "\(identity.version.map { $0 + ", " } ?? "")\(identity.scenarios) scenarios, digest \(identity.digest)"
        }
        switch self {
        case .nothingToMerge: return "merge needs results to merge"
        case .wholeRun(let name):
            return "\(name) is the result of a whole run, not of a shard (run with --shard K/N to split one)"
        case .otherModel(let name, let model, let digest, let first, let firstModel, let firstDigest):
            return
                "\(name) is a run of the \(model) model (digest \(digest)); \(first) of the \(firstModel) model (digest \(firstDigest))"
        case .otherSuite(let name, let identity, let first, let firstIdentity):
            return "\(name) is a shard of another suite (\(suite(identity))) than \(first) (\(suite(firstIdentity))): "
                + "same scenarios, selection and model needed, and the same authspec version (versions may digest a suite differently)"
        case .otherSplit(let name, let shard, let first, let firstShard):
            return "\(name) is shard \(shard) but \(first) is shard \(firstShard): one split needed"
        case .sameShard(let name, let other, let shard): return "\(name) and \(other) are both shard \(shard)"
        case .otherProfile(let name, let profile, let first, let firstProfile):
            return "\(name) ran under the \(profile) profile, \(first) under \(firstProfile): one profile needed"
        case .otherRequirements(let name, let first): return "\(name) has another requirements catalogue than \(first)"
        case .otherImplementations(let name, let names, let first, let firstNames):
            return "\(name) ran \(names.joined(separator: ", ")); \(first) ran \(firstNames.joined(separator: ", ")): "
                + "the same implementations needed"
        case .missingShards(let missing, let count):
            return "shard\(missing.count == 1 ? "" : "s") " + missing.map { "\($0)/\(count)" }.joined(separator: ", ")
                + " missing"
        case .incomplete(let name, let shard, let implementation, let gap, let scenarios):
            return "\(name) (shard \(shard)) is incomplete: \(ResultsAccounting.describe(gap, on: implementation)); "
                + "it says it ran \(scenarios) scenario\(scenarios == 1 ? "" : "s")"
        case .otherDeclaration(
            let implementation, let name, let version, let observes, let first, let firstVersion, let firstObserves):
            return "\(implementation) declared another version or other observations in \(name) "
                + "(\(version ?? "no version"): \(observes.joined(separator: ", "))) than in \(first) "
                + "(\(firstVersion ?? "no version"): \(firstObserves.joined(separator: ", "))): the shards must run one driver"
        case .otherInputs(let implementation, let name, let inputs, let first, let firstInputs):
            func said(_ inputs: [String]?) -> String { inputs.map { $0.joined(separator: ", ") } ?? "every input" }
            return "\(implementation) declared other inputs in \(name) (\(said(inputs))) than in \(first) "
                + "(\(said(firstInputs))): the shards must run one driver"
        case .otherRequest(let name, let request, let first, let firstRequest):
            return "\(name) was run as '\(request ?? "an unknown command")', \(first) as "
                + "'\(firstRequest ?? "an unknown command")': the shards of one run share its options"
        case .headersDoNotAddUp(let shards, let counts, let suite, let sameNumber):
            return "the shards' headers say they ran \(counts.reduce(0, +)) scenarios ("
                + zip(shards, counts).map { "\($0): \($1)" }.joined(separator: ", ")
                + "), not the \(suite) of their suite" + (sameNumber ? " (the same number, other scenarios)" : "")
        case .ranTwice(let scenario, let implementation, let one, let other):
            return "scenario '\(scenario)' ran on \(implementation) in shards \(one) and \(other)"
        }
    }

    /// The words, as the command line says them after `merge: error: `.
    package var message: String { description }
}

extension RunRecord {
    /// The shards of one run (`--shard K/N`, each given by its name) put back together as the
    /// whole run would have recorded them: every implementation's records in suite order,
    /// driver restarts added up. Refused, naming the part: a whole run's file beside others, shards of
    /// another suite, model or split, a shard given twice, a shard missing, implementations
    /// that differ.
    package static func merge(_ parts: [(name: String, run: RunRecord)]) throws(MergeProblem) -> RunRecord {
        guard let (firstName, first) = parts.first else { throw MergeProblem.nothingToMerge }
        // A whole run's file alone (a run over several models cannot be sharded) is read back as
        // it is: the gate checks its records against what it says it ran, as for any merge.
        if parts.count == 1, first.shard == nil { return first }
        var byIndex: [Int: String] = [:]
        for (name, part) in parts {
            guard let shard = part.shard else {
                throw .wholeRun(name)
            }
            guard part.model == first.model, part.modelDigest == first.modelDigest else {
                throw .otherModel(
                    name, model: part.model, digest: part.modelDigest, first: firstName, firstModel: first.model,
                    firstDigest: first.modelDigest)
            }
            guard part.suite == first.suite else {
                throw .otherSuite(name, part.suite, first: firstName, first.suite)
            }
            guard shard.count == first.shard?.count else {
                throw .otherSplit(name, shard, first: firstName, first.shard!)
            }
            if let other = byIndex[shard.index] {
                throw .sameShard(name, other: other, shard)
            }
            byIndex[shard.index] = name
            guard part.profile == first.profile else {
                throw .otherProfile(
                    name, profile: part.profile.name, first: firstName, firstProfile: first.profile.name)
            }
            guard part.requirements == first.requirements else {
                throw .otherRequirements(name, first: firstName)
            }
            guard part.implementations.map(\.name) == first.implementations.map(\.name) else {
                throw .otherImplementations(
                    name, part.implementations.map(\.name), first: firstName, first.implementations.map(\.name))
            }
        }
        let count = first.shard!.count
        let missing = (1...count).filter { byIndex[$0] == nil }
        guard missing.isEmpty else {
            throw .missingShards(missing, of: count)
        }
        // Each shard's records against what its header says it ran, and the headers against the suite.
        for (name, part) in parts {
            let gaps = ResultsAccounting(part).gaps
            for implementation in part.implementations {
                guard let gap = gaps[implementation.name] else { continue }
                throw .incomplete(
                    name, part.shard!, implementation: implementation.name, gap, scenarios: part.expected.scenarios)
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
                    throw .otherDeclaration(
                        implementation: declared.name, name, version: other.version, observes: other.observes,
                        first: one, firstVersion: declared.version, firstObserves: declared.observes)
                }
                guard other.inputs == declared.inputs else {
                    throw .otherInputs(
                        implementation: declared.name, name, inputs: other.inputs, first: one,
                        firstInputs: declared.inputs)
                }
            }
        }
        // One request: a rerun line of the merged run is any shard's, minus its shard.
        for (name, part) in parts.dropFirst() where part.request != first.request {
            throw .otherRequest(
                name, request: part.request?.shellLine, first: firstName, firstRequest: first.request?.shellLine)
        }
        let together = parts.reduce(ScenarioAccount()) { $0 + $1.run.expected }
        guard together == first.suite.account else {
            throw .headersDoNotAddUp(
                shards: parts.map(\.name), counts: parts.map(\.run.expected.scenarios), suite: first.suite.scenarios,
                sameNumber: together.scenarios == first.suite.scenarios)
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
                        throw .ranTwice(
                            scenario: record.id, implementation: implementation.name, ordered[other].shard!, part.shard!
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
            // Its inputs as a shard where it ran declared them (all such shards declared the same).
            if let ran = ordered.first(where: { !$0.implementations[index].records.isEmpty }) {
                merged.implementations[index].inputs = ran.implementations[index].inputs
            }
        }
        let interrupted = ordered.compactMap(\.interruption)
        merged.interruption =
            interrupted.isEmpty
            ? nil : RunInterruption(signal: interrupted[0].signal, unfinished: interrupted.flatMap(\.unfinished))
        return merged
    }
}
