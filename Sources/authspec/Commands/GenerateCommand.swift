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
        let completeOnly = ["extra-states", "profile", "observe", "cap"]
        if arguments.flag("complete") {
            if let walk = ["cover", "depth", "worlds", "seed", "requirements"].first(where: {
                arguments.value($0) != nil
            }) {
                throw UsageError(message: "--\(walk) is the coverage walk's: --complete takes none of its options")
            }
            return try runComplete(arguments, package: package)
        }
        if let option = completeOnly.first(where: { arguments.value($0) != nil }) {
            throw UsageError(message: "--\(option) is for --complete")
        }
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

    /// `generate --complete`: the abstract machine, a Wp-method suite over it, its guarantee.
    static func runComplete(_ arguments: ParsedArguments, package: ModelPackage) throws -> ExitCode {
        let model = package.declaration
        if arguments.value("profile") != nil, arguments.value("observe") != nil {
            throw UsageError(message: "--profile and --observe both name the keys: give one")
        }
        var keys: Set<String>?
        var label = ConformanceProfile.full
        if let name = arguments.value("profile"), name != ConformanceProfile.full {
            guard let profile = model.profile(named: name) else {
                throw UsageError(
                    message:
                        "--profile: the \(model.name) model has no profile '\(name)' (it has \(model.profiles.map(\.name).joined(separator: ", ")))"
                )
            }
            keys = Set(profile.keys)
            label = name
        }
        if let text = arguments.value("observe") {
            do { keys = try model.observationKeys(text).get() } catch {
                throw UsageError(message: "--observe: " + error.message)
            }
            label = keys!.sorted().joined(separator: ",")
        }
        let extraStates = try SharedOptions.extraStates.read(arguments) ?? 0
        let cap = try SharedOptions.completeCap.read(arguments) ?? 20_000
        let folder = arguments.value("out") ?? RunPlan.temporaryFolder("generated")
        let path = folder + "/complete.yaml"
        let target: OutputTarget
        do {
            try OutputTarget.checkFolder(folder, for: "the generated scenarios")
            target = try OutputTarget.resolve(path)
        } catch {
            throw UsageError(message: "--out: \(error.description)")
        }
        try OutputGuard.refuseUnlessFound(
            path, option: "out", inputs: OutputGuard.inputs(arguments, paths: []),
            banner: FoundScenarios.generationBannerStart)
        let session = CompleteSession(
            package: package, keys: keys, extraStates: extraStates, cap: cap, stateLimit: 50_000,
            clock: SessionClock.machine)
        Console.out("Building the \(model.name) reference's abstract machine, for \(path)…")
        let planned: CompleteSession.Planned
        do { planned = try session.plan() } catch {
            Console.out("FAIL: \(error.description): nothing written")
            return .failures
        }
        let found = FoundScenarios(model: model)
        let guarantee = found.guarantee(planned, keys: keys)
        let banner = found.completeBanner(
            extraStates: extraStates, keys: keys, label: label, defaultModel: ModelRegistry.defaultModel,
            guarantee: guarantee)
        var reference = session.reference()
        guard var saving = session.reference() as? any StateSaving,
            let written = found.complete(planned, keys: keys, banner: banner, reference: &reference, saving: &saving)
        else {
            Console.out("FAIL: the reference could not run a test its own machine planned: nothing written")
            return .failures
        }
        do { try target.write(FoundFile.sealed(written.text)) } catch {
            throw UsageError(message: "--out: \(error.description)")
        }
        for line in found.completeSummary(planned, scenarios: written.scenarios, steps: written.steps) {
            Console.out(line)
        }
        Console.out("Guarantee: " + guarantee)
        Console.out("Written to \(path)")
        return .success
    }
}
