import Foundation
import Results
import ScenarioModel
import SpecModel

/// How a line of the terminal's text is coloured, by what it says; the command line maps each
/// tone to a colour where colour is wanted.
package enum Tone: Sendable, Equatable {
    case good, bad, warning, broken
}

/// One line (or block of lines) of the terminal's text with its tone.
package struct TerminalLine: Sendable, Equatable {
    package var text: String
    package var tone: Tone?

    package init(_ text: String, tone: Tone? = nil) {
        self.text = text
        self.tone = tone
    }
}

extension TerminalReporter {
    /// `Running 132 scenarios (shard 2 of 396) from 13 files against 3 implementations (...)`.
    package func running(
        scenarios: Int, shard: Shard?, selected: Int, files: Int, implementations: Int, reference: String
    ) -> String {
        let part = shard.map { " (shard \($0) of \(selected))" } ?? ""
        let against = implementations == 1 ? "the reference" : counted(implementations, "implementation")
        return
            "Running \(counted(scenarios, "scenario"))\(part) from \(counted(files, "file")) against \(against)"
            + (reference.isEmpty ? "" : " (\(reference))")
    }

    /// A run's first line when it runs a suite authspec carries: which, its digest and size,
    /// where it is, and how to have a copy to vendor or extend.
    package static func builtInSuite(_ name: String, root: String, scenarios: Int, digest: String) -> String {
        "Suite: \(name), \(scenarios) scenarios, digest \(digest) (built in, at \(root); "
            + "'authspec suite export DIR' writes it out)"
    }

    /// Where the drivers' stderr went, for a run that did not pass.
    package static func logsKept(_ folder: String) -> String { "The drivers' stderr logs are kept in \(folder)" }

    package static let baselineNotUpdated =
        "baseline not updated: the suite changed during the run (above); run it again"

    /// What `--update-baseline` did to one baseline: rewritten from the run (with what it
    /// added as failures, left out, and dropped as stale), or left (its implementation did not run).
    package static func baselineUpdate(before: Baseline, after update: Baseline.Update?) -> [TerminalLine] {
        guard let update else {
            return [TerminalLine("baseline \(before.file): \(before.implementation) did not run; left as it was")]
        }
        let after = update.baseline
        let count = after.entries.count
        var lines = [
            TerminalLine(
                "baseline \(after.file): \(count) entr\(count == 1 ? "y" : "ies") for \(after.implementation) (was \(before.entries.count))"
            )
        ]
        for entry in update.addedFailures {
            let place = entry.divergence.map { " at \($0.description)" } ?? ""
            lines.append(
                TerminalLine(
                    "warning: baseline \(after.file) now expects \(entry.id) to be \(entry.outcome)\(place): the gate no longer fails on it until it is fixed",
                    tone: .warning))
        }
        if !update.leftOut.isEmpty {
            let ids = update.leftOut.map(\.id).joined(separator: ", ")
            lines.append(
                TerminalLine(
                    "baseline \(after.file): \(update.leftOut.count) failed or errored not added, to be fixed rather than expected (--update-baseline all adds them): \(ids)",
                    tone: .warning))
        }
        if !update.pruned.isEmpty {
            lines.append(
                TerminalLine(
                    "baseline \(after.file): dropped \(update.pruned.count) entr\(update.pruned.count == 1 ? "y" : "ies") for scenarios the suite no longer has: "
                        + update.pruned.joined(separator: ", ")))
        }
        return lines
    }

    /// A scenario's line's tone by how it ended.
    package func tone(_ outcome: Outcome) -> Tone? {
        switch outcome {
        case .passed: return .good
        case .failed: return .bad
        case .errored: return .broken
        case .partlyChecked, .notChecked, .skipped, .refused: return .warning
        }
    }

    /// What share of the suite's mutant kills a driver's declared keys keep, and the keys it
    /// leaves out: a gate that passes on fewer keys is weaker, and this says by how much.
    package static func gateStrength(_ strength: GateStrength) -> TerminalLine {
        let percent = String(format: "%.0f%%", strength.share * 100)
        let shown = strength.missing.prefix(6).map { "`\($0)`" }.joined(separator: ", ")
        let more = strength.missing.count > 6 ? " and \(strength.missing.count - 6) more" : ""
        let bestShare = String(
            format: "%.0f%%",
            strength.killedWithEveryKey == 0
                ? 100 : Double(strength.killedWithBestAdded) / Double(strength.killedWithEveryKey) * 100)
        let best =
            strength.bestAdded.isEmpty
            ? ""
            : "; declaring " + strength.bestAdded.map { "`\($0)`" }.joined(separator: " and ")
                + " too would kill at least \(strength.killedWithBestAdded) (\(bestShare))"
        return TerminalLine(
            "gate strength: with the \(strength.keys.count) keys \(strength.implementation) declares, the suite kills "
                + "\(strength.killed) of the \(strength.killedWithEveryKey) mutants of the reference it kills with every key "
                + "(\(percent), of \(strength.mutants) mutants); not declared: \(shown)\(more)" + best,
            tone: strength.killed < strength.killedWithEveryKey ? .warning : nil)
    }

    /// `  failed: id [implementation] at step 3 (enter_pin: "0000"): state — the reason`.
    func expectedLine(_ record: ScenarioRecord, entry: Baseline.Entry, implementation: String?) -> String {
        let against = implementation.map { " [\(VisibleText.oneLine($0))]" } ?? ""
        let place = entry.divergence.map { " at \($0.description)" } ?? ""
        return "  \(record.outcome.rawValue): \(VisibleText.oneLine(record.id))\(against)"
            + VisibleText.oneLine(place) + " — " + VisibleText.oneLine(entry.reason)
    }

    /// One verdict over the runs of several models: each model's name and whether it passed.
    package static func modelsVerdict(_ models: [(name: String, passed: Bool)]) -> TerminalLine {
        let passed = models.allSatisfy(\.passed)
        let parts = models.map { "\($0.name) \($0.passed ? "passed" : "did not pass")" }
        return TerminalLine(
            "\n\(passed ? "PASS" : "FAIL"): \(models.count) models: " + parts.joined(separator: ", "),
            tone: passed ? .good : .bad)
    }

    /// What the terminal shows after a run's scenarios, from its record alone (so a merged run
    /// shows exactly what the whole run would): each problem with its `file:line` and diff,
    /// then (unless `quiet`) the scenarios that did not pass everywhere, the totals, what was
    /// not checked and the requirements no scenario covers; then the input errors, an
    /// interruption, the gate's notes and last its verdict, with the time the run took.
    package func closing(
        _ run: RunRecord, gate: GateVerdict, uncovered: [String], inputErrors: Int, quiet: Bool, elapsed: Double?,
        verbose: Bool = false, before verdictLines: [TerminalLine] = [], to emit: (TerminalLine) -> Void
    ) {
        let several = run.implementations.count > 1
        // Outcomes a baseline expects: one line each after the new problems (whole with `verbose`).
        var expected: [String] = []
        for implementation in run.implementations {
            if let verdict = implementation.broken {
                emit(TerminalLine(""))
                emit(
                    TerminalLine(
                        brokenDriver(
                            implementation.name, command: implementation.command, message: verdict,
                            log: implementation.log), tone: .broken))
                continue
            }
            for record in implementation.records {
                let entry = gate.expectation(of: record.id, on: implementation.name)
                if let entry, !verbose {
                    expected.append(
                        expectedLine(record, entry: entry, implementation: several ? implementation.name : nil))
                    continue
                }
                guard
                    let problem = problemLines(
                        record, implementation: several ? implementation.name : nil,
                        rerun: run.rerun(record, on: implementation))
                else {
                    continue
                }
                emit(TerminalLine(""))
                if entry != nil { emit(TerminalLine("(expected by the baseline)", tone: .warning)) }
                for line in problem { emit(line) }
            }
        }
        if !expected.isEmpty {
            emit(
                TerminalLine(
                    "\n" + counted(expected.count, "outcome") + " the baselines expect (--verbose shows each whole):"))
            for line in expected { emit(TerminalLine(line, tone: .warning)) }
        }
        if !quiet {
            if several, let matrix = matrix(run, leavingOutPassedEverywhere: true) {
                emit(TerminalLine("\n" + matrix))
            }
            emit(TerminalLine(""))
            for implementation in run.implementations {
                emit(TerminalLine(summary(implementation.summary, implementation: implementation.name)))
            }
            for implementation in run.implementations {
                if let unchecked = unchecked(implementation) { emit(TerminalLine(unchecked, tone: .warning)) }
            }
            if !uncovered.isEmpty {
                emit(
                    TerminalLine(
                        "\(counted(uncovered.count, "requirement")) no scenario covers: "
                            + uncovered.joined(separator: ", ")))
            }
        }
        if inputErrors > 0 {
            emit(TerminalLine("\(counted(inputErrors, "input error")) (above): a scenario with one did not run"))
        }
        if let interruption = run.interruption {
            emit(
                TerminalLine(
                    "INTERRUPTED by \(interruption.signal): \(counted(interruption.unfinished.count, "scenario run")) did not finish; "
                        + "the reports hold what did", tone: .warning))
        }
        for note in gate.notes { emit(TerminalLine(self.note(note))) }
        for line in verdictLines { emit(line) }
        let took = elapsed.map { " (" + String(format: "%.1f", $0) + " s)" } ?? ""
        emit(TerminalLine(verdict(gate, run: run) + took, tone: gate.passes ? .good : .bad))
    }
}
