import SpecModel

/// The scenarios a results file is to hold one record of on every implementation: how many,
/// and a digest of their ids that does not depend on their order, so the shards of a suite
/// add up to the whole suite's (a sum of one hash per id).
package struct ScenarioAccount: Sendable, Equatable {
    package var scenarios: Int
    package var ids: UInt64

    package init(scenarios: Int = 0, ids: UInt64 = 0) {
        self.scenarios = scenarios
        self.ids = ids
    }

    package init(ids: some Sequence<String>) {
        self.init()
        for id in ids { add(id) }
    }

    package mutating func add(_ id: String) { add(hash: Self.hash(id)) }

    mutating func add(hash: UInt64) {
        scenarios += 1
        ids &+= hash
    }

    package static func + (lhs: ScenarioAccount, rhs: ScenarioAccount) -> ScenarioAccount {
        ScenarioAccount(scenarios: lhs.scenarios + rhs.scenarios, ids: lhs.ids &+ rhs.ids)
    }

    /// One id's part of the digest: FNV-1a, then mixed (SplitMix64's finaliser) so that a sum of
    /// them is not fooled by ids that differ in one byte.
    static func hash(_ id: String) -> UInt64 {
        var value = Digest.fnv1a(id)
        value = (value ^ (value >> 30)) &* 0xbf58_476d_1ce4_e5b9
        value = (value ^ (value >> 27)) &* 0x94d0_49bb_1331_11eb
        return value ^ (value >> 31)
    }
}

/// Whether every implementation's records account for exactly the scenarios the results are
/// of (`RunRecord.expected`): none missing, none of a scenario not selected (or of another
/// shard), none twice. Worked out from the records themselves, never from a count they declare.
package struct ResultsAccounting: Sendable {
    /// What one implementation's records lack or hold too much of.
    package struct Gap: Sendable, Equatable {
        /// How many scenarios the results are of.
        package var expected: Int
        /// Selected scenarios with no record, and those of them known by id (another
        /// implementation has a record of them).
        package var missing: Int
        package var missingIDs: [String]
        /// Records of scenarios outside the selection (or of another shard).
        package var unselected: Int
        package var unselectedIDs: [String]
        /// Scenarios with more than one record.
        package var twice: [String]
        /// As many records as scenarios, but not of the same ids.
        package var otherIDs: Bool

        package init(
            expected: Int, missing: Int = 0, missingIDs: [String] = [], unselected: Int = 0,
            unselectedIDs: [String] = [], twice: [String] = [], otherIDs: Bool = false
        ) {
            self.expected = expected
            self.missing = missing
            self.missingIDs = missingIDs
            self.unselected = unselected
            self.unselectedIDs = unselectedIDs
            self.twice = twice
            self.otherIDs = otherIDs
        }
    }

    /// By implementation name; only those whose records do not account for the selection.
    package private(set) var gaps: [String: Gap] = [:]

    package init(_ run: RunRecord) {
        let expected = run.expected
        // Each implementation's ids as hashes (a large run's records are read back one at a time).
        var seen: [Set<UInt64>] = []
        var accounts: [ScenarioAccount] = []
        var twice: [[String]] = []
        var outside: [[String]] = []
        for implementation in run.implementations {
            var hashes = Set<UInt64>(minimumCapacity: implementation.records.count)
            var account = ScenarioAccount()
            var repeated: [String] = []
            var notInShard: [String] = []
            for record in implementation.records {
                let hash = ScenarioAccount.hash(record.id)
                guard hashes.insert(hash).inserted else {
                    repeated.append(record.id)
                    continue
                }
                account.add(hash: hash)
                if let shard = run.shard, !shard.contains(id: record.id) { notInShard.append(record.id) }
            }
            seen.append(hashes)
            accounts.append(account)
            twice.append(repeated)
            outside.append(notInShard)
        }
        // The selection's ids, where some implementation's records are exactly it (else unknown).
        let whole = accounts.firstIndex { $0 == expected }
        for (index, implementation) in run.implementations.enumerated() {
            guard accounts[index] != expected || !twice[index].isEmpty || !outside[index].isEmpty else { continue }
            var gap = Gap(expected: expected.scenarios, twice: twice[index])
            if let whole, whole != index {
                let lacking = seen[whole].subtracting(seen[index])
                let extra = seen[index].subtracting(seen[whole])
                gap.missing = lacking.count
                gap.missingIDs = run.implementations[whole].records.lazy.map(\.id).filter {
                    lacking.contains(ScenarioAccount.hash($0))
                }
                gap.unselected = extra.count
                gap.unselectedIDs = implementation.records.lazy.map(\.id).filter {
                    extra.contains(ScenarioAccount.hash($0))
                }
            } else if accounts[index] != expected {
                // Counts only, and the ids of another shard by name.
                let count = accounts[index].scenarios
                gap.missing = max(0, expected.scenarios - count)
                gap.unselected = max(outside[index].count, count - expected.scenarios)
                gap.unselectedIDs = outside[index]
                gap.otherIDs = count == expected.scenarios && outside[index].isEmpty
                // Others' records name some of what is missing here.
                if gap.missing > 0 {
                    let known = seen.indices.filter { $0 != index }.reduce(into: Set<UInt64>()) {
                        $0.formUnion(seen[$1])
                    }
                    let lacking = known.subtracting(seen[index])
                    var named: Set<String> = []
                    for other in run.implementations.indices where other != index {
                        for record in run.implementations[other].records
                        where lacking.contains(ScenarioAccount.hash(record.id)) && named.insert(record.id).inserted {
                            gap.missingIDs.append(record.id)
                        }
                    }
                    gap.missingIDs = Array(gap.missingIDs.prefix(gap.missing))
                }
            } else {
                gap.unselected = outside[index].count
                gap.unselectedIDs = outside[index]
            }
            gaps[implementation.name] = gap
        }
    }
}

extension ResultsAccounting {
    /// A gap in a sentence: `3 of 132 scenarios have no record on NAME (a, b, c)`, and the rest.
    package static func describe(_ gap: Gap, on implementation: String) -> String {
        func some(_ ids: [String]) -> String {
            guard !ids.isEmpty else { return "" }
            let shown = ids.prefix(5).map { VisibleText.oneLine($0) }.joined(separator: ", ")
            return " (" + shown + (ids.count > 5 ? ", and \(ids.count - 5) more" : "") + ")"
        }
        let name = VisibleText.oneLine(implementation)
        var parts: [String] = []
        if gap.missing > 0 {
            parts.append(
                "\(gap.missing) of \(gap.expected) scenario\(gap.expected == 1 ? "" : "s") "
                    + "\(gap.missing == 1 ? "has" : "have") no record on \(name)" + some(gap.missingIDs))
        }
        if gap.unselected > 0 {
            parts.append(
                "\(name) has \(gap.unselected) record\(gap.unselected == 1 ? "" : "s") of scenarios not selected"
                    + some(gap.unselectedIDs))
        }
        if !gap.twice.isEmpty {
            parts.append(
                "\(name) has \(gap.twice.count) scenario\(gap.twice.count == 1 ? "" : "s") recorded more than once"
                    + some(gap.twice))
        }
        if gap.otherIDs {
            parts.append("\(name)'s \(gap.expected) records are not of the \(gap.expected) scenarios selected")
        }
        return parts.joined(separator: "; ")
    }
}
