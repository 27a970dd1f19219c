/// How a step or a scenario ended. Failed is a disagreement with the spec; errored is a broken
/// implementation (crash, timeout, its own error); skipped is something it does not support.
public enum Outcome: String, Sendable, CaseIterable, Codable {
    case passed, failed, errored, skipped
}

public struct RunSummary: Sendable, Equatable {
    public var passed = 0, failed = 0, errored = 0, skipped = 0

    public init(outcomes: some Sequence<Outcome>) {
        for outcome in outcomes {
            switch outcome {
            case .passed: passed += 1
            case .failed: failed += 1
            case .errored: errored += 1
            case .skipped: skipped += 1
            }
        }
    }

    public init(_ records: [ScenarioRecord]) {
        self.init(outcomes: records.lazy.map(\.outcome))
    }

    public var total: Int { passed + failed + errored + skipped }
}

/// What ended a run before every scenario ran: a signal, and the scenarios that did not finish.
public struct RunInterruption: Sendable, Equatable {
    public struct Unfinished: Sendable, Equatable {
        public var implementation: String
        public var scenario: String

        public init(implementation: String, scenario: String) {
            self.implementation = implementation
            self.scenario = scenario
        }
    }

    public var signal: String
    public var unfinished: [Unfinished]

    public init(signal: String, unfinished: [Unfinished]) {
        self.signal = signal
        self.unfinished = unfinished
    }
}
