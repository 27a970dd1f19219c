import CommandCatalog
import CommandLineKit
import Engine
import Exploration
import Foundation
import Reporters
import ScenarioModel
import SpecModel

enum StrengthenCommand: Command {
    static let spec = CommandCatalog.strengthen

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let (manifest, package, paths, jobs, exploration) = try MutateCommand.mutationArguments(arguments)
        let model = package.declaration
        let folder = arguments.value("output") ?? ((paths.first ?? "Scenarios") + "/generated")
        let mutants: [Mutant]
        do { mutants = try package.mutants(chosen: arguments.all("mutant")).get() } catch {
            throw UsageError(message: error.message)
        }
        try OutputGuard.checkFoundFolder(
            folder, option: "output", for: "the scenarios", files: mutants.map(FoundScenarios.holeFileName),
            inputs: OutputGuard.inputs(arguments, paths: paths), banner: FoundScenarios.holeBanner)
        guard
            let suite = MutateCommand.loadSuite(
                arguments, manifest: manifest, paths: paths, model: model, unless: "nothing strengthened")
        else { return .badInput }
        let settings = (try? package.resolve(settings: [:]).get()) ?? [:]
        let found = FoundScenarios(model: model)
        let requirements = suite.requirements
        let seed = exploration.seed
        let quiet = arguments.flag("quiet")
        let outcome = try Strengthening.run(
            suite.scenarios, mutants: mutants, package: package, jobs: jobs, exploration: exploration,
            clock: SessionClock.machine, folder: folder,
            scenarioText: { fate, divergence in
                var reference = package.makeReference(settings)
                return found.hole(
                    fate, divergence: divergence, reference: &reference,
                    foundBy: "strengthen (exploration seed \(seed))",
                    requirements: requirements)
            },
            write: { try OutputTarget.resolve($0).write(FoundFile.sealed($1)) },
            progress: { done, total in
                if !quiet && Console.isTerminal { Console.status("\(done) of \(total) mutants") }
            })
        Console.endStatus()
        for line in MutationReport(model: model).strengthening(
            outcome, scenarios: suite.scenarios.count, depth: exploration.depth)
        {
            Console.out(line)
        }
        return outcome.open.isEmpty && outcome.undecided.isEmpty ? .success : .failures
    }
}
