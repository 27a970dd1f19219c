import Foundation
import Skeletons
import SpecModel

/// `init` and `new-driver`: starting points written where nothing is, whole or not at all.
package enum Starting {
    package enum Refusal: Error, CustomStringConvertible {
        case exists(path: String, command: String)
        case unwritable(path: String, reason: String)
        case noTemplate(language: String)

        package var description: String {
            switch self {
            case .exists(let path, let command):
                return "error: \(path) exists already; \(command) writes nothing over a file (nothing was written)"
            case .unwritable(let path, let reason): return "error: could not write \(path): \(reason)"
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
        // All or nothing: one file already there and none is written.
        if let taken = files.first(where: { FileManager.default.fileExists(atPath: $0.path) }) {
            throw .exists(path: taken.path, command: "init")
        }
        for file in files { try write(file.text, to: file.path, command: "init") }
        return files.map(\.path)
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
