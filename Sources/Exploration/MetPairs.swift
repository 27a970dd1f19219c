import Results

/// The input x state pairs met, as a table by state and label number (`ProbeGenerator`
/// numbers them), with any pair outside the model's names kept aside: the generator asks at
/// every input, for every choice, whether its pair was met. Beside it, the pairs met that
/// were *live*: the input changed what the reference shows or holds there at least once.
struct MetPairs: Sendable {
    let labels: Int
    private(set) var cells: [Bool]
    private(set) var others: Set<InputInState> = []
    private(set) var liveCells: [Bool]
    private(set) var liveOthers: Set<InputInState> = []

    init(_ pairs: Set<InputInState>, live: Set<InputInState> = [], generator: ProbeGenerator) {
        labels = generator.labels.count
        cells = Array(repeating: false, count: generator.states.count * labels)
        liveCells = cells
        for pair in pairs {
            insert(state: generator.stateIndex[pair.state], label: generator.labelIndex[pair.input], pair)
        }
        for pair in live {
            insertLive(state: generator.stateIndex[pair.state], label: generator.labelIndex[pair.input], pair)
        }
    }

    func isLive(state: Int?, label: Int?, _ pair: @autoclosure () -> InputInState) -> Bool {
        guard let state, let label else { return liveOthers.contains(pair()) }
        return liveCells[state * labels + label]
    }

    mutating func insertLive(state: Int?, label: Int?, _ pair: @autoclosure () -> InputInState) {
        guard let state, let label else {
            liveOthers.insert(pair())
            return
        }
        liveCells[state * labels + label] = true
    }

    /// The live pairs here and not in `before`.
    func addedLive(since before: MetPairs, generator: ProbeGenerator) -> Set<InputInState> {
        var added = liveOthers.subtracting(before.liveOthers)
        for (index, live) in liveCells.enumerated() where live && !before.liveCells[index] {
            added.insert(
                InputInState(state: generator.states[index / labels], input: generator.labels[index % labels]))
        }
        return added
    }

    func contains(state: Int?, label: Int?, _ pair: @autoclosure () -> InputInState) -> Bool {
        guard let state, let label else { return others.contains(pair()) }
        return cells[state * labels + label]
    }

    mutating func insert(state: Int?, label: Int?, _ pair: @autoclosure () -> InputInState) {
        guard let state, let label else {
            others.insert(pair())
            return
        }
        cells[state * labels + label] = true
    }

    /// The pairs met here and not in `before`.
    func added(since before: MetPairs, generator: ProbeGenerator) -> Set<InputInState> {
        var added = others.subtracting(before.others)
        for (index, met) in cells.enumerated() where met && !before.cells[index] {
            added.insert(
                InputInState(state: generator.states[index / labels], input: generator.labels[index % labels]))
        }
        return added
    }
}
