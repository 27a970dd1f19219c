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

    package static let baselineNotUpdated =
        "baseline not updated: the suite changed during the run (above); run it again"

    /// What `--update-baseline` did to one baseline: rewritten from the run, or left (its implementation did not run).
    package static func baselineUpdate(before: Baseline, after: Baseline?) -> String {
        guard let after else { return "baseline \(before.file): \(before.implementation) did not run; left as it was" }
        let count = after.entries.count
        return
            "baseline \(after.file): \(count) entr\(count == 1 ? "y" : "ies") for \(after.implementation) (was \(before.entries.count))"
    }

    /// A scenario's line's tone by how it ended.
    package func tone(_ outcome: Outcome) -> Tone? {
        switch outcome {
        case .passed: return .good
        case .failed: return .bad
        case .errored: return .broken
        case .partlyChecked, .notChecked, .skipped: return .warning
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
        to emit: (TerminalLine) -> Void
    ) {
        let several = run.implementations.count > 1
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
                guard
                    let problem = problemLines(
                        record, implementation: several ? implementation.name : nil,
                        rerun: run.rerun(record, on: implementation))
                else {
                    continue
                }
                emit(TerminalLine(""))
                for line in problem { emit(line) }
            }
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
        let took = elapsed.map { " (" + String(format: "%.1f", $0) + " s)" } ?? ""
        emit(TerminalLine(verdict(gate, run: run) + took, tone: gate.passes ? .good : .bad))
    }
}
