import CommandCatalog
import CommandLineKit
import Coverage
import Engine
import Reporters
import Results
import ScenarioModel
import SpecModel

enum TraceCommand: Command {
    static let spec = CommandCatalog.trace

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let outputs = try ReportOutputs(arguments, options: ["markdown"])
        try outputs.refuse(OutputGuard.inputs(arguments, paths: SuiteArguments.paths(arguments)))
        let suites = try SuiteArguments.suitesByModel(arguments)
        if suites.count > 1, arguments.value("requirements") != nil {
            throw UsageError(
                message:
                    "--requirements names one model's catalogue, and these paths hold suites of \(suites.count) models: each suite's manifest names its own"
            )
        }
        var plans: [SuitePlan] = []
        for (manifest, paths) in suites {
            let package = try SuiteArguments.package(arguments, manifest: manifest)
            plans.append(
                SuitePlan(
                    manifest: manifest, paths: paths, package: package,
                    referenceSettings: try SuiteArguments.referenceSettings(arguments, package: package),
                    profile: package.declaration.profiles[package.declaration.profiles.count - 1],
                    requirementsFile: suites.count == 1 ? arguments.value("requirements") : nil))
        }
        let traced: (traces: [DocumentTrace], problems: [Diagnostic])
        do {
            traced = try TraceSession.trace(plans, statementsFile: arguments.value("statements"))
        } catch {
            throw InputError(message: error.description)
        }
        for problem in traced.problems { Console.error(problem.description) }
        Console.out(String(TraceReport.text(traced.traces, implementation: "the reference").dropLast()))
        let written = outputs.write { _ in .text(TraceReport.markdown(traced.traces, implementation: "the reference")) }
        if !traced.problems.isEmpty || !written { return .badInput }
        // Claimed or not demonstrated, a checkable statement is a gap: the trace does not pass.
        let unmet = traced.traces.flatMap(\.statements).filter(\.standing.isGap)
        return unmet.isEmpty ? .success : .failures
    }
}
