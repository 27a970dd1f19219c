import CommandCatalog
import CommandLineKit
import Engine
import Models
import ScenarioModel
import SpecModel

/// The options that pick a model and a suite, for the commands that load one model's scenarios
/// without running a plan (lint, mutate, record, ...): the planner's own lookups.
enum SuiteArguments {
    /// The suite's manifest: --manifest, else the nearest one at or above `paths` (or the
    /// current folder); nil when there is none. One that does not load is an input error.
    static func manifest(_ arguments: ParsedArguments, from paths: [String]) throws -> Manifest? {
        do {
            return try RunPlan.manifest(
                explicit: arguments.value("manifest"), paths: paths,
                pinned: arguments.value("manifest") != nil || arguments.value("model") != nil,
                models: ModelRegistry.catalogue)
        } catch {
            throw RequestArguments.said(error)
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
        do {
            return try RunPlan.package(
                model: arguments.value("model"), manifest: manifest, pathsGiven: !arguments.positionals.isEmpty,
                models: ModelRegistry.catalogue)
        } catch {
            throw RequestArguments.said(error)
        }
    }

    static func jobs(_ arguments: ParsedArguments) throws -> Int { try SharedOptions.jobs.read(arguments) ?? 1 }
}
