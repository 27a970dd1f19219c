import ScenarioModel
import SpecModel

/// The results document's own data, both ways: what a run writes (`encode`) and what `merge`
/// reads back (`decode`), side by side so the two cannot drift. Sections derived from this
/// data (totals, matrix, coverage, requirement statuses) are the JSON reporter's; reading
/// ignores them and rebuilds them. The schema is docs/results.schema.json.
package enum ResultsCodec {
    package static let format = "authspec-results"
    package static let version = 8

    // MARK: Writing

    /// A run's request: its command, paths, each option given (by its name), the reference's
    /// settings and the reports.
    static func request(_ request: RunRequest) -> JSON {
        var options: [(String, JSON)] = []
        for field in RunRequest.fields {
            switch field {
            case .text(let name, let path):
                if let value = request[keyPath: path] { options.append((name, .string(value))) }
            case .texts(let name, let path):
                if !request[keyPath: path].isEmpty {
                    options.append((name, .array(request[keyPath: path].map(JSON.string))))
                }
            case .number(let name, let path):
                if let value = request[keyPath: path] { options.append((name, .number(value))) }
            case .flag(let name, let path): if request[keyPath: path] { options.append((name, .bool(true))) }
            case .word(let name, let path, _):
                if let value = request[keyPath: path] { options.append((name, .string(value))) }
            }
        }
        var fields: [(String, JSON)] = [
            ("command", .string(request.command.rawValue)), ("paths", .array(request.paths.map(JSON.string))),
            ("options", .object(options)),
            (
                "settings",
                .object(request.referenceSettings.keys.sorted().map { ($0, .string(request.referenceSettings[$0]!)) })
            ),
        ]
        // A run's results keep no reports (`RunRequest.asRecorded`); a request that has some says them.
        if !request.reports.isEmpty {
            fields.append(
                (
                    "reports",
                    .array(
                        request.reports.map { .object([("option", .string($0.option)), ("path", .string($0.path))]) })
                ))
        }
        return .object(fields)
    }

    package static func header(_ run: RunRecord) -> [(String, JSON)] {
        var fields: [(String, JSON)] = [
            ("format", .string(format)), ("version", .number(version)), ("model", .string(run.model)),
            ("model_digest", .string(run.modelDigest)),
            (
                "suite",
                .object(
                    [
                        ("digest", .string(run.suite.digest)), ("scenarios", .number(run.suite.scenarios)),
                        ("ids", .string(Digest.hex(run.suite.ids))),
                    ] + (run.suite.version.map { [("version", JSON.string($0))] } ?? []))
            ),
        ]
        if let shard = run.shard {
            fields.append(("shard", .object([("index", .number(shard.index)), ("count", .number(shard.count))])))
        }
        fields.append(
            (
                "expected",
                .object([
                    ("scenarios", .number(run.expected.scenarios)), ("ids", .string(Digest.hex(run.expected.ids))),
                ])
            ))
        if let request = run.request { fields.append(("request", Self.request(request))) }
        fields.append(
            (
                "profile",
                .object([
                    ("name", .string(run.profile.name)), ("keys", .array(run.profile.keys.map(JSON.string))),
                    ("summary", .string(run.profile.summary)),
                ])
            ))
        return fields
    }

    /// Always present, so a consumer can tell a whole run from a cut one without guessing.
    package static func interruption(_ interruption: RunInterruption?) -> [(String, JSON)] {
        var fields: [(String, JSON)] = [("interrupted", .bool(interruption != nil))]
        if let interruption {
            fields.append(("signal", .string(interruption.signal)))
            fields.append(
                (
                    "unfinished",
                    .array(
                        interruption.unfinished.map {
                            .object([
                                ("implementation", .string($0.implementation)), ("scenario", .string($0.scenario)),
                            ])
                        })
                ))
        }
        return fields
    }

    package static func implementation(_ record: ImplementationRecord) -> [(String, JSON)] {
        var fields: [(String, JSON)] = [("name", .string(record.name))]
        if let command = record.command { fields.append(("command", .string(command))) }
        if let version = record.version { fields.append(("version", .string(version))) }
        if let language = record.language { fields.append(("language", .string(language))) }
        fields.append(("restarts", .number(record.restarts)))
        if let log = record.log { fields.append(("log", .string(log))) }
        fields.append(("observes", .array(record.observes.map(JSON.string))))
        if let inputs = record.inputs { fields.append(("inputs", .array(inputs.map(JSON.string)))) }
        fields.append(("reference", .bool(record.reference)))
        if let started = record.started { fields.append(("started", .string(started))) }
        return fields
    }

    /// A digest of the run's own data as its file writes it (the header: model, suite, shard,
    /// what it must account for, the request and the profile; the interruption; the
    /// requirements; each implementation's and each scenario's entry), but for when and where
    /// the run happened (`started`, `milliseconds`, the drivers' `log`: two runs of one suite
    /// differ in them alone, and so their digests do not). What is derived from that data
    /// (summaries, verdicts, matrix, coverage) merge rebuilds, so it is left out. merge reads
    /// the file back and refuses one whose data no longer digests to it (a record edited, lost
    /// or added after the run). It detects accidents, not a forger, who can write it again.
    package struct RecordsDigest {
        var stream = DigestStream()
        static let timings: Set = ["started", "milliseconds", "log"]

        package init(_ run: RunRecord) {
            add(.object(ResultsCodec.header(run) + ResultsCodec.interruption(run.interruption)))
            for requirement in run.requirements { add(.object(ResultsCodec.requirement(requirement))) }
            for implementation in run.implementations { add(.object(ResultsCodec.implementation(implementation))) }
        }

        /// Adds one entry, as written, when and where it happened aside.
        package mutating func add(_ entry: JSON) {
            guard case .object(let fields) = entry else { return stream.add(entry.rendered()) }
            stream.add(JSON.object(fields.filter { !Self.timings.contains($0.0) }).rendered())
        }

        package var hex: String { Digest.hex(stream.value) }

        /// The digest of `run`'s records, in the order a file writes them.
        package static func of(_ run: RunRecord) -> String {
            var digest = RecordsDigest(run)
            for record in run.implementations.lazy.flatMap(\.records) { digest.add(ResultsCodec.scenario(record)) }
            return digest.hex
        }
    }

    /// A file of several models' runs says first what it holds: each model's part, with the
    /// digest of its scenarios' ids and its implementations, in order, so a part lost or
    /// swapped is found.
    package static func plan(_ runs: [RunRecord]) -> Value {
        .list(
            runs.map { run in
                .map([
                    "model": .string(run.model), "ids": .string(Digest.hex(run.suite.ids)),
                    "scenarios": .int(run.suite.scenarios),
                    "implementations": .list(run.implementations.map { .string($0.name) }),
                ])
            })
    }

    package static func requirement(_ entry: RequirementEntry) -> [(String, JSON)] {
        [("id", .string(entry.id)), ("clause", .string(entry.clause)), ("text", .string(entry.text))]
    }

    package static func scenario(_ record: ScenarioRecord) -> JSON {
        var fields: [(String, JSON)] = [
            ("position", .number(record.position)),
            ("id", .string(record.id)),
            ("title", .string(record.title)),
            ("file", .string(record.location.file)),
            ("line", .number(record.location.line)),
            ("column", .number(record.location.column)),
            ("implementation", .string(record.implementation)),
            ("outcome", .string(record.outcome.rawValue)),
            ("expectations", .object([("checked", .number(record.checked)), ("total", .number(record.expectations))])),
            ("milliseconds", .number(record.milliseconds)),
            ("spec", .array(record.spec.map(JSON.string))),
            ("covers", .array(record.covers.map(JSON.string))),
        ]
        if let message = record.message { fields.append(("message", .string(message))) }
        fields.append(("steps", .array(record.steps.map(step))))
        fields.append(("hits", hits(record.hits)))
        return .object(fields)
    }

    static func step(_ record: StepRecord) -> JSON {
        var fields: [(String, JSON)] = [
            ("index", .number(record.index + 1)),
            ("line", .number(record.location.line)),
            ("column", .number(record.location.column)),
            ("input", .string(record.input)),
            ("repeat", .number(record.repeatCount)),
            ("outcome", .string(record.outcome.rawValue)),
        ]
        if let state = record.state { fields.append(("state", JSON(state))) }
        if let states = record.states { fields.append(("states", JSON(states))) }
        if let message = record.message { fields.append(("message", .string(message))) }
        if !record.differences.isEmpty {
            fields.append(
                (
                    "differences",
                    .array(
                        record.differences.map { difference in
                            var fields: [(String, JSON)] =
                                switch difference.subject {
                                case .key(let key): [("subject", .string("key")), ("key", .string(key))]
                                case .invariant(let id):
                                    [("subject", .string("invariant")), ("invariant", .string(id))]
                                }
                            fields += [
                                ("line", .number(difference.location.line)),
                                ("column", .number(difference.location.column)),
                                ("expected", JSON(difference.expected)),
                            ]
                            // Absent when the key was not reported; null when it was reported as null.
                            if let observed = difference.observed { fields.append(("observed", JSON(observed))) }
                            return .object(fields)
                        })
                ))
        }
        if !record.unchecked.isEmpty { fields.append(("unchecked", .array(record.unchecked.map(JSON.string)))) }
        return .object(fields)
    }

    /// Counts as `[from, to, n]` and `[state, input, n]` triples, sorted.
    static func hits(_ hits: Hits) -> JSON {
        .object([
            ("states", .object(hits.states.keys.sorted().map { ($0, .number(hits.states[$0]!)) })),
            (
                "moves",
                .array(
                    hits.moves.keys.sorted().map {
                        .array([.string($0.from), .string($0.to), .number(hits.moves[$0]!)])
                    })
            ),
            (
                "inputs_in_states",
                .array(
                    hits.inputsInStates.keys.sorted().map {
                        .array([.string($0.state), .string($0.input), .number(hits.inputsInStates[$0]!)])
                    })
            ),
        ])
    }

    // MARK: Reading

    /// A results document that does not fit the schema, with the JSON path of the first problem.
    package struct Problem: Error, Equatable, CustomStringConvertible {
        package var path: String
        package var message: String
        package var description: String { path.isEmpty ? message : "\(path): \(message)" }
    }

    /// A file of a run over several models: one results document per model, in `models`.
    package static let severalModelsFormat = "authspec-results-models"

    /// Every run a results file holds: its one run, or each model's of a run over several.
    package static func decodeRuns(_ document: Value) throws(Problem) -> [RunRecord] {
        guard case .map(let fields) = document, fields["format"]?.string == severalModelsFormat else {
            return [try decode(document)]
        }
        guard fields["version"] == .int(version) else {
            throw Problem(path: "version", message: "not the version this authspec reads (\(version))")
        }
        guard case .list(let parts)? = fields["models"], !parts.isEmpty else {
            throw Problem(path: "models", message: "expected a list of each model's results")
        }
        var runs: [RunRecord] = []
        for (index, part) in parts.enumerated() {
            do {
                runs.append(try decode(part))
            } catch {
                throw Problem(
                    path: "models[\(index)]" + (error.path.isEmpty ? "" : "." + error.path), message: error.message)
            }
        }
        guard let plan = fields["plan"] else {
            throw Problem(path: "plan", message: "missing: a file of several models says which parts it holds")
        }
        guard plan == Self.plan(runs) else {
            let planned = Self.plannedModels(plan)
            let missing = planned.filter { name in !runs.contains { $0.model == name } }
            throw Problem(
                path: "plan",
                message: "the file was changed after the run: its plan names "
                    + (planned.isEmpty ? "no model" : "the models \(planned.joined(separator: ", "))")
                    + ", its parts are \(runs.map(\.model).joined(separator: ", "))"
                    + (missing.isEmpty
                        ? " or hold other scenarios or implementations"
                        : " (\(missing.joined(separator: ", ")) missing)"))
        }
        return runs
    }

    /// `checkingDigest` false reads a document whose records may not digest to what it says:
    /// for a test that edits one and writes its digest again, never for merge.
    package static func decode(_ document: Value, checkingDigest: Bool = true) throws(Problem) -> RunRecord {
        let root = try Reader(document, path: "")
        guard try root.string("format") == format else {
            throw Problem(path: "format", message: "not an authspec results document")
        }
        let found = try root.int("version")
        guard found == version else {
            throw Problem(
                path: "version", message: "version \(found) is not the version this authspec reads (\(version))")
        }
        let suite = try root.object("suite")
        let profile = try root.object("profile")
        let expected = try root.object("expected")
        var run = RunRecord(
            model: try root.string("model"), modelDigest: try root.string("model_digest"),
            suite: SuiteIdentity(
                digest: try suite.string("digest"), scenarios: try suite.int("scenarios"), ids: try suite.digest("ids"),
                version: try suite.optionalString("version")),
            expected: ScenarioAccount(scenarios: try expected.int("scenarios"), ids: try expected.digest("ids")),
            profile: ConformanceProfile(
                try profile.string("name"), keys: try profile.strings("keys"), try profile.string("summary")))
        if let shard = try root.optionalObject("shard") {
            run.shard = Shard(index: try shard.int("index"), count: try shard.int("count"))
        }
        if let request = try root.optionalObject("request") { run.request = try Self.request(request) }
        let recordedDigest = try root.string("records_digest")
        if try root.bool("interrupted") {
            run.interruption = RunInterruption(
                signal: try root.string("signal"),
                unfinished: try root.objects("unfinished").map { (entry: Reader) throws(Problem) in
                    .init(implementation: try entry.string("implementation"), scenario: try entry.string("scenario"))
                })
        }
        run.requirements = try root.objects("requirements", optional: true).map {
            (entry: Reader) throws(Problem) in
            RequirementEntry(
                id: try entry.string("id"), clause: try entry.string("clause"), text: try entry.string("text"))
        }
        var byName: [String: Int] = [:]
        for entry in try root.objects("implementations") {
            let name = try entry.string("name")
            guard byName[name] == nil else { throw entry.problem("name", "implementation '\(name)' appears twice") }
            byName[name] = run.implementations.count
            run.implementations.append(
                ImplementationRecord(
                    name: name, command: try entry.optionalString("command"),
                    version: try entry.optionalString("version"), language: try entry.optionalString("language"),
                    restarts: try entry.int("restarts"), log: try entry.optionalString("log"),
                    observes: try entry.strings("observes"), inputs: try entry.optionalStrings("inputs"),
                    reference: try entry.bool("reference"),
                    started: try entry.optionalString("started")))
        }
        for entry in try root.objects("scenarios") {
            let record = try scenario(entry)
            guard let index = byName[record.implementation] else {
                throw entry.problem("implementation", "'\(record.implementation)' is not among the implementations")
            }
            run.implementations[index].records.append(record)
        }
        let digest = RecordsDigest.of(run)
        guard digest == recordedDigest || !checkingDigest else {
            throw Problem(
                path: "records_digest",
                message:
                    "the file was changed after the run: its records digest to \(digest), the run wrote \(recordedDigest)"
            )
        }
        return run
    }

    /// The model names a plan lists, as far as it lists any.
    static func plannedModels(_ plan: Value) -> [String] {
        guard case .list(let entries) = plan else { return [] }
        return entries.compactMap { entry in
            guard case .map(let fields) = entry else { return nil }
            return fields["model"]?.string
        }
    }

    static func request(_ entry: Reader) throws(Problem) -> RunRequest {
        let name = try entry.string("command")
        guard let command = RunRequest.Command(rawValue: name) else {
            throw entry.problem("command", "'\(name)' is not a command a run is asked for")
        }
        var request = RunRequest(command, paths: try entry.strings("paths"))
        let options = try entry.object("options")
        for field in RunRequest.fields {
            switch field {
            case .text(let name, let path): request[keyPath: path] = try options.optionalString(name)
            case .texts(let name, let path): request[keyPath: path] = try options.strings(name, optional: true)
            case .number(let name, let path):
                request[keyPath: path] = options.value(name) == nil ? nil : try options.int(name)
            case .flag(let name, let path):
                request[keyPath: path] = options.value(name) == nil ? false : try options.bool(name)
            case .word(let name, let path, _): request[keyPath: path] = try options.optionalString(name)
            }
        }
        let settings = try entry.object("settings")
        for key in settings.keys { request.referenceSettings[key] = try settings.string(key) }
        request.reports = try entry.objects("reports", optional: true).map { (report: Reader) throws(Problem) in
            RunRequest.Report(option: try report.string("option"), path: try report.string("path"))
        }
        return request
    }

    static func scenario(_ entry: Reader) throws(Problem) -> ScenarioRecord {
        let file = try entry.string("file")
        let steps = try entry.objects("steps").map { (step: Reader) throws(Problem) -> StepRecord in
            StepRecord(
                index: try step.int("index") - 1,
                location: SourceLocation(file: file, line: try step.int("line"), column: try step.int("column")),
                input: try step.string("input"), repeatCount: try step.int("repeat"),
                outcome: try step.outcome("outcome"), state: step.value("state"), states: step.value("states"),
                message: try step.optionalString("message"),
                differences: try step.objects("differences", optional: true).map {
                    (difference: Reader) throws(Problem) -> Difference in
                    let subject: DifferenceSubject
                    switch try difference.string("subject") {
                    case "key": subject = .key(try difference.string("key"))
                    case "invariant": subject = .invariant(try difference.string("invariant"))
                    case let other:
                        throw difference.problem("subject", "'\(other)' is neither key nor invariant")
                    }
                    return Difference(
                        subject: subject, expected: try difference.required("expected"),
                        observed: difference.value("observed"),
                        location: SourceLocation(
                            file: file, line: try difference.int("line"), column: try difference.int("column")))
                },
                unchecked: try step.strings("unchecked", optional: true))
        }
        let hitsEntry = try entry.object("hits")
        var hits = Hits()
        for (state, count) in try hitsEntry.object("states").fields {
            guard case .int(let number) = count else { throw hitsEntry.problem("states.\(state)", "must be a count") }
            hits.states[state] = number
        }
        for triple in try hitsEntry.triples("moves") { hits.moves[Edge(triple.0, triple.1)] = triple.2 }
        for triple in try hitsEntry.triples("inputs_in_states") {
            hits.inputsInStates[InputInState(state: triple.0, input: triple.1)] = triple.2
        }
        let expectations = try entry.object("expectations")
        return ScenarioRecord(
            position: try entry.int("position"), id: try entry.string("id"), title: try entry.string("title"),
            location: SourceLocation(file: file, line: try entry.int("line"), column: try entry.int("column")),
            spec: try entry.strings("spec"), covers: try entry.strings("covers"),
            implementation: try entry.string("implementation"), outcome: try entry.outcome("outcome"),
            message: try entry.optionalString("message"), steps: steps, hits: hits,
            expectations: try expectations.int("total"), checked: try expectations.int("checked"),
            milliseconds: try entry.int("milliseconds"))
    }

    /// Typed access to one JSON object, each problem named by its path.
    struct Reader {
        let fields: [String: Value]
        let path: String

        init(_ value: Value, path: String) throws(Problem) {
            guard case .map(let fields) = value else { throw Problem(path: path, message: "must be an object") }
            self.fields = fields
            self.path = path
        }

        /// The object's keys, in order.
        var keys: [String] { fields.keys.sorted() }

        func problem(_ key: String, _ message: String) -> Problem {
            Problem(path: path.isEmpty ? key : "\(path).\(key)", message: message)
        }

        func value(_ key: String) -> Value? { fields[key] }

        func required(_ key: String) throws(Problem) -> Value {
            guard let value = fields[key] else { throw problem(key, "is missing") }
            return value
        }

        func string(_ key: String) throws(Problem) -> String {
            guard case .string(let text) = try required(key) else { throw problem(key, "must be a string") }
            return text
        }

        func optionalString(_ key: String) throws(Problem) -> String? {
            fields[key] == nil ? nil : try string(key)
        }

        func int(_ key: String) throws(Problem) -> Int {
            guard case .int(let number) = try required(key) else { throw problem(key, "must be a whole number") }
            return number
        }

        /// A 64-bit digest written as 16 hexadecimal digits.
        func digest(_ key: String) throws(Problem) -> UInt64 {
            let text = try string(key)
            guard text.utf8.count == 16, let value = UInt64(text, radix: 16) else {
                throw problem(key, "must be 16 hexadecimal digits")
            }
            return value
        }

        func bool(_ key: String) throws(Problem) -> Bool {
            guard case .bool(let flag) = try required(key) else { throw problem(key, "must be true or false") }
            return flag
        }

        func outcome(_ key: String) throws(Problem) -> Outcome {
            guard let outcome = Outcome(rawValue: try string(key)) else {
                throw problem(key, "must be one of " + Outcome.allCases.map(\.rawValue).joined(separator: ", "))
            }
            return outcome
        }

        func object(_ key: String) throws(Problem) -> Reader {
            try Reader(try required(key), path: path.isEmpty ? key : "\(path).\(key)")
        }

        func optionalObject(_ key: String) throws(Problem) -> Reader? {
            fields[key] == nil ? nil : try object(key)
        }

        private func list(_ key: String, optional: Bool) throws(Problem) -> [Value] {
            if optional && fields[key] == nil { return [] }
            guard case .list(let items) = try required(key) else { throw problem(key, "must be an array") }
            return items
        }

        func objects(_ key: String, optional: Bool = false) throws(Problem) -> [Reader] {
            let prefix = path.isEmpty ? key : "\(path).\(key)"
            var readers: [Reader] = []
            for (index, item) in try list(key, optional: optional).enumerated() {
                readers.append(try Reader(item, path: "\(prefix)[\(index)]"))
            }
            return readers
        }

        func strings(_ key: String, optional: Bool = false) throws(Problem) -> [String] {
            var texts: [String] = []
            for (index, item) in try list(key, optional: optional).enumerated() {
                guard case .string(let text) = item else { throw problem("\(key)[\(index)]", "must be a string") }
                texts.append(text)
            }
            return texts
        }

        func optionalStrings(_ key: String) throws(Problem) -> [String]? {
            fields[key] == nil ? nil : try strings(key)
        }

        func triples(_ key: String) throws(Problem) -> [(String, String, Int)] {
            var triples: [(String, String, Int)] = []
            for (index, item) in try list(key, optional: false).enumerated() {
                guard case .list(let parts) = item, parts.count == 3, case .string(let first) = parts[0],
                    case .string(let second) = parts[1], case .int(let count) = parts[2]
                else { throw problem("\(key)[\(index)]", "must be [name, name, count]") }
                triples.append((first, second, count))
            }
            return triples
        }
    }
}
