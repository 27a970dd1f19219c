import AuthSpecTestSupport
import DriverProtocol
import Engine
import Foundation
import Results
import SpecModel
import Testing

/// The run engine through the built binary: shards put back together by `merge` give what one
/// whole run gives, byte for byte; several workers give what one gives; merge refuses parts
/// that do not make a whole.
@Suite struct EngineTests {
    static let python = "python3 Examples/python/driver.py --argon2-memory-kib 8"

    /// Runs `authspec run` on the suite with every report into `folder`.
    func run(_ extra: [String], into folder: String) throws -> TestSupport.ProcessResult {
        try TestSupport.authspec(
            ["run", TestSupport.scenariosFolder, "--quiet", "--log-dir", folder + "/logs"] + extra
                + Self.reports(into: folder))
    }

    static func reports(into folder: String) -> [String] {
        [
            "--json", folder + "/results.json", "--junit", folder + "/junit.xml", "--markdown",
            folder + "/report.md", "--coverage", folder + "/coverage.md",
        ]
    }

    static func contents(of folder: String) throws -> [String: String] {
        var files: [String: String] = [:]
        for name in ["results.json", "junit.xml", "report.md", "coverage.md"] {
            files[name] = TestSupport.withoutTimings(try String(contentsOfFile: folder + "/" + name, encoding: .utf8))
        }
        return files
    }

    /// A run whose records go through the temporary file (every one, here) writes the same
    /// reports as one that holds them, with two implementations and with several workers, and
    /// with failures: differences, errors and missing values go through the file too.
    @Test func recordsReadBackWriteTheSameReports() throws {
        let folder = try TestSupport.temporaryFolder([:])
        let buggy = Self.python + " --bug cancel-counts-as-failure --bug dashboard-immediately"
        func run(_ name: String, jobs: String, held: String?) throws -> TestSupport.ProcessResult {
            try TestSupport.authspec(
                ["run", TestSupport.scenariosFolder, "--quiet", "--log-dir", folder + "/logs", "--jobs", jobs]
                    + ["--driver", buggy, "--statements", TestSupport.scenariosFolder + "/statements.yaml"]
                    + Self.reports(into: folder + "/" + name),
                environment: held.map { ["AUTHSPEC_RECORDS_HELD": $0] } ?? [:])
        }
        let held = try run("held", jobs: "1", held: nil)
        #expect(held.status == 1, "\(held.stderr)")
        #expect(try String(contentsOfFile: folder + "/held/results.json", encoding: .utf8).contains("\"differences\""))
        for jobs in ["1", "3"] {
            let spilled = try run("spilled" + jobs, jobs: jobs, held: "0")
            #expect(spilled.status == 1, "\(spilled.stderr)")
            #expect(TestSupport.withoutTimings(spilled.stdout) == TestSupport.withoutTimings(held.stdout))
            #expect(try Self.contents(of: folder + "/spilled" + jobs) == Self.contents(of: folder + "/held"))
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
        let checked = try TestSupport.authspec(
            [
                "run", TestSupport.scenariosFolder, "--quiet", "--log-dir", folder + "/logs", "--jobs", "2",
                "--driver", "python3 \(wrapper)/driver.py",
            ],
            environment: ["AUTHSPEC_RECORDS_HELD": "0"])
        #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        // The variable is read (a wrong one is refused), so the runs above did go through the file.
        let wrong = try TestSupport.authspec(
            ["run", TestSupport.scenariosFolder, "--quiet"], environment: ["AUTHSPEC_RECORDS_HELD": "some"])
        #expect(wrong.status == 2 && wrong.stderr.contains("AUTHSPEC_RECORDS_HELD must be a whole number"))
    }

    @Test func threeShardsMergedAreTheWholeRun() throws {
        let folder = try TestSupport.temporaryFolder([:])
        let statements = ["--statements", TestSupport.scenariosFolder + "/statements.yaml"]
        let whole = try run(["--driver", Self.python] + statements, into: folder + "/whole")
        #expect(whole.status == 0, "\(whole.stderr)")
        var shardFiles: [String] = []
        var counts: [Int] = []
        for index in 1...3 {
            let part = folder + "/shard\(index)"
            let result = try run(["--driver", Self.python, "--shard", "\(index)/3"], into: part)
            #expect(result.status == 0, "\(result.stderr)")
            shardFiles.append(part + "/results.json")
            let text = try String(contentsOfFile: part + "/results.json", encoding: .utf8)
            #expect(text.contains("\"shard\": {\n    \"index\": \(index),\n    \"count\": 3\n  }"))
            counts.append(text.components(separatedBy: "\"position\":").count - 1)
        }
        // Every scenario ran in exactly one shard, on both implementations, and no shard is empty.
        #expect(counts.reduce(0, +) == 2 * TestSupport.suiteSize)
        #expect(counts.allSatisfy { $0 > 0 })
        // Given in any order, with the log folder the whole run used.
        let merged = try TestSupport.authspec(
            ["merge", shardFiles[2], shardFiles[0], shardFiles[1], "--quiet"] + statements
                + Self.reports(into: folder + "/merged"))
        #expect(merged.status == 0, "\(merged.stderr)")
        let expected = try Self.contents(of: folder + "/whole")
            .mapValues { $0.replacingOccurrences(of: folder + "/whole/logs", with: "LOGS") }
        let found = try Self.contents(of: folder + "/merged")
            .mapValues { $0.replacingOccurrences(of: folder + "/shard1/logs", with: "LOGS") }
        for name in expected.keys.sorted() {
            #expect(found[name] == expected[name], "\(name) differs after merging")
        }
        #expect(found["report.md"]?.contains("\n## Statements\n") == true)
        // The terminal's verdict too (a merge has no run time of its own).
        #expect(merged.stdout == TestSupport.withoutTimings(whole.stdout))
        #expect(merged.stdout.hasPrefix("PASS: \(2 * TestSupport.suiteSize) scenario runs on 2 implementations"))
    }

    @Test func twoWorkersReportExactlyWhatOneDoes() throws {
        let folder = try TestSupport.temporaryFolder([:])
        // Not quiet: the progress lines must come in suite order too.
        func run(_ jobs: String, _ name: String) throws -> TestSupport.ProcessResult {
            try TestSupport.authspec(
                [
                    "run", TestSupport.scenariosFolder, "--jobs", jobs, "--driver", Self.python, "--log-dir",
                    folder + "/logs",
                ] + Self.reports(into: folder + "/" + name))
        }
        let one = try run("1", "one")
        let two = try run("2", "two")
        #expect(one.status == 0 && two.status == 0, "\(two.stderr)")
        #expect(TestSupport.withoutTimings(two.stdout) == TestSupport.withoutTimings(one.stdout))
        #expect(try Self.contents(of: folder + "/two") == Self.contents(of: folder + "/one"))
        // Each worker had its own driver process, with its own log.
        #expect(FileManager.default.fileExists(atPath: folder + "/logs/driver-1.job2.stderr.log"))
    }

    @Test func aShardKeepsItsScenariosWhenOthersComeAndGo() throws {
        var files: [String: String] = [:]
        for number in 1...12 {
            files["s\(number).yaml"] =
                "id: scenario-\(number)\ntitle: t\nspec: [\"SCR-AUTH-006 §5.1\"]\n\(TestSupport.launchChecked)"
        }
        let folder = try TestSupport.temporaryFolder(files)
        func shardOne() throws -> Set<String> {
            let out = folder + "/out.json"
            let result = try TestSupport.authspec(["run", folder, "--shard", "1/3", "--quiet", "--json", out])
            #expect(result.status == 0, "\(result.stderr)")
            let text = try String(contentsOfFile: out, encoding: .utf8)
            return Set(text.split(separator: "\n").filter { $0.contains("\"id\": \"scenario-") }.map(String.init))
        }
        let before = try shardOne()
        #expect(!before.isEmpty && before.count < 12)
        try FileManager.default.removeItem(atPath: folder + "/s7.yaml")
        try "id: scenario-new\ntitle: t\nspec: [\"SCR-AUTH-006 §5.1\"]\n\(TestSupport.launchChecked)".write(
            toFile: folder + "/s99.yaml", atomically: true, encoding: .utf8)
        let after = try shardOne()
        let gone = "      \"id\": \"scenario-7\","
        #expect(before.subtracting([gone]) == after.subtracting(["      \"id\": \"scenario-new\","]))
    }

    @Test func mergeRefusesPartsThatDoNotMakeAWhole() throws {
        let folder = try TestSupport.temporaryFolder(["not-json.json": "{\n  \"format\": tru\n}\n"])
        func shard(_ spec: String, _ extra: [String] = []) throws -> String {
            let out = folder + "/\(spec.replacingOccurrences(of: "/", with: "of"))\(extra.count).json"
            let result = try TestSupport.authspec(
                ["run", TestSupport.scenariosFolder, "--shard", spec, "--quiet", "--json", out] + extra)
            #expect(result.status == 0, "\(result.stderr)")
            return out
        }
        let one = try shard("1/2")
        let two = try shard("2/2")
        let tagged = try shard("2/2", ["--tag", "pin"])
        let third = try shard("1/3")
        let whole = folder + "/whole.json"
        _ = try TestSupport.authspec(["run", TestSupport.scenariosFolder, "--quiet", "--json", whole])
        let cases: [([String], String)] = [
            ([one], "shard 2/2 missing"),
            ([one, one], "are both shard 1/2"),
            ([one, tagged], "is a shard of another suite"),
            ([one, third], "one split needed"),
            ([whole, two], "is the result of a whole run"),
            ([one, folder + "/not-json.json"], "not-json.json:2:13: error: not JSON"),
            ([], "Name the results JSON file of every shard"),
        ]
        for (files, message) in cases {
            let result = try TestSupport.authspec(["merge"] + files)
            #expect(result.status == 2, "\(files): \(result.stdout)")
            #expect(result.stderr.contains(message), "\(files): \(result.stderr)")
        }
        let good = try TestSupport.authspec(["merge", one, two])
        #expect(good.status == 0, "\(good.stderr)")
        #expect(
            good.stdout.contains(
                "\(TestSupport.suiteSize) scenarios against reference: \(TestSupport.suiteSize) passed"))
        let quiet = try TestSupport.authspec(["merge", one, two, "--quiet"])
        #expect(
            quiet.stdout == "PASS: \(TestSupport.suiteSize) scenario runs on 1 implementation under the full profile\n")
    }

    @Test func resultsReadBackAreTheRunThatWroteThem() throws {
        let folder = try TestSupport.temporaryFolder([:])
        let out = folder + "/results.json"
        let result = try TestSupport.authspec([
            "run", TestSupport.scenariosFolder, "--quiet", "--json", out, "--driver",
            "python3 Examples/python/driver.py --bug cancel-counts-as-failure --bug dashboard-immediately",
            "--log-dir", folder,
        ])
        #expect(result.status == 1)
        let text = try String(contentsOfFile: out, encoding: .utf8)
        let document = try JSONCodec.decode(text)
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
        #expect(SchemaValidator(schema: schema).problems(in: .map(fields)).count == 2)
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
