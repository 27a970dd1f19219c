import CommandLineKit
import Results
import ScenarioModel
import SpecModel

/// The options that pick a model and a suite, shared by the commands that load scenarios.
enum SuiteArguments {
    /// `--model`, `--requirements`, and one option per setting of any registered model's
    /// reference (`--argon2`), named as the model names it.
    static var modelOptions: [CommandSpec.Option] {
        [
            .init(
                name: "manifest", valueName: "file",
                help:
                    "The suite's manifest (default: the nearest \(Manifest.fileName) in the folder of the paths given or above it, else in the current folder or above)."
            ),
            .init(
                name: "model", valueName: "name",
                help: "The spec model the scenarios are written for: "
                    + ModelRegistry.packages.map(\.name).joined(separator: ", ")
                    + " (default: the manifest's, else \(ModelRegistry.defaultModel))."),
            .init(
                name: "requirements", valueName: "file",
                help:
                    "The requirements catalogue (default: the manifest's, else requirements.yaml in the first scenario folder or above, if there)."
            ),
        ]
            + referenceSettingsOnce.map {
                .init(name: $0.name, valueName: $0.choices.joined(separator: "|"), help: $0.summary)
            }
    }

    /// Every model's reference settings, each once (models may share one, as the auth-flow
    /// model shares the unlock model's --argon2).
    static var referenceSettingsOnce: [ReferenceSetting] {
        var seen: Set<String> = []
        return ModelRegistry.packages.flatMap(\.referenceSettings).filter { seen.insert($0.name).inserted }
    }

    /// The suite's manifest: --manifest, else the nearest one at or above `paths` (or the
    /// current folder); nil when there is none. One that does not load is an input error.
    static func manifest(_ arguments: ParsedArguments, from paths: [String]) throws -> Manifest? {
        try located { () throws(SuiteLocator.Problem) in
            try SuiteLocator.manifest(
                explicit: arguments.value("manifest"), paths: paths, pinned: pinned(arguments),
                defaultModel: ModelRegistry.defaultModel)
        }
    }

    /// The suites a command runs, each with its manifest and paths: one per model the paths'
    /// manifests name (`SuiteLocator.suitesByModel`).
    static func suitesByModel(_ arguments: ParsedArguments) throws -> [(manifest: Manifest?, paths: [String])] {
        try located { () throws(SuiteLocator.Problem) in
            try SuiteLocator.suitesByModel(
                explicit: arguments.value("manifest"), paths: arguments.positionals, pinned: pinned(arguments),
                defaultModel: ModelRegistry.defaultModel)
        }
    }

    /// A model or a manifest named: one model for every path.
    private static func pinned(_ arguments: ParsedArguments) -> Bool {
        arguments.value("manifest") != nil || arguments.value("model") != nil
    }

    private static func located<Found>(_ find: () throws(SuiteLocator.Problem) -> Found) throws -> Found {
        do {
            return try find()
        } catch .manifest(let diagnostics) {
            throw InputError(message: diagnostics.map(\.description).joined(separator: "\n"))
        } catch .severalModels(let models) {
            throw UsageError(
                message:
                    "these paths hold suites of \(models.count) models (\(models.joined(separator: ", "))): this command takes one model's at a time (run and trace take several)"
            )
        }
    }

    /// The paths given, else the manifest's scenarios, else `Scenarios`.
    static func paths(_ arguments: ParsedArguments, manifest: Manifest? = nil) -> [String] {
        SuiteLocator.paths(arguments.positionals, manifest: manifest)
    }

    /// Whether the paths are the whole suite, so that a requirement no scenario covers is worth
    /// saying: without a manifest, any paths are taken to be.
    static func isWholeSuite(_ paths: [String], manifest: Manifest?) -> Bool {
        manifest?.isWholeSuite(paths) ?? true
    }

    static func package(_ arguments: ParsedArguments, manifest: Manifest? = nil) throws -> ModelPackage {
        let name = arguments.value("model") ?? manifest?.model ?? ModelRegistry.defaultModel
        guard let package = ModelRegistry.package(named: name) else {
            let known = ModelRegistry.packages.map(\.name).joined(separator: " or ")
            if arguments.value("model") == nil, let manifest {
                throw InputError(message: "\(manifest.file): error: unknown model '\(name)' (expected \(known))")
            }
            throw UsageError(message: "Unknown model '\(name)' (expected \(known))")
        }
        if let asked = arguments.value("model"), let manifest, let suites = manifest.model, suites != asked,
            arguments.positionals.isEmpty
        {
            // The manifest's scenarios are another model's; each would be an input error: say the
            // one mistake instead. Paths given with --model are read as that model's.
            throw UsageError(
                message:
                    "--model \(asked), but the suite found is the \(suites) model's (\(manifest.file)): name the \(asked) suite's scenarios, or leave --model out"
            )
        }
        return package
    }

    /// The values given for the model's reference settings; a setting of another model is a
    /// usage error.
    static func referenceSettings(_ arguments: ParsedArguments, package: ModelPackage) throws -> [String: String] {
        var given: [String: String] = [:]
        for setting in referenceSettingsOnce {
            if let value = arguments.value(setting.name) { given[setting.name] = value }
        }
        switch package.resolve(settings: given) {
        case .success(let settings): return settings
        case .failure(let problem): throw UsageError(message: problem.message)
        }
    }

    static let profileOption = CommandSpec.Option(
        name: "profile", valueName: "name",
        help:
            "What every implementation must observe to pass (default full: every observation key). Profiles of the default model: "
            + (ModelRegistry.package(named: ModelRegistry.defaultModel)?.declaration.profiles.map {
                "\($0.name) (\($0.keys.joined(separator: ", ")))"
            }.joined(separator: "; ") ?? ""))

    static func profile(_ arguments: ParsedArguments, model: ModelDeclaration) throws -> ConformanceProfile {
        let name = arguments.value("profile") ?? ConformanceProfile.full
        guard let profile = model.profile(named: name) else {
            throw UsageError(
                message:
                    "--profile takes \(model.profiles.map(\.name).joined(separator: ", ")) (the \(model.name) model's), not '\(name)'"
            )
        }
        return profile
    }

    static let jobsOption = NumberOption(
        "jobs", "Workers per implementation, each with its own driver process", in: 1...64, default: 1)

    static func jobs(_ arguments: ParsedArguments) throws -> Int { try jobsOption.read(arguments) ?? 1 }

    static func shard(_ arguments: ParsedArguments) throws -> Shard? {
        guard let text = arguments.value("shard") else { return nil }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), (1...1000).contains(count),
            (1...count).contains(index)
        else {
            throw UsageError(message: "--shard takes K/N with 1 <= K <= N <= 1000, such as 2/3, not '\(text)'")
        }
        return Shard(index: index, count: count)
    }
}
