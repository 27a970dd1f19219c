import Coverage
import Reporters
import Results
import ScenarioModel
import SpecModel
import SubprocessDriver

/// `run` over the suites of several models at once (`authspec run Scenarios AuthFlow/Scenarios`):
/// each model's suite runs as it would alone, printing what it prints; then one verdict for all,
/// and one JUnit, Markdown and coverage report holding each model's part.
enum SeveralModels {
    /// The options a run of several models cannot honour: each is one model's.
    static let oneModelOnly = [
        "json", "baseline", "update-baseline", "strict-baseline", "statements", "shard", "requirements",
    ]

    static func run(
        _ suites: [(manifest: Manifest?, paths: [String])], arguments: ParsedArguments, outputs: ReportOutputs
    ) throws -> ExitCode {
        for option in oneModelOnly where arguments.value(option) != nil || arguments.flag(option) {
            throw UsageError(
                message:
                    "--\(option) belongs to one model's run, and these paths hold suites of \(suites.count) models: run each model's suite on its own for it"
            )
        }
        let settings = try RunReports.Settings(arguments)
        let none = try ReportOutputs(arguments, options: [])
        // Every suite's model, settings and profile are checked before the first one runs.
        for suite in suites {
            let package = try SuiteArguments.package(arguments, manifest: suite.manifest)
            _ = try SuiteArguments.referenceSettings(arguments, package: package)
            _ = try SuiteArguments.profile(arguments, model: package.declaration)
            _ = try DriverArguments.parse(arguments, model: package.declaration)
        }
        var runs: [RunCommand.ModelRun] = []
        for (index, suite) in suites.enumerated() {
            let name = suite.manifest?.model ?? ModelRegistry.defaultModel
            Console.out((index == 0 ? "" : "\n") + "== The \(name) model: \(suite.paths.joined(separator: ", "))")
            runs.append(
                try RunCommand.runModel(
                    arguments, manifest: suite.manifest, paths: suite.paths, outputs: none, logPrefix: name + "-"))
            if Interruption.signal != nil { break }
        }
        let passed = runs.allSatisfy { $0.exit == .success }
        let parts = runs.map { "\($0.model.name) \($0.exit == .success ? "passed" : "did not pass")" }
        Console.out(
            "\n\(passed ? "PASS" : "FAIL"): \(runs.count) models: " + parts.joined(separator: ", "),
            style: passed ? .good : .bad)
        let written = outputs.write { option in
            switch option {
            case "junit":
                return .pieces { (emit: (String) throws(OutputError) -> Void) throws(OutputError) in
                    try JUnitReporter.write(
                        runs.map {
                            (
                                JUnitReporter(model: $0.model, includeReference: settings.includeReference), $0.run,
                                $0.gate
                            )
                        }, to: emit)
                }
            case "markdown":
                return .text(markdown(runs, settings: settings, passed: passed))
            default:
                return .text(
                    runs.map { part in
                        "# State coverage: the \(part.model.name) model\n\n"
                            + RunReports.coverageDocument(part.run, model: part.model, heading: "##")
                    }.joined(separator: "\n"))
            }
        }
        // The most serious ending of any model's run wins, and an unwritten report is bad input.
        let worst = runs.map(\.exit).max { $0.rawValue < $1.rawValue } ?? .success
        return written || worst.rawValue > ExitCode.badInput.rawValue ? worst : .badInput
    }

    /// Each model's report under its own title, after one line that says how all went.
    static func markdown(_ runs: [RunCommand.ModelRun], settings: RunReports.Settings, passed: Bool) -> String {
        let summary = runs.map { "the \($0.model.name) model \($0.gate.passes ? "passed" : "did not pass")" }
        var text = "**\(passed ? "PASS" : "FAIL"): \(runs.count) models: " + summary.joined(separator: ", ") + "**\n\n"
        for part in runs {
            let coverage = part.run.implementations.map {
                CoverageReport(implementation: $0.name, records: $0.records, model: part.model)
            }
            // --markdown-max-bytes holds for the whole document: each part gets its share.
            let share = settings.markdownLimit.map { max(($0 - 200) / runs.count, 1024) }
            let document = MarkdownReporter(model: part.model, maxBytes: share).document(
                part.run, coverage: coverage, gate: part.gate)
            text +=
                document.replacingOccurrences(
                    of: "# authspec results\n", with: "# authspec results: the \(part.model.name) model\n") + "\n"
        }
        return text
    }
}
