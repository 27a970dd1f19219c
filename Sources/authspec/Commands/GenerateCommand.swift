import CommandCatalog
import CommandLineKit
import Engine
import Exploration
import Foundation
import Models
import Reporters
import ScenarioModel
import SpecModel

enum GenerateCommand: Command {
    static let spec = CommandCatalog.generate

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let package = try SuiteArguments.package(arguments)
        let model = package.declaration
        guard let goal = try arguments.choice("cover", of: CoverageGoal.self) else {
            throw UsageError(
                message: "generate needs --cover \(CoverageGoal.allCases.map(\.rawValue).joined(separator: "|"))")
        }
        let depth = try SharedOptions.generateDepth.read(arguments) ?? 5
        let count = try SharedOptions.generateWorlds.read(arguments) ?? 8
        let seed = try arguments.seed() ?? 1
        // Nothing is written into the current folder unasked: the first line names the folder.
        let folder = arguments.value("out") ?? RunPlan.temporaryFolder("generated")
        let target: OutputTarget
        do {
            try OutputTarget.checkFolder(folder, for: "the generated scenarios")
            target = try OutputTarget.resolve(folder + "/cover-" + goal.rawValue + ".yaml")
        } catch {
            throw UsageError(message: "--out: \(error.description)")
        }
        try OutputGuard.refuseUnlessFound(
            folder + "/cover-" + goal.rawValue + ".yaml", option: "out",
            inputs: OutputGuard.inputs(arguments, paths: []), banner: FoundScenarios.generationBannerStart)
        var requirements: [RequirementTarget] = []
        if goal == .requirements {
            let file = arguments.value("requirements") ?? "Scenarios/requirements.yaml"
            let (loaded, diagnostics) = RequirementCatalogue.load(file: file)
            if !diagnostics.isEmpty {
                throw InputError(message: diagnostics.map(\.description).joined(separator: "\n"))
            }
            requirements = loaded.map { RequirementTarget(id: $0.id, clause: $0.clause) }
            guard !requirements.isEmpty else { throw InputError(message: "\(file): no requirement to cover") }
        }
        let session = GenerateSession(
            package: package, goal: goal, depth: depth, worlds: count, seed: seed, requirements: requirements,
            clock: SessionClock.machine)
        Console.out(
            "Walking the \(model.name) reference: every sequence of up to \(depth) inputs from \(max(count, 1)) worlds, for \(folder)/cover-\(goal.rawValue).yaml…"
        )
        let walked: (plan: CoverageGenerator.Plan, seconds: Double)
        do {
            walked = try session.plan()
        } catch {
            throw UsageError(message: error.description)
        }
        let found = FoundScenarios(model: model)
        var fresh = session.reference()
        let generated = found.generated(
            walked.plan, goal: goal,
            banner: found.generationBanner(
                goal: goal, depth: depth, worlds: count, seed: seed, defaultModel: ModelRegistry.defaultModel),
            reference: &fresh)
        let summary = found.generationSummary(
            walked.plan, goal: goal, scenarios: generated.scenarios, depth: depth, seconds: walked.seconds)
        // A file of no scenario would pass any run and cover nothing: said, not written.
        guard generated.scenarios > 0 else {
            for line in summary { Console.out(line) }
            Console.out("FAIL: no target of --cover \(goal.rawValue) was met: nothing written")
            return .failures
        }
        do {
            try target.write(FoundFile.sealed(generated.text))
        } catch {
            throw UsageError(message: "--out: \(error.description)")
        }
        for line in summary { Console.out(line) }
        Console.out("Written to \(folder)/cover-\(goal.rawValue).yaml")
        return .success
    }
}
