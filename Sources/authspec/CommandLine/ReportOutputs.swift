import CommandCatalog
import CommandLineKit
import Engine
import Foundation
import Reporters
import ScenarioModel

/// The reports a plan writes, to the targets it checked before anything ran (the terminal's
/// text goes to standard error when one of them is standard output, so the report stays
/// parseable).
struct ReportOutputs {
    private(set) var targets: [(option: String, target: OutputTarget)]

    init(_ planned: ReportTargets) {
        targets = planned.targets
        if planned.toStandardOutput { Console.textGoesToStandardError = true }
    }

    /// Writes every report, each whether or not another failed; says which could not be
    /// written and why. True when all were.
    func write(_ render: (_ option: String) -> ReportBody) -> Bool {
        var allWritten = true
        for (option, target) in targets {
            do {
                try render(option).write(to: target)
            } catch {
                Console.error("Error: the --\(option) report was not written: \(error.description)")
                allWritten = false
            }
        }
        return allWritten
    }
}
