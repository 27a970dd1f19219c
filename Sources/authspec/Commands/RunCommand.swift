import Coverage
import Dispatch
import Engine
import Foundation
import Reporters
import Results
import ScenarioModel
import SpecModel
import SubprocessDriver

enum RunCommand: Command {
    static let spec = CommandSpec(
        name: "run",
        abstract: "Run scenarios against the reference and any external drivers.",
        discussion: """
            Loads every scenario file under the given paths and runs each against the model's \
            reference and against each --driver, printing a line per scenario, the details \
            of every failure, a scenario x implementation matrix when there are several, and a \
            summary. With --jobs N each implementation runs on N workers (N driver processes), \
            and the output is exactly that of one. With --shard K/N only the K-th of N parts \
            of the suite runs; 'authspec merge' puts the parts' --json results back together. \
            A scenario passes only when every expectation in it was checked: one that ran \
            without a difference but expects keys the implementation does not observe is \
            'partly checked' or 'not checked', never counted as passed. Paths whose manifests \
            name different models (Scenarios and AuthFlow/Scenarios) run each model's suite in \
            turn, then give one verdict and one JUnit, Markdown and coverage report with a part \
            per model (--json, --shard, baselines and --statements are one model's, and refused \
            there). The last line is the gate's verdict. Exit codes: 0 when every implementation ran every scenario without \
            a failure or an error, observes what --profile needs, and skipped nothing (or \
            --allow-skips); 1 otherwise; 2 for bad input (a scenario file that does not load, \
            an unknown option, a filter that selects nothing).
            """,
        arguments: [.init(name: "paths", help: "Scenario files or folders to run (default: Scenarios).")],
        options: [
            .init(
                name: "tag", valueName: "tag", help: "Run only scenarios with this tag (repeatable; any of them).",
                repeatable: true),
            .init(
                name: "id", valueName: "glob",
                help: "Run only scenarios whose id matches this glob, such as 'pin-*' (repeatable).", repeatable: true),
            .init(
                name: "jobs", valueName: "n",
                help: "Workers per implementation, each with its own driver process (default 1)."),
            .init(
                name: "shard", valueName: "k/n",
                help: "Run only part K of N (by a hash of each scenario id, stable as scenarios come and go)."),
            SuiteArguments.profileOption,
        ] + RunReports.gateOptions + SuiteArguments.modelOptions + RunReports.options + [RunReports.statementsOption]
            + RunReports.settingOptions
            + [
                .init(
                    name: "trace", valueName: nil,
                    help: "Keep the states every step went through, passing ones too, in the JSON results."),
                .init(name: "quiet", valueName: nil, help: "Print only the problems and the verdict."),
            ]
            + DriverArguments.options)

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        // Drivers to end and reports to write: a signal stops this command in order.
        Interruption.stopInOrder()
        let suites = try SuiteArguments.suitesByModel(arguments)
        // Every place a report or a log goes is checked before anything runs.
        let outputs = try ReportOutputs(arguments, options: RunReports.optionNames)
        guard suites.count > 1 else {
            return try runModel(arguments, manifest: suites[0].manifest, paths: suites[0].paths, outputs: outputs)
                .exit
        }
        return try SeveralModels.run(suites, arguments: arguments, outputs: outputs)
    }

    /// The most scenarios an implementation runs with its records held in memory (about 4 KiB
    /// each); in a larger run they go to a temporary file and the reports read them back.
    /// `AUTHSPEC_RECORDS_HELD` sets another number (the tests set 0: every record goes through
    /// the file).
    static func recordsHeld() throws -> Int {
        guard let text = ProcessInfo.processInfo.environment["AUTHSPEC_RECORDS_HELD"] else { return 2_000 }
        guard let number = Int(text), number >= 0 else {
            throw UsageError(
                message: "AUTHSPEC_RECORDS_HELD must be a whole number of records, 0 or more; found '\(text)'")
        }
        return number
    }

    /// What one model's run left for a run of several models to report.
    struct ModelRun {
        var exit: ExitCode
        var model: ModelDeclaration
        var run: RunRecord
        var gate: GateVerdict
    }

    /// One model's suite from the reference and the drivers to the reports in `outputs`.
    /// `logPrefix` keeps the drivers' logs of one model's run apart from another's.
    static func runModel(
        _ arguments: ParsedArguments, manifest: Manifest?, paths: [String], outputs: ReportOutputs,
        logPrefix: String = ""
    ) throws -> ModelRun {
        let package = try SuiteArguments.package(arguments, manifest: manifest)
        let settings = try SuiteArguments.referenceSettings(arguments, package: package)
        let model = package.declaration
        let jobs = try SuiteArguments.jobs(arguments)
        let profile = try SuiteArguments.profile(arguments, model: model)
        let selection = SuiteSelection(
            tags: arguments.all("tag"), ids: arguments.all("id"), shard: try SuiteArguments.shard(arguments))
        let drivers = try DriverArguments.parse(arguments, model: model, logPrefix: logPrefix)
        let reportSettings = try RunReports.Settings(arguments)
        if !drivers.isEmpty { try DriverArguments.checkLogFolder(arguments) }
        var suite = Suite(
            paths: paths, requirementsFile: arguments.value("requirements") ?? manifest?.requirements, model: model,
            selection: selection, streamed: true)
        let requirementsFile = arguments.value("requirements") ?? manifest?.requirements
        try outputs.refuse(
            OutputGuard.inputs(
                arguments, paths: paths,
                extra: suite.loaded.files
                    + [Suite.catalogueFile(requirementsFile, paths: paths), manifest?.file].compactMap { $0 }
                    + (manifest?.baselines ?? [])))
        let (policy, baselineProblems) = RunReports.policy(
            arguments, known: Set(suite.loadedIDs), manifest: manifest)
        suite.loaded.diagnostics += baselineProblems
        let catalogue = RunReports.statements(arguments, requirements: suite.requirements.map(\.id))
        suite.loaded.diagnostics += catalogue.diagnostics
        for diagnostic in suite.loaded.diagnostics { Console.error(diagnostic.description) }
        if suite.selected.count == 0 && suite.loaded.diagnostics.isEmpty {
            // Nothing selected is never a pass: a filter that matches nothing is a mistake.
            let filters = selection.tags.map { "--tag \($0)" } + selection.ids.map { "--id \($0)" }
            if filters.isEmpty {
                throw InputError(
                    message:
                        "run: no scenarios in \(paths.joined(separator: ", ")): nothing to run"
                )
            }
            throw UsageError(
                message:
                    "\(filters.joined(separator: " ")) matched none of the \(suite.loadedCount) scenarios loaded: nothing to run"
            )
        }

        let reporter = TerminalReporter(model: model)
        let quiet = arguments.flag("quiet")
        let count = drivers.count + 1
        if !quiet {
            let shard = selection.shard.map { " (shard \($0) of \(suite.selected.count))" } ?? ""
            Console.out(
                "Running \(reporter.counted(suite.positions.count, "scenario"))\(shard) from \(reporter.counted(suite.loaded.files.count, "file")) "
                    + "against \(count == 1 ? "the reference" : reporter.counted(count, "implementation")) (\(package.describeReference(settings)))"
            )
        }
        let candidates =
            [Candidate.reference(of: package, settings: settings)]
            + drivers.map { options in
                Candidate(label: options.command) { worker in SubprocessDriver(options: options.forWorker(worker)) }
            }
        let engine = RunEngine(
            model: model, jobs: jobs, trace: arguments.flag("trace"), profile: profile, recordsHeld: try recordsHeld()
        ) {
            Interruption.signal.map(Interruption.name(of:))
        }
        // The suite is streamed: its scenarios are read again from their files as the run reaches
        // them, so a run holds a few files' scenarios at a time. Some files of a suite leave most requirements to the others: not worth saying.
        let uncovered =
            SuiteArguments.isWholeSuite(paths, manifest: manifest)
            ? suite.uncoveredRequirements.map(\.id) : []
        let began = DispatchTime.now().uptimeNanoseconds
        let run = engine.run(releasing: &suite, on: candidates) { event in
            switch event {
            case .starting(let candidate):
                if !quiet && !candidate.reference {
                    Console.out("Starting driver: \(Console.visible(candidate.label))")
                }
            case .finished(let record, let number, let total):
                guard !quiet else { break }
                let line = reporter.progressLine(
                    record, number: number, of: total, implementation: count > 1 ? record.implementation : nil)
                // On a terminal one line counts up and only what did not pass stays on screen.
                if Console.isTerminal && record.outcome == .passed {
                    Console.status(line, style: .good)
                } else {
                    Console.out(line, style: RunReports.style(record.outcome))
                }
            }
        }
        Console.endStatus()
        // A scenario file that changed or went under the run is bad input, said at the scenario.
        let changed = RunEngine.suiteChanges(in: run)
        for diagnostic in changed { Console.error(diagnostic.description) }
        suite.loaded.diagnostics += changed
        let (written, gate) = RunReports.finish(
            run, model: model, outputs: outputs, settings: reportSettings, reporter: reporter, uncovered: uncovered,
            inputErrors: suite.loaded.diagnostics.count, policy: policy, quiet: quiet,
            elapsed: Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9, statements: catalogue.statements)
        if arguments.flag("update-baseline") {
            if changed.isEmpty {
                for line in try RunReports.updateBaselines(run, policy: policy) { Console.out(line) }
            } else {
                Console.error("baseline not updated: the suite changed during the run (above); run it again")
            }
        }
        // The most serious ending wins: a signal, then bad input or an unwritten report, then
        // conformance failures.
        let exit: ExitCode
        if let signal = Interruption.signal {
            exit = ExitCode.interrupted(by: signal)
        } else if !suite.loaded.diagnostics.isEmpty || !written {
            exit = .badInput
        } else {
            exit = gate.passes ? .success : .failures
        }
        return ModelRun(exit: exit, model: model, run: run, gate: gate)
    }
}
