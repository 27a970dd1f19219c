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
        if paths.count > 1 && arguments.value("manifest") == nil && arguments.value("model") == nil {
            // Each path's scenarios would be read as the first one's model: say so once.
            let files = Set(paths.map { Manifest.find(from: [$0]) })
            let models = Set(
                files.map { file in
                    file.flatMap { Manifest.load(file: $0).manifest?.model } ?? ModelRegistry.defaultModel
                })
            if models.count > 1 {
                throw UsageError(
                    message:
                        "these paths hold suites of \(models.count) models (\(models.sorted().joined(separator: ", "))): this command takes one model's at a time (run and trace take several)"
                )
            }
        }
        guard let file = arguments.value("manifest") ?? Manifest.find(from: paths) else { return nil }
        let (manifest, diagnostics) = Manifest.load(file: file)
        guard let manifest else { throw InputError(message: diagnostics.map(\.description).joined(separator: "\n")) }
        return manifest
    }

    /// The suites a command runs, each with its manifest and paths. Paths whose manifests name
    /// different models make one suite per model, in the order given; otherwise (and with
    /// --model or --manifest, which pick one model) there is one suite, as before.
    static func suitesByModel(_ arguments: ParsedArguments) throws -> [(manifest: Manifest?, paths: [String])] {
        let given = arguments.positionals
        if given.count > 1 && arguments.value("model") == nil && arguments.value("manifest") == nil {
            var suites: [(file: String?, manifest: Manifest?, paths: [String])] = []
            for path in given {
                let file = Manifest.find(from: [path])
                if let index = suites.firstIndex(where: { $0.file == file }) {
                    suites[index].paths.append(path)
                    continue
                }
                var manifest: Manifest?
                if let file {
                    let (loaded, diagnostics) = Manifest.load(file: file)
                    guard let loaded else {
                        throw InputError(message: diagnostics.map(\.description).joined(separator: "\n"))
                    }
                    manifest = loaded
                }
                suites.append((file, manifest, [path]))
            }
            let models = suites.map { $0.manifest?.model ?? ModelRegistry.defaultModel }
            if Set(models).count > 1 {
                // One suite per model: the suites of one model go together.
                var byModel: [(manifest: Manifest?, paths: [String])] = []
                for (suite, model) in zip(suites, models) {
                    if let index = byModel.firstIndex(where: {
                        ($0.manifest?.model ?? ModelRegistry.defaultModel) == model
                    }) {
                        byModel[index].paths += suite.paths
                    } else {
                        byModel.append((suite.manifest, suite.paths))
                    }
                }
                return byModel
            }
        }
        let manifest = try Self.manifest(arguments, from: given)
        return [(manifest, paths(arguments, manifest: manifest))]
    }

    /// The paths given, else the manifest's scenarios, else `Scenarios`.
    static func paths(_ arguments: ParsedArguments, manifest: Manifest? = nil) -> [String] {
        arguments.positionals.isEmpty ? manifest?.scenarios ?? ["Scenarios"] : arguments.positionals
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

    static func jobs(_ arguments: ParsedArguments) throws -> Int {
        guard let text = arguments.value("jobs") else { return 1 }
        guard let jobs = Int(text), (1...64).contains(jobs) else {
            throw UsageError(message: "--jobs takes a whole number from 1 to 64, not '\(text)'")
        }
        return jobs
    }

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
