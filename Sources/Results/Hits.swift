/// A move from one state to another, as declared (`from` may be `*`, any state) or as seen.
package struct Edge: Hashable, Comparable, Sendable {
    package var from: String
    package var to: String

    package init(_ from: String, _ to: String) {
        self.from = from
        self.to = to
    }

    package static func < (lhs: Edge, rhs: Edge) -> Bool { (lhs.from, lhs.to) < (rhs.from, rhs.to) }
}

/// An input met in a state: `biometric: cancel` in `PINInput`, say.
package struct InputInState: Hashable, Comparable, Sendable {
    package var state: String
    package var input: String

    package init(state: String, input: String) {
        self.state = state
        self.input = input
    }

    package static func < (lhs: InputInState, rhs: InputInState) -> Bool {
        (lhs.state, lhs.input) < (rhs.state, rhs.input)
    }
}

/// What one scenario run exercised, counted from the states the implementation reported:
/// states entered (declared or not), moves between them, inputs met in each state. Counts add
/// up across scenarios, so coverage can be rebuilt from results read back or merged.
package struct Hits: Sendable, Equatable {
    package var states: [String: Int] = [:]
    package var moves: [Edge: Int] = [:]
    package var inputsInStates: [InputInState: Int] = [:]

    package init() {}

    package mutating func add(_ other: Hits) {
        states.merge(other.states, uniquingKeysWith: +)
        moves.merge(other.moves, uniquingKeysWith: +)
        inputsInStates.merge(other.inputsInStates, uniquingKeysWith: +)
    }
}
