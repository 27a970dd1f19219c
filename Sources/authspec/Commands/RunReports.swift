import CommandCatalog
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
    /// Today in UTC, `YYYY-MM-DD`.
    static func today() -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: Date())
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// The report options, in the order they are written.
    static var optionNames: [String] { SharedOptions.reports.map(\.name) }

    /// The settings' values, read before anything runs.
    static func settings(_ arguments: ParsedArguments) throws -> ReportSettings {
        var settings = ReportSettings(
            includeReference: arguments.flag("junit-include-reference"),
            sourceLinks: SourceLinks(environment: ProcessInfo.processInfo.environment))
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
