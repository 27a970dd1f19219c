import AuthSpecTestSupport
import Foundation
import SubprocessDriver
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// Careless and hostile drivers through the built binary and real subprocesses: nothing they
/// start outlives the run, a signal ends the run in order, a driver that stops reading cannot
/// hang it, and what they print cannot drive the terminal.
@Suite(.serialized, .tags(.binary)) struct HostileDriverTests {
    static let faulty = "python3 Tests/Fixtures/drivers/faulty_driver.py"
    static let scenarios =
        (["first", "second", "third"].map {
            "---\nid: \($0)\ntitle: t\nspec: [\"SCR-AUTH-006 §5.1\"]\nsteps:\n  - launch\n  - advance: 1s\n"
                + "    expect: {state: BiometricPrompt}\n"
        }).joined()

    /// Processes whose command line carries `marker`, wherever they were re-parented (a walk of
    /// /proc): the drivers' children in these tests are named with a marker unique to the test,
    /// so what is found is this test's own, and nothing else is touched.
    static func survivors(_ marker: String) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { name -> pid_t? in
            guard let pid = pid_t(name), pid != getpid(),
                let data = FileManager.default.contents(atPath: "/proc/\(name)/cmdline")
            else { return nil }
            let arguments = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return arguments.contains { $0.hasPrefix(marker) } ? pid : nil
        }
    }

    /// Asserts nothing with `marker` is left; ends any that is (they are this test's).
    static func expectNoSurvivors(_ marker: String, _ comment: Comment) {
        var left = survivors(marker)
        let deadline = Date().addingTimeInterval(2)
        while !left.isEmpty, Date() < deadline {
            usleep(50_000)
            left = survivors(marker)
        }
        #expect(left.isEmpty, comment)
        for pid in left { kill(pid, SIGKILL) }
    }

    /// What every marker of this suite begins with: other suites' fault drivers run beside it
    /// under the faulty driver's default marker (`authspec-test`, with `-escaped` and
    /// `-daemon` after it), and their processes are theirs to end, never this suite's.
    static let markerPrefix = "authspec-hostile-"

    static func marker() -> String { markerPrefix + UUID().uuidString.prefix(8) }

    @Test func nothingADriverStartsOutlivesTheRun() throws {
        let folder = try TestSupport.temporaryFolder(["s.yaml": Self.scenarios])
        let logs = folder + "/logs"
        for (label, extra) in [
            ("long mode, clean bye", ["--fault", "spawn", "--scenario", "second"]),
            ("fresh mode, one process per scenario", ["--fault", "spawn", "--scenario", "'*'"]),
            ("a crash", ["--fault", "spawn-crash", "--scenario", "second"]),
        ] {
            let marker = Self.marker()
            var arguments = [
                "run", folder, "--quiet", "--log-dir", logs, "--driver",
                ([Self.faulty] + extra + ["--marker", marker]).joined(separator: " "),
            ]
            if label.hasPrefix("fresh") { arguments += ["--driver-mode", "fresh"] }
            let result = try TestSupport.authspec(arguments)
            #expect(result.status == (label == "a crash" ? 1 : 0), "\(label): \(result.stdout)")
            Self.expectNoSurvivors(marker, "\(label): processes left behind")
        }
        let marker = Self.marker()
        let doctor = try TestSupport.authspec([
            "doctor", "--driver", "\(Self.faulty) --fault spawn --scenario '*' --marker \(marker)",
        ])
        #expect(doctor.status == 0, "\(doctor.stdout)")
        Self.expectNoSurvivors(marker, "doctor: processes left behind")
        // Nothing of any case above, wherever it was re-parented.
        Self.expectNoSurvivors(Self.markerPrefix, "processes left behind by any case")
    }

    /// A driver dies with authspec however authspec ends, even killed outright with SIGKILL,
    /// when nothing of authspec runs to end it, and so does everything its shell started: a
    /// child in its group, one that left with setsid, a daemon forked twice (`spawn-daemon`).
    /// Each driver runs under a guard, its parent and subreaper, that outlives authspec just
    /// long enough to end them all.
    @Test(arguments: ["hang", "spawn-daemon"])
    func noDriverOutlivesAuthspecKilledOutright(fault: String) throws {
        let folder = try TestSupport.temporaryFolder(["s.yaml": Self.scenarios])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let marker = Self.marker()
        let process = Process()
        process.executableURL = TestSupport.binary
        process.currentDirectoryURL = TestSupport.root
        process.arguments = [
            "run", folder, "--quiet", "--log-dir", folder + "/logs", "--driver",
            "\(Self.faulty) --fault \(fault) --scenario second --marker \(marker) --ready-file \(folder)/ready",
        ]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: folder + "/ready"), Date() < deadline { usleep(20_000) }
        usleep(200_000)
        #expect(
            Self.survivors(marker).count == (fault == "hang" ? 1 : 4),
            "the driver runs, hung in the second scenario, with what it started")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
        Self.expectNoSurvivors(marker, "a driver outlived authspec killed by SIGKILL")
    }

    @Test(arguments: [(SIGINT, 130, "SIGINT"), (SIGTERM, 143, "SIGTERM"), (SIGHUP, 129, "SIGHUP")])
    func aSignalEndsTheRunInOrder(signal: Int32, status: Int32, name: String) throws {
        let folder = try TestSupport.temporaryFolder(["s.yaml": Self.scenarios])
        let marker = Self.marker()
        let process = Process()
        process.executableURL = TestSupport.binary
        process.currentDirectoryURL = TestSupport.root
        process.arguments = [
            "run", folder, "--quiet", "--log-dir", folder + "/logs", "--json", folder + "/r.json", "--junit",
            folder + "/j.xml", "--markdown", folder + "/r.md", "--driver",
            "\(Self.faulty) --fault spawn-hang --scenario second --marker \(marker) --ready-file \(folder)/ready",
        ]
        _ = FileManager.default.createFile(atPath: folder + "/out.txt", contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: folder + "/out.txt")
        try process.run()
        // The driver is inside the second scenario once it says its children are started.
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: folder + "/ready"), Date() < deadline { usleep(20_000) }
        #expect(FileManager.default.fileExists(atPath: folder + "/ready"))
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationStatus == status)
        Self.expectNoSurvivors(marker, "after \(name)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/r.json")))
                as? [String: Any])
        #expect(json["interrupted"] as? Bool == true)
        #expect(json["signal"] as? String == name)
        let unfinished = (json["unfinished"] as? [[String: String]] ?? []).map { $0["scenario"] ?? "" }
        #expect(
            unfinished == ["second", "third"],
            "\(Self.survivors(marker)) \((try? String(contentsOfFile: folder + "/out.txt", encoding: .utf8)) ?? "")")
        #expect((json["summary"] as? [String: Int])?["passed"] == 4)
        let junit = try TestSupport.xml(at: folder + "/j.xml")
        #expect(try junit.values("//property[@name='interrupted']/@value") == [name])
        // Read as a CI consumer reads it: the unfinished scenarios are errors, never absent.
        #expect(
            try junit.values("//testcase[@classname='unlock.interrupted']/@name") == ["second", "third"])
        #expect(
            try junit.values("//testcase[@name='third']/error/@message") == [
                "not finished: the run was interrupted by \(name)"
            ])
        let counts = try TestSupport.junitparserCounts(folder + "/j.xml")
        #expect(counts.last?["errors"] as? Int == 2, "\(counts)")
        #expect(try String(contentsOfFile: folder + "/r.md", encoding: .utf8).contains("**Interrupted by \(name)**"))
    }

    @Test func aDriverThatStopsReadingErrorsWithinItsTimeout() throws {
        let folder = try TestSupport.temporaryFolder([
            "s.yaml": Self.scenarios
                + "---\nid: zz-long\ntitle: t\nspec: [x]\nsteps:\n  - launch\n  - advance: 1s\n    repeat: 5000\n"
        ])
        let started = Date()
        let result = try TestSupport.authspec([
            "run", folder, "--log-dir", folder + "/logs", "--step-timeout", "1s", "--driver",
            "\(Self.faulty) --fault no-read --scenario zz-long", "--json", folder + "/r.json",
        ])
        #expect(Date().timeIntervalSince(started) < 15)
        #expect(result.status == 1)
        let run = try TestSupport.results(at: folder + "/r.json")
        let outcomes = run.outcomes(on: "faulty-no-read")
        #expect(outcomes.count == 4 && outcomes.filter { $0.value == .passed }.count == 3)
        #expect(outcomes["zz-long"] == .errored)
        let errored = run.allRecords.first { $0.implementation == "faulty-no-read" && $0.id == "zz-long" }
        let message = errored?.message ?? errored?.steps.compactMap(\.message).last
        #expect(message?.hasPrefix("the driver stopped reading its input") == true, "\(result.stdout)")
    }

    @Test func escapeSequencesFromFilesAndDriversAreShownNotObeyed() throws {
        let hostile = "\u{1B}]0;owned\u{7}\u{1B}[2J\rPASSED"
        let folder = try TestSupport.temporaryFolder([
            "s.yaml":
                "id: esc\ntitle: \"title \\e[31m red\\n[1/1] PASSED  fake\"\nspec: [x]\nsteps:\n  - launch\n  - tap: \"\\e[2J\"\n"
        ])
        let result = try TestSupport.authspec(["run", folder, "--markdown", folder + "/r.md"])
        let everything = result.stdout + result.stderr
        #expect(!everything.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
        #expect(everything.contains("\\e[2J"))
        let markdown = try String(contentsOfFile: folder + "/r.md", encoding: .utf8)
        #expect(!markdown.unicodeScalars.contains { $0 == "\u{1B}" })
        // A driver's stderr and error messages are shown the same way.
        let driver = try TestSupport.temporaryFolder([
            "driver.sh":
                "printf '\(hostile.replacingOccurrences(of: "\u{1B}", with: "\\033").replacingOccurrences(of: "\u{7}", with: "\\007").replacingOccurrences(of: "\r", with: "\\r"))\\n' >&2; exit 3\n"
        ])
        let broken = try TestSupport.authspec([
            "run", TestSupport.scenariosFolder, "--id", "brief-*", "--quiet", "--log-dir", driver + "/logs",
            "--driver", "sh \(driver)/driver.sh",
        ])
        #expect(broken.status == 1)
        #expect(broken.stdout.contains("\\e]0;owned\\u{7}\\e[2J\\rPASSED"))
        #expect(!(broken.stdout + broken.stderr).unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\r" })
    }

    @Test func hugeRepliesAndFloodedLogsCostABoundedAmount() throws {
        let folder = try TestSupport.temporaryFolder([
            "s.yaml":
                "id: fat\ntitle: t\nspec: [x]\nsteps:\n  - launch\n  - advance: 1s\n    repeat: 60\n    expect: {state: BiometricPrompt}\n"
        ])
        // 61 replies of a megabyte each: each is cut as it arrives, not held whole until judged.
        let measured = try TestSupport.measure(
            TestSupport.binary,
            [
                "run", folder, "--quiet", "--log-dir", folder + "/logs", "--json", folder + "/r.json",
                // A debug build on a busy machine takes its time over megabyte lines.
                "--scenario-timeout", "10m", "--step-timeout", "1m",
                "--driver", "\(Self.faulty) --fault fat-replies --scenario fat",
            ])
        #expect(measured.status == 0, "\(measured.stdout)")
        #expect(measured.peakKilobytes < 50_000, "peak RSS \(measured.peakKilobytes) KB")
        let results = try String(contentsOfFile: folder + "/r.json", encoding: .utf8)
        #expect(results.utf8.count < 1_000_000)
        // Six megabytes of stderr from each of seven fresh processes: one log, capped.
        let flood = try TestSupport.authspec(
            [
                // What is measured is the log's cap; a starved machine takes more than 5 s per
                // reply while a process writes 6 MB of stderr (seen in a clean-clone CI run).
                "run", TestSupport.scenariosFolder, "--id", "brief-*", "--quiet", "--driver-mode", "fresh",
                "--step-timeout", "1m", "--log-dir", folder + "/flood", "--driver",
                "\(Self.faulty) --fault stderr-flood --scenario '*'",
            ])
        #expect(flood.status == 0, "\(flood.stdout)")
        let log = try Data(contentsOf: URL(fileURLWithPath: folder + "/flood/driver-1.stderr.log"))
        #expect(log.count > 15_000_000 && log.count < (16 << 20) + 200, "log of \(log.count) bytes")
        #expect(log.suffix(StderrLog.cutNotice.utf8.count) == Data(StderrLog.cutNotice.utf8))
    }

    @Test func aDriversOwnWordsStayOnTheirLine() throws {
        let folder = try TestSupport.temporaryFolder([
            "driver.py": """
            import json, sys
            for line in sys.stdin:
                request = json.loads(line)
                reply = {"id": request["id"], "ok": True}
                if request["type"] == "hello":
                    reply.update(protocol=1, implementation={"name": "NAME\\n[1/1] PASSED  fake", "version": "1\\n\\n## v",
                                 "language": "x\\u001b[2J"}, capabilities={"inputs": ["launch"], "observations": []})
                elif request["type"] == "input":
                    reply["observations"] = {}
                print(json.dumps(reply), flush=True)
                if request["type"] == "bye":
                    break

            """
        ])
        let doctor = try TestSupport.authspec(["doctor", "--driver", "python3 \(folder)/driver.py"])
        #expect(
            doctor.stdout.contains("NAME\\n[1/1] PASSED  fake 1\\n\\n## v (x\\e[2J), protocol 1"), "\(doctor.stdout)")
        #expect(!doctor.stdout.contains("\n[1/1] PASSED"))
    }
}
