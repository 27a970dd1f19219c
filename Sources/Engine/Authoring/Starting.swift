import Foundation
import ScenarioModel
import Skeletons
import SpecModel

/// `init` and `new-driver`: starting points written where nothing is, whole or not at all.
package enum Starting {
    package enum Refusal: Error, CustomStringConvertible {
        case exists(path: String, command: String)
        case unwritable(path: String, reason: String)
        /// A file's folder cannot be made; the output guard's words name the file and why.
        case folderRefused(OutputError)
        case noTemplate(language: String)

        package var description: String {
            switch self {
            case .exists(let path, let command):
                return "error: \(path) exists already; \(command) writes nothing over a file (nothing was written)"
            case .unwritable(let path, let reason): return "error: could not write \(path): \(reason)"
            case .folderRefused(let refusal): return "error: \(refusal.description) (nothing was written)"
            case .noTemplate(let language): return "error: this authspec was built without the \(language) template"
            }
        }
    }

    /// The starter suite in `folder` (`.`: here); the paths written, in order.
    package static func writeSuite(_ package: ModelPackage, in folder: String, manifestName: String) throws(Refusal)
        -> [String]
    {
        let files = SuiteSkeleton.files(package, manifestName: manifestName).map {
            (path: folder == "." ? $0.path : "\(folder)/\($0.path)", text: $0.text)
        }
        try writable(files.map(\.path), command: "init")
        for file in files { try write(file.text, to: file.path, command: "init") }
        return files.map(\.path)
    }

    /// The suite authspec carries for `package`'s model written into `folder` as it is laid
    /// out there (its manifest, scenario files, catalogues, mapping and baselines), for a team
    /// to vendor or extend: whole or not at all, over nothing. The files written, and the folder
    /// of the manifest written (what `authspec run` is given).
    package static func exportSuite(_ builtIn: BuiltInSuites, of package: ModelPackage, into folder: String)
        throws(Refusal) -> (written: [String], suite: String)
    {
        guard let relative = package.suiteManifest else {
            throw .unwritable(path: folder, reason: "the \(package.name) model carries no suite")
        }
        let root = URL(fileURLWithPath: builtIn.root).standardizedFileURL.path
        let manifestFile = root + "/" + relative
        guard let manifest = Manifest.load(file: manifestFile).manifest else {
            throw .unwritable(path: manifestFile, reason: "the carried suite's manifest does not load")
        }
        var sources = [manifestFile]
        for path in manifest.scenarios + [manifest.requirements, manifest.specMapping].compactMap({ $0 })
            + manifest.baselines
        {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
            guard isFolder.boolValue else {
                sources.append(path)
                continue
            }
            for case let inner as String in FileManager.default.enumerator(atPath: path) ?? .init()
            where inner.hasSuffix(".yaml") {
                sources.append(path + "/" + inner)
            }
        }
        var files: [(source: String, path: String)] = []
        for source in sources {
            let standard = URL(fileURLWithPath: source).standardizedFileURL.path
            guard standard.hasPrefix(root + "/") else { continue }
            let target = folder + "/" + standard.dropFirst(root.count + 1)
            if !files.contains(where: { $0.path == target }) { files.append((standard, target)) }
        }
        try writable(files.map(\.path), command: "suite export")
        for file in files {
            guard let text = try? String(contentsOfFile: file.source, encoding: .utf8) else {
                throw .unwritable(path: file.source, reason: "cannot be read")
            }
            try write(text, to: file.path, command: "suite export")
        }
        let suite = (folder + "/" + relative as NSString).deletingLastPathComponent
        return (files.map(\.path), suite)
    }

    /// The skeleton in `language` for `model`.
    package static func skeleton(_ language: SkeletonLanguage, model: ModelDeclaration, version: String)
        throws(Refusal) -> String
    {
        guard let text = DriverSkeleton.text(language, model: model, version: version) else {
            throw .noTemplate(language: language.rawValue)
        }
        return text
    }

    /// The skeleton in `language` for `model`, written to `path`.
    package static func writeSkeleton(
        _ language: SkeletonLanguage, model: ModelDeclaration, version: String, to path: String
    ) throws(Refusal) {
        try write(try skeleton(language, model: model, version: version), to: path, command: "new-driver")
    }

    /// All or nothing: a file already there, or a folder that is not one and cannot be made
    /// (a part of the path is a file), and none is written.
    static func writable(_ paths: [String], command: String) throws(Refusal) {
        if let taken = paths.first(where: { FileManager.default.fileExists(atPath: $0) }) {
            throw .exists(path: taken, command: command)
        }
        var checked: Set<String> = []
        for path in paths {
            let folder = (path as NSString).deletingLastPathComponent
            guard checked.insert(folder).inserted else { continue }
            do {
                try OutputTarget.checkFolder(folder.isEmpty ? "." : folder, for: path)
            } catch {
                throw .folderRefused(error)
            }
        }
    }

    /// A file that did not exist, its folder made if need be.
    static func write(_ text: String, to path: String, command: String) throws(Refusal) {
        if FileManager.default.fileExists(atPath: path) { throw .exists(path: path, command: command) }
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .withoutOverwriting)
        } catch {
            throw .unwritable(path: path, reason: error.localizedDescription)
        }
    }
}
