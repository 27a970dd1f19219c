import ScenarioModel
import SpecModel

/// One implementation's part of a run: who it is and its scenario records, in suite order.
package struct ImplementationRecord: Sendable, Equatable {
    package var name: String
    /// For a driver: its command line, what its hello said, how often it was restarted, and
    /// where its stderr went.
    package var command: String?
    package var version: String?
    package var language: String?
    package var restarts: Int
    package var log: String?
    /// The observation keys it declares (the model's, in the model's order).
    package var observes: [String]
    /// The inputs it declares it handles, in the model's order; nil when it declares every
    /// input it can be sent (a shorthand is sent as the inputs it stands for) or says nothing
    /// of them (the reference, a driver that never said hello).
    package var inputs: [String]?
    /// The model's own reference: the yardstick, not what a CI gate is about.
    package var reference: Bool
    /// When it began to run, ISO 8601 in UTC (the earliest shard's after a merge).
    package var started: String?
    package var records: ScenarioRecords

    package init(
        name: String, command: String? = nil, version: String? = nil, language: String? = nil, restarts: Int = 0,
        log: String? = nil, observes: [String] = [], inputs: [String]? = nil, reference: Bool = false,
        started: String? = nil, records: ScenarioRecords = []
    ) {
        self.name = name
        self.command = command
        self.version = version
        self.language = language
        self.restarts = restarts
        self.log = log
        self.observes = observes
        self.inputs = inputs
        self.reference = reference
        self.started = started
        self.records = records
    }

    /// Every scenario errored: one verdict (the first error) instead of one per scenario.
    package var broken: String? {
        guard !records.isEmpty, records.allSatisfy({ $0.outcome == .errored }) else { return nil }
        return records[0].message ?? records[0].firstProblem?.message ?? "every scenario errored"
    }

    package var summary: RunSummary { RunSummary(records) }

    /// The scenarios' wall time added up.
    package var milliseconds: Int { records.reduce(0) { $0 + $1.milliseconds } }
}

/// A requirement as the results carry it: enough to report its status without the catalogue.
package struct RequirementEntry: Sendable, Equatable {
    package var id: String
    package var clause: String
    package var text: String

    package init(id: String, clause: String, text: String) {
        self.id = id
        self.clause = clause
        self.text = text
    }
}

/// Which suite a run ran: a digest of every selected scenario (id, file and content) before
/// sharding, how many there were, and their ids' order-free digest (`ScenarioAccount`), which
/// the shards' records must add up to. Shards of one suite share it.
package struct SuiteIdentity: Sendable, Equatable {
    package var digest: String
    package var scenarios: Int
    package var ids: UInt64
    /// For a suite authspec carries, which one (`authspec 0.2.0's unlock suite`); nil for a
    /// team's own.
    package var version: String?

    package init(digest: String, scenarios: Int, ids: UInt64, version: String? = nil) {
        self.digest = digest
        self.scenarios = scenarios
        self.ids = ids
        self.version = version
    }

    /// The whole selection, as the records of a whole run must account for it.
    package var account: ScenarioAccount { ScenarioAccount(scenarios: scenarios, ids: ids) }
}

/// Part K of N of a suite (1-based).
package struct Shard: Sendable, Equatable, CustomStringConvertible {
    package var index: Int
    package var count: Int

    package init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    package var description: String { "\(index)/\(count)" }

    /// A scenario's shard follows from its id alone (64-bit FNV-1a), so adding or removing a
    /// scenario never moves another one between shards.
    package func contains(id: String) -> Bool {
        Int(Digest.fnv1a(id) % UInt64(count)) == index - 1
    }
}

/// A whole run as data: what the reports are made from, written as the results JSON, read
/// back and merged.
package struct RunRecord: Sendable, Equatable {
    package var model: String
    /// A digest of the model's declaration: results of two versions of a model do not merge.
    package var modelDigest: String
    package var suite: SuiteIdentity
    package var shard: Shard?
    /// The scenarios these results are of (a shard's part of the suite, or all of it): every
    /// implementation must hold exactly one record of each.
    package var expected: ScenarioAccount
    package var requirements: [RequirementEntry]
    package var implementations: [ImplementationRecord]
    package var interruption: RunInterruption?
    /// What every implementation must observe for the run to pass.
    package var profile: ConformanceProfile
    /// Scenarios whose files changed or went while the run read them: never run, and input
    /// errors of the suite (not kept in the results file: a merged run re-reads nothing).
    package var suiteChanges: [SuiteChange] = []
    /// What the run was asked to do, as given: every rerun line is it, restricted to one
    /// scenario (`rerun`). A merged run's is its first shard's.
    package var request: RunRequest?

    package init(
        model: String, modelDigest: String, suite: SuiteIdentity, shard: Shard? = nil,
        expected: ScenarioAccount? = nil, requirements: [RequirementEntry] = [],
        implementations: [ImplementationRecord] = [],
        interruption: RunInterruption? = nil, profile: ConformanceProfile
    ) {
        self.model = model
        self.modelDigest = modelDigest
        self.suite = suite
        self.shard = shard
        self.expected = expected ?? suite.account
        self.profile = profile
        self.requirements = requirements
        self.implementations = implementations
        self.interruption = interruption
    }

    package var allRecords: [ScenarioRecord] { implementations.flatMap(\.records) }
    package var summary: RunSummary { RunSummary(implementations.lazy.flatMap(\.records)) }
}

/// A scenario that could not be read again from its file as the run reached it, and why.
package struct SuiteChange: Sendable, Equatable {
    package var scenario: String
    package var location: SourceLocation
    package var reason: String

    package init(scenario: String, location: SourceLocation, reason: String) {
        self.scenario = scenario
        self.location = location
        self.reason = reason
    }
}
