import SpecModel

/// The model's invariants checked input by input on what an implementation observes (only the
/// keys it declares, so an invariant never reads a key the implementation cannot report).
struct InvariantWatch {
    let invariants: [Invariant]
    let observable: Set<String>
    var previous: Observations = [:]
    var previousTime = 0

    init(model: ModelDeclaration, observedKeys: Set<String>) {
        invariants = model.invariants
        observable = model.invariants.isEmpty ? [] : observedKeys
    }

    /// The invariants broken by one input, with what broke each; remembers the observations
    /// for the next input.
    mutating func broken(by timed: TimedInput, _ observations: Observations) -> [(Invariant, String)] {
        guard !invariants.isEmpty else { return [] }
        let seen =
            observations.keys.allSatisfy(observable.contains)
            ? observations : observations.filter { observable.contains($0.key) }
        let moment = InvariantStep(
            before: previous, input: timed.input, elapsed: timed.milliseconds - previousTime, after: seen)
        var broken: [(Invariant, String)] = []
        for invariant in invariants {
            if let what = invariant.check(moment) { broken.append((invariant, what)) }
        }
        previous = seen
        previousTime = timed.milliseconds
        return broken
    }
}
