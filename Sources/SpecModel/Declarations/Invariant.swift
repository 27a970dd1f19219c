/// A rule every step of every implementation must keep, whatever a scenario expects: checked
/// by `run` and `explore` after each input on the keys the implementation observes, and by
/// `check-model` on the reference over every input sequence up to a depth.
public struct Invariant: Sendable {
    public var id: String
    public var clause: String
    public var summary: String
    /// nil when the step keeps the rule (or the keys it needs are not observed), else what broke.
    public var check: @Sendable (InvariantStep) -> String?

    public init(_ id: String, clause: String, _ summary: String, check: @escaping @Sendable (InvariantStep) -> String?)
    {
        self.id = id
        self.clause = clause
        self.summary = summary
        self.check = check
    }

    /// Every state change follows a declared transition: the states entered during a step,
    /// from the state before it, chain through the model's transitions (a `*` source matches
    /// any state). Judges only what the states-entered key shows: the state alone cannot tell
    /// a move through other states from one the model does not have.
    public static func declaredTransitions(_ model: ModelDeclaration) -> Invariant {
        // The targets each source reaches, and those any state reaches (a `*` source): looked up
        // at every state entered, with no string built.
        let targets = Dictionary(model.transitions.map { ($0.from, [$0.to]) }, uniquingKeysWith: +).mapValues(Set.init)
        let fromAnywhere = targets["*"] ?? []
        return Invariant(
            "declared-transitions", clause: model.diagramSource,
            "every state is entered through a transition of the model"
        ) { step in
            guard let entered = step.after[model.statesKey]?.list?.compactMap(\.string) else { return nil }
            guard var state = step.before.isEmpty ? model.initialState : step.before[model.stateKey]?.string else {
                return nil
            }
            for next in entered {
                if !fromAnywhere.contains(next) && !(targets[state]?.contains(next) ?? false) {
                    return "\(state) → \(next) on '\(step.input)' is not a transition of the model"
                }
                state = next
            }
            return nil
        }
    }
}

/// One input as an invariant sees it: the observations before it (empty before the first
/// input of a scenario), the input, the virtual time since the previous input, and after.
public struct InvariantStep: Sendable {
    public var before: Observations
    public var input: Input
    public var elapsed: Int
    public var after: Observations

    public init(before: Observations, input: Input, elapsed: Int, after: Observations) {
        self.before = before
        self.input = input
        self.elapsed = elapsed
        self.after = after
    }

    /// The names of the events logged during the input, if the key is observed.
    public func eventNames(_ key: String = "events") -> [String]? {
        after[key]?.list?.map { $0.map?["name"]?.string ?? $0.string ?? "" }
    }
}

extension Value {
    /// The entries of a map value.
    public var map: [String: Value]? {
        if case .map(let entries) = self { return entries }
        return nil
    }
}
