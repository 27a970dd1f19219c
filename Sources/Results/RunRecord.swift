import ScenarioModel
import SpecModel

/// One implementation's part of a run: who it is and its scenario records, in suite order.
public struct ImplementationRecord: Sendable, Equatable {
    public var name: String
    /// For a driver: its command line, what its hello said, how often it was restarted, and
    /// where its stderr went.
    public var command: String?
    public var version: String?
    public var language: String?
    public var restarts: Int
    public var log: String?
    /// The observation keys it declares (the model's, in the model's order).
    public var observes: [String]
    /// The model's own reference: the yardstick, not what a CI gate is about.
    public var reference: Bool
    /// When it began to run, ISO 8601 in UTC (the earliest shard's after a merge).
    public var started: String?
    public var records: ScenarioRecords

    public init(
        name: String, command: String? = nil, version: String? = nil, language: String? = nil, restarts: Int = 0,
        log: String? = nil, observes: [String] = [], reference: Bool = false, started: String? = nil,
        records: ScenarioRecords = []
    ) {
        self.name = name
        self.command = command
        self.version = version
        self.language = language
        self.restarts = restarts
        self.log = log
        self.observes = observes
        self.reference = reference
        self.started = started
        self.records = records
    }

    /// Every scenario errored: one verdict (the first error) instead of one per scenario.
    public var broken: String? {
        guard !records.isEmpty, records.allSatisfy({ $0.outcome == .errored }) else { return nil }
        return records[0].message ?? records[0].firstProblem?.message ?? "every scenario errored"
    }

    public var summary: RunSummary { RunSummary(records) }

    /// The scenarios' wall time added up.
    public var milliseconds: Int { records.reduce(0) { $0 + $1.milliseconds } }
}

/// A requirement as the results carry it: enough to report its status without the catalogue.
public struct RequirementEntry: Sendable, Equatable {
    public var id: String
    public var clause: String
    public var text: String

    public init(id: String, clause: String, text: String) {
        self.id = id
        self.clause = clause
        self.text = text
    }
}

/// Which suite a run ran: a digest of every selected scenario (id, file and content) before
/// sharding, how many there were, and their ids' order-free digest (`ScenarioAccount`), which
/// the shards' records must add up to. Shards of one suite share it.
public struct SuiteIdentity: Sendable, Equatable {
    public var digest: String
    public var scenarios: Int
    public var ids: UInt64

    public init(digest: String, scenarios: Int, ids: UInt64) {
        self.digest = digest
        self.scenarios = scenarios
        self.ids = ids
    }

    /// The whole selection, as the records of a whole run must account for it.
    public var account: ScenarioAccount { ScenarioAccount(scenarios: scenarios, ids: ids) }
}

/// Part K of N of a suite (1-based).
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    public var description: String { "\(index)/\(count)" }

    /// A scenario's shard follows from its id alone (64-bit FNV-1a), so adding or removing a
    /// scenario never moves another one between shards.
    public func contains(id: String) -> Bool {
        Int(Digest.fnv1a(id) % UInt64(count)) == index - 1
    }
}

/// A whole run as data: what the reports are made from, written as the results JSON, read
/// back and merged.
public struct RunRecord: Sendable, Equatable {
    public var model: String
    /// A digest of the model's declaration: results of two versions of a model do not merge.
    public var modelDigest: String
    public var suite: SuiteIdentity
    public var shard: Shard?
    /// The scenarios these results are of (a shard's part of the suite, or all of it): every
    /// implementation must hold exactly one record of each.
    public var expected: ScenarioAccount
    public var requirements: [RequirementEntry]
    public var implementations: [ImplementationRecord]
    public var interruption: RunInterruption?
    /// What every implementation must observe for the run to pass.
    public var profile: ConformanceProfile
    /// Scenarios whose files changed or went while the run read them: never run, and input
    /// errors of the suite (not kept in the results file: a merged run re-reads nothing).
    public var suiteChanges: [SuiteChange] = []

    public init(
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

    public var allRecords: [ScenarioRecord] { implementations.flatMap(\.records) }
    public var summary: RunSummary { RunSummary(implementations.lazy.flatMap(\.records)) }
}

/// A scenario that could not be read again from its file as the run reached it, and why.
public struct SuiteChange: Sendable, Equatable {
    public var scenario: String
    public var location: SourceLocation
    public var reason: String

    public init(scenario: String, location: SourceLocation, reason: String) {
        self.scenario = scenario
        self.location = location
        self.reason = reason
    }
}
