import DriverProtocol
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

    /// A results file can hold a large suite's every step.
    static let maxBytes = 1 << 30

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        guard !arguments.positionals.isEmpty else {
            throw UsageError(
                message: "Name the results JSON file of every shard ('authspec run --shard K/N --json FILE')")
        }
        let outputs = try ReportOutputs(arguments, options: RunReports.optionNames)
        try outputs.refuse(OutputGuard.inputs(arguments, paths: arguments.positionals))
        let settings = try RunReports.settings(arguments)
        var parts: [(name: String, run: RunRecord)] = []
        for file in arguments.positionals {
            let text = try readText(file, what: "the results", maxBytes: maxBytes)
            let document: Value
            do {
                document = try JSONCodec.decode(text)
            } catch {
                let (line, column) = lineAndColumn(ofByte: error.column - 1, in: text)
                throw InputError(message: "\(file):\(line):\(column): error: not JSON: \(error.message)")
            }
            do {
                parts.append((file, try ResultsCodec.decode(document)))
            } catch {
                throw InputError(message: "\(file): error: \(error.description)")
            }
        }
        let run: RunRecord
        do {
            run = try RunRecord.merge(parts)
        } catch {
            throw InputError(message: "merge: error: \(error.message)")
        }
        guard let package = ModelRegistry.package(named: run.model) else {
            throw InputError(
                message:
                    "merge: error: \(parts[0].name) is a run of the '\(run.model)' model, which this authspec does not have"
            )
        }
        let model = package.declaration
        guard model.digest == run.modelDigest else {
            throw InputError(
                message:
                    "merge: error: the shards ran another version of the \(run.model) model (digest \(run.modelDigest); this authspec has \(model.digest)): merge them with the authspec that ran them"
            )
        }
        let reporter = TerminalReporter(model: model)
        if !arguments.flag("quiet") {
            Console.out(
                "Merged \(reporter.counted(parts.count, "shard")): \(reporter.counted(run.suite.scenarios, "scenario")) "
                    + "on \(reporter.counted(run.implementations.count, "implementation"))")
        }
        let covered = Set(run.allRecords.flatMap(\.covers))
        let uncovered = run.requirements.filter { !covered.contains($0.id) }.map(\.id)
        var (policy, problems) = RunReports.policy(arguments, known: Set(run.allRecords.map(\.id)))
        let catalogue = RunReports.statements(arguments, requirements: run.requirements.map(\.id))
        problems += catalogue.diagnostics
        for problem in problems { Console.error(problem.description) }
        let (written, gate) = RunReports.finish(
            run, model: model, outputs: outputs, settings: settings, reporter: reporter, uncovered: uncovered,
            inputErrors: problems.count, policy: policy, quiet: arguments.flag("quiet"),
            statements: catalogue.statements)
        if !written || !problems.isEmpty { return .badInput }
        return gate.passes ? .success : .failures
    }

    /// 1-based line and column (in bytes) of a byte offset.
    static func lineAndColumn(ofByte offset: Int, in text: String) -> (Int, Int) {
        var line = 1
        var column = 1
        for byte in text.utf8.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }
}
