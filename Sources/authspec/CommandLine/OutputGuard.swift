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

    /// Refuses `path`, named by `option`, when it is one of `inputs`, unless it is a file this
    /// command wrote (it begins with `banner` and its seal holds: `FoundFile`), which it may
    /// write again.
    static func refuse(_ path: String, option: String, inputs: ProtectedInputs, rewritable banner: String? = nil)
        throws
    {
        guard let input = inputs.input(at: path) else { return }
        if let banner, FoundFile.isUntouched(at: path, banner: banner) { return }
        throw UsageError(message: OutputRefusal.input(option: option, input: input, path: path).description)
    }

    /// Refuses `path` for a file a command finds and may write again (a counterexample, a
    /// scenario for a hole, a generated suite): an input, a symlink leading out of its folder,
    /// or any file already there that authspec did not write as it is now (its banner and seal,
    /// `FoundFile`) is not its to write over, in a suite or outside one.
    static func refuseUnlessFound(_ path: String, option: String, inputs: ProtectedInputs, banner: String) throws {
        if let target = FoundFile.linkLeavingItsFolder(path) {
            throw UsageError(
                message: OutputRefusal.linkOutOfFolder(option: option, path: path, target: target).description)
        }
        try refuse(path, option: option, inputs: inputs, rewritable: banner)
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, !FoundFile.isUntouched(at: path, banner: banner)
        else { return }
        throw UsageError(message: OutputRefusal.notAuthspecs(option: option, path: path).description)
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
