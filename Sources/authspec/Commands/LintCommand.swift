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
        let started = ContinuousClock.now
        let manifest = try SuiteArguments.manifest(arguments, from: arguments.positionals)
        let package = try SuiteArguments.package(arguments, manifest: manifest)
        let model = package.declaration
        let paths = SuiteArguments.paths(arguments, manifest: manifest)
        let loadOnly = arguments.flag("load-only")
        if loadOnly, !arguments.all("spec").isEmpty {
            throw UsageError(message: "Give --load-only or --spec, not both")
        }
        let suite = Suite(
            paths: paths, requirementsFile: arguments.value("requirements") ?? manifest?.requirements, model: model,
            selection: SuiteSelection())
        UntilExit.keep(suite)
        let loaded = suite.loaded
        for diagnostic in loaded.diagnostics { Console.out(diagnostic.description) }
        if loadOnly {
            Console.out(
                "\nlint: \(loaded.scenarios.count) scenarios in \(loaded.files.count) files, \(loaded.diagnostics.count) input errors (loaded only, \(milliseconds(since: started)) ms)"
            )
            return loaded.diagnostics.isEmpty ? .success : .badInput
        }
        // A pre-commit hook lints the files it was given: the rest of the suite covers the rest.
        let uncovered =
            SuiteArguments.isWholeSuite(paths, manifest: manifest)
            ? RequirementCatalogue.uncovered(suite.requirements, by: loaded.scenarios) : []
        for requirement in uncovered {
            Console.out(
                "\(requirement.location): warning: no scenario covers requirement '\(requirement.id)' (\(requirement.clause))"
            )
        }

        // A scenario that covers a requirement and expects none of the keys it constrains
        // covers it in name only: its pass says nothing of the requirement.
        let inNameOnly = RequirementCatalogue.coveredInNameOnly(suite.requirements, by: loaded.scenarios)
        for found in inNameOnly {
            Console.out(
                "\(found.at): error: scenario '\(found.scenario.id)' covers '\(found.requirement.id)' but expects none of its keys (\(found.requirement.keys.joined(separator: ", ")))"
            )
        }

        // The reference with its default settings: lint checks what scenarios say, not costs.
        let settings = (try? package.resolve(settings: [:]).get()) ?? [:]
        let reference = Candidate.reference(of: package, settings: settings)
        let records = RunEngine(model: model).run(suite, on: [reference]).allRecords
        let contradictions = records.filter { !$0.outcome.ranWithoutProblem }.count
        for line in Contradictions.lines(records, model: model) { Console.out(line) }
        let expectingNothing = Contradictions.expectingNothing(records)
        for line in expectingNothing { Console.out(line) }

        var disagreements = 0
        let documents = arguments.all("spec")
        if !documents.isEmpty {
            let (checks, additions) = try SpecCommand.check(
                documents, package: package, mapping: arguments.value("mapping") ?? manifest?.specMapping,
                scenarioPath: paths[0],
                ran: (loaded.scenarios, records)
            )
            let (lines, counts) = SpecCheckReport.lines(checks, additions: additions)
            for line in lines { Console.out(line) }
            disagreements = counts.disagreements
        }
        var summary =
            "\nlint: \(loaded.scenarios.count) scenarios in \(loaded.files.count) files, \(loaded.diagnostics.count) input errors, "
            + "\(contradictions) contradicting the reference, \(uncovered.count) requirements uncovered"
            + (expectingNothing.isEmpty ? "" : ", \(expectingNothing.count) expecting nothing")
            + (inNameOnly.isEmpty ? "" : ", \(inNameOnly.count) covering a requirement in name only")
        if !documents.isEmpty { summary += ", \(disagreements) spec disagreements" }
        Console.out(summary + " (\(milliseconds(since: started)) ms)")
        if !loaded.diagnostics.isEmpty { return .badInput }
        return contradictions + disagreements + inNameOnly.count > 0 ? .failures : .success
    }

    private static func milliseconds(since started: ContinuousClock.Instant) -> Int64 {
        let elapsed = ContinuousClock.now - started
        return elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
    }
}
