import Runner
import ScenarioModel
import SpecModel

/// A move from one state to another, as declared (`from` may be `*`, any state) or as seen.
public struct Edge: Hashable, Comparable, Sendable {
    public var from: String
    public var to: String

    public init(_ from: String, _ to: String) {
        self.from = from
        self.to = to
    }

    public static func < (lhs: Edge, rhs: Edge) -> Bool { (lhs.from, lhs.to) < (rhs.from, rhs.to) }
}

/// An input met in a state: `biometric: cancel` in `PINInput`, say.
public struct InputInState: Hashable, Comparable, Sendable {
    public var state: String
    public var input: String

    public static func < (lhs: InputInState, rhs: InputInState) -> Bool {
        (lhs.state, lhs.input) < (rhs.state, rhs.input)
    }
}

/// What one implementation's run exercised of the model: states entered, declared transitions
/// taken (and ones the model does not have), inputs met in each state. Counted from the
/// states the implementation itself reported.
public struct CoverageReport: Sendable {
    public let implementation: String
    public let model: ModelDeclaration
    public private(set) var stateHits: [String: Int] = [:]
    /// By declared transition (index into `model.transitions`).
    public private(set) var transitionHits: [Int: Int] = [:]
    public private(set) var undeclaredTransitions: [Edge: Int] = [:]
    public private(set) var undeclaredStates: [String: Int] = [:]
    public private(set) var pairHits: [InputInState: Int] = [:]

    public init(implementation: String, results: [ScenarioResult], model: ModelDeclaration) {
        self.implementation = implementation
        self.model = model
        let known = Set(model.stateNames)
        for result in results {
            var previous = model.initialState
            if !result.steps.isEmpty { stateHits[previous, default: 0] += 1 }
            for step in result.steps {
                for trace in step.trace {
                    if let before = trace.stateBefore {
                        pairHits[
                            InputInState(state: before, input: Self.label(of: trace.input, in: model)), default: 0] += 1
                    }
                    for state in trace.statesEntered {
                        if known.contains(state) {
                            stateHits[state, default: 0] += 1
                        } else {
                            undeclaredStates[state, default: 0] += 1
                        }
                        if let index = declaredIndex(Edge(previous, state)) {
                            transitionHits[index, default: 0] += 1
                        } else {
                            undeclaredTransitions[Edge(previous, state), default: 0] += 1
                        }
                        previous = state
                    }
                }
            }
        }
    }

    /// The declared transition an observed move is, an exact one before a `*` one.
    private func declaredIndex(_ edge: Edge) -> Int? {
        model.transitions.firstIndex { $0.from == edge.from && $0.to == edge.to }
            ?? model.transitions.firstIndex { $0.from == "*" && $0.to == edge.to }
    }

    /// Inputs with a choice of arguments count once per choice (`tap: forgot_pin`); others by name.
    public static func label(of input: Input, in model: ModelDeclaration) -> String {
        if case .oneOf? = model.input(named: input.name)?.argument, let word = input.argument?.string {
            return "\(input.name): \(word)"
        }
        return input.name
    }

    /// Every input label a scenario can send (shorthands excluded: they arrive expanded).
    public static func inputLabels(of model: ModelDeclaration) -> [String] {
        model.inputs.filter { $0.expansion == nil }.flatMap { declaration -> [String] in
            if case .oneOf(let words)? = declaration.argument { return words.map { "\(declaration.name): \($0)" } }
            return [declaration.name]
        }
    }

    // MARK: Figures

    public struct Ratio: Sendable, Equatable, CustomStringConvertible {
        public var covered: Int
        public var total: Int
        public var percent: Int { total == 0 ? 100 : covered * 100 / total }
        public var description: String { "\(covered)/\(total) (\(percent)%)" }
    }

    public var states: Ratio {
        Ratio(covered: model.stateNames.filter { stateHits[$0] != nil }.count, total: model.states.count)
    }
    public var transitions: Ratio { Ratio(covered: transitionHits.count, total: model.transitions.count) }
    public var inputsInStates: Ratio {
        let labels = Self.inputLabels(of: model)
        let covered = model.stateNames.reduce(0) { total, state in
            total + labels.filter { pairHits[InputInState(state: state, input: $0)] != nil }.count
        }
        return Ratio(covered: covered, total: labels.count * model.states.count)
    }

    public var uncoveredStates: [String] { model.stateNames.filter { stateHits[$0] == nil } }
    public var uncoveredTransitions: [TransitionDeclaration] {
        model.transitions.indices.filter { transitionHits[$0] == nil }.map { model.transitions[$0] }
    }
    public var uncoveredPairs: [InputInState] {
        let labels = Self.inputLabels(of: model)
        return model.stateNames.flatMap { state in
            labels.map { InputInState(state: state, input: $0) }.filter { pairHits[$0] == nil }
        }
    }
}

extension CoverageReport {
    /// Which scenarios take each declared transition (`From -> To`, `* -> NotRunning` for a
    /// wildcard), from the states the implementation reported.
    public static func scenariosByTransition(_ results: [ScenarioResult], model: ModelDeclaration) -> [String: [String]]
    {
        var byTransition: [String: [String]] = [:]
        for result in results {
            let report = CoverageReport(implementation: "", results: [result], model: model)
            for index in report.transitionHits.keys.sorted() {
                let transition = model.transitions[index]
                byTransition["\(transition.from) -> \(transition.to)", default: []].append(result.scenario.id)
            }
        }
        return byTransition
    }
}
