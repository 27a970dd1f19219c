import Results
import SpecModel

/// What one implementation's run exercised of the model: states entered, declared transitions
/// taken (and ones the model does not have), inputs met in each state. Summed from each
/// scenario's hits, so results read back or merged give the same report.
package struct CoverageReport: Sendable {
    package let implementation: String
    package let model: ModelDeclaration
    package private(set) var stateHits: [String: Int] = [:]
    /// By declared transition (index into `model.transitions`).
    package private(set) var transitionHits: [Int: Int] = [:]
    package private(set) var undeclaredTransitions: [Edge: Int] = [:]
    package private(set) var undeclaredStates: [String: Int] = [:]
    package private(set) var pairHits: [InputInState: Int] = [:]
    /// The scenarios that made each move, and entered each state, the model does not have.
    package private(set) var undeclaredMovesBy: [Edge: [String]] = [:]
    package private(set) var undeclaredStatesBy: [String: [String]] = [:]

    package init(implementation: String, records: some Collection<ScenarioRecord>, model: ModelDeclaration) {
        var hits = Hits()
        for record in records { hits.add(record.hits) }
        self.init(implementation: implementation, hits: hits, model: model)
        let known = Set(model.stateNames)
        for record in records {
            for edge in record.hits.moves.keys.sorted() where undeclaredTransitions[edge] != nil {
                undeclaredMovesBy[edge, default: []].append(record.id)
            }
            for state in record.hits.states.keys.sorted() where !known.contains(state) {
                undeclaredStatesBy[state, default: []].append(record.id)
            }
        }
    }

    /// Whether `other` exercised exactly what this did, count for count (the states, the
    /// moves declared or not, the inputs in each state).
    package func exercisedTheSame(as other: CoverageReport) -> Bool {
        stateHits == other.stateHits && transitionHits == other.transitionHits
            && undeclaredTransitions == other.undeclaredTransitions && undeclaredStates == other.undeclaredStates
            && pairHits == other.pairHits
    }

    package init(implementation: String, hits: Hits, model: ModelDeclaration) {
        self.implementation = implementation
        self.model = model
        let known = Set(model.stateNames)
        for (state, count) in hits.states {
            if known.contains(state) { stateHits[state] = count } else { undeclaredStates[state] = count }
        }
        for (edge, count) in hits.moves {
            if let index = model.declaredTransition(from: edge.from, to: edge.to) {
                transitionHits[index, default: 0] += count
            } else {
                undeclaredTransitions[edge] = count
            }
        }
        pairHits = hits.inputsInStates
    }

    // MARK: Figures

    package struct Ratio: Sendable, Equatable, CustomStringConvertible {
        package var covered: Int
        package var total: Int
        package var percent: Int { total == 0 ? 100 : covered * 100 / total }
        package var description: String { "\(covered)/\(total) (\(percent)%)" }
    }

    package var states: Ratio {
        Ratio(covered: model.stateNames.filter { stateHits[$0] != nil }.count, total: model.states.count)
    }
    package var transitions: Ratio { Ratio(covered: transitionHits.count, total: model.transitions.count) }
    /// Inputs met in the states an input can arrive in (not those passed through within a step).
    package var inputsInStates: Ratio {
        let labels = model.inputLabels
        let covered = model.waitingStates.reduce(0) { total, state in
            total + labels.filter { pairHits[InputInState(state: state, input: $0)] != nil }.count
        }
        return Ratio(covered: covered, total: labels.count * model.waitingStates.count)
    }

    package var uncoveredStates: [String] { model.stateNames.filter { stateHits[$0] == nil } }
    package var uncoveredTransitions: [TransitionDeclaration] {
        model.transitions.indices.filter { transitionHits[$0] == nil }.map { model.transitions[$0] }
    }
    package var uncoveredPairs: [InputInState] {
        let labels = model.inputLabels
        return model.waitingStates.flatMap { state in
            labels.map { InputInState(state: state, input: $0) }.filter { pairHits[$0] == nil }
        }
    }
}

extension CoverageReport {
    /// Which scenarios take each declared transition (`From -> To`, `* -> NotRunning` for a
    /// wildcard), from the states the implementation reported.
    package static func scenariosByTransition(_ records: some Collection<ScenarioRecord>, model: ModelDeclaration)
        -> [String: [String]]
    {
        var byTransition: [String: [String]] = [:]
        for record in records {
            let report = CoverageReport(implementation: "", hits: record.hits, model: model)
            for index in report.transitionHits.keys.sorted() {
                let transition = model.transitions[index]
                byTransition["\(transition.from) -> \(transition.to)", default: []].append(record.id)
            }
        }
        return byTransition
    }
}
