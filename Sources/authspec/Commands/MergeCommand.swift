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
        let request = try RequestArguments.request(.merge, arguments, spec: spec)
        // The options, the files they name and the reports' places, before anything is read.
        let checked = try RequestArguments.plan(request)
        let outputs = ReportOutputs(checked.reports)
        let merged: [(run: RunRecord, package: ModelPackage)]
        do {
            merged = try MergeSession.merge(request.paths, package: ModelRegistry.package(named:))
        } catch {
            throw InputError(message: error.description)
        }
        let plan: RunPlan
        do { plan = try checked.merging(merged) } catch { throw RequestArguments.said(error) }
        var outcomes: [ModelOutcome] = []
        for ((run, package), suite) in zip(merged, plan.suites) {
            let reporter = TerminalReporter(model: package.declaration)
            if !request.quiet {
                let model = merged.count > 1 ? "of the \(package.name) model " : ""
                Console.out(
                    "Merged \(reporter.counted(request.paths.count, "shard")): \(reporter.counted(run.suite.scenarios, "scenario")) "
                        + "\(model)on \(reporter.counted(run.implementations.count, "implementation"))")
            }
            let outcome = MergeSession.outcome(run, suite: suite, policy: plan.policy, processors: plan.processors)
            for problem in outcome.problems { Console.error(problem.description) }
            outcomes.append(outcome)
        }
        return try RunCommand.close(outcomes, plan: plan, outputs: outputs)
    }
}
