import CommandCatalog
import CommandLineKit
import Dispatch
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
        guard let text = arguments.value("cover") else {
            throw UsageError(
                message: "generate needs --cover \(CoverageGoal.allCases.map(\.rawValue).joined(separator: "|"))")
        }
        guard let goal = CoverageGoal(rawValue: text) else {
            throw UsageError(
                message:
                    "--cover takes \(CoverageGoal.allCases.map(\.rawValue).joined(separator: ", ")), not '\(text)'")
        }
        let depth = try SharedOptions.generateDepth.read(arguments) ?? 5
        let count = try SharedOptions.generateWorlds.read(arguments) ?? 8
        let seed = try arguments.value("seed").map(ExploreCommand.seed) ?? 1
        let folder = arguments.value("out") ?? "Reports/generated"
        let target: OutputTarget
        do {
            try OutputTarget.checkFolder(folder, for: "the generated scenarios")
            target = try OutputTarget.resolve(folder + "/cover-" + goal.rawValue + ".yaml")
        } catch {
            throw UsageError(message: "--out: \(error.description)")
        }
        try OutputGuard.refuse(
            folder + "/cover-" + goal.rawValue + ".yaml", option: "out",
            inputs: OutputGuard.inputs(arguments, paths: []),
            rewritable: "# Written by authspec generate")
        var requirements: [RequirementTarget] = []
        if goal == .requirements {
            let file = arguments.value("requirements") ?? "Scenarios/requirements.yaml"
            let (loaded, diagnostics) = RequirementCatalogue.load(file: file)
            if !diagnostics.isEmpty {
                throw InputError(message: diagnostics.map(\.description).joined(separator: "\n"))
            }
            requirements = loaded.map { RequirementTarget(id: $0.id, clause: $0.clause) }
        }
        let settings = (try? package.resolve(settings: [:]).get()) ?? [:]
        guard var reference = package.makeReference(settings) as? any StateSaving else {
            throw UsageError(message: "the \(model.name) model's reference cannot save its state: nothing to walk")
        }
        let worlds = ProbeGenerator(model: model).worlds(count: count, seed: seed)
        let generator = CoverageGenerator(model: model, goal: goal, depth: depth, requirements: requirements)
        Console.out(
            "Walking the \(model.name) reference: every sequence of up to \(depth) inputs from \(worlds.count) worlds…")
        let began = DispatchTime.now().uptimeNanoseconds
        let plan = generator.plan(&reference, worlds: worlds)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9

        var fresh = package.makeReference(settings)
        let banner = [
            "# Written by authspec generate --cover \(goal.rawValue) --depth \(depth) --worlds \(count) --seed \(seed)"
                + (model.name == ModelRegistry.defaultModel ? "" : " --model \(model.name)") + ".",
            "# Expectations are the reference's observations; regenerate rather than edit.",
        ]
        let generated = FoundScenarios(model: model).generated(plan, goal: goal, banner: banner, reference: &fresh)
        do {
            try target.write(generated.text)
        } catch {
            throw UsageError(message: "--out: \(error.description)")
        }
        let steps = plan.sequences.reduce(0) { $0 + $1.probe.steps.count }
        Console.out(
            "Covered \(plan.reachable) of \(plan.targets.count) \(goal.rawValue) of the \(model.name) model "
                + "in \(generated.scenarios) scenarios, \(steps) steps (walked \(plan.states) reference states, "
                + "\(plan.worlds) worlds, depth \(depth)" + String(format: ", %.1f s", seconds) + ")")
        if !plan.unreachable.isEmpty {
            Console.out("Not covered:")
            for (target, reason) in plan.unreachable { Console.out("  \(target): \(reason)") }
        }
        Console.out("Written to \(folder)/cover-\(goal.rawValue).yaml")
        return .success
    }
}
