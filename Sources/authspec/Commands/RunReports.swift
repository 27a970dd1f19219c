import CommandLineKit
import Coverage
import Foundation
import Reporters
import Results
import ScenarioModel
import SpecModel

/// What `run` and `merge` print after the scenarios and the reports they write, from the
/// run's record alone: a merged run prints and writes exactly what one whole run would.
enum RunReports {
    static let options: [CommandSpec.Option] = ReportKind.allCases.map {
        .init(name: $0.rawValue, valueName: "file", help: $0.help)
    }

    /// An input of the Markdown report, not a report: kept apart from `options`, which are
    /// the files written.
    static let statementsOption = CommandSpec.Option(
        name: "statements", valueName: "file",
        help:
            "Trace this statement catalogue (statements.yaml) in the Markdown report: per implementation, the spec's statements its run verified."
    )

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

    /// Today in UTC, `YYYY-MM-DD`.
    static func today() -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: Date())
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
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
    static func settings(_ arguments: ParsedArguments) throws -> ReportSettings {
        var settings = ReportSettings(includeReference: arguments.flag("junit-include-reference"))
        guard let text = arguments.value("markdown-max-bytes") else { return settings }
        // Below this the verdict, the totals and the note of what was cut may not fit.
        let least = 2048
        guard let bytes = Int(text), bytes >= least else {
            throw UsageError(message: "--markdown-max-bytes takes a whole number of bytes from \(least), not '\(text)'")
        }
        settings.markdownLimit = bytes
        return settings
    }
}
