import SpecModel
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

extension ReducerStore {
    /// A model's own reducer, each event reduced at the time `now` gives when it is sent.
    package init<Model: ReducerModel>(_ model: Model, _ state: State, now: @escaping () -> Int)
    where Model.State == State, Model.Event == Event, Model.Output == Output {
        self.init(state) { model.reduce($0, $1, now: now()) }
    }
}
