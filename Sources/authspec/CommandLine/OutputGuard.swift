import CommandCatalog
import CommandLineKit
import ScenarioModel

/// One guard for every file a command writes: never over one of its inputs. The inputs are the
/// suites found from the paths given (their manifests, at or above the paths and the current
/// folder, or --manifest, with everything each names), the paths themselves, and every file an
/// input option names.
enum OutputGuard {
    /// The options that name files a command reads.
    static let inputOptions = ["manifest", "requirements", "statements", "baseline", "mapping", "spec"]

    static func inputs(_ arguments: ParsedArguments, paths: [String], extra: [String] = []) -> ProtectedInputs {
        var inputs = ProtectedInputs()
        var manifests = Set([arguments.value("manifest"), Manifest.find(from: [])].compactMap { $0 })
        for path in paths { if let found = Manifest.find(from: [path]) { manifests.insert(found) } }
        for file in manifests.sorted() {
            inputs.add(file)
            if let manifest = Manifest.load(file: file).manifest { inputs.add(manifest: manifest) }
        }
        inputs.add(paths)
        inputs.add(inputOptions.flatMap { arguments.all($0) })
        inputs.add(extra)
        return inputs
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
}
