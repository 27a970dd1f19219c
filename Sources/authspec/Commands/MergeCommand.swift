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
        let merged: [(run: RunRecord, package: ModelPackage)]
        do {
            merged = try MergeSession.merge(arguments.positionals, package: ModelRegistry.package(named:))
        } catch {
            throw InputError(message: error.description)
        }
        if merged.count > 1 {
            for option in RunCommand.oneModelOnly where arguments.value(option) != nil || arguments.flag(option) {
                throw UsageError(
                    message:
                        "--\(option) belongs to one model's run, and these results hold \(merged.count) models' runs: merge each model's on its own for it"
                )
            }
        }
        let quiet = arguments.flag("quiet")
        var outcomes: [ModelOutcome] = []
        for (run, package) in merged {
            let reporter = TerminalReporter(model: package.declaration)
            if !quiet {
                let model = merged.count > 1 ? "of the \(package.name) model " : ""
                Console.out(
                    "Merged \(reporter.counted(arguments.positionals.count, "shard")): \(reporter.counted(run.suite.scenarios, "scenario")) "
                        + "\(model)on \(reporter.counted(run.implementations.count, "implementation"))")
            }
            let outcome = MergeSession.outcome(
                run, package: package, policy: RunCommand.policy(arguments), baselineFiles: arguments.all("baseline"),
                statementsFile: arguments.value("statements"))
            for problem in outcome.problems { Console.error(problem.description) }
            outcomes.append(outcome)
        }
        return try RunCommand.close(outcomes, outputs: outputs, arguments: arguments, quiet: quiet)
    }
}
