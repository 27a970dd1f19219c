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

    public init(state: String, input: String) {
        self.state = state
        self.input = input
    }

    public static func < (lhs: InputInState, rhs: InputInState) -> Bool {
        (lhs.state, lhs.input) < (rhs.state, rhs.input)
    }
}

/// What one scenario run exercised, counted from the states the implementation reported:
/// states entered (declared or not), moves between them, inputs met in each state. Counts add
/// up across scenarios, so coverage can be rebuilt from results read back or merged.
public struct Hits: Sendable, Equatable {
    public var states: [String: Int] = [:]
    public var moves: [Edge: Int] = [:]
    public var inputsInStates: [InputInState: Int] = [:]

    public init() {}

    public mutating func add(_ other: Hits) {
        states.merge(other.states, uniquingKeysWith: +)
        moves.merge(other.moves, uniquingKeysWith: +)
        inputsInStates.merge(other.inputsInStates, uniquingKeysWith: +)
    }
}
