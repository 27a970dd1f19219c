import Foundation
import SpecModel
import YAMLLoader

/// Loads scenario files and folders. Every file is read and every problem reported; a bad
/// file does not stop the others from loading.
package struct ScenarioLoader: Sendable {
    package var model: ModelDeclaration
    package var limits: YAMLLimits
    /// Processors many files are shared among (1: the calling thread alone).
    package var processors = 1

    package init(model: ModelDeclaration, limits: YAMLLimits = .standard) {
        self.model = model
        self.limits = limits
    }

    package struct Result: Sendable {
        package var scenarios: [Scenario]
        package var diagnostics: [Diagnostic]
        package var files: PathList

        package init(scenarios: [Scenario], diagnostics: [Diagnostic], files: PathList) {
            self.scenarios = scenarios
            self.diagnostics = diagnostics
            self.files = files
        }
    }

    /// Files ending in .yaml or .yml under each path (folders recursively), sorted, then loaded.
    /// A path that does not exist, a folder that cannot be read, a symlink loop: each a problem.
    package func load(paths: [String]) -> Result {
        let found = Self.files(for: paths)
        var result = load(files: found.files)
        result.diagnostics = found.problems + result.diagnostics
        return result
    }

    /// The scenario files `paths` name (folders searched recursively, each folder's files
    /// sorted), and every path that could not be read.
    package static func files(for paths: [String]) -> (files: PathList, problems: [Diagnostic]) {
        var files = PathList()
        var problems: [Diagnostic] = []
        for path in paths {
            var info = stat()
            guard stat(path, &info) == 0 else {
                problems.append(
                    Diagnostic(
                        .system(reason: SourceFiles.reason(errno)), at: SourceLocation(file: path, line: 0, column: 0)))
                continue
            }
            guard info.st_mode & S_IFMT == S_IFDIR else {
                files.append(path)
                continue
            }
            let found = SourceFiles.files(under: path, suffixes: scenarioSuffixes, excluding: nonScenarioFiles)
            files.append(contentsOf: found.files)
            problems += found.problems
        }
        return (files, problems)
    }

    /// Scenario files under a folder: every .yaml or .yml except the ones that hold other data.
    package static func scenarioFiles(under folder: String) -> [String] {
        Array(SourceFiles.files(under: folder, suffixes: scenarioSuffixes, excluding: nonScenarioFiles).files)
    }

    static let scenarioSuffixes = [".yaml", ".yml"]
    /// The files beside the scenarios that hold other data (the catalogues, the manifest): one
    /// list of names.
    static let nonScenarioFiles: Set<String> = [
        RequirementCatalogue.fileName, StatementCatalogue.fileName, StatementCatalogue.readingsFileName,
        Manifest.fileName,
    ]

    package func load(files: PathList) -> Result {
        let each = loadEach(files) { scenarios, _ in scenarios }
        var scenarios: [Scenario] = []
        scenarios.reserveCapacity(each.reduce(0) { $0 + $1.kept.count })
        var diagnostics: [Diagnostic] = []
        for loaded in each {
            scenarios += loaded.kept
            diagnostics += loaded.diagnostics
        }
        let duplicates = duplicateIDs(in: scenarios)
        diagnostics += duplicates.diagnostics
        return Result(scenarios: duplicates.kept, diagnostics: diagnostics, files: files)
    }

    /// What `summarize` keeps of each file's scenarios (given with the file's place in
    /// `files`) and the file's problems, handed to `take` on the calling thread in the files'
    /// order. The scenarios themselves are let go of file by file on the thread that loaded
    /// them, and the files are loaded a window at a time, so a suite of any size is gone
    /// through in the memory of a window's files: what is kept of every file is never held at
    /// once beside what the caller makes of it. Duplicate ids are the caller's to find.
    package func summarize<Kept: Sendable>(
        files: PathList, _ summarize: @escaping @Sendable (_ scenarios: [Scenario], _ file: Int) -> Kept,
        into take: (_ kept: Kept, _ diagnostics: [Diagnostic]) -> Void
    ) {
        var start = 0
        while start < files.count {
            let window = start..<min(start + Self.summaryWindow, files.count)
            for (kept, diagnostics) in loadEach(files, window, keep: summarize) { take(kept, diagnostics) }
            start = window.upperBound
        }
    }

    /// Files summarised at a time: enough to share among the processors, few enough that what
    /// is kept of them is small beside the suite.
    static let summaryWindow = 512

    /// The scenarios of one file, loaded again (as `load(files:)` loaded them, problems aside).
    package func scenarios(inFile file: String) -> Swift.Result<[Scenario], Diagnostic> {
        switch SourceFiles.read(file, maxBytes: limits.maxBytes) {
        case .failure(let problem): return .failure(problem)
        case .success(let text): return .success(load(text: text, file: file, defaults: nil).scenarios)
        }
    }

    /// Files at least this many are shared among the processors.
    static let filesForThreads = 64

    /// Each file read and decoded on its own, and what `keep` keeps of its scenarios; many
    /// files on every processor, returned in the files' order.
    private func loadEach<Kept: Sendable>(
        _ files: PathList, _ window: Range<Int>? = nil,
        keep: @escaping @Sendable (_ scenarios: [Scenario], _ file: Int) -> Kept
    ) -> [(kept: Kept, diagnostics: [Diagnostic])] {
        let defaults = ScenarioDecoder.Defaults(model: model)
        return InParallel.map(
            Array(window ?? files.indices), processors: processors, minimumCount: Self.filesForThreads
        ) {
            index in
            let file = files[index]
            switch SourceFiles.read(file, maxBytes: limits.maxBytes) {
            case .failure(let problem): return (keep([], index), [problem])
            case .success(let text):
                let loaded = load(text: text, file: file, defaults: defaults)
                return (keep(loaded.scenarios, index), loaded.diagnostics)
            }
        }
    }

    /// Decodes one file's text; `file` names it in diagnostics. A scenario with a problem of
    /// its own is left out; the file's other scenarios load.
    package func load(text: String, file: String) -> (scenarios: [Scenario], diagnostics: [Diagnostic]) {
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
            decoder.report(.yamlSyntax(error.message), at: error.mark)
            return ([], decoder.diagnostics)
        }
        let scenarios = documents.compactMap { decoder.scenario($0) }
        if documents.isEmpty {
            decoder.report(.noScenario, at: Mark(line: 1, column: 1))
        }
        return (scenarios, decoder.diagnostics)
    }

    /// The first scenario of each id is kept; every later one is an error and does not run.
    private func duplicateIDs(in scenarios: [Scenario]) -> (kept: [Scenario], diagnostics: [Diagnostic]) {
        Diagnostic.firstOfEachID(scenarios, what: "scenario", id: \.id, location: \.location)
    }
}
