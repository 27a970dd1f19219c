import Results

/// Scenario ids in suite order against implementations, keyed by both: an implementation
/// that ran fewer scenarios (a cut run, a selection) never shifts another's cells.
struct OutcomeMatrix {
    let ids: [String]
    private let cells: [String: [String: Outcome]]

    init(_ run: RunRecord) {
        var order: [String: Int] = [:]
        var cells: [String: [String: Outcome]] = [:]
        for implementation in run.implementations {
            for record in implementation.records {
                order[record.id] = min(order[record.id] ?? .max, record.position)
                cells[record.id, default: [:]][implementation.name] = record.outcome
            }
        }
        ids = order.keys.sorted { (order[$0]!, $0) < (order[$1]!, $1) }
        self.cells = cells
    }

    func outcome(_ id: String, _ implementation: String) -> Outcome? { cells[id]?[implementation] }

    /// Every one of `implementations` ran the scenario and it passed: the rows reports fold away.
    func passedEverywhere(_ id: String, on implementations: [String]) -> Bool {
        implementations.allSatisfy { outcome(id, $0) == .passed }
    }
}
