import Testing

/// An exhaustive check of a pure reducer, as the Composable Architecture's test store does:
/// each event sent with the whole change of state it must make (written as a change to the
/// state before) and every output it must give. Anything unasserted fails: a field changed
/// that the test did not say, an output more or less.
package struct ReducerStore<State: Equatable, Event, Output: Equatable> {
    package private(set) var state: State
    package let reduce: (State, Event) -> (State, [Output])

    package init(_ state: State, reduce: @escaping (State, Event) -> (State, [Output])) {
        self.state = state
        self.reduce = reduce
    }

    package mutating func send(
        _ event: Event, outputs expected: [Output], sourceLocation: SourceLocation = #_sourceLocation,
        _ change: (inout State) -> Void = { _ in }
    ) {
        let (next, outputs) = reduce(state, event)
        var wanted = state
        change(&wanted)
        #expect(next == wanted, "the whole state after \(event)", sourceLocation: sourceLocation)
        #expect(outputs == expected, "every output of \(event)", sourceLocation: sourceLocation)
        state = next
    }
}
