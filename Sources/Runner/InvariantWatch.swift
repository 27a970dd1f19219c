import SpecModel

/// The model's invariants checked input by input on what an implementation observes: an
/// invariant never sees a model key the implementation does not declare (invariants read only
/// the model's declared keys).
struct InvariantWatch {
    let invariants: [Invariant]
    /// The model's keys the implementation does not declare: hidden from the invariants.
    let hidden: Set<String>
    var previous: Observations = [:]
    var previousTime = 0

    init(model: ModelDeclaration, observedKeys: Set<String>) {
        invariants = model.invariants
        hidden = Set(model.observations.map(\.key).filter { !observedKeys.contains($0) })
    }

    /// The invariants broken by one input, with what broke each; remembers the observations
    /// for the next input.
    mutating func broken(by timed: TimedInput, _ observations: Observations) -> [(Invariant, String)] {
        guard !invariants.isEmpty else { return [] }
        // Filtered into a new dictionary only when a hidden key is there: no copy to delete from.
        let seen =
            hidden.isEmpty || !observations.keys.contains(where: hidden.contains)
            ? observations : observations.filter { !hidden.contains($0.key) }
        let moment = InvariantStep(
            before: previous, input: timed.input, elapsed: timed.milliseconds - previousTime, after: seen)
        var broken: [(Invariant, String)] = []
        // By index: an invariant is copied (its closure retained) only when it is broken.
        for index in invariants.indices {
            if let what = invariants[index].check(moment) { broken.append((invariants[index], what)) }
        }
        previous = seen
        previousTime = timed.milliseconds
        return broken
    }
}
