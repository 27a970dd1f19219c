import CommandCatalog
import CommandLineKit
import Engine
import Exploration
import Foundation
import Reporters
import ScenarioModel
import SpecModel

enum MutateCommand: Command {
    static let spec = CommandCatalog.mutate

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let (manifest, package, paths, jobs, exploration) = try mutationArguments(arguments)
        let model = package.declaration
        let keySets = try arguments.all("keys").map { try ExploreCommand.keys($0, model: model) }
        let inputs = OutputGuard.inputs(arguments, paths: paths)
        var markdown: OutputTarget?
        if let path = arguments.value("markdown") {
            try OutputGuard.refuse(path, option: "markdown", inputs: inputs)
            do { markdown = try OutputTarget.resolve(path) } catch { throw UsageError(message: error.description) }
        }
        let mutants: [Mutant]
        do { mutants = try package.mutants(chosen: arguments.all("mutant")).get() } catch {
            throw UsageError(message: error.message)
        }
        if arguments.flag("list") {
            Console.out(MutationReport.listing(mutants))
            return .success
        }
        let counterexamples = arguments.value("counterexamples")
        if let folder = counterexamples {
            try OutputGuard.checkFoundFolder(
                folder, option: "counterexamples", for: "the counterexamples",
                files: mutants.map(FoundScenarios.holeFileName),
                inputs: inputs, banner: FoundScenarios.holeBanner)
        }
        guard
            let suite = loadSuite(
                arguments, manifest: manifest, paths: paths, model: model, unless: "the suite is not measured")
        else { return .badInput }
        guard !suite.scenarios.isEmpty else {
            throw InputError(message: "mutate: no scenarios in \(paths.joined(separator: ", ")): nothing to measure")
        }
        let quiet = arguments.flag("quiet")
        let session = MutateSession(
            package: package, scenarios: suite.scenarios, mutants: mutants, keySets: keySets, jobs: jobs,
            exploration: exploration, clock: SessionClock.machine)
        let (measured, seconds) = session.run { keys, done, total in
            let label = keys.map { $0.sorted().joined(separator: ", ") } ?? "every key"
            if !quiet && Console.isTerminal { Console.status("\(label): \(done) of \(total) mutants") }
        }
        Console.endStatus()
        let analyses = measured.map {
            MutationReport.Analysis(
                keys: $0.keys.map { $0.sorted().joined(separator: ", ") } ?? "every key", fates: $0.fates)
        }
        let reference = session.reference
        if let folder = counterexamples, let all = analyses.first {
            try writeCounterexamples(
                all.holes, into: folder, model: model, reference: reference, seed: exploration.seed)
        }
        let report = MutationReport(model: model)
        let text = report.markdown(
            analyses, scenarios: suite.scenarios.count, explorationRuns: exploration.runs ?? 0,
            depth: exploration.depth, seed: exploration.seed)
        if let markdown {
            do { try markdown.write(text) } catch {
                Console.error("mutate: \(error)")
                return .badInput
            }
        }
        for line in report.lines(analyses, holes: !quiet) { Console.out(line) }
        Console.out(String(format: "(%.1f s)", seconds))
        return analyses[0].holes.isEmpty && analyses[0].undecided.isEmpty ? .success : .failures
    }

    /// What `mutate` and `strengthen` both read: the suite's manifest, model and paths, the
    /// jobs, and the exploration that tells holes from equivalents.
    static func mutationArguments(_ arguments: ParsedArguments) throws -> (
        manifest: Manifest?, package: ModelPackage, paths: [String], jobs: Int, exploration: ExplorationSettings
    ) {
        let manifest = try SuiteArguments.manifest(arguments, from: arguments.positionals)
        let package = try SuiteArguments.package(arguments, manifest: manifest)
        var exploration = ExplorationSettings(seed: 1, budget: .seconds(3600), depth: 40, replays: 1)
        exploration.runs = try SharedOptions.mutationRuns.read(arguments)
        exploration.seed = try arguments.seed() ?? exploration.seed
        return (
            manifest, package, SuiteArguments.paths(arguments, manifest: manifest),
            try SharedOptions.mutationJobs.read(arguments) ?? ProcessInfo.processInfo.activeProcessorCount, exploration
        )
    }

    /// The whole suite with its requirements, or nil once its input errors are said (then
    /// `FAIL: N input errors (above): ` and what is not done).
    static func loadSuite(
        _ arguments: ParsedArguments, manifest: Manifest?, paths: [String], model: ModelDeclaration,
        unless notDone: String
    ) -> Suite? {
        let suite = Suite(
            paths: paths, requirementsFile: arguments.value("requirements") ?? manifest?.requirements, model: model,
            selection: SuiteSelection(tags: [], ids: []), processors: ProcessInfo.processInfo.activeProcessorCount)
        for diagnostic in suite.loaded.diagnostics { Console.error(diagnostic.description) }
        guard suite.loaded.diagnostics.isEmpty else {
            Console.out("FAIL: \(suite.loaded.diagnostics.count) input errors (above): \(notDone)")
            return nil
        }
        return suite
    }

    /// Each hole's shrunk sequence as a scenario file named after its mutant (each path vetted before the run).
    static func writeCounterexamples(
        _ holes: [MutantFate], into folder: String, model: ModelDeclaration,
        reference: @Sendable () -> any ImplementationUnderTest, seed: UInt64
    ) throws {
        for fate in holes {
            guard case .hole(let divergence)? = fate.survival else { continue }
            var original = reference()
            guard
                let (name, text) = FoundScenarios(model: model).hole(
                    fate, divergence: divergence, reference: &original, foundBy: "mutate (exploration seed \(seed))")
            else { continue }
            try OutputTarget.resolve(folder + "/" + name).write(FoundFile.sealed(text))
        }
    }
}
