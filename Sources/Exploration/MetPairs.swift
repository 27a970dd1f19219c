import Results

/// The input x state pairs met, as a table by state and label number (`ProbeGenerator`
/// numbers them), with any pair outside the model's names kept aside: the generator asks at
/// every input, for every choice, whether its pair was met. Beside it, the pairs met that
/// were *live*: the input changed what the reference shows or holds there at least once.
struct MetPairs: Sendable {
    /// One set of pairs: a cell per state and label, and the pairs outside the model's names.
    struct Table: Sendable {
        let labels: Int
        private(set) var cells: [Bool]
        private(set) var others: Set<InputInState> = []

        init(_ pairs: Set<InputInState>, generator: ProbeGenerator) {
            labels = generator.labels.count
            cells = Array(repeating: false, count: generator.states.count * labels)
            for pair in pairs {
                insert(state: generator.stateIndex[pair.state], label: generator.labelIndex[pair.input], pair)
            }
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

        /// The pairs here and not in `before`.
        func added(since before: Table, generator: ProbeGenerator) -> Set<InputInState> {
            var added = others.subtracting(before.others)
            for (index, held) in cells.enumerated() where held && !before.cells[index] {
                added.insert(
                    InputInState(state: generator.states[index / labels], input: generator.labels[index % labels]))
            }
            return added
        }
    }

    private(set) var met: Table
    private(set) var live: Table

    init(_ pairs: Set<InputInState>, live: Set<InputInState> = [], generator: ProbeGenerator) {
        met = Table(pairs, generator: generator)
        self.live = Table(live, generator: generator)
    }

    func contains(state: Int?, label: Int?, _ pair: @autoclosure () -> InputInState) -> Bool {
        met.contains(state: state, label: label, pair())
    }

    mutating func insert(state: Int?, label: Int?, _ pair: @autoclosure () -> InputInState) {
        met.insert(state: state, label: label, pair())
    }

    func isLive(state: Int?, label: Int?, _ pair: @autoclosure () -> InputInState) -> Bool {
        live.contains(state: state, label: label, pair())
    }

    mutating func insertLive(state: Int?, label: Int?, _ pair: @autoclosure () -> InputInState) {
        live.insert(state: state, label: label, pair())
    }

    /// The pairs met here and not in `before`.
    func added(since before: MetPairs, generator: ProbeGenerator) -> Set<InputInState> {
        met.added(since: before.met, generator: generator)
    }

    /// The live pairs here and not in `before`.
    func addedLive(since before: MetPairs, generator: ProbeGenerator) -> Set<InputInState> {
        live.added(since: before.live, generator: generator)
    }
}
