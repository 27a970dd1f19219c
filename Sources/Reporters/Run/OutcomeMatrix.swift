import Results

/// Scenario ids in suite order against implementations, keyed by both: an implementation
/// that ran fewer scenarios (a cut run, a selection) never shifts another's cells.
struct OutcomeMatrix {
    let ids: [String]
    /// Each id's row, and each implementation's column, in one flat table: a large run's matrix
    /// costs a few bytes a cell, not a dictionary a scenario.
    private let rows: [String: Int]
    private let columns: [String: Int]
    private let cells: [Outcome?]

    init(_ run: RunRecord) {
        var columns: [String: Int] = [:]
        for implementation in run.implementations where columns[implementation.name] == nil {
            columns[implementation.name] = columns.count
        }
        let width = columns.count
        var rows: [String: Int] = [:]
        var positions: [Int] = []
        var ids: [String] = []
        // Filled as the records are read, a row's cells added with the row: the matrix is made
        // in one pass, with no list of every cell beside it.
        var cells: [Outcome?] = []
        for implementation in run.implementations {
            let column = columns[implementation.name]!
            for record in implementation.records {
                let row: Int
                if let known = rows[record.id] {
                    row = known
                    positions[row] = min(positions[row], record.position)
                } else {
                    row = ids.count
                    rows[record.id] = row
                    ids.append(record.id)
                    positions.append(record.position)
                    cells.append(contentsOf: repeatElement(nil, count: width))
                }
                cells[row * width + column] = record.outcome
            }
        }
        // Suite order: by position, then id; nearly always the order the records came in.
        func before(_ one: Int, _ other: Int) -> Bool { (positions[one], ids[one]) < (positions[other], ids[other]) }
        let ordered = zip(ids.indices, ids.indices.dropFirst()).allSatisfy { !before($1, $0) }
        self.ids = ordered ? ids : ids.indices.sorted(by: before).map { ids[$0] }
        self.rows = rows
        self.columns = columns
        self.cells = cells
    }

    func outcome(_ id: String, _ implementation: String) -> Outcome? {
        guard let row = rows[id], let column = columns[implementation] else { return nil }
        return cells[row * columns.count + column]
    }

    /// Every one of `implementations` ran the scenario and it passed: the rows reports fold away.
    func passedEverywhere(_ id: String, on implementations: [String]) -> Bool {
        implementations.allSatisfy { outcome(id, $0) == .passed }
    }
}
