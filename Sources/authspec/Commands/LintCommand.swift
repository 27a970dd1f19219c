import CommandCatalog
import CommandLineKit
import Engine
import Foundation
import Reporters
import Runner
import ScenarioModel
import SpecModel

enum LintCommand: Command {
    static let spec = CommandCatalog.lint

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let started = SessionClock.machine.monotonic()
        let manifest = try SuiteArguments.manifest(arguments, from: arguments.positionals)
        let package = try SuiteArguments.package(arguments, manifest: manifest)
        let model = package.declaration
        let paths = SuiteArguments.paths(arguments, manifest: manifest)
        let loadOnly = arguments.flag("load-only")
        if loadOnly, !arguments.all("spec").isEmpty {
            throw UsageError(message: "Give --load-only or --spec, not both")
        }
        let requirementsFile = arguments.value("requirements") ?? manifest?.requirements
        if loadOnly {
            let suite = Suite(
                paths: paths, requirementsFile: requirementsFile, model: model, selection: SuiteSelection(),
                processors: ProcessInfo.processInfo.activeProcessorCount)
            UntilExit.keep(suite)
            let loaded = suite.loaded
            for diagnostic in loaded.diagnostics { Console.out(diagnostic.description) }
            Console.out(
                "\nlint: \(loaded.scenarios.count) scenarios in \(loaded.files.count) files, \(loaded.diagnostics.count) input errors (loaded only, \(milliseconds(since: started)) ms)"
            )
            return loaded.diagnostics.isEmpty ? .success : .badInput
        }
        let outcome = LintOutcome.lint(
            paths, requirementsFile: requirementsFile, package: package,
            wholeSuite: SuiteArguments.isWholeSuite(paths, manifest: manifest),
            processors: ProcessInfo.processInfo.activeProcessorCount)
        UntilExit.keep(outcome.suite)
        let loaded = outcome.suite.loaded
        for line in outcome.lines(model: model) { Console.out(line) }
        var disagreements: Int?
        let documents = arguments.all("spec")
        if !documents.isEmpty {
            let (checks, additions) = try SpecCommand.check(
                documents, package: package, mapping: arguments.value("mapping") ?? manifest?.specMapping,
                scenarioPath: paths[0], ran: (loaded.scenarios, outcome.records))
            let (lines, counts) = SpecCheckReport.lines(checks, additions: additions)
            for line in lines { Console.out(line) }
            disagreements = counts.disagreements
        }
        Console.out(
            LintReport.summary(outcome, specDisagreements: disagreements, milliseconds: milliseconds(since: started)))
        switch outcome.severity(specDisagreements: disagreements ?? 0) {
        case .passed: return .success
        case .failed: return .failures
        default: return .badInput
        }
    }

    private static func milliseconds(since started: Duration) -> Int64 {
        Int64(SessionClock.machine.seconds(since: started) * 1000)
    }
}
