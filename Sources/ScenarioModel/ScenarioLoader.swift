import Foundation
import SpecModel
import YAMLLoader

/// Loads scenario files and folders. Every file is read and every problem reported; a bad
/// file does not stop the others from loading.
public struct ScenarioLoader: Sendable {
    public var model: ModelDeclaration
    public var limits: YAMLLimits

    public init(model: ModelDeclaration, limits: YAMLLimits = .standard) {
        self.model = model
        self.limits = limits
    }

    public struct Result: Sendable {
        public var scenarios: [Scenario]
        public var diagnostics: [Diagnostic]
        public var files: [String]
    }

    /// Files ending in .yaml or .yml under each path (folders recursively), sorted, then loaded.
    /// A path that does not exist, a folder that cannot be read, a symlink loop: each a problem.
    public func load(paths: [String]) -> Result {
        var files: [String] = []
        var diagnostics: [Diagnostic] = []
        for path in paths {
            var info = stat()
            guard stat(path, &info) == 0 else {
                diagnostics.append(
                    Diagnostic(SourceFiles.reason(errno), at: SourceLocation(file: path, line: 0, column: 0)))
                continue
            }
            guard info.st_mode & S_IFMT == S_IFDIR else {
                files.append(path)
                continue
            }
            let found = SourceFiles.files(
                under: path, suffixes: Self.scenarioSuffixes, excluding: Self.nonScenarioFiles)
            files += found.files
            diagnostics += found.problems
        }
        var result = load(files: files)
        result.diagnostics = diagnostics + result.diagnostics
        return result
    }

    /// Scenario files under a folder: every .yaml or .yml except the ones that hold other data.
    public static func scenarioFiles(under folder: String) -> [String] {
        SourceFiles.files(under: folder, suffixes: scenarioSuffixes, excluding: nonScenarioFiles).files
    }

    static let scenarioSuffixes = [".yaml", ".yml"]
    /// The catalogues beside the scenarios: one list of names.
    static let nonScenarioFiles: Set<String> = [RequirementCatalogue.fileName, StatementCatalogue.fileName]

    public func load(files: [String]) -> Result {
        let each = loadEach(files)
        var scenarios: [Scenario] = []
        scenarios.reserveCapacity(each.reduce(0) { $0 + $1.scenarios.count })
        var diagnostics: [Diagnostic] = []
        for loaded in each {
            scenarios += loaded.scenarios
            diagnostics += loaded.diagnostics
        }
        let duplicates = duplicateIDs(in: scenarios)
        diagnostics += duplicates.diagnostics
        return Result(scenarios: duplicates.kept, diagnostics: diagnostics, files: files)
    }

    /// Files at least this many are shared among the processors.
    static let filesForThreads = 64

    /// Each file read and decoded on its own; many files on every processor, returned in the
    /// files' order.
    private func loadEach(_ files: [String]) -> [(scenarios: [Scenario], diagnostics: [Diagnostic])] {
        let defaults = ScenarioDecoder.Defaults(model: model)
        return InParallel.map(files, minimumCount: Self.filesForThreads) { file in
            switch SourceFiles.read(file, maxBytes: limits.maxBytes) {
            case .failure(let problem): return ([], [problem])
            case .success(let text): return load(text: text, file: file, defaults: defaults)
            }
        }
    }

    /// Decodes one file's text; `file` names it in diagnostics. A scenario with a problem of
    /// its own is left out; the file's other scenarios load.
    public func load(text: String, file: String) -> (scenarios: [Scenario], diagnostics: [Diagnostic]) {
        load(text: text, file: file, defaults: nil)
    }

    private func load(
        text: String, file: String, defaults: ScenarioDecoder.Defaults?
    ) -> (scenarios: [Scenario], diagnostics: [Diagnostic]) {
        var decoder = ScenarioDecoder(file: file, text: text, model: model, defaults: defaults)
        let documents: [YAMLNode]
        do {
            documents = try YAMLDocumentLoader(limits: limits).load(text)
        } catch {
            decoder.report(error.message, at: error.mark)
            return ([], decoder.diagnostics)
        }
        let scenarios = documents.compactMap { decoder.scenario($0) }
        if documents.isEmpty {
            decoder.report("the file holds no scenario", at: Mark(line: 1, column: 1))
        }
        return (scenarios, decoder.diagnostics)
    }

    /// The first scenario of each id is kept; every later one is an error and does not run.
    private func duplicateIDs(in scenarios: [Scenario]) -> (kept: [Scenario], diagnostics: [Diagnostic]) {
        Diagnostic.firstOfEachID(scenarios, what: "scenario", id: \.id, location: \.location)
    }
}
