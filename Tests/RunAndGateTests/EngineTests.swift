import AuthSpecTestSupport
import DriverProtocol
import Engine
import Foundation
import Reporters
import Results
import SpecModel
import Testing

/// The run engine through its own API: shards put back together by the merge give what one
/// whole run gives, byte for byte; several workers give what one gives; records that go
/// through the temporary file give what held ones give; the merge refuses parts that do not
/// make a whole.
@Suite(.tags(.drivers)) struct EngineTests {
    static let python = "python3 Examples/python/driver.py --argon2-memory-kib 8"
    static let statements = TestSupport.scenariosFolder + "/statements.yaml"

    /// The whole suite on the reference and `drivers`, with `change` applied to the options.
    static func run(
        drivers: [String] = [python], logs: String, _ change: (inout LibraryRun.Options) -> Void = { _ in }
    ) throws -> LibraryRun {
        var options = LibraryRun.Options(paths: [TestSupport.scenariosFolder], drivers: drivers, logFolder: logs)
        change(&options)
        return try LibraryRun.run(options)
    }

    /// Every report a run writes, its timings taken out.
    static func reports(_ run: LibraryRun, statements: Bool = false) -> [ReportKind: String] {
        Dictionary(uniqueKeysWithValues: ReportKind.allCases.map { ($0, TestSupport.withoutTimings(run.report($0))) })
    }

    /// A run whose records go through the temporary file (every one, here) writes the same
    /// reports as one that holds them, with two implementations and with several workers, and
    /// with failures: differences, errors and missing values go through the file too.
    @Test func recordsReadBackWriteTheSameReports() throws {
        let folder = try TestSupport.temporaryFolder([:])
        let buggy = Self.python + " --bug cancel-counts-as-failure --bug dashboard-immediately"
        let held = try Self.run(drivers: [buggy], logs: folder) { $0.statements = Self.statements }
        #expect(held.severity == .failed)
        let differences = held.outcome.run.implementations.flatMap(\.records).flatMap(\.steps).flatMap(\.differences)
        #expect(!differences.isEmpty, "the failures' differences go through the file too")
        for jobs in [1, 3] {
            let spilled = try Self.run(drivers: [buggy], logs: folder) {
                $0.statements = Self.statements
                $0.jobs = jobs
                $0.recordsHeld = 0
            }
            #expect(spilled.severity == .failed)
            #expect(spilled.finished.map(\.id) == held.finished.map(\.id))
            #expect(spilled.closing(quiet: false) == held.closing(quiet: false))
            #expect(Self.reports(spilled) == Self.reports(held))
        }
        // No driver inherits the records file: a driver that finds it among its open files quits.
        let wrapper = try TestSupport.temporaryFolder([
            "driver.py": """
            import os, sys
            for fd in os.listdir("/proc/self/fd"):
                try:
                    if "authspec-records" in os.readlink("/proc/self/fd/" + fd):
                        sys.exit("inherited the records file")
                except OSError:
                    pass
            os.execvp("python3", ["python3", "Examples/python/driver.py", "--argon2-memory-kib", "8"])
            """
        ])
        let checked = try Self.run(drivers: ["python3 \(wrapper)/driver.py"], logs: folder) {
            $0.jobs = 2
            $0.recordsHeld = 0
        }
        #expect(checked.severity == .passed, "\(checked.closing())")
    }

    @Test func threeShardsMergedAreTheWholeRun() throws {
        let folder = try TestSupport.temporaryFolder([:])
        let whole = try Self.run(logs: folder + "/whole") { $0.statements = Self.statements }
        #expect(whole.severity == .passed, "\(whole.closing())")
        var shardFiles: [String] = []
        var counts: [Int] = []
        for index in 1...3 {
            let part = try Self.run(logs: folder + "/whole") { $0.shard = "\(index)/3" }
            #expect(part.severity == .passed, "\(part.closing())")
            let file = folder + "/shard\(index).json"
            try part.write(.json, to: file)
            shardFiles.append(file)
            #expect(part.outcome.run.shard == Shard(index: index, count: 3))
            counts.append(part.outcome.run.allRecords.count)
        }
        // Every scenario ran in exactly one shard, on both implementations, and no shard is empty.
        #expect(counts.reduce(0, +) == 2 * TestSupport.suiteSize)
        #expect(counts.allSatisfy { $0 > 0 })
        // Given in any order, with the log folder the whole run used.
        let merged = try LibraryRun.merge([shardFiles[2], shardFiles[0], shardFiles[1]], statements: Self.statements)
        #expect(merged.severity == .passed)
        let expected = Self.reports(whole)
        let found = Self.reports(merged)
        for kind in ReportKind.allCases {
            #expect(found[kind] == expected[kind], "\(kind) differs after merging")
        }
        #expect(!merged.outcome.statements.isEmpty, "the statements are traced on the merged run")
        // The terminal's verdict too (a merge has no run time of its own).
        #expect(merged.closing(quiet: false) == whole.closing(quiet: false))
        #expect(merged.outcome.gate.passes && merged.outcome.run.allRecords.count == 2 * TestSupport.suiteSize)
    }

    @Test func twoWorkersReportExactlyWhatOneDoes() throws {
        let folder = try TestSupport.temporaryFolder([:])
        let one = try Self.run(logs: folder)
        let two = try Self.run(logs: folder) { $0.jobs = 2 }
        #expect(one.severity == .passed && two.severity == .passed, "\(two.closing())")
        // The progress comes in suite order too.
        #expect(
            two.finished.map { "\($0.implementation) \($0.id)" } == one.finished.map { "\($0.implementation) \($0.id)" }
        )
        #expect(two.closing(quiet: false) == one.closing(quiet: false))
        #expect(Self.reports(two) == Self.reports(one))
        // Each worker had its own driver process, with its own log.
        #expect(FileManager.default.fileExists(atPath: folder + "/driver-1.job2.stderr.log"))
    }

    @Test func aShardKeepsItsScenariosWhenOthersComeAndGo() throws {
        var files: [String: String] = [:]
        for number in 1...12 {
            files["s\(number).yaml"] =
                "id: scenario-\(number)\ntitle: t\nspec: [\"SCR-AUTH-006 §5.1\"]\n\(TestSupport.launchChecked)"
        }
        let folder = try TestSupport.temporaryFolder(files)
        func shardOne() throws -> Set<String> {
            var options = LibraryRun.Options(paths: [folder], logFolder: folder)
            options.shard = "1/3"
            let result = try LibraryRun.run(options)
            #expect(result.severity == .passed, "\(result.closing())")
            return Set(result.outcome.run.allRecords.map(\.id))
        }
        let before = try shardOne()
        #expect(!before.isEmpty && before.count < 12)
        try FileManager.default.removeItem(atPath: folder + "/s7.yaml")
        try "id: scenario-new\ntitle: t\nspec: [\"SCR-AUTH-006 §5.1\"]\n\(TestSupport.launchChecked)".write(
            toFile: folder + "/s99.yaml", atomically: true, encoding: .utf8)
        let after = try shardOne()
        #expect(before.subtracting(["scenario-7"]) == after.subtracting(["scenario-new"]))
    }

    @Test func mergeRefusesPartsThatDoNotMakeAWhole() throws {
        let folder = try TestSupport.temporaryFolder(["not-json.json": "{\n  \"format\": tru\n}\n"])
        func shard(_ index: Int, of count: Int, tags: [String] = []) throws -> String {
            let out = folder + "/\(index)of\(count)\(tags.count).json"
            let result = try Self.run(drivers: [], logs: folder) {
                $0.shard = "\(index)/\(count)"
                $0.tags = tags
            }
            #expect(result.severity == .passed, "\(result.closing())")
            try result.write(.json, to: out)
            return out
        }
        let one = try shard(1, of: 2)
        let two = try shard(2, of: 2)
        let tagged = try shard(2, of: 2, tags: ["pin"])
        let third = try shard(1, of: 3)
        let whole = folder + "/whole.json"
        try Self.run(drivers: [], logs: folder).write(.json, to: whole)
        // The second shard as a run of another carried suite's version would record it.
        var document = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: two))) as? [String: Any])
        var suite = try #require(document["suite"] as? [String: Any])
        suite["version"] = "authspec 9.9.9's unlock suite"
        document["suite"] = suite
        let otherVersion = folder + "/other-version.json"
        try JSONSerialization.data(withJSONObject: try AccountingTests.resealed(document)).write(
            to: URL(fileURLWithPath: otherVersion))
        let cases: [([String], String)] = [
            ([one, otherVersion], "is a shard of another suite (authspec 9.9.9's unlock suite, "),
            ([one], "shard 2/2 missing"),
            ([one, one], "are both shard 1/2"),
            ([one, tagged], "is a shard of another suite"),
            ([one, third], "one split needed"),
            ([whole, two], "is the result of a whole run"),
            ([one, folder + "/not-json.json"], "not-json.json:2:13: error: not JSON"),
        ]
        for (files, message) in cases {
            let refusal = LibraryRun.refusal(merging: files)
            #expect(refusal?.contains(message) == true, "\(files): \(refusal ?? "merged")")
        }
        let good = try LibraryRun.merge([one, two])
        #expect(good.severity == .passed)
        #expect(
            good.closing(quiet: false).contains(
                "\(TestSupport.suiteSize) scenarios against reference: \(TestSupport.suiteSize) passed"))
        #expect(
            good.closing()
                == "PASS: \(TestSupport.suiteSize) scenario runs on 1 implementation under the full profile\n")
    }

    /// A run over both models writes one results file, a part per model after its plan, and
    /// merge reads it back as that run, naming each model it judged. A file changed after the
    /// run is refused, saying what: a record lost or edited (the part's records digest), a
    /// model's part removed (the plan). A record lost with the digest written again (what only
    /// a forger or a broken tool does) is still found by that model's gate.
    @Test func oneResultsFileHoldsEveryModelsRunAndMergeReadsItBack() throws {
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let flow = TestSupport.root.appendingPathComponent("AuthFlow/Scenarios").path
        let both = try LibraryRun.run(.init(paths: [TestSupport.scenariosFolder, flow], logFolder: folder))
        #expect(both.outcomes.map(\.plan.package.name) == ["unlock", "auth-flow"])
        let file = folder + "/both.json"
        try both.write(.json, to: file)
        let document = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        #expect(document["format"] as? String == ResultsCodec.severalModelsFormat)
        let plan = try #require(document["plan"] as? [[String: Any]])
        #expect(plan.map { $0["model"] as? String } == ["unlock", "auth-flow"])
        let parts = try #require(document["models"] as? [[String: Any]])
        #expect(parts.map { $0["model"] as? String } == ["unlock", "auth-flow"])
        let merged = try LibraryRun.merge([file])
        #expect(merged.severity == .passed, "\(merged.closing())")
        #expect(merged.outcomes.map(\.run.allRecords.count) == both.outcomes.map(\.run.allRecords.count))
        #expect(merged.outcomes.map(\.plan.package.name) == ["unlock", "auth-flow"], "\(merged.closing(quiet: false))")

        var changes = 0
        func changed(_ change: (inout [String: Any]) throws -> Void) throws -> String {
            var copy = document
            try change(&copy)
            changes += 1
            let path = folder + "/changed-\(changes).json"
            try JSONSerialization.data(withJSONObject: copy).write(to: URL(fileURLWithPath: path))
            return path
        }
        func scenarios(_ document: [String: Any], part: Int) throws -> [[String: Any]] {
            let parts = try #require(document["models"] as? [[String: Any]])
            return try #require(parts[part]["scenarios"] as? [[String: Any]])
        }
        func setScenarios(_ document: inout [String: Any], part: Int, _ scenarios: [[String: Any]]) throws {
            var parts = try #require(document["models"] as? [[String: Any]])
            parts[part]["scenarios"] = scenarios
            document["models"] = parts
        }
        let lost = try changed { document in
            var records = try scenarios(document, part: 1)
            records.removeLast()
            try setScenarios(&document, part: 1, records)
        }
        let edited = try changed { document in
            var records = try scenarios(document, part: 0)
            records[3]["outcome"] = "failed"
            try setScenarios(&document, part: 0, records)
        }
        let removed = try changed { document in
            var parts = try #require(document["models"] as? [[String: Any]])
            parts.remove(at: 1)
            document["models"] = parts
        }
        for (path, message) in [
            (lost, "models[1].records_digest: the file was changed after the run"),
            (edited, "models[0].records_digest: the file was changed after the run"),
            (
                removed,
                "plan: the file was changed after the run: its plan names the models unlock, auth-flow, its parts are unlock (auth-flow missing)"
            ),
        ] {
            let refusal = LibraryRun.refusal(merging: [path])
            #expect(refusal?.contains(message) == true, "\(message): \(refusal ?? "merged")")
        }

        // The flow's part loses a record and its digest is written again: that model's gate
        // finds it, the other still passes.
        var flowRun = both.outcomes[1].run
        let last = flowRun.implementations.count - 1
        flowRun.implementations[last].records = ScenarioRecords(Array(flowRun.implementations[last].records.dropLast()))
        let forged = try changed { document in
            var records = try scenarios(document, part: 1)
            records.removeLast()
            try setScenarios(&document, part: 1, records)
            var parts = try #require(document["models"] as? [[String: Any]])
            parts[1]["records_digest"] = ResultsCodec.RecordsDigest.of(flowRun)
            document["models"] = parts
        }
        let short = try LibraryRun.merge([forged])
        #expect(short.outcomes.map { $0.severity == .passed } == [true, false], "\(short.closing())")
        #expect(
            short.closing().contains(
                "FAIL: results incomplete: 1 of \(both.outcomes[1].run.allRecords.count) scenarios has no record on reference"
            ),
            "\(short.closing())")
    }

    @Test func resultsReadBackAreTheRunThatWroteThem() throws {
        let folder = try TestSupport.temporaryFolder([:])
        let result = try Self.run(
            drivers: ["python3 Examples/python/driver.py --bug cancel-counts-as-failure --bug dashboard-immediately"],
            logs: folder)
        #expect(result.severity == .failed)
        let document = try JSONCodec.decode(result.report(.json))
        let schema = try JSONCodec.decode(
            String(contentsOf: TestSupport.root.appendingPathComponent("docs/results.schema.json"), encoding: .utf8))
        #expect(SchemaValidator(schema: schema).problems(in: document) == [])
        // The schema is not vacuous: a wrong outcome and a stray key are found.
        guard case .map(var fields) = document, case .list(var scenarios)? = fields["scenarios"],
            case .map(var first) = scenarios.first
        else {
            Issue.record("the results have no scenarios")
            return
        }
        first["outcome"] = .string("green")
        first["colour"] = .string("green")
        scenarios[0] = .map(first)
        fields["scenarios"] = .list(scenarios)
        // Read as one model's run (the schema's other branch is a run over several), the two
        // are found one by one.
        guard case .map(var runOnly) = schema else { return }
        runOnly["oneOf"] = nil
        runOnly["$ref"] = .string("#/$defs/run")
        #expect(SchemaValidator(schema: .map(runOnly)).problems(in: .map(fields)).count == 2)
        #expect(!SchemaValidator(schema: schema).problems(in: .map(fields)).isEmpty)
        let run = try ResultsCodec.decode(document)
        #expect(run.implementations.count == 2)
        #expect(run.implementations[1].records.contains { !$0.steps.flatMap(\.differences).isEmpty })
        // Written again, the record gives the same document.
        var shard = run
        shard.shard = Shard(index: 1, count: 1)
        let merged = try RunRecord.merge([("x", shard)])
        #expect(merged == run)
    }
}
