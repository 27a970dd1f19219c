import Results

/// Scenario ids in suite order against implementations, keyed by both: an implementation
/// that ran fewer scenarios (a cut run, a selection) never shifts another's cells.
struct OutcomeMatrix {
    /// The ids in suite order: row `i` is `ids[i]`.
    let ids: [String]
    /// Each row by its id's hash (two ids with one hash are told apart by a search), and each
    /// implementation's column; the cells in one flat table: a large run's matrix costs a few
    /// bytes a cell and a small table entry a scenario, not a dictionary of strings.
    private let rows: [Int: Int32]
    private let columns: [String: Int]
    private let cells: [Outcome?]

    init(_ run: RunRecord) {
        var columns: [String: Int] = [:]
        for implementation in run.implementations where columns[implementation.name] == nil {
            columns[implementation.name] = columns.count
        }
        let width = columns.count
        var rows: [Int: Int32] = [:]
        var positions: [Int] = []
        var ids: [String] = []
        // Filled as the records are read, a row's cells added with the row: the matrix is made
        // in one pass, with no list of every cell beside it.
        var cells: [Outcome?] = []
        for implementation in run.implementations {
            let column = columns[implementation.name]!
            for record in implementation.records {
                let row: Int
                if let known = Self.row(of: record.id, rows: rows, ids: ids) {
                    row = known
                    positions[row] = min(positions[row], record.position)
                } else {
                    row = ids.count
                    if rows[record.id.hashValue] == nil { rows[record.id.hashValue] = Int32(row) }
                    ids.append(record.id)
                    positions.append(record.position)
                    cells.append(contentsOf: repeatElement(nil, count: width))
                }
                cells[row * width + column] = record.outcome
            }
        }
        // Suite order: by position, then id; nearly always the order the records came in.
        func before(_ one: Int, _ other: Int) -> Bool { (positions[one], ids[one]) < (positions[other], ids[other]) }
        if !zip(ids.indices, ids.indices.dropFirst()).allSatisfy({ !before($1, $0) }) {
            let order = ids.indices.sorted(by: before)
            ids = order.map { ids[$0] }
            cells = order.flatMap { cells[$0 * width..<($0 + 1) * width] }
            rows = [:]
            for (row, id) in ids.enumerated() where rows[id.hashValue] == nil { rows[id.hashValue] = Int32(row) }
        }
        self.ids = ids
        self.rows = rows
        self.columns = columns
        self.cells = cells
    }

    /// The row of `id` among `ids`, found by its hash.
    private static func row(of id: String, rows: [Int: Int32], ids: [String]) -> Int? {
        guard let row = rows[id.hashValue].map(Int.init) else { return nil }
        return ids[row] == id ? row : ids.firstIndex(of: id)
    }

    func outcome(_ id: String, _ implementation: String) -> Outcome? {
        guard let row = Self.row(of: id, rows: rows, ids: ids), let column = columns[implementation] else { return nil }
        return cells[row * columns.count + column]
    }

    /// Every one of `implementations` ran the scenario and it passed: the rows reports fold away.
    func passedEverywhere(_ id: String, on implementations: [String]) -> Bool {
        implementations.allSatisfy { outcome(id, $0) == .passed }
    }
}
