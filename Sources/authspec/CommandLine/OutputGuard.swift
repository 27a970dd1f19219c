import CommandCatalog
import CommandLineKit
import Foundation
import Reporters
import ScenarioModel

/// One guard for every file a command writes: never over one of its inputs. The inputs are the
/// suites found from the paths given (their manifests, at or above the paths and the current
/// folder, or --manifest, with everything each names), the paths themselves, and every file an
/// input option names.
enum OutputGuard {
    /// The options that name files a command reads.
    static let inputOptions = ["manifest", "requirements", "statements", "baseline", "mapping", "spec"]

    static func inputs(_ arguments: ParsedArguments, paths: [String], extra: [String] = []) -> ProtectedInputs {
        ProtectedInputs.of(
            manifest: arguments.value("manifest"), paths: paths,
            files: inputOptions.flatMap { arguments.all($0) } + extra)
    }

    /// Refuses `path`, named by `option`, when it is one of `inputs`, unless it begins with
    /// `banner`: a file this command wrote, which it may write again.
    static func refuse(_ path: String, option: String, inputs: ProtectedInputs, rewritable banner: String? = nil)
        throws
    {
        guard let input = inputs.input(at: path) else { return }
        if let banner, ProtectedInputs.begins(path, with: banner) { return }
        throw UsageError(
            message:
                "--\(option) would write over \(input)\(input == path ? "" : " (as \(path))"), one of this command's inputs; give it a file of its own"
        )
    }

    /// Refuses `path` for a file a command finds and may write again (a counterexample, a
    /// scenario for a hole): an input, or any file already there that does not begin with
    /// `banner`, is not its to write over, in a suite or outside one.
    static func refuseUnlessFound(_ path: String, option: String, inputs: ProtectedInputs, banner: String) throws {
        try refuse(path, option: option, inputs: inputs, rewritable: banner)
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, !ProtectedInputs.begins(path, with: banner)
        else { return }
        throw UsageError(
            message:
                "--\(option) would write over \(path), a file authspec did not write; name a new file (or move that one)"
        )
    }

    /// A folder `option` names for files a command finds, checked before anything runs: it can
    /// be written, and none of `files` in it is refused (`refuseUnlessFound`).
    static func checkFoundFolder(
        _ folder: String, option: String, for what: String, files: [String], inputs: ProtectedInputs, banner: String
    ) throws {
        do {
            try OutputTarget.checkFolder(folder, for: what)
        } catch {
            throw UsageError(message: "--\(option): \(error.description)")
        }
        for file in files {
            try refuseUnlessFound(folder + "/" + file, option: option, inputs: inputs, banner: banner)
        }
    }
}
