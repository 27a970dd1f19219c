import AuthSpecTestSupport
import Dispatch
import DriverProtocol
import Foundation
import Results
import Synchronization
import Testing

/// One planner for the command line and the tests: a request run through the binary and
/// through the engine's API writes the same results; every rerun line a run prints is its own
/// request restricted to one scenario, and pasted into a shell gives that scenario's outcome
/// again; and every option and file that used to be refused only after the run is refused
/// before anything is written.
@Suite(.tags(.binary)) struct RunPlanTests {
    static let driver =
        "python3 Examples/python/driver.py --argon2-memory-kib 8 --observe state --observe states --bug two-bio-attempts"

    /// The binary run with `request`'s own words, as a shell would take them.
    static func authspec(_ request: RunRequest) throws -> TestSupport.ProcessResult {
        try TestSupport.authspec(Array(request.arguments.dropFirst()))
    }

    /// A line printed by authspec, pasted into a shell with this build's binary first on PATH.
    static func paste(_ line: String) throws -> TestSupport.ProcessResult {
        let bin = TestSupport.binary.deletingLastPathComponent().path
        return try TestSupport.execute(
            URL(fileURLWithPath: "/bin/sh"), ["-c", line],
            environment: ["PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")])
    }

    /// What follows each `rerun: ` of a text, line by line.
    static func reruns(_ text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            line.firstRange(of: "rerun: ").map { String(line[$0.upperBound...]) }
        }
    }

    @Test func theCommandLineAndTheLibraryWriteOneResultsFile() throws {
        let folder = try TestSupport.temporaryFolder(["map.yaml": "PINBlocked: Login\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var request = RunRequest(.run, paths: [TestSupport.scenariosFolder])
        request.ids = ["brief-*"]
        request.profile = "minimal"
        request.drivers = [Self.driver]
        request.stateMap = folder + "/map.yaml"
        request.logFolder = folder
        request.reports = [.init(option: "json", path: folder + "/cli.json")]
        var options = LibraryRun.Options(paths: [], logFolder: folder)
        options.request = request
        let library = try LibraryRun.run(options)
        let command = try Self.authspec(request)
        #expect(command.status == 1, "\(command.stdout)\(command.stderr)")
        #expect(library.severity == .failed)
        let written = try String(contentsOfFile: folder + "/cli.json", encoding: .utf8)
        #expect(TestSupport.withoutTimings(written) == TestSupport.withoutTimings(library.report(.json)))
        #expect(
            try TestSupport.results(at: folder + "/cli.json").request?.stateMap == folder + "/map.yaml",
            "the results keep the request")
    }

    /// A request rendered as a command line is the request the command line reads: every
    /// option a run's results keep, given through the binary, comes back in its results file
    /// as it was asked (the reference's setting, the drivers' options, the gate's policy and
    /// the baseline among them). An option the renderer dropped or the parser misread would
    /// come back otherwise.
    @Test func aRenderedRequestIsReadBackAsItself() throws {
        let baseline =
            "implementation: python-example\nexpected:\n  - id: brief-relogin-from-blocked\n    outcome: skipped\n    reason: r\n"
        let folder = try TestSupport.temporaryFolder(["map.yaml": "PINBlocked: PINBlocked\n", "b.yaml": baseline])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var request = RunRequest(.run, paths: ["Scenarios"])
        request.manifest = "authspec.yaml"
        request.model = "unlock"
        request.requirements = "Scenarios/requirements.yaml"
        request.referenceSettings = ["argon2": "light"]
        request.profile = "minimal"
        request.tags = ["brief", "lock"]
        request.ids = ["brief-relogin-*", "brief-lock-*"]
        request.drivers = ["python3 Examples/python/driver.py --argon2-memory-kib 8"]
        request.driverMode = "fresh"
        request.stateMap = folder + "/map.yaml"
        request.handshakeTimeout = "20s"
        request.stepTimeout = "9s"
        request.scenarioTimeout = "90s"
        request.restartBudget = 7
        request.maxLineBytes = 200_000
        request.validateProtocol = true
        request.allowSkips = true
        request.allowRefusals = true
        request.baselines = [folder + "/b.yaml"]
        request.strictBaseline = true
        request.logFolder = folder + "/logs"
        request.reports = [.init(option: "json", path: folder + "/r.json")]
        let result = try Self.authspec(request)
        #expect([0, 1].contains(result.status), "\(result.stdout)\(result.stderr)")
        let written = try String(contentsOfFile: folder + "/r.json", encoding: .utf8)
        let runs = try ResultsCodec.decodeRuns(JSONCodec.decode(written))
        #expect(runs.first?.request == request.asRecorded, "\(written)")
        #expect(request.asRecorded.optionWords.count >= 40, "the check covers most options")
    }

    /// Two runs updating one baseline at once (two shards of a CI job, say) lose no entry:
    /// each reads the file again under a lock and adds its own, so the file ends as two runs
    /// one after the other leave it.
    @Test func runsUpdatingOneBaselineAtOnceLoseNoEntry() throws {
        let empty = "implementation: faulty-few-inputs\nexpected: []\n"
        let folder = try TestSupport.temporaryFolder(["together/b.yaml": empty, "in-turn/b.yaml": empty])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let driver = "python3 Tests/Fixtures/drivers/faulty_driver.py --fault few-inputs"
        @Sendable func arguments(_ ids: String, _ place: String) -> [String] {
            [
                "run", "Scenarios", "--id", ids, "--driver", driver, "--quiet", "--log-dir", folder + "/logs-" + place,
                "--baseline", folder + "/\(place)/b.yaml", "--update-baseline",
            ]
        }
        let idSets = ["brief-*", "lock-*"]
        let statuses = Mutex<[Int32]>([])
        DispatchQueue.concurrentPerform(iterations: idSets.count) { index in
            let status = (try? TestSupport.authspec(arguments(idSets[index], "together")).status) ?? -1
            statuses.withLock { $0.append(status) }
        }
        for ids in idSets { _ = try TestSupport.authspec(arguments(ids, "in-turn")) }
        #expect(statuses.withLock { $0 }.allSatisfy { $0 == 1 }, "each run fails on what it skipped")
        func ids(_ place: String) throws -> [String] {
            let text = try String(contentsOfFile: folder + "/\(place)/b.yaml", encoding: .utf8)
            return text.split(separator: "\n").compactMap { line in
                line.firstMatch(of: /- id: "?([^"\s]+)/).map { String($0.output.1) }
            }.sorted()
        }
        let together = try ids("together")
        // Scenarios of both files were skipped, and so written.
        #expect(Set(together.map { $0.prefix { $0 != "-" } }).isSuperset(of: ["brief", "lock"]), "\(together)")
        #expect(together == (try ids("in-turn")), "\(together)")
    }

    /// A failing run with a profile, a state map (that makes failures), a driver observing two
    /// keys, a baseline expecting all its failures but one and a strict baseline: each rerun
    /// line of the terminal, the Markdown and the JUnit, pasted, gives its scenario's failure
    /// again, as the baseline expects it or as new. A line that dropped an option would show
    /// another outcome: without the map the scenario passes, without the profile the gate asks
    /// for keys the driver lacks, without the baseline no failure is expected. (One failing
    /// scenario alone fails its gate either way: nothing on the driver is verified.)
    @Test func everyPrintedRerunLineRunsThatFailureAgain() throws {
        let folder = try TestSupport.temporaryFolder(["map.yaml": "PINBlocked: Login\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var request = RunRequest(.run, paths: ["Scenarios"])
        request.ids = ["brief-*"]
        request.profile = "minimal"
        request.drivers = [Self.driver]
        request.stateMap = folder + "/map.yaml"
        request.logFolder = folder
        request.quiet = true
        let first = try Self.authspec(request)
        let failed = first.stdout.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("FAILED: ") else { return nil }
            return String(line.dropFirst("FAILED: ".count).prefix { $0 != " " })
        }
        try #require(failed.count >= 3, "\(first.stdout)")
        let new = failed[failed.count - 1]
        let expected = Array(failed.dropLast())
        let name = "python-example+two-bio-attempts"
        let baseline =
            "implementation: \(name)\nexpected:\n"
            + expected.map { "  - id: \($0)\n    outcome: failed\n    reason: two-bio-attempts\n" }.joined()
        try baseline.write(toFile: folder + "/baseline.yaml", atomically: true, encoding: .utf8)
        request.baselines = [folder + "/baseline.yaml"]
        request.strictBaseline = true
        request.verbose = true
        request.reports = [
            .init(option: "junit", path: folder + "/r.xml"), .init(option: "markdown", path: folder + "/r.md"),
        ]
        let gated = try Self.authspec(request)
        #expect(gated.status == 1, "only \(new) is new: \(gated.stdout)")
        let terminal = Self.reruns(gated.stdout)
        let markdown = Self.reruns(try String(contentsOfFile: folder + "/r.md", encoding: .utf8))
        let junit = Self.reruns(try String(contentsOfFile: folder + "/r.xml", encoding: .utf8)).map {
            String($0.prefix { $0 != "<" }).xmlUnescaped
        }
        // Verbose, the terminal shows the expected failures whole too; the reports show the
        // new one with its line, the expected ones in a table (Markdown) or skipped (JUnit).
        #expect(terminal.count == failed.count, "\(gated.stdout)")
        let newLine = try #require(terminal.first { $0.contains("--id \(new) ") })
        #expect(markdown == [newLine], "\(markdown)")
        #expect(junit == [newLine], "\(junit)")
        for line in terminal {
            for option in ["--profile minimal", "--state-map ", "--baseline ", "--strict-baseline", "--id "] {
                #expect(line.contains(option), "\(line)")
            }
            let id = try #require(failed.first { line.contains("--id \($0) ") })
            // As printed; the logs in the test's folder, not a temporary one left behind.
            let again = try Self.paste(line + " --log-dir \(folder) --json \(folder)/again.json")
            #expect(again.status == 1, "\(line)\n\(again.stdout)\(again.stderr)")
            // That scenario alone, failed again on the driver; the gate's words say whether the
            // baseline expects it.
            #expect(try TestSupport.results(at: folder + "/again.json").outcomes(on: name) == [id: .failed])
            #expect(again.stdout.contains("1 outcome as its baseline expects") == (id != new), "\(again.stdout)")
            // It keeps the profile: the gate asks for no key the driver lacks.
            #expect(try TestSupport.results(at: folder + "/again.json").profile.name == "minimal", "\(again.stdout)")
        }
    }

    /// doctor's closing names the run of the suite it checked, with its options; its smoke
    /// scenario's failure names doctor itself on the smoke scenario. Both, pasted, do it again.
    @Test func doctorsLinesRunWhatTheyName() throws {
        let folder = try TestSupport.temporaryFolder(["map.yaml": "PINInput: Login\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var request = RunRequest(.doctor, paths: ["Scenarios"])
        request.drivers = ["python3 Examples/python/driver.py --argon2-memory-kib 8 --bug two-bio-attempts"]
        request.profile = "standard"
        let suite = try Self.authspec(request)
        #expect(suite.status == 1, "\(suite.stdout)\(suite.stderr)")
        let closing = try #require(suite.stdout.split(separator: "\n").last { $0.contains("Each failure's diff") })
        let runIt = String(closing[try #require(closing.range(of: "authspec run")).lowerBound...])
        let run = try Self.paste(runIt + " --quiet --log-dir \(folder) --json \(folder)/run.json")
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        let failed = try TestSupport.results(at: folder + "/run.json").allRecords.filter { $0.outcome == .failed }
        #expect(Set(failed.map(\.id)).isSuperset(of: ["brief-biometric-fails-3-times-then-pin"]), "\(run.stdout)")

        request.stateMap = folder + "/map.yaml"
        let smoke = try Self.authspec(request)
        #expect(smoke.status == 1, "\(smoke.stdout)\(smoke.stderr)")
        let rerun = try #require(Self.reruns(smoke.stdout).first, "\(smoke.stdout)")
        let again = try Self.paste(rerun)  // doctor writes no log
        #expect(again.status == 1, "\(again.stdout)\(again.stderr)")
        #expect(again.stdout.contains("rerun: " + rerun), "\(again.stdout)")
    }

    /// What used to be refused only after the whole run (after --update-baseline had already
    /// rewritten the baseline, or the reports were written) is refused before anything runs or
    /// is written: exit 2, the baseline byte for byte as it was, no report, no scenario run.
    /// The `-read` cases do not update the baseline: a file that does not load is refused all
    /// the same.
    @Test(arguments: [
        "markdown-max-bytes", "statements", "baseline-file", "baseline-entry", "statements-read", "readings-read",
        "requirements-read", "baseline-read",
    ])
    func aLateOptionIsRefusedBeforeAnythingIsWritten(problem: String) throws {
        let baseline =
            "implementation: reference\nexpected:\n  - id: brief-relogin-from-blocked\n    outcome: failed\n    reason: r\n"
        let folder = try TestSupport.temporaryFolder([
            "baseline.yaml": baseline,
            "bad.yaml":
                "implementation: other\nexpected:\n  - id: brief-relogin-from-blocked\n    outcome: fine\n    reason: r\n",
            "unknown.yaml":
                "implementation: other\nexpected:\n  - id: no-such-scenario\n    outcome: failed\n    reason: r\n",
            "statements.yaml": "- {id: S-1, document: D, clause: c, text: t, status: sure}\n",
            "requirements.yaml": "- id: REQ-1\n  text: [unclosed\n",
            // A catalogue that loads, beside a readings.yaml that does not.
            "with-readings/statements.yaml":
                "- {id: S-1, document: D, clause: c, text: t, status: not-normative, reason: r}\n",
            "with-readings/readings.yaml": "id: x\nsteps: [{launch: null, expect: {stat: Login}}]\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var request = RunRequest(.run, paths: ["Scenarios"])
        request.ids = ["brief-*"]
        request.updateBaseline = "skips"
        request.baselines = [folder + "/baseline.yaml"]
        request.reports = [
            .init(option: "json", path: folder + "/r.json"), .init(option: "markdown", path: folder + "/r.md"),
        ]
        var expected = ""
        switch problem {
        case "markdown-max-bytes":
            request.markdownMaxBytes = "1000"
            expected = "--markdown-max-bytes takes a whole number of bytes from 2048, not '1000'"
        case "statements":
            request.statements = folder + "/missing.yaml"
            expected = "\(folder)/missing.yaml: error: cannot read the statement catalogue: no such file"
        case "baseline-file":
            request.baselines.append(folder + "/bad.yaml")
            expected = "\(folder)/bad.yaml:3:5: error: outcome must be one of"
        case "baseline-entry":
            request.baselines.append(folder + "/unknown.yaml")
            expected = "\(folder)/unknown.yaml:3:5: error: baseline entry for 'no-such-scenario'"
        case "statements-read":
            request.updateBaseline = nil
            request.statements = folder + "/statements.yaml"
            expected = "\(folder)/statements.yaml:1:"
        case "readings-read":
            request.updateBaseline = nil
            request.statements = folder + "/with-readings/statements.yaml"
            expected = "\(folder)/with-readings/readings.yaml:2:33: error: unknown observation 'stat'"
        case "requirements-read":
            request.updateBaseline = nil
            request.requirements = folder + "/requirements.yaml"
            expected = "\(folder)/requirements.yaml:"
        default:
            request.updateBaseline = nil
            request.baselines.append(folder + "/bad.yaml")
            expected = "\(folder)/bad.yaml:3:5: error: outcome must be one of"
        }
        let result = try Self.authspec(request)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains(expected), "\(result.stderr)")
        #expect(result.stdout.isEmpty, "nothing ran: \(result.stdout)")
        #expect(try String(contentsOfFile: folder + "/baseline.yaml", encoding: .utf8) == baseline)
        for report in ["r.json", "r.md"] { #expect(!FileManager.default.fileExists(atPath: folder + "/" + report)) }
    }
}

extension String {
    /// The text an XML attribute or element's escapes stand for.
    fileprivate var xmlUnescaped: String {
        replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
