import ScenarioModel
import SpecModel

extension GatePolicy {
    /// Reads the baselines in `files` into the policy, one per implementation. Returned as
    /// input errors: in `files`, a file's own problems and a second baseline for one
    /// implementation; in `entries`, an entry for a scenario not in `known` when the baseline
    /// was written against this suite (`suite`, the digest of its ids) or says nothing of it.
    /// Such an entry is stale instead (kept in `staleEntries`, a warning; `--update-baseline`
    /// drops it) when the baseline was written against another version.
    package mutating func loadBaselines(_ files: [String], known: Set<String>, suite: String) -> (
        files: [Diagnostic], entries: [Diagnostic]
    ) {
        var diagnostics: [Diagnostic] = []
        var entries: [Diagnostic] = []
        for file in files {
            let (baseline, problems) = Baseline.load(file: file)
            diagnostics += problems
            guard let baseline else { continue }
            if let other = baselines.first(where: { $0.implementation == baseline.implementation }) {
                diagnostics.append(
                    Diagnostic(
                        .secondBaseline(implementation: baseline.implementation, first: other.file),
                        at: SourceLocation(file: file, line: 0, column: 0)))
                continue
            }
            let unknown = baseline.entries.filter { !known.contains($0.id) }
            if let written = baseline.suite, written != suite {
                if !unknown.isEmpty { staleEntries[baseline.implementation] = unknown.map(\.id) }
            } else {
                for entry in unknown {
                    entries.append(
                        Diagnostic(.baselineEntryNotLoaded(id: entry.id), at: entry.location))
                }
            }
            baselines.append(baseline)
        }
        return (diagnostics, entries)
    }

    /// The entry of `implementation`'s baseline that expects `record` as it ended, unless it
    /// has expired: the same outcome and, where the entry says where it went wrong, there.
    package func expectation(of record: ScenarioRecord, on implementation: String) -> Baseline.Entry? {
        guard let baseline = baselines.first(where: { $0.implementation == implementation }),
            let entry = baseline.entry(for: record.id), !entry.expired(on: today), entry.expects(record)
        else { return nil }
        return entry
    }
}

extension Baseline {
    /// The digest of a suite's scenario ids, whatever their order: what a baseline records of
    /// the suite it was written against.
    package static func suiteDigest(of ids: some Sequence<String>) -> String {
        var digest = DigestStream()
        for id in ids.sorted() { digest.add(id) }
        return Digest.hex(digest.value)
    }
}

extension Baseline.Entry {
    /// Whether the entry expects `record` as it ended: the same outcome and, where the entry
    /// says where it went wrong, the same step, input and keys (a failure elsewhere in the
    /// scenario is another bug).
    package func expects(_ record: ScenarioRecord) -> Bool {
        guard outcome == record.outcome.rawValue else { return false }
        guard let divergence else { return true }
        return Self.divergence(of: record).map(divergence.matches) ?? false
    }

    /// Where `record` first went wrong: its first problem's step, input and differing keys,
    /// and the state the step before observed (the state its input arrived in).
    package static func divergence(of record: ScenarioRecord) -> Divergence? {
        record.firstProblem.map { problem in
            let before = record.steps.last { $0.index < problem.index }
            return Divergence(
                step: problem.index + 1, input: problem.input, keys: problem.differences.map(\.key),
                state: before?.state?.string)
        }
    }
}

extension Baseline {
    /// What `--update-baseline` did besides rewriting the entries: the failures and errors it
    /// added (`all`), and those it left out (`skips`: only what could not be checked is added).
    package struct Update: Sendable, Equatable {
        package var baseline: Baseline
        package var addedFailures: [Entry] = []
        package var leftOut: [ScenarioRecord] = []
        package var pruned: [String] = []
    }

    /// The baseline as `records` (a run of its implementation) leave it. An entry whose outcome
    /// the run gave again is kept as it is (its reason, link and expiry); one for a scenario
    /// that now passes (or is partly checked, which passes the gate) is dropped, as is one for a
    /// scenario the suite no longer has (not in `known`). A skipped or not-checked outcome no
    /// entry expects gets one; a failure, an error or a refusal (a driver declining what it
    /// declares could hide its bug there) gets one only with `all`, said as a warning, else it
    /// is left out and listed. Entries for scenarios that did not run are kept.
    /// The baseline then records the suite it was written against (`suite`).
    package func updated(from records: ScenarioRecords, all: Bool, known: Set<String>, suite: String) -> Update {
        let ran = Dictionary(records.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var update = Update(baseline: self)
        var kept: [Entry] = []
        for entry in entries {
            guard known.contains(entry.id) else {
                update.pruned.append(entry.id)
                continue
            }
            guard let record = ran[entry.id] else {
                kept.append(entry)
                continue
            }
            switch record.outcome {
            case .passed, .partlyChecked: continue
            case .skipped, .notChecked:
                kept.append(entry.expects(record) ? entry : Self.entry(for: record, file: file))
            case .failed, .errored, .refused:
                if entry.expects(record) {
                    kept.append(entry)
                } else if all {
                    let added = Self.entry(for: record, file: file)
                    kept.append(added)
                    update.addedFailures.append(added)
                } else {
                    // What it expected is no longer what happens: kept for its author to see,
                    // and the new outcome listed.
                    kept.append(entry)
                    update.leftOut.append(record)
                }
            }
        }
        let listed = Set(entries.map(\.id))
        for record in records where !listed.contains(record.id) {
            switch record.outcome {
            case .passed, .partlyChecked: continue
            case .skipped, .notChecked: kept.append(Self.entry(for: record, file: file))
            case .failed, .errored, .refused:
                if all {
                    let added = Self.entry(for: record, file: file)
                    kept.append(added)
                    update.addedFailures.append(added)
                } else {
                    update.leftOut.append(record)
                }
            }
        }
        update.baseline.entries = kept
        update.baseline.suite = suite
        return update
    }

    /// A new entry for a record: its outcome and where it went wrong; as its reason, for a
    /// failure or an error that `--update-baseline all` wrote it (its author gives the bug),
    /// else why the scenario was skipped or not checked.
    static func entry(for record: ScenarioRecord, file: String) -> Entry {
        let failed = record.outcome == .failed || record.outcome == .errored
        let reason =
            failed
            ? "written by --update-baseline all"
            : record.outcome == .notChecked
                ? "not checked: none of its expectations is on a key the implementation observes"
                : record.firstProblem?.message ?? record.message ?? record.outcome.rawValue
        return Entry(
            id: record.id, outcome: record.outcome.rawValue, reason: reason,
            divergence: failed ? Entry.divergence(of: record) : nil,
            location: SourceLocation(file: file, line: 0, column: 0))
    }
}
