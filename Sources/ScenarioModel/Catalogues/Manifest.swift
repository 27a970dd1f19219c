import Foundation
import YAMLLoader

/// A suite's manifest, `authspec.yaml` at its root: the model its scenarios are written for,
/// where they are, and the files that go with them. Commands find it by searching upward from
/// the paths they are given (or the current folder), so `authspec run Scenarios/lock.yaml` and
/// `authspec lint FILE` work from any folder, and a run of some files knows it is part of a
/// larger suite. Paths in it are relative to its folder; loaded, they are resolved.
///
/// ```yaml
/// model: unlock
/// scenarios: [Scenarios]
/// requirements: Scenarios/requirements.yaml
/// spec-mapping: docs/spec-mapping.yaml
/// baselines: []
/// ```
package struct Manifest: Sendable, Equatable {
    package static let fileName = "authspec.yaml"

    package var file: String
    package var model: String?
    /// The suite's scenario files and folders.
    package var scenarios: [String]
    package var requirements: String?
    package var specMapping: String?
    /// Baselines that always apply (each names its implementation).
    package var baselines: [String]

    package init(
        file: String, model: String? = nil, scenarios: [String] = [], requirements: String? = nil,
        specMapping: String? = nil, baselines: [String] = []
    ) {
        self.file = file
        self.model = model
        self.scenarios = scenarios
        self.requirements = requirements
        self.specMapping = specMapping
        self.baselines = baselines
    }

    static let keys = ["model", "scenarios", "requirements", "spec-mapping", "baselines"]

    /// The nearest manifest in the folder of the first given path that exists (the path itself
    /// when a folder), or a folder above it; with no such path, from the current folder.
    package static func find(from paths: [String]) -> String? {
        var start: URL?
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
            start = URL(fileURLWithPath: path).standardizedFileURL
            if !isFolder.boolValue { start?.deleteLastPathComponent() }
            break
        }
        var folder = start ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL
        while true {
            let candidate = folder.appendingPathComponent(fileName).path
            if FileManager.default.fileExists(atPath: candidate) { return shown(candidate) }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    package static func load(file: String) -> (manifest: Manifest?, diagnostics: [Diagnostic]) {
        switch SourceFiles.readSmallYAML(file, what: "manifest") {
        case .success(let text): return load(text: text, file: file)
        case .failure(let problem): return (nil, [problem])
        }
    }

    package static func load(text: String, file: String) -> (manifest: Manifest?, diagnostics: [Diagnostic]) {
        var source = SourceText(file: file, text: text)
        guard
            let (root, pairs) = source.rootMapping(shape: .manifest)
        else {
            return (nil, source.allDiagnostics)
        }
        let folder = URL(fileURLWithPath: file).standardizedFileURL.deletingLastPathComponent()
        func resolve(_ path: String) -> String {
            path.hasPrefix("/") ? path : shown(folder.appendingPathComponent(path).standardizedFileURL.path)
        }
        var manifest = Manifest(file: file)
        for pair in pairs {
            let key = pair.key.scalar ?? "?"
            switch key {
            case "model", "requirements", "spec-mapping":
                guard let value = pair.value.scalar, !pair.value.isNull, !value.isEmpty else {
                    source.report(
                        .mustBe(what: key, expected: key == "model" ? "a model's name" : "a path"), at: pair.value.mark)
                    continue
                }
                switch key {
                case "model": manifest.model = value
                case "requirements": manifest.requirements = resolve(value)
                default: manifest.specMapping = resolve(value)
                }
            case "scenarios", "baselines":
                let items: [YAMLNode]
                switch pair.value.kind {
                case .sequence(let list): items = list
                case .scalar where !pair.value.isNull: items = [pair.value]
                default:
                    source.report(.mustBe(what: key, expected: "a path or a list of paths"), at: pair.value.mark)
                    continue
                }
                var paths: [String] = []
                for item in items {
                    guard let path = item.scalar, !item.isNull, !path.isEmpty else {
                        source.report(.mustBe(what: "each of \(key)", expected: "a path"), at: item.mark)
                        continue
                    }
                    paths.append(resolve(path))
                }
                if key == "scenarios" { manifest.scenarios = paths } else { manifest.baselines = paths }
            default:
                source.report(
                    .unknownName(kind: "manifest key", name: key, suggestion: closestMatch(to: key, among: keys)),
                    at: pair.key.mark)
            }
        }
        if manifest.scenarios.isEmpty && source.allDiagnostics.isEmpty {
            source.report(.manifestWithoutScenarios, at: root.mark)
        }
        let diagnostics = source.allDiagnostics
        return (diagnostics.isEmpty ? manifest : nil, diagnostics)
    }

    /// A path under the current folder relative to it, as a person would write it; others as
    /// they are.
    static func shown(_ path: String) -> String {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        let prefix = current.hasSuffix("/") ? current : current + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// Whether `paths` are the suite's own scenarios (the same files and folders).
    package func isWholeSuite(_ paths: [String]) -> Bool {
        func normal(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
        return Set(paths.map(normal)) == Set(scenarios.map(normal))
    }
}
