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
        do {
            try OutputTarget.checkFolder(folder, for: "the scenarios")
        } catch {
            throw UsageError(message: "--output: \(error.description)")
        }
        let known = package.mutants()
        let chosen = arguments.all("mutant")
        if let unknown = chosen.first(where: { id in !known.contains { $0.id == id } }) {
            throw UsageError(
                message:
                    "--mutant: the \(model.name) model has no mutant '\(unknown)' (`authspec mutate --list` lists them)"
            )
        }
        let mutants = chosen.isEmpty ? known : known.filter { chosen.contains($0.id) }
        guard !mutants.isEmpty else {
            throw UsageError(message: "the \(model.name) model has no mutants to run the suite against")
        }
        guard
            let suite = MutateCommand.loadSuite(
                arguments, manifest: manifest, paths: paths, model: model, unless: "nothing strengthened")
        else { return .badInput }
        let inputs = OutputGuard.inputs(arguments, paths: paths)
        let settings = (try? package.resolve(settings: [:]).get()) ?? [:]
        let found = FoundScenarios(model: model)
        let requirements = suite.requirements
        let seed = exploration.seed
        let quiet = arguments.flag("quiet")
        let outcome = try Strengthening.run(
            suite.scenarios, mutants: mutants, package: package, jobs: jobs, exploration: exploration,
            folder: folder,
            scenarioText: { fate, divergence in
                var reference = package.makeReference(settings)
                return found.hole(
                    fate, divergence: divergence, reference: &reference,
                    foundBy: "strengthen (exploration seed \(seed))",
                    requirements: requirements)
            },
            vet: { path in
                try OutputGuard.refuse(path, option: "output", inputs: inputs, rewritable: FoundScenarios.holeBanner)
                // Outside the suite too: a file authspec did not write is nobody's to write over.
                if FileManager.default.fileExists(atPath: path)
                    && !ProtectedInputs.begins(path, with: FoundScenarios.holeBanner)
                {
                    throw UsageError(
                        message:
                            "--output would write over \(path), which authspec did not write; move it or give another folder"
                    )
                }
            },
            write: { try OutputTarget.resolve($0).write($1) },
            progress: { done, total in
                if !quiet && Console.isTerminal { Console.status("\(done) of \(total) mutants") }
            })
        Console.endStatus()
        for line in MutationReport(model: model).strengthening(
            outcome, scenarios: suite.scenarios.count, depth: exploration.depth)
        {
            Console.out(line)
        }
        return outcome.open.isEmpty ? .success : .failures
    }
}
