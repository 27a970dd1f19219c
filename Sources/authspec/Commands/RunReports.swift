import Coverage
import Foundation
import Reporters
import Results
import ScenarioModel
import SpecModel

/// What `run` and `merge` print after the scenarios and the reports they write, from the
/// run's record alone: a merged run prints and writes exactly what one whole run would.
enum RunReports {
    static let options: [CommandSpec.Option] = [
        .init(name: "json", valueName: "file", help: "Write the results as JSON to this file (atomically)."),
        .init(
            name: "junit", valueName: "file",
            help: "Write JUnit XML: a testsuite per implementation, a testcase per scenario."),
        .init(
            name: "markdown", valueName: "file",
            help: "Write a Markdown report: summary, matrix, failures, coverage graphs, requirements."),
        .init(
            name: "coverage", valueName: "file",
            help: "Write the state-coverage graphs (Mermaid in Markdown) for every implementation."),
    ]

    /// An input of the Markdown report, not a report: kept apart from `options`, which are
    /// the files written.
    static let statementsOption = CommandSpec.Option(
        name: "statements", valueName: "file",
        help:
            "Trace this statement catalogue (statements.yaml) in the Markdown report: per implementation, the spec's statements its run verified."
    )

    /// The `--statements` catalogue, if given, and its problems: its own, and requirements it
    /// rests on that the run's catalogue lacks.
    static func statements(
        _ arguments: ParsedArguments, requirements: [String]
    ) -> (statements: [Statement], diagnostics: [Diagnostic]) {
        guard let file = arguments.value("statements") else { return ([], []) }
        return StatementCatalogue.load(file: file, requirements: requirements)
    }

    /// How the gate judges: shared by `run` and `merge`.
    static let gateOptions: [CommandSpec.Option] = [
        .init(
            name: "allow-skips", valueName: nil,
            help: "Let skipped scenarios (inputs an implementation does not declare) pass the gate."),
        .init(
            name: "baseline", valueName: "file",
            help:
                "Outcomes an implementation is known to have, by scenario id (YAML: implementation, expected); the gate fails only on others (repeatable, one per implementation).",
            repeatable: true),
        .init(
            name: "strict-baseline", valueName: nil,
            help: "Fail on a scenario that passes where its baseline expects otherwise."),
        .init(
            name: "update-baseline", valueName: nil,
            help: "Rewrite each --baseline file from this run: entries for the scenarios that ran, the others kept."),
    ]

    /// The gate's policy from the options; a baseline that does not load, or names a scenario
    /// not in `known`, is an input error (the run still runs; the command exits 2).
    static func policy(_ arguments: ParsedArguments, known: Set<String>, manifest: Manifest? = nil) -> (
        GatePolicy, [Diagnostic]
    ) {
        var policy = GatePolicy(
            allowSkips: arguments.flag("allow-skips"), strictBaseline: arguments.flag("strict-baseline"),
            today: today())
        var diagnostics: [Diagnostic] = []
        for file in (manifest?.baselines ?? []) + arguments.all("baseline") {
            let (baseline, problems) = Baseline.load(file: file)
            diagnostics += problems
            guard let baseline else { continue }
            if let other = policy.baselines.first(where: { $0.implementation == baseline.implementation }) {
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
            policy.baselines.append(baseline)
        }
        return (policy, diagnostics)
    }

    /// Today in UTC, `YYYY-MM-DD`.
    static func today() -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: Date())
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// With --update-baseline: each baseline rewritten from the run. Its entries for scenarios
    /// that ran now say how they ended (none for a pass; an unchanged outcome keeps its reason,
    /// link and expiry); the others are kept. A baseline whose implementation did not run is
    /// left as it is. Returns the lines to print.
    static func updateBaselines(_ run: RunRecord, policy: GatePolicy) throws -> [String] {
        var lines: [String] = []
        for var baseline in policy.baselines {
            guard let implementation = run.implementations.first(where: { $0.name == baseline.implementation }) else {
                lines.append("baseline \(baseline.file): \(baseline.implementation) did not run; left as it was")
                continue
            }
            let ran = Dictionary(implementation.records.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            var entries: [Baseline.Entry] = []
            for entry in baseline.entries {
                guard let record = ran[entry.id] else {
                    entries.append(entry)
                    continue
                }
                // Partly checked passes the gate where the profile is met: nothing to excuse.
                if record.outcome == .passed || record.outcome == .partlyChecked { continue }
                entries.append(
                    entry.outcome == record.outcome.rawValue ? entry : Self.entry(for: record, file: baseline.file))
            }
            let listed = Set(baseline.entries.map(\.id))
            for record in implementation.records
            where record.outcome != .passed && record.outcome != .partlyChecked && !listed.contains(record.id) {
                entries.append(Self.entry(for: record, file: baseline.file))
            }
            let before = baseline.entries
            baseline.entries = entries
            try OutputTarget.resolve(baseline.file).write(baseline.yaml)
            lines.append(
                "baseline \(baseline.file): \(entries.count) entr\(entries.count == 1 ? "y" : "ies") for \(baseline.implementation) (was \(before.count))"
            )
        }
        return lines
    }

    private static func entry(for record: ScenarioRecord, file: String) -> Baseline.Entry {
        let reason =
            record.firstProblem.map { step in
                step.differences.isEmpty
                    ? "step \(step.index + 1): \(step.message ?? record.outcome.rawValue)"
                    : "step \(step.index + 1): " + step.differences.map(\.key).joined(separator: ", ") + " differ"
            } ?? record.message ?? record.outcome.rawValue
        return Baseline.Entry(
            id: record.id, outcome: record.outcome.rawValue, reason: reason,
            location: SourceLocation(file: file, line: 0, column: 0))
    }

    /// The report options, in the order they are written.
    static var optionNames: [String] { options.map(\.name) }

    /// How the reports are written: shared by `run` and `merge`.
    static let settingOptions: [CommandSpec.Option] = [
        .init(
            name: "junit-include-reference", valueName: nil,
            help:
                "Give the model's reference a testsuite in the JUnit too (by default only the implementations under test have one, unless the reference ran alone)."
        ),
        .init(
            name: "markdown-max-bytes", valueName: "n",
            help:
                "Cut the Markdown report before it passes N bytes, ending it with what was left out (GitHub comments hold 65,536 characters)."
        ),
    ]

    /// The settings' values, read before anything runs.
    struct Settings {
        var includeReference: Bool
        var markdownLimit: Int?

        init(_ arguments: ParsedArguments) throws {
            includeReference = arguments.flag("junit-include-reference")
            guard let text = arguments.value("markdown-max-bytes") else { return }
            // Below this the verdict, the totals and the note of what was cut may not fit.
            let least = 2048
            guard let bytes = Int(text), bytes >= least else {
                throw UsageError(
                    message: "--markdown-max-bytes takes a whole number of bytes from \(least), not '\(text)'")
            }
            markdownLimit = bytes
        }
    }

    /// A line's colour by how its scenario ended.
    static func style(_ outcome: Outcome) -> Console.Style? {
        switch outcome {
        case .passed: return .good
        case .failed: return .bad
        case .errored: return .broken
        case .partlyChecked, .notChecked, .skipped: return .warning
        }
    }

    /// Prints the problems, then (unless `quiet`) the scenarios that did not pass everywhere,
    /// the totals and what was not checked, then the gate's verdict with the time the run took;
    /// then writes the reports. Says whether every report was written, and the verdict.
    static func finish(
        _ run: RunRecord, model: ModelDeclaration, outputs: ReportOutputs, settings: Settings,
        reporter: TerminalReporter, uncovered: [String], inputErrors: Int, policy: GatePolicy, quiet: Bool,
        elapsed: Double? = nil, statements: [Statement] = []
    ) -> (written: Bool, gate: GateVerdict) {
        let several = run.implementations.count > 1
        for implementation in run.implementations {
            if let verdict = implementation.broken {
                Console.out("")
                Console.out(
                    reporter.brokenDriver(
                        implementation.name, command: implementation.command, message: verdict,
                        log: implementation.log), style: .broken)
                continue
            }
            for record in implementation.records {
                guard let problem = reporter.problem(record, implementation: several ? implementation.name : nil)
                else { continue }
                Console.out("")
                Console.out(problem, style: style(record.outcome))
            }
        }
        if !quiet {
            if several, let matrix = reporter.matrix(run, leavingOutPassedEverywhere: true) {
                Console.out("\n" + matrix)
            }
            Console.out("")
            for implementation in run.implementations {
                Console.out(reporter.summary(implementation.summary, implementation: implementation.name))
            }
            for implementation in run.implementations {
                if let unchecked = reporter.unchecked(implementation) { Console.out(unchecked, style: .warning) }
            }
            if !uncovered.isEmpty {
                Console.out(
                    "\(reporter.counted(uncovered.count, "requirement")) no scenario covers: "
                        + uncovered.joined(separator: ", "))
            }
        }
        if inputErrors > 0 {
            Console.out(
                "\(reporter.counted(inputErrors, "input error")) (above): a scenario with one did not run")
        }
        if let interruption = run.interruption {
            Console.out(
                "INTERRUPTED by \(interruption.signal): \(reporter.counted(interruption.unfinished.count, "scenario run")) did not finish; "
                    + "the reports hold what did", style: .warning)
        }
        var gate = run.gate(policy)
        for note in gate.notes { Console.out(reporter.note(note)) }
        if inputErrors > 0 { gate.reasons.insert(.inputErrors(count: inputErrors), at: 0) }
        let took = elapsed.map { " (" + String(format: "%.1f", $0) + " s)" } ?? ""
        Console.out(reporter.verdict(gate, run: run) + took, style: gate.passes ? .good : .bad)
        let coverage = run.implementations.map {
            CoverageReport(implementation: $0.name, records: $0.records, model: model)
        }
        let junit = JUnitReporter(model: model, includeReference: settings.includeReference)
        let written = outputs.write { option in
            switch option {
            case "json":
                return .pieces { (emit: (String) throws(OutputError) -> Void) throws(OutputError) in
                    try JSONReporter(model: model).write(run, coverage: coverage, gate: gate, to: emit)
                }
            case "junit":
                return .pieces { (emit: (String) throws(OutputError) -> Void) throws(OutputError) in
                    try junit.write(run, gate: gate, to: emit)
                }
            case "markdown":
                return .text(
                    MarkdownReporter(model: model, maxBytes: settings.markdownLimit).document(
                        run, coverage: coverage, gate: gate, statements: statements))
            default:
                return .text("# State coverage\n\n" + coverageDocument(run, model: model, heading: "##"))
            }
        }
        return (written, gate)
    }

    /// Every implementation's coverage graph, with what it did outside the model first.
    static func coverageDocument(_ run: RunRecord, model: ModelDeclaration, heading: String) -> String {
        let mermaid = MermaidCoverage()
        return run.implementations.map {
            let coverage = CoverageReport(implementation: $0.name, records: $0.records, model: model)
            return (mermaid.outsideModel(coverage, heading: heading).map { $0 + "\n" } ?? "")
                + mermaid.markdown(coverage, heading: heading)
        }
        .joined(separator: "\n")
    }
}
