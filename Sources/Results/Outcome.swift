/// How a step or a scenario ended. Failed is a disagreement with the spec; errored is a broken
/// implementation (crash, timeout, its own error); skipped is an input the implementation does
/// not declare, never sent; refused is a world or an input it declares and answered `unsupported`
/// to (what it claimed it could do and would not: counted apart, failing the gate unless allowed).
/// A scenario that ran to its end without a difference passed only if every expectation in it
/// was checked: where the implementation does not observe some keys it is partly checked, and
/// where it observes none of them (or the scenario expects nothing) not checked. Steps end
/// passed, failed, errored, skipped or refused; a step's unchecked keys are listed beside it.
package enum Outcome: String, Sendable, CaseIterable, Codable {
    case passed
    case partlyChecked = "partly checked"
    case notChecked = "not checked"
    case failed, errored, skipped, refused

    /// The scenario's outcome once it ran to its end without a difference, from how many of
    /// its expectations were checked.
    package static func ranThrough(checked: Int, of total: Int) -> Outcome {
        if total > 0 && checked == total { return .passed }
        return checked == 0 ? .notChecked : .partlyChecked
    }

    /// Ran to its end with no difference and no error, whether or not every expectation was checked.
    package var ranWithoutProblem: Bool { self == .passed || self == .partlyChecked || self == .notChecked }
}

package struct RunSummary: Sendable, Equatable {
    package var passed = 0, partlyChecked = 0, notChecked = 0, failed = 0, errored = 0, skipped = 0, refused = 0

    package init(outcomes: some Sequence<Outcome>) {
        for outcome in outcomes {
            switch outcome {
            case .passed: passed += 1
            case .partlyChecked: partlyChecked += 1
            case .notChecked: notChecked += 1
            case .failed: failed += 1
            case .errored: errored += 1
            case .skipped: skipped += 1
            case .refused: refused += 1
            }
        }
    }

    package init(_ records: some Sequence<ScenarioRecord>) {
        self.init(outcomes: records.lazy.map(\.outcome))
    }

    package var total: Int { passed + partlyChecked + notChecked + failed + errored + skipped + refused }

    /// Every count by outcome, in `Outcome.allCases` order.
    package var counts: [(outcome: Outcome, count: Int)] {
        [
            (.passed, passed), (.partlyChecked, partlyChecked), (.notChecked, notChecked), (.failed, failed),
            (.errored, errored), (.skipped, skipped), (.refused, refused),
        ]
    }
}

/// What ended a run before every scenario ran: a signal, and the scenarios that did not finish.
package struct RunInterruption: Sendable, Equatable {
    package struct Unfinished: Sendable, Equatable {
        package var implementation: String
        package var scenario: String

        package init(implementation: String, scenario: String) {
            self.implementation = implementation
            self.scenario = scenario
        }
    }

    package var signal: String
    package var unfinished: [Unfinished]

    package init(signal: String, unfinished: [Unfinished]) {
        self.signal = signal
        self.unfinished = unfinished
    }
}
