import ScenarioModel

extension GatePolicy {
    /// Reads the baselines in `files` into the policy, one per implementation. A file's own
    /// problems, a second baseline for one implementation and an entry for a scenario not in
    /// `known` are input errors, returned (the run still runs; the command exits 2).
    package mutating func loadBaselines(_ files: [String], known: Set<String>) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for file in files {
            let (baseline, problems) = Baseline.load(file: file)
            diagnostics += problems
            guard let baseline else { continue }
            if let other = baselines.first(where: { $0.implementation == baseline.implementation }) {
                diagnostics.append(
                    Diagnostic(
                        "a second baseline for \(baseline.implementation) (the first is \(other.file))",
                        at: SourceLocation(file: file, line: 0, column: 0)))
                continue
            }
            for entry in baseline.entries where !known.contains(entry.id) {
                diagnostics.append(
                    Diagnostic(
                        "baseline entry for '\(entry.id)', which is not among the scenarios loaded", at: entry.location)
                )
            }
            baselines.append(baseline)
        }
        return diagnostics
    }
}

extension Baseline {
    /// The baseline as `records` (a run of its implementation) leave it: entries for the
    /// scenarios that ran say how they ended (none for a pass, or for a partly checked scenario,
    /// which passes the gate; an unchanged outcome keeps its reason, link and expiry); entries
    /// for scenarios that did not run are kept.
    package func updated(from records: ScenarioRecords) -> Baseline {
        let ran = Dictionary(records.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        func excused(_ outcome: Outcome) -> Bool { outcome != .passed && outcome != .partlyChecked }
        var kept: [Entry] = []
        for entry in entries {
            guard let record = ran[entry.id] else {
                kept.append(entry)
                continue
            }
            guard excused(record.outcome) else { continue }
            kept.append(entry.outcome == record.outcome.rawValue ? entry : Self.entry(for: record, file: file))
        }
        let listed = Set(entries.map(\.id))
        for record in records where excused(record.outcome) && !listed.contains(record.id) {
            kept.append(Self.entry(for: record, file: file))
        }
        var updated = self
        updated.entries = kept
        return updated
    }

    /// A new entry for a record: its outcome, and where it went wrong as the reason.
    static func entry(for record: ScenarioRecord, file: String) -> Entry {
        let reason =
            record.firstProblem.map { step in
                step.differences.isEmpty
                    ? "step \(step.index + 1): \(step.message ?? record.outcome.rawValue)"
                    : "step \(step.index + 1): " + step.differences.map(\.key).joined(separator: ", ") + " differ"
            } ?? record.message ?? record.outcome.rawValue
        return Entry(
            id: record.id, outcome: record.outcome.rawValue, reason: reason,
            location: SourceLocation(file: file, line: 0, column: 0))
    }
}
