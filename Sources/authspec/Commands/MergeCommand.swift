import CommandLineKit
import DriverProtocol
import Engine
import Reporters
import Results
import SpecModel

enum MergeCommand: Command {
    static let spec = CommandSpec(
        name: "merge",
        abstract: "Put the results of a run's shards back together and write its reports.",
        discussion: """
            Reads the --json results of every shard of one run ('authspec run --shard K/N'), \
            checks that they are the N shards of one suite, model and set of implementations, \
            each once, and prints and writes exactly what one whole run would have: the \
            problems, the matrix, the totals, the gate's verdict, and the JSON, JUnit, Markdown \
            and coverage reports. Exit codes: as 'authspec run' (0 the gate passes, 1 it \
            fails, a shard interrupted included); 2 a file that is not such a shard, a shard \
            missing or given twice, shards of different runs.
            """,
        arguments: [.init(name: "results", help: "The shards' results JSON files.", optional: false)],
        options: RunReports.options + [RunReports.statementsOption] + RunReports.settingOptions + [
            .init(name: "quiet", valueName: nil, help: "Print only the problems and the verdict.")
        ] + RunReports.gateOptions.filter { $0.name != "update-baseline" })

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
