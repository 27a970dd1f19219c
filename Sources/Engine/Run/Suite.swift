import Foundation
import Results
import ScenarioModel
import SpecModel

/// Which of the loaded scenarios run: any of the tags, any of the id globs, and this shard.
package struct SuiteSelection: Sendable {
    package var tags: [String]
    package var ids: [String]
    package var shard: Shard?

    package init(tags: [String] = [], ids: [String] = [], shard: Shard? = nil) {
        self.tags = tags
        self.ids = ids
        self.shard = shard
    }

    /// Tags and ids; the shard is applied after, so every shard has the same suite identity.
    func chooses(id: String, tags scenarioTags: [String]) -> Bool {
        (tags.isEmpty || !Set(tags).isDisjoint(with: scenarioTags))
            && (ids.isEmpty || ids.contains { Glob.matches($0, id) })
    }
}

/// The scenarios a run runs, with everything loaded beside them: the problems found, the
/// requirements catalogue, and what makes up the suite's identity for merging shards. A suite
/// is held (every scenario in memory) or streamed (`entries`: what each scenario's report
/// needs, the scenarios read again from their files as a run reaches them).
package struct Suite: Sendable {
    package var loaded: ScenarioLoader.Result
    package var requirements: [Requirement]
    /// The requirements catalogue's own problems (among `loaded.diagnostics` too): a catalogue
    /// that does not load judges the whole run, not one scenario.
    package private(set) var catalogueProblems: [Diagnostic] = []
    /// The selected scenarios in suite order (held suites), each with its position among all
    /// loaded ones.
    package var scenarios: [Scenario]
    package var positions: [Int]
    /// The positions of the scenarios the tags and ids chose, before the shard took its part.
    package private(set) var selected: [Int]
    package var shard: Shard?
    /// A streamed suite's loaded scenarios, as entries; nil for a held suite.
    package private(set) var entries: [ScenarioEntry]?
    /// The tag and citation lists the entries name by number.
    private var lists: [[String]] = []
    /// Processors loading and fingerprinting may share out work among.
    let processors: Int

    /// Loads the scenarios under `paths` and the requirements catalogue (`requirementsFile`,
    /// else the nearest `requirements.yaml` at or above the first path). Every problem of
    /// either is among `loaded.diagnostics`; a scenario that cites an unknown requirement is
    /// left out like any other scenario with an input error. `streamed`: keep entries, not
    /// scenarios (`loaded.scenarios` and `scenarios` stay empty); the same problems, in the
    /// same order, the same selection and identity.
    package init(
        paths: [String], requirementsFile: String?, model: ModelDeclaration, selection: SuiteSelection,
        streamed: Bool = false, processors: Int
    ) {
        self.processors = processors
        var loader = ScenarioLoader(model: model)
        loader.processors = processors
        var catalogue = Self.catalogue(requirementsFile, paths: paths)
        catalogue.diagnostics += RequirementCatalogue.unknownKeys(
            in: catalogue.requirements, observed: model.observations.map(\.key))
        requirements = catalogue.requirements
        catalogueProblems = catalogue.diagnostics
        let known = Set(requirements.map(\.id))
        guard streamed else {
            loaded = loader.load(paths: paths)
            let unknown = RequirementCatalogue.unknownCitations(in: loaded.scenarios, requirements: requirements)
            loaded.scenarios.removeAll { scenario in scenario.covers.contains { !known.contains($0.id) } }
            loaded.diagnostics += catalogue.diagnostics + unknown
            let scenarios = loaded.scenarios
            selected = scenarios.indices.filter { selection.chooses(id: scenarios[$0].id, tags: scenarios[$0].tags) }
            positions = Self.positions(selected, of: selection.shard) { scenarios[$0].id }
            shard = selection.shard
            // Nearly always every scenario runs: the array is shared, not copied scenario by scenario.
            self.scenarios = positions.count == scenarios.count ? scenarios : positions.map { scenarios[$0] }
            return
        }
        let found = ScenarioLoader.files(for: paths)
        let interner = ListInterner()
        var diagnostics = found.problems
        var all: [ScenarioEntry] = []
        // Room for four scenarios a file: a large suite's array has pages of its own, and room
        // never written takes no memory.
        all.reserveCapacity(found.files.count * 4)
        // The citations of ids the catalogue lacks, by file and the scenario's place in it
        // (nearly always none: they are kept apart, not in every entry).
        var unknown: [Int32: [(ordinal: Int32, citations: [(id: String, location: SourceLocation)])]] = [:]
        loader.summarize(files: found.files) { scenarios, file in
            (
                entries: scenarios.indices.map {
                    ScenarioEntry(scenarios[$0], file: file, ordinal: $0, requirements: known, lists: interner)
                },
                unknown: scenarios.indices.compactMap { ordinal in
                    let unknown = scenarios[ordinal].covers.filter { !known.contains($0.id) }
                    return unknown.isEmpty ? nil : (ordinal: Int32(clamping: ordinal), citations: unknown)
                }
            )
        } into: { kept, problems in
            all += kept.entries
            if let file = kept.entries.first?.file, !kept.unknown.isEmpty { unknown[file] = kept.unknown }
            diagnostics += problems
        }
        let duplicates = Diagnostic.firstOfEachID(
            all, what: "scenario", id: { $0.id }, location: { $0.location(in: found.files) })
        all = []
        var entries = duplicates.kept
        diagnostics += duplicates.diagnostics + catalogue.diagnostics
        func unknownCitations(_ entry: ScenarioEntry) -> [(id: String, location: SourceLocation)] {
            unknown[entry.file]?.first { $0.ordinal == entry.ordinal }?.citations ?? []
        }
        diagnostics += RequirementCatalogue.unknownCitations(
            covers: entries.map(unknownCitations).filter { !$0.isEmpty }, requirements: requirements)
        entries.removeAll { !unknownCitations($0).isEmpty }
        loaded = ScenarioLoader.Result(scenarios: [], diagnostics: diagnostics, files: found.files)
        let kept = entries
        let lists = interner.lists
        self.lists = lists
        // Nearly always all of them, in exactly the room they take.
        selected =
            selection.tags.isEmpty && selection.ids.isEmpty
            ? Array(kept.indices)
            : kept.indices.filter { selection.chooses(id: kept[$0].id, tags: kept[$0].tags(in: lists)) }
        positions = Self.positions(selected, of: selection.shard) { kept[$0].id }
        shard = selection.shard
        scenarios = []
        self.entries = entries
    }

    /// The chosen positions the shard takes (all of them without one).
    private static func positions(_ chosen: [Int], of shard: Shard?, id: (Int) -> String) -> [Int] {
        shard.map { shard in chosen.filter { shard.contains(id: id($0)) } } ?? chosen
    }

    /// How many scenarios loaded (input errors left out), and their ids, held or streamed.
    package var loadedCount: Int { entries?.count ?? loaded.scenarios.count }
    package var loadedIDs: [String] { entries?.map(\.id) ?? loaded.scenarios.map(\.id) }

    /// The requirements no loaded scenario covers.
    package var uncoveredRequirements: [Requirement] {
        // Gathered scenario by scenario: a set as large as every citation of a large suite
        // would be most of a run's memory at its peak.
        var covered: Set<String> = []
        if let entries {
            for entry in entries { covered.formUnion(entry.covers(in: lists)) }
        } else {
            for scenario in loaded.scenarios { covered.formUnion(scenario.covers.lazy.map(\.id)) }
        }
        return requirements.filter { !covered.contains($0.id) }
    }

    /// The selected scenarios in run order (the shard's), to hand to workers one at a time.
    func supply(model: ModelDeclaration, releasing: Bool) -> ScenarioSupply {
        guard let entries else { return ScenarioSupply(held: scenarios, releasing: releasing) }
        // Nearly always every entry runs: the array is shared, not copied.
        let chosen = positions.count == entries.count ? entries : positions.map { entries[$0] }
        return ScenarioSupply(files: loaded.files, entries: chosen, lists: lists, loader: ScenarioLoader(model: model))
    }

    /// The selected scenarios' ids, in run order.
    var runIDs: [String] { entries.map { entries in positions.map { entries[$0].id } } ?? scenarios.map(\.id) }

    /// The account of `runIDs`, taken without an array of them.
    var runAccount: ScenarioAccount {
        guard let entries else { return ScenarioAccount(ids: scenarios.lazy.map(\.id)) }
        return ScenarioAccount(ids: positions.lazy.map { entries[$0].id })
    }

    /// What a run's results are of, for merging shards: a digest of the selected scenarios
    /// (every shard's the same). Worked out when asked, from the loaded scenarios, so read it
    /// before a run releases them; commands that only load (lint) never pay for it.
    package func identity() -> SuiteIdentity {
        let fingerprints: [UInt64]
        if let entries {
            fingerprints = selected.map { entries[$0].fingerprint }
        } else {
            let scenarios = loaded.scenarios
            precondition(selected.allSatisfy { $0 < scenarios.count }, "the suite's scenarios were released")
            // Each scenario's fingerprint on any processor; the suite's digest folds them in order.
            fingerprints = InParallel.map(selected, processors: processors, minimumCount: 256, batch: 64) {
                Self.fingerprint(of: scenarios[$0])
            }
        }
        var digest = DigestStream()
        for fingerprint in fingerprints { digest.add(Int(bitPattern: UInt(fingerprint))) }
        let ids = ScenarioAccount(ids: selected.lazy.map { entries?[$0].id ?? self.loaded.scenarios[$0].id })
        return SuiteIdentity(digest: Digest.hex(digest.value), scenarios: selected.count, ids: ids.ids)
    }

    /// One scenario's fingerprint.
    static func fingerprint(of scenario: Scenario) -> UInt64 {
        var digest = DigestStream()
        fingerprint(scenario, into: &digest)
        return digest.value
    }

    /// What makes a scenario what it is: its id, place, title, clauses, tags and citations,
    /// world, and steps (place, input as written and as sent, expectations).
    static func fingerprint(_ scenario: Scenario, into digest: inout DigestStream) {
        digest.add(scenario.id)
        digest.add(scenario.location.file)
        digest.add(scenario.location.line)
        digest.add(scenario.location.column)
        // What a record takes from the scenario too: a streamed run reads the scenario again
        // and must find it as it was loaded in all of it.
        digest.add(scenario.title)
        for list in [scenario.spec, scenario.tags, scenario.covers.map(\.id)] {
            digest.add(list.count)
            for item in list { digest.add(item) }
        }
        digest.add(Value.map(scenario.given))
        digest.add(scenario.steps.count)
        for step in scenario.steps {
            digest.add(step.location.line)
            digest.add(step.location.column)
            digest.add(step.written.name)
            digest.add(step.written.argument ?? .null)
            digest.add(step.inputs.count)
            for input in step.inputs {
                digest.add(input.name)
                digest.add(input.argument ?? .null)
                digest.add(byte: input.argument == nil ? 0 : 1)
            }
            digest.add(step.repeatCount)
            digest.add(step.expectations.count)
            for expectation in step.expectations {
                digest.add(expectation.key)
                digest.add(expectation.value)
            }
        }
    }

    /// The catalogue named by `explicit`, else the nearest requirements.yaml in a given folder,
    /// or beside a given file, or in a folder above either; or none.
    package static func catalogue(_ explicit: String?, paths: [String]) -> (
        requirements: [Requirement], diagnostics: [Diagnostic]
    ) {
        guard let file = catalogueFile(explicit, paths: paths) else { return ([], []) }
        return RequirementCatalogue.load(file: file)
    }

    /// Where that catalogue is, if anywhere.
    package static func catalogueFile(_ explicit: String?, paths: [String]) -> String? {
        explicit ?? nearest(RequirementCatalogue.fileName, from: paths)
    }

    /// The scenarios in contradicted statements' own documents' terms beside a statement
    /// catalogue (`readings.yaml`), if it has them, and their problems: the file's own, and each
    /// `pinned-by` of the catalogue's `statements` that names none of them.
    package static func readings(beside catalogue: String, model: ModelDeclaration, pinning statements: [Statement])
        -> (scenarios: [Scenario], diagnostics: [Diagnostic])
    {
        let file = URL(fileURLWithPath: catalogue).deletingLastPathComponent()
            .appendingPathComponent(StatementCatalogue.readingsFileName).path
        let loaded =
            FileManager.default.fileExists(atPath: file)
            ? ScenarioLoader(model: model).load(files: [file])
            : ScenarioLoader.Result(scenarios: [], diagnostics: [], files: [])
        let known = loaded.scenarios.map(\.id)
        let unknown = statements.flatMap { statement in
            Diagnostic.unknown(statement.pinnedBy, known: known, at: statement.location) { id, closest in
                .unknownReadingScenario(statement: statement.id, id: id, suggestion: closest)
            }
        }
        return (loaded.scenarios, loaded.diagnostics + unknown)
    }

    /// The nearest file of that name in the folder of a path given (or the path itself, a
    /// folder) or above it.
    package static func nearest(_ fileName: String, from paths: [String]) -> String? {
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
            var folder = URL(fileURLWithPath: path).standardizedFileURL
            if !isFolder.boolValue { folder.deleteLastPathComponent() }
            while true {
                let candidate = folder.appendingPathComponent(fileName).path
                if FileManager.default.fileExists(atPath: candidate) { return candidate }
                let parent = folder.deletingLastPathComponent()
                if parent.path == folder.path { break }
                folder = parent
            }
        }
        return nil
    }
}

extension ModelDeclaration {
    /// A digest of everything scenarios and results depend on: states, inputs, given keys,
    /// observation keys and transitions. Results of two versions of a model do not merge.
    package var digest: String {
        var text = "\(name)\u{0}\(initialState)\u{0}\(stateKey)\u{0}\(statesKey)"
        for state in states { text += "\u{0}s:\(state.name)" }
        for input in inputs { text += "\u{0}i:\(input.name):\(input.argument.map { "\($0)" } ?? "")" }
        for key in given { text += "\u{0}g:\(key.key):\(key.type):\(key.defaultValue)" }
        for observation in observations { text += "\u{0}o:\(observation.key):\(observation.type)" }
        for transition in transitions {
            text += "\u{0}t:\(transition.from)>\(transition.to):\(transition.trigger)"
            text += ":" + transition.inputs.joined(separator: ",")
        }
        return Digest.hex(Digest.fnv1a(text))
    }
}

/// Shell-style globs for scenario ids: `*` any run of characters, `?` any one. Matched in
/// O(pattern x text) time at worst, whatever the number of stars.
package enum Glob {
    package static func matches(_ pattern: String, _ text: String) -> Bool {
        let pattern = Array(pattern)
        let text = Array(text)
        var p = 0
        var t = 0
        // The last star seen, and the text position it is currently taken to stretch to.
        var star: Int?
        var stretch = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == "*" {
                star = p
                stretch = t
                p += 1
            } else if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
                p += 1
                t += 1
            } else if let star {
                // Let the last star take one more character and retry from there; an earlier
                // star never needs to: the last one can absorb whatever it would.
                p = star + 1
                stretch += 1
                t = stretch
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
