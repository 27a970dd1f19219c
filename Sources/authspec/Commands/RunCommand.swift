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

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        // Drivers to end and reports to write: a signal stops this command in order.
        Interruption.stopInOrder()
        // Every option, every file an option names and every place a report or a log goes is
        // checked before anything runs.
        let plan = try RequestArguments.plan(try RequestArguments.request(.run, arguments, spec: spec))
        let outputs = ReportOutputs(plan.reports)
        let session = RunSession(plan)
        // Every suite is loaded and checked, and no report may write over one of its inputs,
        // before the first scenario runs.
        var prepared: [PreparedSuite] = []
        for suitePlan in plan.suites {
            do { prepared.append(try session.prepare(suitePlan)) } catch { throw RequestArguments.said(error) }
        }
        var outcomes: [ModelOutcome] = []
        let count = prepared.count
        // Each suite is let go of once it has run: the reports need its records, not its entries.
        for index in 0..<count {
            let suite = prepared.removeFirst()
            if count > 1 {
                Console.out(
                    (index == 0 ? "" : "\n")
                        + "== The \(suite.plan.package.name) model: \(suite.plan.paths.joined(separator: ", "))")
            }
            for diagnostic in suite.diagnostics { Console.error(diagnostic.description) }
            if let builtIn = suite.plan.builtIn {
                let identity = suite.suite.identity()
                Console.out(
                    TerminalReporter.builtInSuite(
                        builtIn.name(of: suite.plan.package.name), root: builtIn.root, scenarios: identity.scenarios,
                        digest: identity.digest))
            }
            outcomes.append(run(suite, in: session, shard: plan.selection.shard, quiet: plan.request.quiet))
            if Interruption.signal != nil { break }
        }
        return try close(outcomes, plan: plan, outputs: outputs)
    }

    /// What follows the scenarios, for run and merge alike: each model's closing (and its
    /// baselines updated, if asked), one verdict over several models, the reports, the exit code.
    static func close(_ outcomes: [ModelOutcome], plan: RunPlan, outputs: ReportOutputs) throws -> ExitCode {
        let conclusion = RunConclusion(outcomes, settings: RunReports.settings(plan))
        let worst = conclusion.severity
        let kept = plan.settleLogs(passed: worst == .passed && Interruption.signal == nil)
        conclusion.lines(
            quiet: plan.request.quiet, verbose: plan.request.verbose, timed: true,
            beforeVerdict: kept.map { [TerminalLine(TerminalReporter.logsKept($0))] } ?? []
        ) { Console.out($0) }
        // After the closing: --update-baseline is one model's.
        var updated = true
        if let scope = plan.request.updateBaseline, conclusion.severity != .badInput {
            for outcome in outcomes { updated = try updateBaselines(outcome, all: scope == "all") && updated }
        }
        let documents = conclusion.documents
        let written = outputs.write { documents.body(ReportKind(rawValue: $0)!) } && updated
        // The most serious ending wins: a signal, then bad input or an unwritten report, then
        // conformance failures.
        if let signal = Interruption.signal { return ExitCode.interrupted(by: signal) }
        if !written || worst == .badInput { return .badInput }
        return worst == .passed ? .success : .failures
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
    /// False when a baseline no longer loaded when its turn came (it is left as it was).
    static func updateBaselines(_ outcome: ModelOutcome, all: Bool) throws -> Bool {
        guard
            let updates = try outcome.writeUpdatedBaselines(
                all: all, write: { try OutputTarget.resolve($0.file).write($0.yaml) })
        else {
            Console.error(TerminalReporter.baselineNotUpdated)
            return true
        }
        for (before, update, problems) in updates {
            for problem in problems { Console.error(problem.description) }
            for line in TerminalReporter.baselineUpdate(before: before, after: update) { Console.out(line) }
        }
        return updates.allSatisfy(\.problems.isEmpty)
    }
}
