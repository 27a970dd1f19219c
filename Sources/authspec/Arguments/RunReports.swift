import CommandCatalog
import CommandLineKit
import Coverage
import Engine
import Foundation
import Reporters
import Results
import ScenarioModel
import SpecModel

/// What `run` and `merge` print after the scenarios and the reports they write, from the
/// run's record alone: a merged run prints and writes exactly what one whole run would.
enum RunReports {
    /// The report options, in the order they are written.
    static var optionNames: [String] { SharedOptions.reports.map(\.name) }

    /// How the plan's reports are written.
    static func settings(_ plan: RunPlan) -> ReportSettings {
        if let problem = SourceLinks.problem(environment: ProcessInfo.processInfo.environment) {
            Console.error("warning: \(problem): the reports link to no source")
        }
        var settings = ReportSettings(
            includeReference: plan.request.junitIncludeReference,
            sourceLinks: SourceLinks(environment: ProcessInfo.processInfo.environment))
        settings.markdownLimit = plan.markdownLimit
        settings.workspace = FileManager.default.currentDirectoryPath
        return settings
    }
}
