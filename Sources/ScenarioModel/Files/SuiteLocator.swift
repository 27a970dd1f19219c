import Foundation

/// Which suites a command's paths hold: each path's manifest (the nearest `authspec.yaml` at
/// or above it), grouped by the model the manifests name.
package enum SuiteLocator {
    /// Why the paths do not make the suites asked for.
    package enum Problem: Error {
        /// A manifest that does not load, with its problems.
        case manifest([Diagnostic])
        /// The paths hold suites of several models, and the command takes one model's.
        case severalModels([String])
    }

    /// One suite: its manifest, if any, and its paths.
    package typealias Located = (manifest: Manifest?, paths: [String])

    /// The suite of a command that takes one model's: `explicit` (a --manifest), else the
    /// nearest manifest at or above `paths` (or the current folder); nil when there is none.
    /// Paths whose manifests name different models are refused unless a model or manifest is
    /// named (`pinned`): each path's scenarios would be read as the first one's model.
    package static func manifest(
        explicit: String?, paths: [String], pinned: Bool, defaultModel: String
    ) throws(Problem) -> Manifest? {
        if paths.count > 1 && !pinned {
            let files = Set(paths.map { Manifest.find(from: [$0]) })
            let models = Set(
                files.map { file in file.flatMap { Manifest.load(file: $0).manifest?.model } ?? defaultModel })
            if models.count > 1 { throw .severalModels(models.sorted()) }
        }
        guard let file = explicit ?? Manifest.find(from: paths) else { return nil }
        let (manifest, diagnostics) = Manifest.load(file: file)
        guard let manifest else { throw .manifest(diagnostics) }
        return manifest
    }

    /// The suites of a command that takes several models' (run, trace): paths whose manifests
    /// name different models make one suite per model, in the order given; otherwise, and when a
    /// model or manifest is named (`pinned`), one suite: the manifest's paths when none are given.
    package static func suitesByModel(
        explicit: String?, paths given: [String], pinned: Bool, defaultModel: String
    ) throws(Problem) -> [Located] {
        if given.count > 1 && !pinned {
            var suites: [(file: String?, manifest: Manifest?, paths: [String])] = []
            for path in given {
                let file = Manifest.find(from: [path])
                if let index = suites.firstIndex(where: { $0.file == file }) {
                    suites[index].paths += Self.paths([path], manifest: suites[index].manifest)
                    continue
                }
                var manifest: Manifest?
                if let file {
                    let (loaded, diagnostics) = Manifest.load(file: file)
                    guard let loaded else { throw .manifest(diagnostics) }
                    manifest = loaded
                }
                suites.append((file, manifest, Self.paths([path], manifest: manifest)))
            }
            let models = suites.map { $0.manifest?.model ?? defaultModel }
            if Set(models).count > 1 {
                // One suite per model: the suites of one model go together.
                var byModel: [Located] = []
                for (suite, model) in zip(suites, models) {
                    if let index = byModel.firstIndex(where: { ($0.manifest?.model ?? defaultModel) == model }) {
                        byModel[index].paths += suite.paths
                    } else {
                        byModel.append((suite.manifest, suite.paths))
                    }
                }
                return byModel
            }
        }
        let manifest = try manifest(explicit: explicit, paths: given, pinned: pinned, defaultModel: defaultModel)
        return [(manifest, paths(given, manifest: manifest))]
    }

    /// The paths given, else the manifest's scenarios, else `Scenarios`. A folder that holds a
    /// manifest means that suite: its manifest's scenario folders.
    package static func paths(_ given: [String], manifest: Manifest?) -> [String] {
        guard !given.isEmpty else { return manifest?.scenarios ?? ["Scenarios"] }
        return given.flatMap { path -> [String] in
            let file = (path as NSString).appendingPathComponent(Manifest.fileName)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue,
                FileManager.default.fileExists(atPath: file), let held = Manifest.load(file: file).manifest
            else { return [path] }
            return held.scenarios
        }
    }
}
