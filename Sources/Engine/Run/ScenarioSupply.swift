import Results
import ScenarioModel
import SpecModel

/// What a streamed suite keeps of a loaded scenario: what selection, the requirement checks
/// and the suite's digest need, and where to read the scenario again when the run reaches it.
/// A few hundred bytes: titles and clauses are read again with the scenario.
package struct ScenarioEntry: Sendable {
    package var id: String
    /// `Suite.fingerprint` of the scenario as first loaded.
    package var fingerprint: UInt64
    /// Its tags and the requirement ids it cites, as numbers of lists the suite keeps once
    /// each (a large suite repeats a few lists); the file's place among the suite's files, and
    /// the scenario's among the file's; where it begins in that file. Narrow fields and no
    /// string but its id: a suite of tens of thousands holds one entry each for the whole run.
    let tagList: Int32
    let coverList: Int32
    let file: Int32
    let ordinal: Int32
    let line: Int32
    let column: Int32

    /// `known` the catalogue's ids: a cited id is the catalogue's own string, stored once.
    init(_ scenario: Scenario, file: Int, ordinal: Int, requirements known: Set<String>, lists: ListInterner) {
        id = scenario.id
        tagList = lists.intern(scenario.tags)
        coverList = lists.intern(
            scenario.covers.map { cited in known.firstIndex(of: cited.id).map { known[$0] } ?? cited.id })
        self.file = Int32(clamping: file)
        self.ordinal = Int32(clamping: ordinal)
        line = Int32(clamping: scenario.location.line)
        column = Int32(clamping: scenario.location.column)
        fingerprint = Suite.fingerprint(of: scenario)
    }

    func tags(in lists: [[String]]) -> [String] { lists[Int(tagList)] }
    func covers(in lists: [[String]]) -> [String] { lists[Int(coverList)] }

    /// Where the scenario begins, `files` being the suite's files.
    func location(in files: PathList) -> SourceLocation {
        SourceLocation(file: files[Int(file)], line: Int(line), column: Int(column))
    }

    /// A stand-in with nothing to run, for a scenario that could not be read again (its title
    /// and clauses went with the text: the id stands for the title).
    func standIn(files: PathList, lists: [[String]]) -> Scenario {
        let location = location(in: files)
        return Scenario(
            id: id, title: id, spec: [], covers: covers(in: lists).map { ($0, location) }, tags: tags(in: lists),
            given: [:], steps: [], location: location)
    }
}

/// The selected scenarios of a run, handed out one at a time in suite order: held in memory
/// (and let go of as taken, when releasing), or read again from their files as the run
/// reaches them, so a run of any size holds a few files' scenarios at a time. Not thread-safe:
/// the work that owns it takes scenarios under its lock.
final class ScenarioSupply: @unchecked Sendable {
    private enum Source {
        case held([Scenario?], releasing: Bool)
        case reread(files: PathList, entries: [ScenarioEntry], lists: [[String]], loader: ScenarioLoader)
    }
    private var source: Source
    let count: Int
    /// The last file read again, and its scenarios.
    private var cachedFile = -1
    private var cached: [Scenario] = []

    init(held scenarios: [Scenario], releasing: Bool) {
        source = .held(scenarios, releasing: releasing)
        count = scenarios.count
    }

    init(files: PathList, entries: [ScenarioEntry], lists: [[String]], loader: ScenarioLoader) {
        source = .reread(files: files, entries: entries, lists: lists, loader: loader)
        count = entries.count
    }

    /// The scenario at `index`, or, when its file no longer holds it as it was loaded, a
    /// stand-in and the reason it cannot run.
    func take(_ index: Int) -> (scenario: Scenario, unavailable: String?) {
        switch source {
        case .held(var scenarios, let releasing):
            let scenario = scenarios[index]!
            if releasing {
                // Let go of the array's hold first, so the element is released, not copied.
                source = .held([], releasing: true)
                scenarios[index] = nil
                source = .held(scenarios, releasing: true)
            }
            return (scenario, nil)
        case .reread(let files, let entries, let lists, let loader):
            let entry = entries[index]
            let file = Int(entry.file)
            let ordinal = Int(entry.ordinal)
            if file != cachedFile {
                cachedFile = file
                switch loader.scenarios(inFile: files[file]) {
                case .success(let scenarios): cached = scenarios
                case .failure(let problem):
                    cachedFile = -1
                    cached = []
                    return (
                        entry.standIn(files: files, lists: lists),
                        "its file could not be read again during the run: \(problem.message)"
                    )
                }
            }
            guard ordinal < cached.count, cached[ordinal].id == entry.id,
                Suite.fingerprint(of: cached[ordinal]) == entry.fingerprint
            else {
                return (
                    entry.standIn(files: files, lists: lists),
                    "its file changed during the run (\(files[file])): run it again"
                )
            }
            return (cached[ordinal], nil)
        }
    }
}
