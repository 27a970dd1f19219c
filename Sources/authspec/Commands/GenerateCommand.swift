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
        // Each way of generating refuses the other's options.
        let complete = arguments.flag("complete")
        let others =
            complete
            ? ["cover", "depth", "worlds"]
            : ["extra-states", "profile", "observe", "cap", "random-tests", "inputs"]
        if let option = others.first(where: { arguments.value($0) != nil }) {
            throw UsageError(
                message: "--\(option) is " + (complete ? "the coverage walk's: not for --complete" : "for --complete"))
        }
        if complete { return try runComplete(arguments, package: package) }
        guard let goal = try arguments.choice("cover", of: CoverageGoal.self) else {
            throw UsageError(
                message: "generate needs --cover \(CoverageGoal.allCases.map(\.rawValue).joined(separator: "|"))")
        }
        let depth = try SharedOptions.generateDepth.read(arguments) ?? 5
        let count = try SharedOptions.generateWorlds.read(arguments) ?? 8
        let seed = try arguments.seed() ?? 1
        let (path, target) = try output(arguments, file: "cover-" + goal.rawValue + ".yaml")
        var requirements: [RequirementTarget] = []
        if goal == .requirements {
            requirements = try GenerateSession.requirementTargets(
                file: arguments.value("requirements") ?? "Scenarios/requirements.yaml"
            ).mapError { InputError(message: $0.lines.joined(separator: "\n")) }.get()
        }
        let session = GenerateSession(
            package: package, goal: goal, depth: depth, worlds: count, seed: seed, requirements: requirements,
            clock: SessionClock.machine)
        Console.out(
            "Walking the \(model.name) reference: every sequence of up to \(depth) inputs from \(max(count, 1)) worlds, for \(path)…"
        )
        let walked: (plan: CoverageGenerator.Plan, seconds: Double)
        do { walked = try session.plan() } catch { throw UsageError(message: error.description) }
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
        do { try target.write(FoundFile.sealed(generated.text)) } catch {
            throw UsageError(message: "--out: \(error.description)")
        }
        for line in summary { Console.out(line) }
        Console.out("Written to \(path)")
        return .success
    }

    /// `generate --complete`: the abstract machine, a Wp-method suite over it, its guarantee.
    static func runComplete(_ arguments: ParsedArguments, package: ModelPackage) throws -> ExitCode {
        let model = package.declaration
        let chosen = try CompleteSession.ObservedKeys.choose(
            profile: arguments.value("profile"), observe: arguments.value("observe"), model: model
        ).mapError { UsageError(message: "--\($0.option)\($0.message)") }.get()
        let keys = chosen.keys
        var session = CompleteSession(
            package: package, keys: keys, extraStates: try SharedOptions.extraStates.read(arguments) ?? 0,
            cap: try SharedOptions.completeCap.read(arguments) ?? 20_000, stateLimit: 50_000, clock: .machine)
        session.inputs = try CompleteSession.inputs(arguments.value("inputs"), model: model)
            .mapError { UsageError(message: "--\($0.option)\($0.message)") }.get()
        if let count = try SharedOptions.randomTests.read(arguments) {
            session.randomTests = (count, try arguments.seed() ?? 1)
        } else if arguments.value("seed") != nil {
            throw UsageError(
                message: "--seed is for --random-tests with --complete: the exhaustive suite draws nothing")
        }
        // What rests on the blind spots, read before the machine is built.
        let requirements = try GenerateSession.blindSpotRequirements(
            file: arguments.value("requirements"), observing: keys, model: model
        ).mapError { InputError(message: $0.lines.joined(separator: "\n")) }.get()
        // An earlier suite's parts must be ours, said before the machine is built.
        let (path, _) = try output(arguments, file: "complete.yaml", others: FoundScenarios.completeFilesPresent)
        let folder = (path as NSString).deletingLastPathComponent
        Console.out("Building the \(model.name) reference's abstract machine, for a suite in \(folder)…")
        let planned: CompleteSession.Planned
        do { planned = try session.plan() } catch {
            Console.out("FAIL: \(error.description): nothing written")
            return .failures
        }
        let found = FoundScenarios(model: model)
        let made = found.completeFiles(
            planned, session: session, label: chosen.label, defaultModel: ModelRegistry.defaultModel, folder: folder)
        guard let made, made.scenarios > 0 else {
            let why =
                made == nil ? "the reference could not run a test its own machine planned" : "the machine gave no test"
            Console.out("FAIL: \(why): nothing written")
            return .failures
        }
        // Every file written over or taken away must be ours, before any is touched.
        try OutputGuard.checkFoundFolder(
            folder, option: "out", for: "the generated scenarios", files: made.files.map(\.name) + made.stale,
            inputs: OutputGuard.inputs(arguments, paths: []), banner: FoundScenarios.generationBannerStart)
        do { try made.write() } catch { throw UsageError(message: "--out: \(error.description)") }
        for line in found.completeSummary(planned, made, keys: keys, requirements: requirements) { Console.out(line) }
        return .success
    }

    /// Where a generated file goes: --out's folder, else a temporary one the first line names
    /// (nothing is written into the current folder unasked); refused unless it is a file of ours.
    /// `others` names more files in the folder that will be written over or taken away.
    static func output(_ arguments: ParsedArguments, file: String, others: (String) -> [String] = { _ in [] }) throws
        -> (path: String, target: OutputTarget)
    {
        let folder = arguments.value("out") ?? RunPlan.temporaryFolder("generated")
        try OutputGuard.checkFoundFolder(
            folder, option: "out", for: "the generated scenarios", files: [file] + others(folder),
            inputs: OutputGuard.inputs(arguments, paths: []), banner: FoundScenarios.generationBannerStart)
        do { return (folder + "/" + file, try OutputTarget.resolve(folder + "/" + file)) } catch {
            throw UsageError(message: "--out: \(error.description)")
        }
    }
}
