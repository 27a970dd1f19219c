import CommandCatalog
import CommandLineKit
import DriverProtocol
import Engine
import Models
import Reporters
import Results
import SpecModel

enum MergeCommand: Command {
    static let spec = CommandCatalog.merge

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        guard !arguments.positionals.isEmpty else {
            throw UsageError(
                message: "Name the results JSON file of every shard ('authspec run --shard K/N --json FILE')")
        }
        let outputs = try ReportOutputs(arguments, options: RunReports.optionNames)
        try outputs.refuse(OutputGuard.inputs(arguments, paths: arguments.positionals))
        let merged: (run: RunRecord, package: ModelPackage)
        do {
            merged = try MergeSession.merge(arguments.positionals, package: ModelRegistry.package(named:))
        } catch {
            throw InputError(message: error.description)
        }
        let (run, package) = merged
        let model = package.declaration
        let reporter = TerminalReporter(model: model)
        let quiet = arguments.flag("quiet")
        if !quiet {
            Console.out(
                "Merged \(reporter.counted(arguments.positionals.count, "shard")): \(reporter.counted(run.suite.scenarios, "scenario")) "
                    + "on \(reporter.counted(run.implementations.count, "implementation"))")
        }
        let outcome = MergeSession.outcome(
            run, package: package, policy: RunCommand.policy(arguments), baselineFiles: arguments.all("baseline"),
            statementsFile: arguments.value("statements"))
        for problem in outcome.problems { Console.error(problem.description) }
        return try RunCommand.close([outcome], outputs: outputs, arguments: arguments, quiet: quiet)
    }
}
