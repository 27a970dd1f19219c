/// A mutant of a model's reference that the suite killed: the scenario whose run failed or
/// errored on it, the step where it first did, and the keys that differed there (or `error`).
package struct Kill: Sendable, Equatable {
    package var scenario: String
    /// 1-based.
    package var step: Int
    package var keys: [String]
    /// Where the mutant first parted from the reference on this scenario, on any key either
    /// observes: at or before `step`, where the scenario's expectations caught it.
    package var onset: Onset?
    /// The key a report names: the first that differed.
    package var key: String { keys.first ?? "?" }

    package init(scenario: String, step: Int, keys: [String], onset: Onset? = nil) {
        self.scenario = scenario
        self.step = step
        self.keys = keys
        self.onset = onset
    }

    package init(scenario: String, step: Int, key: String) {
        self.init(scenario: scenario, step: step, keys: [key])
    }

    /// The kill a record shows, if the scenario failed or errored on the mutant.
    package init?(_ record: ScenarioRecord) {
        guard record.outcome == .failed || record.outcome == .errored else { return nil }
        let problem = record.firstProblem
        let differed = problem?.differences.map(\.key) ?? []
        self.init(
            scenario: record.id, step: (problem?.index ?? -1) + 1,
            keys: differed.isEmpty ? [record.outcome == .errored ? "error" : "?"] : differed)
    }
}

/// A scenario in a document's terms that the reference does not follow: whether the reference
/// passes it (it must not) and the mutants that pass it (those that follow that document).
package struct OwnTerms: Sendable, Equatable {
    package var referencePasses: Bool
    package var passedBy: Set<String>

    package init(referencePasses: Bool, passedBy: Set<String>) {
        self.referencePasses = referencePasses
        self.passedBy = passedBy
    }
}

/// Where a mutant's run of a scenario first parts from the reference's, every key compared: the
/// step, the input sent there, the state the reference was in when it was sent, and the keys
/// whose observations differ after it (`error` where the mutant failed instead).
package struct Onset: Sendable, Equatable {
    /// 1-based, as `Kill.step`.
    package var step: Int
    package var input: String
    /// The reference's state before the input (the model's initial state before the first).
    package var state: String
    package var keys: [String]

    package init(step: Int, input: String, state: String, keys: [String]) {
        self.step = step
        self.input = input
        self.state = state
        self.keys = keys
    }
}

/// The suite run on every mutant of its model's reference: each mutant's breaking rule, and the
/// scenarios that killed it. What a statement's verification rests on: a falsifier (a mutant
/// that breaks the statement) killed by a scenario that covers one of its requirements.
package struct Falsification: Sendable {
    package struct Falsifier: Sendable, Equatable {
        package var id: String
        /// The clause or reading it breaks, as the mutant names it.
        package var rule: String
        package var summary: String
        package var kills: [Kill]

        package init(id: String, rule: String, summary: String, kills: [Kill]) {
            self.id = id
            self.rule = rule
            self.summary = summary
            self.kills = kills
        }
    }

    package var falsifiers: [Falsifier]
    /// Each scenario written in a contradicted statement's own document's terms
    /// (`readings.yaml`), run on the reference and on every mutant.
    package var ownTerms: [String: OwnTerms] = [:]
    /// The requirements each scenario of the suite covers.
    package var covers: [String: [String]]
    /// The keys each requirement that declares them constrains.
    package var keys: [String: [String]]

    package init(falsifiers: [Falsifier], covers: [String: [String]], keys: [String: [String]] = [:]) {
        self.falsifiers = falsifiers
        self.covers = covers
        self.keys = keys
    }
}
