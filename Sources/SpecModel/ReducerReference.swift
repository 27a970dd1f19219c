/// A model's executable reading as a pure reducer: the state a scenario's world starts in,
/// the event each input is, the next state and outputs of an event at a time on the virtual
/// clock, and what is observed of a state. `ReducerReference` makes any of them the reference
/// behind the runner's seam; a new model writes only these.
public protocol ReducerModel: Sendable {
    associatedtype State: Hashable & Sendable
    associatedtype Event
    associatedtype Output

    /// The declaration whose observation keys `observe` reports.
    var declaration: ModelDeclaration { get }
    /// The state a scenario's `given` starts in, and the wall clock at its virtual time 0 (in
    /// milliseconds since 1970).
    func start(given: [String: Value]) throws(ImplementationError) -> (state: State, clockOrigin: Int)
    /// The event an input is; an input the model does not take is `unsupported`.
    static func event(for input: Input) throws(ImplementationError) -> Event
    /// `now` is milliseconds since 1970 on the virtual clock.
    func reduce(_ state: State, _ event: Event, now: Int) -> (State, [Output])
    /// Every observation key, from the state after an event and what the event put out.
    func observe(_ state: State, outputs: [Output], now: Int) -> Observations
    /// Where the state stands, abstracted (its phase with counts, which timers and stored
    /// fields are set), for exploration to tell new places from known ones.
    func place(of state: State) -> String
    /// `state` as seen from `now` (see `RelativeState`), or nil when the model gives no such
    /// form.
    func relative(_ state: State, now: Int) -> RelativeState?
    /// `observations` in the terms of `relative`'s form (see `StateSaving`).
    func relative(_ observations: Observations) -> Observations
}

extension ReducerModel {
    public func relative(_ state: State, now: Int) -> RelativeState? { nil }
    public func relative(_ observations: Observations) -> Observations { observations }
}

/// A reducer's state and the wall clock at its virtual time 0: all there is to save of a
/// reference.
public struct ClockedState<State: Hashable & Sendable>: Hashable, Sendable {
    public var state: State
    public var clockOrigin: Int

    public init(state: State, clockOrigin: Int) {
        self.state = state
        self.clockOrigin = clockOrigin
    }
}

/// Any reducer model as the reference behind the runner's seam, on a virtual clock, its whole
/// state saved and put back for the exhaustive walks.
public struct ReducerReference<Model: ReducerModel>: ImplementationUnderTest, StateSaving {
    public let name = "reference"
    public var model: Model
    /// The state after the last input, or nil before `start`.
    public var state: Model.State?
    /// The wall clock at virtual time 0, in milliseconds since 1970.
    public var clockOrigin = 0
    /// Worked out once: the runner asks at every step.
    public let observedKeys: Set<String>

    public init(_ model: Model) {
        self.model = model
        observedKeys = Set(model.declaration.observations.map(\.key))
    }

    public var place: String? { state.map(model.place(of:)) }

    public mutating func start(scenario: String, given: [String: Value]) throws(ImplementationError) {
        (state, clockOrigin) = try model.start(given: given)
    }

    public mutating func perform(_ input: Input, atMilliseconds milliseconds: Int) throws(ImplementationError)
        -> Observations
    {
        let model = model
        return try step(
            input, atMilliseconds: milliseconds, event: Model.event(for:), reduce: { model.reduce($0, $1, now: $2) },
            observe: { model.observe($0, outputs: $1, now: $2) })
    }

    /// One input through a reducer: its event, the state reduced at the input's wall time, and
    /// what is observed of the new state and what the step put out. A mutant passes its own
    /// reduce or observe. Inlinable: it is every reference step's path.
    @inlinable public mutating func step<Event, Output>(
        _ input: Input, atMilliseconds milliseconds: Int, event: (Input) throws(ImplementationError) -> Event,
        reduce: (Model.State, Event, _ now: Int) -> (Model.State, [Output]),
        observe: (Model.State, [Output], _ now: Int) -> Observations
    ) throws(ImplementationError) -> Observations {
        guard let current = state else { throw .failed("perform before start") }
        let happened = try event(input)
        let now = clockOrigin + milliseconds
        let (next, outputs) = reduce(current, happened, now)
        state = next
        return observe(next, outputs, now)
    }

    public mutating func finish() { state = nil }

    public func save() -> ClockedState<Model.State>? {
        state.map { ClockedState(state: $0, clockOrigin: clockOrigin) }
    }

    public func relativeState(atMilliseconds milliseconds: Int) -> RelativeState? {
        state.flatMap { model.relative($0, now: clockOrigin + milliseconds) }
    }

    public func relativeObservations(_ observations: Observations) -> Observations {
        model.relative(observations)
    }

    public mutating func restore(_ saved: ClockedState<Model.State>) {
        state = saved.state
        clockOrigin = saved.clockOrigin
    }
}
