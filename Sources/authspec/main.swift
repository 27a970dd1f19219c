import CommandCatalog
import CommandLineKit
import Foundation
import ScenarioModel
import SubprocessDriver

/// What runs each subcommand the catalog declares (`authspec help NAME` and `authspec NAME
/// --help` print the same text, from the declaration).
let commands: [any Command.Type] = [
    RunCommand.self, MergeCommand.self, LintCommand.self, RecordCommand.self, DoctorCommand.self, SpecCommand.self,
    ModelCommand.self, ExploreCommand.self, MutateCommand.self, StrengthenCommand.self, CheckModelCommand.self,
    GenerateCommand.self,
    TraceCommand.self, BenchCommand.self, InitCommand.self, SuiteCommand.self, NewDriverCommand.self,
]

let program = CommandCatalog.program

@MainActor func main(_ arguments: [String]) -> Int32 {
    precondition(
        Set(commands.map { $0.spec.name }) == Set(CommandCatalog.all.map(\.name)), "a declared command runs nothing")
    let endings = Program.Endings(
        success: ExitCode.success.rawValue, usage: ExitCode.badInput.rawValue, out: { Console.out($0) },
        error: { Console.error($0) })
    return program.main(arguments, endings: endings) { spec, parsed in
        try run(commands.first { $0.spec.name == spec.name }!, parsed)
    }
}

/// A command run; bad input it finds is said as it is, exit 2.
func run(_ command: any Command.Type, _ parsed: ParsedArguments) throws -> Int32 {
    do {
        return try command.run(parsed).rawValue
    } catch let error as InputError {
        Console.error(error.message)
        return ExitCode.badInput.rawValue
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
