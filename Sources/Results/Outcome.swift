/// How a step or a scenario ended. Failed is a disagreement with the spec; errored is a broken
/// implementation (crash, timeout, its own error); skipped is something it does not support.
/// A scenario that ran to its end without a difference passed only if every expectation in it
/// was checked: where the implementation does not observe some keys it is partly checked, and
/// where it observes none of them (or the scenario expects nothing) not checked. Steps end
/// passed, failed, errored or skipped; a step's unchecked keys are listed beside it.
public enum Outcome: String, Sendable, CaseIterable, Codable {
    case passed
    case partlyChecked = "partly checked"
    case notChecked = "not checked"
    case failed, errored, skipped

    /// The scenario's outcome once it ran to its end without a difference, from how many of
    /// its expectations were checked.
    public static func ranThrough(checked: Int, of total: Int) -> Outcome {
        if total > 0 && checked == total { return .passed }
        return checked == 0 ? .notChecked : .partlyChecked
    }

    /// Ran to its end with no difference and no error, whether or not every expectation was checked.
    public var ranWithoutProblem: Bool { self == .passed || self == .partlyChecked || self == .notChecked }
}

public struct RunSummary: Sendable, Equatable {
    public var passed = 0, partlyChecked = 0, notChecked = 0, failed = 0, errored = 0, skipped = 0

    public init(outcomes: some Sequence<Outcome>) {
        for outcome in outcomes {
            switch outcome {
            case .passed: passed += 1
            case .partlyChecked: partlyChecked += 1
            case .notChecked: notChecked += 1
            case .failed: failed += 1
            case .errored: errored += 1
            case .skipped: skipped += 1
            }
        }
    }

    public init(_ records: some Sequence<ScenarioRecord>) {
        self.init(outcomes: records.lazy.map(\.outcome))
    }

    public var total: Int { passed + partlyChecked + notChecked + failed + errored + skipped }

    /// Every count by outcome, in `Outcome.allCases` order.
    public var counts: [(outcome: Outcome, count: Int)] {
        [
            (.passed, passed), (.partlyChecked, partlyChecked), (.notChecked, notChecked), (.failed, failed),
            (.errored, errored), (.skipped, skipped),
        ]
    }
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
