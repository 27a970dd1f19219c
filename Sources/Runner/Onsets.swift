import Results
import ScenarioModel
import SpecModel

extension ScenarioRunner {
    /// Where `answers` first part from `reference`'s answers to the same scenario, every key
    /// either observes compared after every input: nil where they agree throughout. What a
    /// statement's witness is judged by (its trigger), independent of what the scenario expects.
    package func onset(of answers: Answers, against reference: Answers, in scenario: Scenario) -> Onset? {
        var state = model.initialState
        var index = 0
        for (stepIndex, step) in scenario.steps.enumerated() {
            for _ in 0..<step.repeatCount {
                for input in step.inputs {
                    defer { index += 1 }
                    let mine = index < answers.outcomes.count ? answers.outcomes[index] : nil
                    let theirs = index < reference.outcomes.count ? reference.outcomes[index] : nil
                    let keys = Self.differingKeys(mine, theirs)
                    if !keys.isEmpty {
                        return Onset(step: stepIndex + 1, input: input.name, state: state, keys: keys)
                    }
                    guard case .success(let observations) = theirs else { return nil }
                    state = model.state(after: observations, from: state)
                }
            }
        }
        return nil
    }

    /// The keys whose observations differ, in order; `error` where one failed and the other did
    /// not; none where both are missing or failed alike.
    static func differingKeys(
        _ mine: Result<Observations, ImplementationError>?, _ theirs: Result<Observations, ImplementationError>?
    ) -> [String] {
        switch (mine, theirs) {
        case (.success(let a), .success(let b)):
            return Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted()
        case (nil, nil): return []
        case (.failure(let a), .failure(let b)): return a == b ? [] : ["error"]
        default: return ["error"]
        }
    }
}
