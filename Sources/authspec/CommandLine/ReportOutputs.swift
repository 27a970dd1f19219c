import CommandCatalog
import CommandLineKit
import Foundation
import Reporters
import ScenarioModel

/// The report options of a command, resolved and checked before anything runs: each target
/// writable, no two options naming one file, `-` for standard output (the terminal's text then
/// goes to standard error, so the report stays parseable).
struct ReportOutputs {
    private(set) var targets: [(option: String, target: OutputTarget)] = []
    /// The files written, by option (standard output aside).
    private var paths: [(option: String, path: String)] = []

    init(_ arguments: ParsedArguments, options: [String]) throws {
        var owners: [String: (option: String, target: OutputTarget)] = [:]
        for option in options {
            guard let path = arguments.value(option) else { continue }
            let target: OutputTarget
            do {
                target = try OutputTarget.resolve(path)
                try target.checkWritable()
            } catch {
                throw UsageError(message: "--\(option): \(error.description)")
            }
            if let other = owners[target.identity] {
                let toTerminal = target == .standardOutput || other.target == .standardOutput
                let place = toTerminal ? "standard output" : "'\(path)'"
                throw UsageError(
                    message: "--\(other.option) and --\(option) both write to \(place); give each report its own file")
            }
            owners[target.identity] = (option, target)
            targets.append((option, target))
            if target != .standardOutput { paths.append((option, path)) }
            // `-`, or another name for the same stream (/dev/stdout, /proc/self/fd/1).
            if target.identity == OutputTarget.standardOutput.identity { Console.textGoesToStandardError = true }
        }
    }

    /// Refuses a report that would be written over one of the command's own inputs (a scenario
    /// file, a catalogue, a baseline, the manifest, a shard's results): a mistyped option must
    /// not destroy the suite it checks. Checked before anything runs.
    func refuse(_ inputs: ProtectedInputs) throws {
        for (option, path) in paths { try OutputGuard.refuse(path, option: option, inputs: inputs) }
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
