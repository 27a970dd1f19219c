import Foundation
import Runner
import ScenarioModel
import SpecModel
import Testing
import UnlockScreen

/// Paths and helpers shared by the test files.
package enum TestSupport {
    /// The package root, found from this file's path.
    package static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    package static var scenariosFolder: String { root.appendingPathComponent("Scenarios").path }
    package static var shared: URL { root.deletingLastPathComponent().appendingPathComponent("shared") }

    package static let model = UnlockModel.declaration

    /// The clock the tests give sessions: the machine's own for durations and budgets, and a
    /// wall that stands at 2026-12-01 00:00 UTC, so baselines expire as the tests say.
    package static let clock: SessionClock = {
        let start = ContinuousClock.now
        return SessionClock(monotonic: { ContinuousClock.now - start }, wall: { 1_796_083_200 })
    }()

    /// The committed suite, loaded once per call; the tests assert it loads cleanly.
    package static func suite() -> ScenarioLoader.Result {
        ScenarioLoader(model: model).load(paths: [scenariosFolder])
    }

    /// How many scenarios, and files of them, the committed suite has (`Scenarios/generated`
    /// grows with `authspec generate`).
    package static let suiteSize = suite().scenarios.count
    /// A scenario's steps that launch and check one key: the least a scenario passes on (one
    /// that expects nothing is not checked, and fails the gate).
    package static let launchChecked = "steps: [{launch: null, expect: {state: BiometricPrompt}}]\n"
    package static let suiteFiles = Set(suite().scenarios.map(\.location.file)).count

    /// Loads one scenario file's text as if it were the file `name`.
    package static func load(_ text: String, file name: String = "test.yaml") -> (
        scenarios: [Scenario], diagnostics: [Diagnostic]
    ) {
        ScenarioLoader(model: model).load(text: text, file: name)
    }

    /// Runs scenarios against an implementation, returning each result.
    package static func run<I: ImplementationUnderTest>(_ scenarios: [Scenario], on implementation: I)
        -> [ScenarioResult]
    {
        var implementation = implementation
        let runner = ScenarioRunner(model: model)
        return scenarios.map { runner.run($0, on: &implementation) }
    }

    /// A deliberate bug of an example driver, and where the suite must catch it: the scenario,
    /// the step (1-based) and a key that differs there.
    package typealias CaughtBug = (bug: String, scenario: String, step: Int, key: String)

    /// Checks that a run of the suite with `expected.bug` on caught it where it should.
    package static func expectCaught(_ expected: CaughtBug, in results: [ScenarioResult]) throws {
        #expect(results.allSatisfy { $0.outcome != .errored })
        let result = try #require(results.first { $0.scenario.id == expected.scenario })
        #expect(result.outcome == .failed)
        let step = try #require(result.firstProblem)
        #expect(step.index + 1 == expected.step)
        #expect(step.differences.map(\.key).contains(expected.key), "\(step.differences)")
    }

    /// A report or a command's output with the only things that differ between two runs of the
    /// same suite, the timings, made constant: results' milliseconds and start times, JUnit's
    /// time, timestamp and start in UTC, the verdict's elapsed time.
    package static func withoutTimings(_ text: String) -> String {
        text.replacing(try! Regex(#""milliseconds": [0-9]+"#), with: #""milliseconds": 0"#)
            .replacing(try! Regex(#""started": "[^"]*""#), with: #""started": """#)
            .replacing(try! Regex(#" time="[0-9.]+""#), with: #" time="""#)
            .replacing(try! Regex(#" timestamp="[^"]*""#), with: #" timestamp="""#)
            .replacing(try! Regex(#"name="started_utc" value="[^"]*""#), with: #"name="started_utc" value="""#)
            .replacing(try! Regex(#" \([0-9]+\.[0-9] s\)$"#).anchorsMatchLineEndings(), with: "")
    }

    /// What running the committed suites needs, as the repository holds it: both models'
    /// scenarios and manifests, and the spec mappings the manifests name.
    package static let committedSuites = [
        "Scenarios", "AuthFlow", "authspec.yaml", "docs/spec-mapping.yaml", "docs/spec-mapping-auth-flow.yaml",
    ]

    /// Copies `committedSuites` (and `extra` paths) of the checkout into `folder`, keeping their places.
    package static func copySuites(to folder: String, extra: [String] = []) throws {
        let copied = try execute(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "tar -c \((committedSuites + extra).joined(separator: " ")) | tar -C '\(folder)' -x"])
        try #require(copied.status == 0, "\(copied.stderr)")
    }

    /// Writes files into a fresh temporary folder and returns its path.
    package static func temporaryFolder(_ files: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("authspec-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder.path
    }

    /// The authspec binary that `swift test` built beside the test bundle.
    package static var binary: URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("authspec")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return root.appendingPathComponent(".build/debug/authspec")
    }

    package struct ProcessResult {
        package var status: Int32
        package var stdout: String
        package var stderr: String
    }

    /// Runs a program to completion with the package root as its working folder.
    package static func execute(
        _ executable: URL, _ arguments: [String], in folder: URL = root, limit: TimeInterval = 300,
        environment extra: [String: String] = [:]
    ) throws -> ProcessResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        environment.merge(extra) { _, given in given }
        process.environment = environment
        // Files, not pipes: a child that fills a pipe nobody reads would stall.
        let outFile = FileManager.default.temporaryDirectory.appendingPathComponent("authspec-out-\(UUID().uuidString)")
        let errFile = FileManager.default.temporaryDirectory.appendingPathComponent("authspec-err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errFile.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outFile)
            try? FileManager.default.removeItem(at: errFile)
        }
        process.standardOutput = try FileHandle(forWritingTo: outFile)
        process.standardError = try FileHandle(forWritingTo: errFile)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // A hang under test fails the test instead of the whole CI run: the process, ours,
        // is killed by its pid after `limit`.
        let pid = process.processIdentifier
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + limit, execute: watchdog)
        process.waitUntilExit()
        watchdog.cancel()
        return ProcessResult(
            status: process.terminationStatus,
            stdout: (try? String(contentsOf: outFile, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: errFile, encoding: .utf8)) ?? "")
    }

    package struct Measured {
        package var status: Int32
        package var stdout: String
        package var seconds: Double
        package var peakKilobytes: Int
    }

    /// Runs a program with its output in a file and measures its wall time and peak RSS,
    /// through Fixtures/measure.py (a child's peak RSS counts its parent's, and this test
    /// runner is large). Paths in `arguments` should be absolute.
    package static func measure(_ executable: URL, _ arguments: [String]) throws -> Measured {
        let outFile = FileManager.default.temporaryDirectory.appendingPathComponent("authspec-out-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: outFile) }
        let script = root.appendingPathComponent("Tests/Fixtures/measure.py").path
        let run = try execute(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", script, outFile.path, executable.path] + arguments)
        struct Report: Decodable {
            var status: Int32
            var seconds: Double
            var peakKilobytes: Int
            enum CodingKeys: String, CodingKey {
                case status, seconds
                case peakKilobytes = "peak_kb"
            }
        }
        let report = try JSONDecoder().decode(Report.self, from: Data(run.stdout.utf8))
        return Measured(
            status: report.status, stdout: (try? String(contentsOf: outFile, encoding: .utf8)) ?? "",
            seconds: report.seconds, peakKilobytes: report.peakKilobytes)
    }

    /// The `error:` lines of an output, with `folder/` taken off their paths.
    package static func errors(in output: String, under folder: String) -> [String] {
        output.split(separator: "\n").filter { $0.contains(": error: ") }.map {
            $0.replacingOccurrences(of: folder + "/", with: "")
        }
    }

    package static func authspec(
        _ arguments: [String], in folder: URL = root, environment: [String: String] = [:]
    ) throws -> ProcessResult {
        try execute(binary, arguments, in: folder, environment: environment)
    }

    /// A command line as a person pastes it: run by a shell in `folder`, this build's authspec
    /// first on PATH.
    package static func pasted(_ line: String, in folder: URL = root) throws -> ProcessResult {
        try execute(
            URL(fileURLWithPath: "/bin/sh"), ["-c", line], in: folder,
            environment: [
                "PATH": binary.deletingLastPathComponent().path + ":"
                    + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            ])
    }

    /// junitparser, the library CI consumers use, reads every suite and counts what we count;
    /// first, xmlschema checks the file against docs/junit.xsd (what Jenkins and GitLab read).
    package static func junitparserCounts(_ path: String) throws -> [[String: Any]] {
        let script = """
            import json, sys
            import xmlschema
            from junitparser import JUnitXml, Failure, Error, Skipped
            xmlschema.XMLSchema(sys.argv[2]).validate(sys.argv[1])
            suites = []
            for suite in JUnitXml.fromfile(sys.argv[1]):
                kinds = {"failure": 0, "error": 0, "skipped": 0}
                for case in suite:
                    for result in case.result:
                        kinds[{Failure: "failure", Error: "error", Skipped: "skipped"}[type(result)]] += 1
                suites.append({"name": suite.name, "tests": suite.tests, "failures": suite.failures, "errors": suite.errors,
                               "skipped": suite.skipped, "cases": len(list(suite)), **kinds})
            print(json.dumps(suites))
            """
        let schema = TestSupport.root.appendingPathComponent("docs/junit.xsd").path
        let result = try TestSupport.execute(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, path, schema])
        try #require(
            result.status == 0, "junitparser or xmlschema: \(result.stderr) (scripts/install-deps installs them)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
    }

    /// The Python example's unlock bugs, each with the scenario, step and key that catch it.
    package static let unlockBugs: [TestSupport.CaughtBug] = [
        // The invariant sees the count fall at the kill itself, a step before any expectation does.
        ("kill-resets-failures", "lock-failure-count-survives-kill", 3, "invariant failures-fall-only-on-unlock"),
        ("lock-from-first-failure", "lock-measured-from-the-failure", 6, "lock_remaining"),
        ("eighth-gives-15-min", "brief-pin-failure-8-and-beyond-lock-1-hour", 2, "lock_remaining"),
        ("cancel-counts-as-failure", "brief-cancel-goes-to-pin", 2, "states"),
        ("announce-failures-not-left", "pin-failure-rows-1-to-4-show-attempts-left", 2, "announcements"),
        ("countdown-off-by-one", "lock-countdown-and-boundary", 4, "countdown"),
        ("bio-after-lockout", "biometric-lockout-not-offered-after-relaunch", 4, "states"),
        ("relogin-clears-lock", "brief-relogin-from-blocked", 3, "lock_remaining"),
        ("dashboard-immediately", "biometric-success-dashboard-one-tick-before", 3, "state"),
        ("inactivity-exclusive", "lifecycle-background-5-minutes-requires-unlock", 6, "states"),
        ("perfect-30-days", "session-perfect-expires-at-7-days", 1, "state"),
        ("two-bio-attempts", "brief-biometric-fails-3-times-then-pin", 1, "bio_attempts_left"),
        // A forged success is named by the rule it breaks, beside the differences.
        ("forged-callback-unlocks", "security-forged-success-callback", 2, "invariant biometric-unlock-needs-a-key"),
        ("key-survives-enrolment", "security-enrolment-change-before-launch", 3, "biometrics_enabled"),
        ("wall-clock-timers", "clock-forward-during-lock", 3, "invariant lock-runs-with-the-clock"),
        ("unbound-prompt", "prompt-android-face-request", 1, "prompt_request"),
        ("link-touch-target-40dp", "ui-pin-screen-minimums", 1, "a11y_audit"),
    ]

    /// The Python example's auth-flow bugs, the same way (each launch's quick splash is a step).
    package static let authFlowBugs: [TestSupport.CaughtBug] = [
        ("mfa-current-step-only", "mfa-previous-step-accepted", 5, "state"),
        ("mfa-no-cooldown", "mfa-too-many-attempts-cooldown", 9, "state"),
        ("mfa-timeout-restarts-on-typing", "mfa-screen-times-out-after-5-minutes", 8, "state"),
        ("mfa-cooldown-forgotten-on-kill", "mfa-cooldown-survives-a-kill", 15, "state"),
        ("relogin-skips-mfa", "unlock-relogin-from-a-lock-through-mfa", 6, "state"),
        ("cancel-shows-error", "login-cancelled-says-nothing", 4, "message"),
        ("mfa-code-reused", "mfa-code-is-not-accepted-twice", 10, "state"),
        ("comenzar-on-every-slide", "carousel-slides-swipe-and-comenzar", 2, "texts"),
    ]
}

/// The steps of `scripts/test` beyond the logic tests, one tag each, given to whole suites:
/// a suite's tag is the step it runs in (a suite has at most one; scripts/test reads them
/// from the sources).
extension Tag {
    /// Runs the built authspec binary (the suites of Tests/CommandTests).
    @Tag package static var binary: Self
    /// Starts the example drivers (Python, Java, Swift) or a fake driver process, on whole
    /// suites or many runs.
    @Tag package static var drivers: Self
    /// Builds the release tarball and a bare Debian root to run it in.
    @Tag package static var release: Self
}

/// A diagnostic as a test compares it: its file (relative to a test's folder), line, column and
/// problem, the case rather than its words.
package struct PlacedProblem: Equatable, CustomStringConvertible {
    package var file: String
    package var line: Int
    package var column: Int
    package var problem: Diagnostic.Problem

    package init(_ file: String, _ line: Int, _ column: Int, _ problem: Diagnostic.Problem) {
        self.file = file
        self.line = line
        self.column = column
        self.problem = problem
    }

    /// `diagnostic`, its file's path made relative to `folder`.
    package init(_ diagnostic: Diagnostic, under folder: String = "") {
        let file = diagnostic.location.file
        self.init(
            folder.isEmpty || !file.hasPrefix(folder + "/") ? file : String(file.dropFirst(folder.count + 1)),
            diagnostic.location.line, diagnostic.location.column, diagnostic.problem)
    }

    package var description: String { "\(file):\(line):\(column): \(problem)" }

    /// The line the binary prints for it, its file under `folder` (a line 0 names the file alone).
    package func printed(under folder: String) -> String {
        let diagnostic = Diagnostic(
            problem, at: SourceLocation(file: folder.isEmpty ? file : folder + "/" + file, line: line, column: column))
        return String(diagnostic.description.prefix { $0 != "\n" })
    }

    /// Whether `output` holds, as one of its lines, the line printed for it.
    package func isPrinted(in output: String, under folder: String) -> Bool {
        output.split(separator: "\n").contains(Substring(printed(under: folder)))
    }
}

/// Text compared whole with its golden file (Tests/Fixtures/golden/NAME): the words a person
/// reads, checked once and in full. `AUTHSPEC_RECORD_GOLDEN=1` writes them again, on purpose.
package enum Golden {
    package static let folder = TestSupport.root.appendingPathComponent("Tests/Fixtures/golden")
    package static var recording: Bool { ProcessInfo.processInfo.environment["AUTHSPEC_RECORD_GOLDEN"] == "1" }

    /// Where the checkout and a test's own folder are is no part of what is compared: they
    /// read `{root}/` and `{tmp}`.
    package static func placed(_ text: String, folder: String? = nil) -> String {
        let rooted = text.replacingOccurrences(of: TestSupport.root.path + "/", with: "{root}/")
        guard let folder else { return rooted }
        return rooted.replacingOccurrences(of: folder, with: "{tmp}")
    }

    /// `text`, placed (`placed(_:folder:)`), compared with the golden file `name`.
    package static func compare(
        _ text: String, with name: String, folder: String? = nil,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let text = placed(text, folder: folder)
        let file = self.folder.appendingPathComponent(name)
        if recording {
            try text.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        let golden = try String(contentsOf: file, encoding: .utf8)
        #expect(
            text == golden, "\(name) differs from what was recorded; AUTHSPEC_RECORD_GOLDEN=1 writes it again",
            sourceLocation: sourceLocation)
    }
}
