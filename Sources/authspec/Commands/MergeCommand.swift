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
            throw InputError(message: Self.message(error))
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

    /// A refusal in words, with its file and place.
    static func message(_ refusal: MergeSession.Refusal) -> String {
        switch refusal {
        case .unreadable(let problem):
            return "\(problem.location): error: cannot read the results: \(problem.message)"
        case .notJSON(let file, let line, let column, let message):
            return "\(file):\(line):\(column): error: not JSON: \(message)"
        case .notResults(let file, let problem): return "\(file): error: \(problem.description)"
        case .inconsistent(let problem): return "merge: error: \(problem.message)"
        case .unknownModel(let file, let model):
            return "merge: error: \(file) is a run of the '\(model)' model, which this authspec does not have"
        case .otherModelVersion(let model, let digest, let ours):
            return
                "merge: error: the shards ran another version of the \(model) model (digest \(digest); this authspec has \(ours)): merge them with the authspec that ran them"
        }
    }
}
