import ScenarioModel
import SpecModel

/// What a difference is about: an observation key whose value is not the expected one, or an
/// invariant of the model the step broke.
package enum DifferenceSubject: Sendable, Hashable {
    case key(String)
    /// The invariant's id.
    case invariant(String)

    /// How reports name it: the key, or `invariant ID`.
    package var name: String {
        switch self {
        case .key(let key): key
        case .invariant(let id): "invariant \(id)"
        }
    }

    package var isInvariant: Bool {
        if case .invariant = self { return true }
        return false
    }
}

/// One expected key whose observed value differs, or an invariant broken (its summary and
/// clause as `expected`, what broke it as `observed`).
package struct Difference: Sendable, Equatable {
    package var subject: DifferenceSubject
    package var expected: Value
    /// nil when the implementation declared the key but did not report it.
    package var observed: Value?
    package var location: SourceLocation

    package init(subject: DifferenceSubject, expected: Value, observed: Value?, location: SourceLocation) {
        self.subject = subject
        self.expected = expected
        self.observed = observed
        self.location = location
    }

    package init(key: String, expected: Value, observed: Value?, location: SourceLocation) {
        self.init(subject: .key(key), expected: expected, observed: observed, location: location)
    }

    /// The subject as reports name it (`state`, `invariant lock-runs-with-the-clock`).
    package var key: String { subject.name }
}

/// What the reports keep of one step: where it is, what it sent, how it ended, the state the
/// implementation reported, and for a problem the differences. A passing step keeps no more.
package struct StepRecord: Sendable, Equatable {
    /// 0-based.
    package var index: Int
    package var location: SourceLocation
    /// The input as the scenario wrote it, formatted as an author writes it.
    package var input: String
    package var repeatCount: Int
    package var outcome: Outcome
    /// The model's state key and states-entered key, as observed after the step.
    package var state: Value?
    package var states: Value?
    package var message: String?
    package var differences: [Difference]
    /// Keys the scenario expects that the implementation does not report: not checked.
    package var unchecked: [String]

    package init(
        index: Int, location: SourceLocation, input: String, repeatCount: Int, outcome: Outcome, state: Value?,
        states: Value?, message: String?, differences: [Difference], unchecked: [String]
    ) {
        self.index = index
        self.location = location
        self.input = input
        self.repeatCount = repeatCount
        self.outcome = outcome
        self.state = state
        self.states = states
        self.message = message
        self.differences = differences
        self.unchecked = unchecked
    }
}

/// One scenario run on one implementation, as every report and a later merge need it.
package struct ScenarioRecord: Sendable, Equatable {
    /// The scenario's place in the whole suite as loaded, before selection and sharding:
    /// merged shards are put back in this order.
    package var position: Int
    package var id: String
    package var title: String
    package var location: SourceLocation
    package var spec: [String]
    /// Requirement ids.
    package var covers: [String]
    package var implementation: String
    package var outcome: Outcome
    /// Why a scenario errored or was skipped before or between steps.
    package var message: String?
    package var steps: [StepRecord]
    package var hits: Hits
    /// The scenario's expectations (one per key per step), and how many of them were checked:
    /// compared with what the implementation observed, in the steps that ran.
    package var expectations: Int
    package var checked: Int
    /// Wall time the implementation took for the scenario, for CI reports (JUnit `time`).
    package var milliseconds: Int

    package init(
        position: Int, id: String, title: String, location: SourceLocation, spec: [String], covers: [String],
        implementation: String, outcome: Outcome, message: String?, steps: [StepRecord], hits: Hits,
        expectations: Int = 0, checked: Int = 0, milliseconds: Int = 0
    ) {
        self.position = position
        self.id = id
        self.title = title
        self.location = location
        self.spec = spec
        self.covers = covers
        self.implementation = implementation
        self.outcome = outcome
        self.message = message
        self.steps = steps
        self.hits = hits
        self.expectations = expectations
        self.checked = checked
        self.milliseconds = milliseconds
    }

    /// The first step that did not pass.
    package var firstProblem: StepRecord? { steps.first { $0.outcome != .passed } }

    /// Expected keys the implementation does not observe, each once, in the order first met.
    package var uncheckedKeys: [String] { CollectionOfOne(self).uncheckedKeys }
}

extension Collection<ScenarioRecord> {
    /// Expected keys the implementation does not observe, across these scenarios: each once, in
    /// the order first met.
    package var uncheckedKeys: [String] {
        var seen: Set<String> = []
        return flatMap { $0.steps.flatMap(\.unchecked) }.filter { seen.insert($0).inserted }
    }
}
