import AuthSpecTestSupport
import Foundation
import ScenarioModel
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Where reports go, through the built binary: standard output, FIFOs and devices written in
/// place (never renamed over), clashes and unwritable targets refused before anything runs,
/// and one report failing while written does not cost the others.
@Suite(.serialized, .tags(.binary)) struct OutputPathTests {
    static let selection = [TestSupport.scenariosFolder, "--id", "brief-*"]

    static func isFIFO(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
    }

    static func isCharacterDevice(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR
    }

    /// A report named onto one of the command's own inputs is refused before anything runs,
    /// whatever name reaches the file (another path, a symlink), and the input is left as it was.
    @Test func aReportNeverOverwritesAnInput() throws {
        let scenario = "id: a1\ntitle: t\nspec: [x]\ncovers: [REQ-A]\nsteps: [launch]\n"
        let requirements = "- {id: REQ-A, clause: x, text: y}\n"
        let folder = try TestSupport.temporaryFolder([
            "suite/a.yaml": scenario, "suite/requirements.yaml": requirements,
        ])
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/link.yaml", withDestinationPath: folder + "/suite/a.yaml")
        let cases: [([String], String)] = [
            (["--json", folder + "/suite/a.yaml"], "--json would write over"),
            (["--markdown", folder + "/suite/../suite/requirements.yaml"], "--markdown would write over"),
            (["--junit", folder + "/link.yaml"], "--junit would write over"),
        ]
        for (options, message) in cases {
            let result = try TestSupport.authspec(["run", folder + "/suite", "--quiet"] + options)
            // Its words: output-reports-onto-inputs.txt.
            #expect(result.status == 2, "\(options) (\(message)): \(result.stdout)")
        }
        #expect(try String(contentsOfFile: folder + "/suite/a.yaml", encoding: .utf8) == scenario)
        #expect(try String(contentsOfFile: folder + "/suite/requirements.yaml", encoding: .utf8) == requirements)
        // merge: a shard's results are its inputs.
        let shard = folder + "/r1.json"
        _ = try TestSupport.authspec(["run", folder + "/suite", "--quiet", "--json", shard, "--shard", "1/1"])
        let before = try String(contentsOfFile: shard, encoding: .utf8)
        let merged = try TestSupport.authspec(["merge", shard, "--markdown", shard])
        #expect(merged.status == 2, "\(merged.stderr)")
        #expect(try String(contentsOfFile: shard, encoding: .utf8) == before)
    }

    /// `record --output` goes through the same guard: never onto another scenario file of the
    /// suite, its catalogue or manifest, by any name; onto the scenario file itself only with
    /// --in-place. Every file is left as it was.
    @Test func recordNeverOverwritesAnotherInputOfItsSuite() throws {
        let files = [
            "authspec.yaml": "model: unlock\nscenarios: [suite]\nrequirements: suite/requirements.yaml\n",
            "suite/requirements.yaml": "- {id: REQ-A, clause: x, text: y}\n",
            "suite/a.yaml": "id: a\ntitle: t\nspec: [x]\nsteps:\n  - launch\n",
            "suite/b.yaml": "id: b\ntitle: t\nspec: [x]\n\(TestSupport.launchChecked)",
        ]
        let folder = try TestSupport.temporaryFolder(files)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.yaml", withDestinationPath: "suite/b.yaml")
        for target in [
            "suite/b.yaml", "suite/requirements.yaml", "authspec.yaml", "link.yaml", "./suite/../suite/b.yaml",
        ] {
            let result = try TestSupport.authspec(
                ["record", "suite/a.yaml", "--output", target], in: URL(fileURLWithPath: folder))
            // Its words: output-record-onto-inputs.txt.
            #expect(result.status == 2, "\(target): \(result.stderr)")
        }
        let itself = try TestSupport.authspec(
            ["record", "suite/a.yaml", "--output", "suite/a.yaml"], in: URL(fileURLWithPath: folder))
        #expect(itself.status == 2, "\(itself.stderr)")
        for (name, text) in files {
            #expect(try String(contentsOfFile: "\(folder)/\(name)", encoding: .utf8) == text, "\(name) changed")
        }
        let elsewhere = try TestSupport.authspec(
            ["record", "suite/a.yaml", "--output", "a-recorded.yaml"], in: URL(fileURLWithPath: folder))
        #expect(elsewhere.status == 0, "\(elsewhere.stderr)")
    }

    /// What the selection's run prints on a terminal when no report takes standard output,
    /// timings made constant.
    static func terminalText() throws -> String {
        try steady(TestSupport.authspec(["run"] + selection).stdout)
    }

    static func steady(_ text: String) -> String { GoldenOutputTests.steady(text) }

    @Test func aDashIsStandardOutputAndTheTerminalTextMovesAside() throws {
        let result = try TestSupport.authspec(["run"] + Self.selection + ["--json", "-"])
        #expect(result.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(json?["interrupted"] as? Bool == false)
        #expect(try Self.steady(result.stderr) == Self.terminalText())
        #expect(!FileManager.default.fileExists(atPath: TestSupport.root.appendingPathComponent("-").path))
    }

    @Test func anotherNameForStandardOutputAlsoMovesTheTerminalTextAside() throws {
        let result = try TestSupport.authspec(["run"] + Self.selection + ["--json", "/dev/stdout"])
        #expect(result.status == 0)
        #expect((try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]) != nil)
        #expect(try Self.steady(result.stderr) == Self.terminalText())
    }

    @Test func aFIFOIsWrittenInPlaceAndStaysAFIFO() throws {
        let folder = try TestSupport.temporaryFolder([:])
        let fifo = folder + "/results.fifo"
        #expect(mkfifo(fifo, 0o644) == 0)
        // A reader of our own, as `cat fifo` would be.
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", "cat \"$0\" > \"$1\"", fifo, folder + "/received.json"]
        try reader.run()
        let result = try TestSupport.authspec(["run"] + Self.selection + ["--json", fifo])
        reader.waitUntilExit()
        #expect(result.status == 0)
        #expect(Self.isFIFO(fifo))
        let received = try Data(contentsOf: URL(fileURLWithPath: folder + "/received.json"))
        #expect((try JSONSerialization.jsonObject(with: received) as? [String: Any])?["summary"] != nil)
    }

    @Test(.enabled(if: getuid() == 0, "making a device node needs root"))
    func aDeviceIsWrittenInPlaceAndStaysADevice() throws {
        let folder = try TestSupport.temporaryFolder([:])
        // Our own null and full devices (1:3 and 1:7; small numbers encode as major << 8 | minor), not the machine's.
        let null = folder + "/null"
        let full = folder + "/full"
        #expect(mknod(null, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0)
        #expect(mknod(full, S_IFCHR | 0o666, dev_t((1 << 8) | 7)) == 0)
        let result = try TestSupport.authspec(["run"] + Self.selection + ["--json", null])
        #expect(result.status == 0)
        #expect(Self.isCharacterDevice(null))
        // A report that fails while written: the others are written, the verdict printed, exit 2.
        let failing = try TestSupport.authspec(
            ["run"] + Self.selection + ["--json", full, "--junit", folder + "/junit.xml"])
        #expect(failing.status == 2)
        #expect(Self.isCharacterDevice(full))
        #expect(
            failing.stderr.contains(
                "Error: the --json report was not written: cannot write \(full): no space left on the device"))
        #expect(Self.steady(failing.stdout) == (try Self.terminalText()))
        #expect(try TestSupport.junitparserCounts(folder + "/junit.xml").map { $0["cases"] as? Int } == [7])
    }

    /// The Markdown fits a pull request's comment by default: a run whose whole report is
    /// larger (a driver observing the state alone, the full profile) is cut to 65,536 bytes and
    /// says so; a driver's 100,000-character name is cut before any report, so a small cap
    /// holds; two names alike once cut are bad input, said at --driver.
    @Test func theMarkdownFitsByDefaultAndADriversNameCannotBurstIt() throws {
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let states = "python3 Examples/python/driver.py --argon2-memory-kib 8 --observe state"
        let common = ["run", "--log-dir", folder + "/logs", "--quiet"]
        let whole = try TestSupport.authspec(
            common + ["--driver", states, "--markdown", folder + "/whole.md", "--markdown-max-bytes", "1000000"])
        #expect(whole.status == 1, "\(whole.stdout)\(whole.stderr)")
        let wholeSize = try Data(contentsOf: URL(fileURLWithPath: folder + "/whole.md")).count
        #expect(
            wholeSize > 65_536, "the uncut report must be larger than the default cap for this test to mean anything")
        let capped = try TestSupport.authspec(common + ["--driver", states, "--markdown", folder + "/default.md"])
        #expect(capped.status == 1)
        let text = try String(contentsOfFile: folder + "/default.md", encoding: .utf8)
        #expect(text.utf8.count <= 65_536)
        #expect(text.contains("**Cut to stay under 65536 bytes (--markdown-max-bytes)**"), "\(text.suffix(600))")

        let long =
            "python3 Tests/Fixtures/drivers/faulty_driver.py --fault crash --scenario none --name n --name-repeat 100000"
        let named = try TestSupport.authspec(
            common + Self.selection + [
                "--driver", long, "--markdown", folder + "/named.md", "--markdown-max-bytes", "4096",
                "--json", folder + "/named.json",
            ])
        #expect(named.status == 0, "\(named.stdout)\(named.stderr)")
        let small = try String(contentsOfFile: folder + "/named.md", encoding: .utf8)
        #expect(small.utf8.count <= 4096)
        let json = try String(contentsOfFile: folder + "/named.json", encoding: .utf8)
        #expect(!json.contains(String(repeating: "n", count: 101)), "the name reached the results whole")
        #expect(json.contains(String(repeating: "n", count: 99) + "…"))
        #expect(!named.stdout.contains(String(repeating: "n", count: 101)))

        let alike =
            "python3 Tests/Fixtures/drivers/faulty_driver.py --fault crash --scenario none --name n --name-repeat 150"
        let clash = try TestSupport.authspec(
            common + Self.selection + ["--driver", long, "--driver", alike, "--json", folder + "/clash.json"])
        #expect(clash.status == 2, "\(clash.stdout)\(clash.stderr)")
        let taken = Diagnostic.Problem.driverNameTaken(
            index: 2, command: alike, name: String(repeating: "n", count: 99) + "…", other: 1)
        #expect(clash.stderr.contains(taken.description), "\(clash.stderr)")
    }

    // Report targets that clash or cannot be written are refused before anything runs, each
    // with its message: the golden case `report-targets-refused` (GoldenOutputTests).
}
