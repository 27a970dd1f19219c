import CommandLineKit
import Foundation
import ScenarioModel
import SubprocessDriver

/// Every subcommand; `authspec help NAME` and `authspec NAME --help` print the same text.
let commands: [any Command.Type] = [
    RunCommand.self, MergeCommand.self, LintCommand.self, RecordCommand.self, DoctorCommand.self, SpecCommand.self,
    ModelCommand.self, ExploreCommand.self, MutateCommand.self, CheckModelCommand.self, GenerateCommand.self,
    TraceCommand.self,
    BenchCommand.self,
]

let version = "0.1.0"

@MainActor func rootHelp() -> String {
    var text = "OVERVIEW: Conformance suite and test oracle for the MedTime unlock screen.\n\n"
    text += HelpText.wrap(
        "Runs YAML scenarios derived from the specification against the reference state machine "
            + "and reports, per step, what the spec expects and what was observed.", indent: 0)
    text += "\n\nUSAGE: authspec <subcommand>\n\nOPTIONS:\n"
    text += HelpText.row("--version", "Show the version.")
    text += HelpText.row("-h, --help", "Show help information.")
    text += "\nSUBCOMMANDS:\n"
    for command in commands { text += HelpText.row(command.spec.name, command.spec.abstract) }
    text += HelpText.row("help", "Show subcommand help information.")
    text += "\n  See 'authspec help <subcommand>' for detailed help.\n"
    return text
}

func usageFailure(_ message: String, spec: CommandSpec?) -> Int32 {
    Console.error("Error: \(message)")
    if let spec {
        Console.error("Usage: \(spec.shortUsage)")
        Console.error("  See 'authspec help \(spec.name)' for more information.")
    } else {
        Console.error("Usage: authspec <subcommand>")
        Console.error("  See 'authspec --help' for more information.")
    }
    return ExitCode.badInput.rawValue
}

@MainActor func unknownSubcommand(_ name: String) -> String {
    let guess = closestMatch(to: name, among: commands.map { $0.spec.name } + ["help"])
    return "Unknown subcommand '\(name)'" + (guess.map { " (did you mean '\($0)'?)" } ?? "")
}

@MainActor func main(_ arguments: [String]) -> Int32 {
    guard let first = arguments.first else {
        Console.out(rootHelp())
        return ExitCode.badInput.rawValue
    }
    switch first {
    case "-h", "--help":
        Console.out(rootHelp())
        return ExitCode.success.rawValue
    case "--version":
        Console.out(version)
        return ExitCode.success.rawValue
    case "help":
        guard let name = arguments.dropFirst().first else {
            Console.out(rootHelp())
            return ExitCode.success.rawValue
        }
        guard let command = commands.first(where: { $0.spec.name == name }) else {
            return usageFailure(unknownSubcommand(name), spec: nil)
        }
        Console.out(command.spec.help())
        return ExitCode.success.rawValue
    default:
        guard let command = commands.first(where: { $0.spec.name == first }) else {
            return usageFailure(unknownSubcommand(first), spec: nil)
        }
        let parsed: ParsedArguments
        do {
            parsed = try ParsedArguments(Array(arguments.dropFirst()), spec: command.spec)
        } catch {
            return usageFailure(error.message, spec: command.spec)
        }
        if parsed.flag("help") {
            Console.out(command.spec.help())
            return ExitCode.success.rawValue
        }
        do {
            return try command.run(parsed).rawValue
        } catch let error as UsageError {
            return usageFailure(error.message, spec: command.spec)
        } catch let error as InputError {
            Console.error(error.message)
            return ExitCode.badInput.rawValue
        } catch {
            Console.error("Error: \(error)")
            return ExitCode.badInput.rawValue
        }
    }
}

// Whatever a driver starts becomes ours to end when its parent goes (ProcessTree); a signal
// ends the run in order (Interruption). Anything still running at the end is ended.
ProcessTree.becomeSubreaper()
Interruption.install()
// A report written to a pipe or FIFO whose reader went away is an error to report, not a death.
signal(SIGPIPE, SIG_IGN)
var status = main(Array(CommandLine.arguments.dropFirst()))
ProcessTree.sweepOrphans(sparingDrivers: false)
// A signal ends every command with 128 + its number, whatever else happened.
if let signal = Interruption.signal { status = Interruption.exitStatus(for: signal) }
exit(status)
