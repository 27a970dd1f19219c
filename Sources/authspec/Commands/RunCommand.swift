import CommandCatalog
import CommandLineKit
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
    static let spec = CommandCatalog.run

    /// The options a run of several models cannot honour: each is one model's.
    static let oneModelOnly = [
        "baseline", "update-baseline", "strict-baseline", "statements", "shard", "requirements",
    ]

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        // Drivers to end and reports to write: a signal stops this command in order.
        Interruption.stopInOrder()
        let suites = try SuiteArguments.suitesByModel(arguments)
        if suites.count > 1 {
            for option in oneModelOnly where arguments.value(option) != nil || arguments.flag(option) {
                throw UsageError(
                    message:
                        "--\(option) belongs to one model's run, and these paths hold suites of \(suites.count) models: run each model's suite on its own for it"
                )
            }
        }
        // Every place a report or a log goes is checked before anything runs.
        let outputs = try ReportOutputs(arguments, options: RunReports.optionNames)
        let plan = try Self.plan(arguments, suites: suites)
        if plan.suites.contains(where: { !$0.drivers.isEmpty }) { try DriverArguments.checkLogFolder(arguments) }
        let session = RunSession(plan)
        // Every suite is loaded and checked, and no report may write over one of its inputs,
        // before the first scenario runs.
        var prepared: [PreparedSuite] = []
        for suitePlan in plan.suites { prepared.append(try Self.prepare(suitePlan, in: session)) }
        for (suitePlan, suite) in zip(plan.suites, prepared) {
            try outputs.refuse(OutputGuard.inputs(arguments, paths: suitePlan.paths, extra: suite.inputs))
        }
        let quiet = arguments.flag("quiet")
        var outcomes: [ModelOutcome] = []
        for (index, suite) in prepared.enumerated() {
            if prepared.count > 1 {
                Console.out(
                    (index == 0 ? "" : "\n")
                        + "== The \(suite.plan.package.name) model: \(suite.plan.paths.joined(separator: ", "))")
            }
            for diagnostic in suite.diagnostics { Console.error(diagnostic.description) }
            let outcome = run(suite, in: session, shard: plan.selection.shard, quiet: quiet)
            outcomes.append(outcome)
            if Interruption.signal != nil { break }
        }
        return try close(outcomes, outputs: outputs, arguments: arguments, quiet: quiet)
    }

    /// What follows the scenarios, for run and merge alike: each model's closing (and its
    /// baselines updated, if asked), one verdict over several models, the reports, the exit code.
    static func close(_ outcomes: [ModelOutcome], outputs: ReportOutputs, arguments: ParsedArguments, quiet: Bool)
        throws -> ExitCode
    {
        for outcome in outcomes {
            // Before the closing, whose last line is the verdict.
            for strength in outcome.strengths { Console.out(TerminalReporter.gateStrength(strength)) }
            TerminalReporter(model: outcome.plan.model).closing(
                outcome.run, gate: outcome.gate, uncovered: outcome.uncovered, inputErrors: outcome.inputErrors,
                quiet: quiet, elapsed: outcome.seconds, to: Console.out)
            if arguments.flag("update-baseline") { try updateBaselines(outcome) }
        }
        if outcomes.count > 1 {
            Console.out(
                TerminalReporter.modelsVerdict(outcomes.map { ($0.plan.package.name, $0.severity == .passed) }))
        }
        let documents = RunDocuments(
            outcomes.map {
                ReportedRun(
                    model: $0.plan.model, run: $0.run, gate: $0.gate, statements: $0.statements,
                    falsification: $0.falsification)
            }, settings: try RunReports.settings(arguments))
        let written = outputs.write { documents.body(ReportKind(rawValue: $0)!) }
        // The most serious ending wins: a signal, then bad input or an unwritten report, then
        // conformance failures.
        if let signal = Interruption.signal { return ExitCode.interrupted(by: signal) }
        let worst = outcomes.map(\.severity).max() ?? .passed
        if !written || worst == .badInput { return .badInput }
        return worst == .passed ? .success : .failures
    }

    /// The gate's policy from the options (baselines are each suite's to load).
    static func policy(_ arguments: ParsedArguments) -> GatePolicy {
        GatePolicy(
            allowSkips: arguments.flag("allow-skips"), strictBaseline: arguments.flag("strict-baseline"),
            today: RunReports.today())
    }

    /// The plan the options make: one suite per model, every model's settings, profile and
    /// drivers checked before anything runs.
    static func plan(_ arguments: ParsedArguments, suites: [(manifest: Manifest?, paths: [String])]) throws
        -> RunPlan
    {
        let several = suites.count > 1
        var plans: [SuitePlan] = []
        for (manifest, paths) in suites {
            let package = try SuiteArguments.package(arguments, manifest: manifest)
            let model = package.declaration
            plans.append(
                SuitePlan(
                    manifest: manifest, paths: paths, package: package,
                    referenceSettings: try SuiteArguments.referenceSettings(arguments, package: package),
                    profile: try SuiteArguments.profile(arguments, model: model),
                    requirementsFile: arguments.value("requirements"), statementsFile: arguments.value("statements"),
                    drivers: try DriverArguments.parse(
                        arguments, model: model, logPrefix: several ? package.name + "-" : ""),
                    baselineFiles: arguments.all("baseline")))
        }
        var plan = RunPlan(
            suites: plans,
            selection: SuiteSelection(
                tags: arguments.all("tag"), ids: arguments.all("id"), shard: try SuiteArguments.shard(arguments)),
            policy: policy(arguments),
            stop: { Interruption.signal.map(Interruption.name(of:)) })
        plan.jobs = try SuiteArguments.jobs(arguments)
        plan.trace = arguments.flag("trace")
        plan.gateStrength = arguments.flag("gate-strength")
        plan.recordsHeld = try recordsHeld()
        return plan
    }

    /// A suite loaded and checked; a selection of nothing is a mistake, never a pass.
    static func prepare(_ suite: SuitePlan, in session: RunSession) throws -> PreparedSuite {
        do {
            return try session.prepare(suite)
        } catch {
            switch error {
            case .noScenarios: throw InputError(message: error.description)
            case .nothingSelected: throw UsageError(message: error.description)
            }
        }
    }

    /// Runs one suite, printing a line per scenario as it finishes.
    static func run(_ suite: PreparedSuite, in session: RunSession, shard: Shard?, quiet: Bool) -> ModelOutcome {
        var progress = RunProgress(model: suite.plan.model, shard: shard, quiet: quiet, terminal: Console.isTerminal)
        let outcome = session.run(suite) { event in
            for shown in progress.shown(event) { Console.show(shown) }
        }
        Console.endStatus()
        return outcome
    }

    /// With --update-baseline: each baseline rewritten from the run, unless the suite changed
    /// under it.
    static func updateBaselines(_ outcome: ModelOutcome) throws {
        guard let updates = outcome.updatedBaselines() else {
            Console.error(TerminalReporter.baselineNotUpdated)
            return
        }
        for (before, after) in updates {
            if let after { try OutputTarget.resolve(after.file).write(after.yaml) }
            Console.out(TerminalReporter.baselineUpdate(before: before, after: after))
        }
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
}
