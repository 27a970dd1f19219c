import CommandCatalog
import CommandLineKit
import Models
import Results
import ScenarioModel
import SpecModel

/// The options that pick a model and a suite, shared by the commands that load scenarios.
enum SuiteArguments {
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
        for setting in SharedOptions.referenceSettingsOnce {
            if let value = arguments.value(setting.name) { given[setting.name] = value }
        }
        switch package.resolve(settings: given) {
        case .success(let settings): return settings
        case .failure(let problem): throw UsageError(message: problem.message)
        }
    }

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

    static func jobs(_ arguments: ParsedArguments) throws -> Int { try SharedOptions.jobs.read(arguments) ?? 1 }

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
