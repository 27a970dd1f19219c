import AuthSpecTestSupport
import Foundation
import ScenarioModel
import Testing

/// The built `authspec` binary: help, exit codes, failure output, JSON results.
@Suite(.serialized, .tags(.binary)) struct CLITests {
    @Test func helpIsTheSameByEitherRoute() throws {
        let viaFlag = try TestSupport.authspec(["run", "--help"])
        let viaHelp = try TestSupport.authspec(["help", "run"])
        #expect(viaFlag.status == 0 && viaHelp.status == 0)
        #expect(viaFlag.stdout == viaHelp.stdout)
        #expect(viaFlag.stdout.hasPrefix("OVERVIEW: Run scenarios against the reference and any external drivers.\n"))
        for section in [
            "\nUSAGE: authspec run [<paths> ...]", "\nARGUMENTS:\n  <paths>", "\nOPTIONS:\n  --tag <tag>     ",
            "  -h, --help              Show help information.",
        ] {
            #expect(viaFlag.stdout.contains(section), "missing \(section)")
        }
        #expect(viaFlag.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 || $0.hasPrefix("USAGE:") })
        let root = try TestSupport.authspec(["--help"])
        #expect(root.status == 0 && root.stdout.contains("SUBCOMMANDS:\n  run "))
        #expect(root.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    @Test func usageErrorsExitWithTwoAndPointAtHelp() throws {
        let result = try TestSupport.authspec(["run", "--colour"])
        #expect(result.status == 2)
        #expect(
            result.stderr == """
                Error: Unknown option '--colour'
                Usage: authspec run [<options>] [<paths> ...]
                  See 'authspec help run' for more information.

                """)
        #expect(try TestSupport.authspec(["frobnicate"]).status == 2)
        // Near misses get a suggestion.
        let typo = try TestSupport.authspec(["rnu"])
        #expect(typo.status == 2 && typo.stderr.hasPrefix("Error: Unknown subcommand 'rnu' (did you mean 'run'?)\n"))
        let option = try TestSupport.authspec(["run", "--jbos", "2"])
        #expect(
            option.status == 2 && option.stderr.hasPrefix("Error: Unknown option '--jbos' (did you mean '--jobs'?)\n"),
            "\(option.stderr)")
        let lint = try TestSupport.authspec(["lint", "--load-onyl"])
        #expect(lint.stderr.hasPrefix("Error: Unknown option '--load-onyl' (did you mean '--load-only'?)\n"))
        #expect(
            try TestSupport.authspec(["run", "--argon2", "scrypt"]).stderr.hasPrefix(
                "Error: --argon2 takes light or owasp, not 'scrypt'"))
        #expect(
            try TestSupport.authspec(["run", "--json"]).stderr.hasPrefix("Error: Missing value for '--json <file>'"))
        let spec = try TestSupport.authspec(["spec", "chekc", "doc.txt"])
        #expect(
            spec.status == 2 && spec.stderr.hasPrefix("Error: Unknown subcommand 'spec chekc' (did you mean 'check'?)"))
        let merge = try TestSupport.authspec(["merge"])
        #expect(merge.status == 2 && merge.stderr.contains("Name the results JSON file of every shard"))
        // Shards that do not make a whole write no report at all.
        let folder = try TestSupport.temporaryFolder(["bad.json": "{\n  \"format\": tru\n}\n"])
        let refused = try TestSupport.authspec(["merge", folder + "/bad.json", "--junit", folder + "/m.xml"])
        #expect(refused.status == 2 && refused.stderr.contains("bad.json:2:13: error: not JSON"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/m.xml"), "no report from shards that do not add up")
        let tooSmall = try TestSupport.authspec(["run", "--markdown-max-bytes", "100", "--quiet"])
        #expect(tooSmall.status == 2)
        #expect(tooSmall.stderr.contains("--markdown-max-bytes takes a whole number of bytes from 2048, not '100'"))
        let depth = try TestSupport.authspec(["check-model", "--depth", "99"])
        #expect(depth.status == 2 && depth.stderr.contains("--depth takes a whole number from 1 to 12, not '99'"))
        // A model the suite found is not: one usage error, not an input error per scenario.
        let conflict = try TestSupport.authspec(["run", "--model", "auth-flow", "--quiet"])
        #expect(conflict.status == 2)
        #expect(
            conflict.stderr.contains(
                "--model auth-flow, but the suite found is the unlock model's (authspec.yaml): name the auth-flow suite's scenarios, or leave --model out"
            ), "\(conflict.stderr)")
        #expect(!conflict.stderr.contains("input error"))
        // A shard is one model's: asked for with both, a usage error before anything runs.
        let jsonFolder = try TestSupport.temporaryFolder([:])
        let json = try TestSupport.authspec([
            "run", "Scenarios", "AuthFlow/Scenarios", "--shard", "1/2", "--json", jsonFolder + "/r.json",
        ])
        #expect(json.status == 2)
        #expect(json.stderr.contains("--shard belongs to one model's run, and these paths hold suites of 2 models"))
        #expect(!FileManager.default.fileExists(atPath: jsonFolder + "/r.json"))
        #expect(try TestSupport.authspec(["model", "--format", "dot"]).status == 2)
        let profile = try TestSupport.authspec(["run", "--quiet", "--profile", "most"])
        #expect(profile.status == 2)
        #expect(
            profile.stderr.contains(
                "--profile takes minimal, standard, platform, full (the unlock model's), not 'most'"))
        // The environment is read too: the number of records held in memory is a whole number.
        let held = try TestSupport.authspec(
            ["run", TestSupport.scenariosFolder, "--quiet"], environment: ["AUTHSPEC_RECORDS_HELD": "some"])
        #expect(held.status == 2 && held.stderr.contains("AUTHSPEC_RECORDS_HELD must be a whole number"))
    }

    /// --update-baseline rewrites each baseline from the run and says so.
    @Test func updateBaselineRewritesTheFile() throws {
        let folder = try TestSupport.temporaryFolder([
            "pass.yaml": """
            implementation: python-example
            expected:
              - {id: brief-cancel-goes-to-pin, outcome: failed, reason: "was broken once"}

            """
        ])
        let result = try TestSupport.authspec([
            "run", "--quiet", "--id", "brief-*", "--log-dir", folder, "--driver",
            "python3 Examples/python/driver.py --argon2-memory-kib 8", "--baseline", folder + "/pass.yaml",
            "--update-baseline",
        ])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("baseline \(folder)/pass.yaml: 0 entries for python-example (was 1)"))
        let text = try String(contentsOfFile: folder + "/pass.yaml", encoding: .utf8)
        #expect(!text.contains("brief-cancel-goes-to-pin"), "\(text)")
    }

    @Test func theSuitePassesWithExitZeroAndWritesJSON() throws {
        let folder = try TestSupport.temporaryFolder([:])
        let json = "\(folder)/out/results.json"
        let result = try TestSupport.authspec(["run", "--json", json])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let count = TestSupport.suite().scenarios.count
        #expect(
            result.stdout.contains(
                "\(count) scenarios against reference: \(count) passed, 0 failed, 0 errored, 0 skipped"))
        // The number is padded to the width of the total.
        let padding = String(repeating: " ", count: String(count).count - 1)
        #expect(result.stdout.contains("[\(padding)1/\(count)] PASSED  "))
        let document =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any]
        let summary = document?["summary"] as? [String: Int]
        #expect(
            summary == [
                "passed": count, "partly_checked": 0, "not_checked": 0, "failed": 0, "errored": 0, "skipped": 0,
                "refused": 0,
            ])
        let scenarios = document?["scenarios"] as? [[String: Any]] ?? []
        #expect(scenarios.count == count)
        #expect(scenarios.first?["outcome"] as? String == "passed")
        #expect((scenarios.first?["file"] as? String)?.hasPrefix("Scenarios/") == true)
        #expect(((scenarios.first?["steps"] as? [[String: Any]])?.first?["input"] as? String) == "launch")
        // Nothing is left beside the results: the temporary file was renamed over it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(folder)/out") == ["results.json"])
    }

    @Test func filtersSelectByTagAndIdGlob() throws {
        let byID = try TestSupport.authspec(["run", "--id", "brief-pin-*"])
        #expect(byID.status == 0)
        #expect(byID.stdout.contains("4 scenarios against reference: 4 passed"))
        let byTag = try TestSupport.authspec(["run", "--tag", "platform-error", "--tag", "boundary"])
        let expected = TestSupport.suite().scenarios.filter {
            !Set($0.tags).isDisjoint(with: ["platform-error", "boundary"])
        }.count
        #expect(byTag.stdout.contains("\(expected) scenarios against reference: \(expected) passed"))
    }

    @Test func aFailingScenarioExitsOneAndShowsTheStepAndEachDifference() throws {
        let folder = try TestSupport.temporaryFolder([
            "wrong.yaml": """
            id: wrong-lock
            title: Expects a two-minute lock
            spec: ["SCR-AUTH-006 §6.1.2"]
            given: {biometric_enabled: false, pin_failures: 4}
            steps:
              - launch
              - enter_pin: "0000"
                expect: {state: PINBlocked, lock_remaining: 2m, countdown: "02:00"}

            """
        ])
        let result = try TestSupport.authspec(["run", folder, "--json", "\(folder)/r.json"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("FAILED: wrong-lock — Expects a two-minute lock"))
        #expect(result.stdout.contains("\(folder)/wrong.yaml:7:5: step 2: enter_pin: \"0000\"\n"))
        #expect(result.stdout.contains("    lock_remaining: expected 2m\n                    observed 1m\n"))
        #expect(
            result.stdout.contains("    countdown:      expected \"02:00\"\n                    observed \"01:00\"\n"))
        #expect(result.stdout.contains("1 scenario against reference: 0 passed, 1 failed"))
        let document =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/r.json")))
            as? [String: Any]
        let step = ((document?["scenarios"] as? [[String: Any]])?.first?["steps"] as? [[String: Any]])?.last
        let differences = step?["differences"] as? [[String: Any]]
        #expect(differences?.map { $0["key"] as? String } == ["lock_remaining", "countdown"])
        #expect(differences?.first?["expected"] as? Int == 120_000)
        #expect(differences?.first?["observed"] as? Int == 60_000)
    }

    @Test func brokenFilesExitTwoNameEveryErrorAndTheRestStillRun() throws {
        let folder = try TestSupport.temporaryFolder([
            "a-good.yaml":
                "id: good\ntitle: fine\nspec: [\"SCR-AUTH-006 §5.1\"]\nsteps:\n  - launch:\n    expect: {state: BiometricPrompt}\n",
            "b-bad.yaml":
                "id: bad\ntitle: typo\nspec: [\"SCR-AUTH-006 §5.1\"]\nsteps:\n  - launch:\n    expect: {state: BiometricPromt}\n  - advance: 3 days\n",
            "c-syntax.yaml": "id: x\nsteps: [\n",
        ])
        let result = try TestSupport.authspec(["run", folder, "--json", "\(folder)/r.json"])
        #expect(result.status == 2)
        let errorLines = result.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(
            errorLines.map { String($0.split(separator: " ")[0]) } == [
                "\(folder)/b-bad.yaml:6:21:", "\(folder)/b-bad.yaml:7:14:", "\(folder)/c-syntax.yaml:3:1:",
            ])
        #expect(result.stderr.contains("unknown state 'BiometricPromt' (did you mean 'BiometricPrompt'?)"))
        #expect(result.stdout.contains("1 scenario against reference: 1 passed"))
        #expect(result.stdout.contains("3 input errors"))
        #expect(FileManager.default.fileExists(atPath: "\(folder)/r.json"))
    }

    @Test func severalImplementationsGiveAMatrix() throws {
        let folder = try TestSupport.temporaryFolder([:])
        let result = try TestSupport.authspec([
            "run", "--id", "brief-*", "--json", "\(folder)/r.json", "--log-dir", folder,
            "--driver", "python3 Examples/python/driver.py", "--driver",
            "python3 Examples/python/driver.py --bug eighth-gives-15-min",
        ])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "scenario                                    reference       python-example  python-example+eighth-gives-15-min"
            ))
        #expect(
            result.stdout.contains(
                "brief-pin-failure-8-and-beyond-lock-1-hour  passed          passed          failed"))
        #expect(
            result.stdout.contains(
                "7 scenarios against python-example+eighth-gives-15-min: 6 passed, 1 failed, 0 errored, 0 skipped"))
        let document =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/r.json")))
            as? [String: Any]
        #expect(
            (document?["summary"] as? [String: Int]) == [
                "passed": 20, "partly_checked": 0, "not_checked": 0, "failed": 1, "errored": 0, "skipped": 0,
                "refused": 0,
            ])
        let matrix = document?["matrix"] as? [String: [String: String]]
        #expect(
            matrix?["brief-pin-failure-8-and-beyond-lock-1-hour"] == [
                "reference": "passed", "python-example": "passed", "python-example+eighth-gives-15-min": "failed",
            ])
        let implementations = document?["implementations"] as? [[String: Any]]
        #expect(
            implementations?.map { $0["name"] as? String } == [
                "reference", "python-example", "python-example+eighth-gives-15-min",
            ])
        #expect(implementations?[1]["language"] as? String == "python")
    }

    @Test func exploreOptionsAreUsageErrors() throws {
        let folder = try TestSupport.temporaryFolder([:])
        for (options, message) in [
            (["explore", "--driver", "x", "--driver", "y"], "explore drives one implementation: give one --driver"),
            (["explore", "--jobs", "0"], "--jobs takes a whole number from 1 to 64"),
            (["explore", "--driver", "x", "--seed", "-1"], "--seed takes a whole number"),
            (["explore", "--driver", "x", "--budget", "soon"], "--budget takes a duration"),
            (["explore", "--driver", "x", "--depth", "0"], "--depth takes a whole number from 1 to 1000"),
            (["explore", "--driver", "x", "--runs", "many"], "--runs takes a whole number"),
            (["explore", "--keys", "state,colour"], "'colour' is not an observation key of the unlock model"),
            (["explore", "--out", "-", "--json", "-"], "--json and --out both write to standard output"),
            (["explore", "--out", folder + "/e.yaml", "--json", folder + "/e.yaml"], "--json and --out both write to"),
        ] {
            let result = try TestSupport.authspec(options + ["--log-dir", folder + "/logs"])
            #expect(result.status == 2, "\(options)")
            #expect(result.stderr.contains(message), "\(options): \(result.stderr)")
        }
    }

    /// explore's --baseline is one implementation's: another driver's is bad input, exit 2,
    /// before the first run.
    @Test func exploreRefusesAnotherImplementationsBaseline() throws {
        let folder = try TestSupport.temporaryFolder(["b.yaml": "implementation: some-other-app\nexpected: []\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try TestSupport.authspec([
            "explore", "--runs", "5", "--baseline", folder + "/b.yaml", "--log-dir", folder, "--driver",
            "python3 Examples/python/driver.py --argon2-memory-kib 8",
        ])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stderr.contains(
                "explore: --baseline: the baseline is some-other-app's; the driver calls itself python-example"),
            "\(result.stderr)")
    }

    /// `--out` never writes over a file explore did not write (a suite's scenario, say): refused
    /// before anything runs, the file left as it was; its own earlier counterexample it may.
    @Test func theCounterexampleNeverOverwritesAnotherFile() throws {
        let scenario = "id: a1\ntitle: t\nspec: [x]\nsteps: [launch]\n"
        let earlier = FoundFile.sealed(
            "# Found by authspec explore: seed 1, run 2, depth 3; shrunk from 3 steps in 1 tries.\nid: x\n")
        let folder = try TestSupport.temporaryFolder(["a.yaml": scenario, "earlier.yaml": earlier])
        let refused = try TestSupport.authspec(["explore", "--runs", "2", "--quiet", "--out", folder + "/a.yaml"])
        #expect(refused.status == 2 && refused.stderr.contains("a file authspec did not write"), "\(refused.stderr)")
        #expect(try String(contentsOfFile: folder + "/a.yaml", encoding: .utf8) == scenario)
        // Two runs find nothing and are no conclusion: exit 1, the file taken as explore's.
        let again = try TestSupport.authspec(["explore", "--runs", "2", "--quiet", "--out", folder + "/earlier.yaml"])
        #expect(again.status == 1 && again.stdout.contains("INCONCLUSIVE: "), "\(again.stdout)\(again.stderr)")
    }

    /// Every command that writes the scenarios it finds (check-model's broken invariants,
    /// mutate's holes) refuses, before anything runs, a file there that authspec did not write,
    /// in a suite or outside one, and leaves it as it was.
    @Test func foundScenariosNeverOverwriteAHandWrittenFile() throws {
        let notes = "my notes\n"
        let folder = try TestSupport.temporaryFolder([
            "check-model-declared-transitions.yaml": notes, "mutant-biometric-attempts-plus-1.yaml": notes,
        ])
        let commands = [
            ["check-model", "--depth", "1", "--worlds", "1", "--out", folder],
            ["mutate", "--quiet", "--counterexamples", folder],
        ]
        for command in commands {
            let refused = try TestSupport.authspec(command)
            #expect(refused.status == 2, "\(command): \(refused.stdout)\(refused.stderr)")
            #expect(refused.stderr.contains("a file authspec did not write"), "\(command): \(refused.stderr)")
            #expect(refused.stdout.isEmpty, "\(command): refused before anything runs: \(refused.stdout)")
        }
        for file in ["check-model-declared-transitions.yaml", "mutant-biometric-attempts-plus-1.yaml"] {
            #expect(try String(contentsOfFile: folder + "/" + file, encoding: .utf8) == notes)
        }
    }

    /// What authspec writes and may write again it writes over only while it is as authspec
    /// left it: a generated file is rewritten; the same file edited by hand, a hand-written
    /// file that copies the banner, any other file, or a symlink out of the folder are refused
    /// (exit 2), before anything runs, and left as they were.
    @Test func aWrittenFileIsRewrittenOnlyAsAuthspecLeftIt() throws {
        let outside = try TestSupport.temporaryFolder(["elsewhere.yaml": "mine\n"])
        let folder = try TestSupport.temporaryFolder([:])
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: outside)
        }
        let generate = ["generate", "--cover", "states", "--depth", "2", "--worlds", "1", "--out", folder]
        let first = try TestSupport.authspec(generate)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        let file = folder + "/cover-states.yaml"
        let written = try String(contentsOfFile: file, encoding: .utf8)
        #expect(written.hasPrefix("# Written by authspec generate"))
        let again = try TestSupport.authspec(generate)
        #expect(again.status == 0, "rewritten as it was left: \(again.stdout)\(again.stderr)")
        let banner = written.split(separator: "\n")[0] + "\n"
        for (name, text) in [
            ("edited", written.replacingOccurrences(of: "title:", with: "title: # mine\n  title:")),
            ("banner-copied", banner + "id: mine\ntitle: t\nspec: [x]\nsteps: [launch]\n"),
            ("hand-written", "id: mine\ntitle: t\nspec: [x]\nsteps: [launch]\n"),
        ] {
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            let refused = try TestSupport.authspec(generate)
            #expect(refused.status == 2, "\(name): \(refused.stdout)\(refused.stderr)")
            #expect(refused.stderr.contains("a file authspec did not write or that was edited since"), "\(name)")
            #expect(try String(contentsOfFile: file, encoding: .utf8) == text, "\(name) left as it was")
        }
        try FileManager.default.removeItem(atPath: file)
        try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: outside + "/elsewhere.yaml")
        let link = try TestSupport.authspec(generate)
        #expect(link.status == 2, "\(link.stdout)\(link.stderr)")
        #expect(link.stderr.contains("a symlink to \(outside)/elsewhere.yaml outside its folder"), "\(link.stderr)")
        #expect(try String(contentsOfFile: outside + "/elsewhere.yaml", encoding: .utf8) == "mine\n")
        let explore = try TestSupport.authspec(["explore", "--runs", "3", "--out", file])
        #expect(explore.status == 2, "\(explore.stdout)\(explore.stderr)")
        #expect(try String(contentsOfFile: outside + "/elsewhere.yaml", encoding: .utf8) == "mine\n")
    }

    @Test func generateUsageErrorsNameTheOption() throws {
        let missing = try TestSupport.authspec(["generate"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("--cover"), "\(missing.stderr)")
        let wrong = try TestSupport.authspec(["generate", "--cover", "edges"])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("--cover takes states, transitions, pairs, requirements, not 'edges'"))
        let deep = try TestSupport.authspec(["generate", "--cover", "states", "--depth", "99"])
        #expect(deep.status == 2)
        #expect(deep.stderr.contains("--depth"), "\(deep.stderr)")
    }

    /// A file of no scenario passes any run and covers nothing: generate never writes one.
    /// Targets none of which can be met end in exit 1 with nothing written; a catalogue of no
    /// requirement is refused before the walk.
    @Test func generateWritesNoEmptyFile() throws {
        let folder = try TestSupport.temporaryFolder([
            "one.yaml":
                "- {id: REQ-LOCK-PERSISTS, clause: \"SCR-AUTH-006 §6.2\", text: \"The lock survives a restart\", keys: [state]}\n",
            "none.yaml": "# none yet\n[]\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let unmet = try TestSupport.authspec([
            "generate", "--cover", "requirements", "--requirements", folder + "/one.yaml", "--depth", "1", "--worlds",
            "1",
            "--out", folder + "/out",
        ])
        #expect(unmet.status == 1, "\(unmet.stdout)\(unmet.stderr)")
        #expect(unmet.stdout.contains("FAIL: no target of --cover requirements was met: nothing written"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/out/cover-requirements.yaml"))
        let empty = try TestSupport.authspec([
            "generate", "--cover", "requirements", "--requirements", folder + "/none.yaml", "--out", folder + "/out",
        ])
        #expect(empty.status == 2, "\(empty.stdout)\(empty.stderr)")
        #expect(empty.stderr.contains("none.yaml: no requirement to cover"), "\(empty.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out/cover-requirements.yaml"))
    }

    /// `bench` compares authspec with the do-nothing driver alone and reports the ratio.
    @Test func benchReportsARatio() throws {
        let result = try TestSupport.authspec(["bench", "--trials", "1", "--min-steps", "1"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let median = result.stdout.split(separator: "\n").first { $0.contains("median: alone") }
        #expect(median?.contains(/ratio \d+\.\d\d$/) == true, "\(result.stdout)")
        #expect(result.stdout.contains("CPU per input step"))
    }

    /// A failure names what broke (its requirements and clauses) and prints the command that
    /// runs it alone again on the driver it failed on; that command does so, and fails again.
    @Test func aFailureSaysHowToRunItAgain() throws {
        let folder = try TestSupport.temporaryFolder([:])
        let driver = "python3 Examples/python/driver.py --argon2-memory-kib 8 --bug eighth-gives-15-min"
        let failing = try TestSupport.authspec([
            "run", "Scenarios", "--id", "brief-*", "--quiet", "--log-dir", folder, "--driver", driver,
            "--junit", folder + "/r.xml",
        ])
        #expect(failing.status == 1)
        let rerun = try #require(
            failing.stdout.split(separator: "\n").first { $0.hasPrefix("  rerun: ") }.map { String($0.dropFirst(9)) },
            "\(failing.stdout)")
        #expect(failing.stdout.contains("  covers REQ-PIN-ROW-8, "), "\(failing.stdout)")
        #expect(try String(contentsOfFile: folder + "/r.xml", encoding: .utf8).contains("rerun: " + rerun.xmlEscaped))
        // The line as printed, run by a shell with this build's authspec first on PATH.
        let again = try TestSupport.execute(
            // Its logs in the test's folder, not a temporary one left behind.
            URL(fileURLWithPath: "/bin/sh"), ["-c", rerun + " --quiet --log-dir '\(folder)'"],
            environment: [
                "PATH": TestSupport.binary.deletingLastPathComponent().path + ":"
                    + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            ])
        #expect(again.status == 1, "\(again.stdout)\(again.stderr)")
        #expect(again.stdout.contains("FAILED: brief-pin-failure-8-and-beyond-lock-1-hour"), "\(again.stdout)")
        #expect(again.stdout.contains("FAIL: python-example+eighth-gives-15-min: 1 failed"), "\(again.stdout)")
    }

    /// explore's world and input options name what the model does not have with exit 2; two
    /// drivers that call themselves alike make a run bad input, said at --driver.
    @Test func unknownWorldKeysInputsAndClashingNamesAreBadInput() throws {
        let given = try TestSupport.authspec(["explore", "--runs", "1", "--given", "colour=red"])
        #expect(given.status == 2)
        #expect(given.stderr.contains("--given: unknown given key 'colour'"), "\(given.stderr)")
        let skip = try TestSupport.authspec(["explore", "--runs", "1", "--skip-input", "fly"])
        #expect(skip.status == 2)
        #expect(skip.stderr.contains("--skip-input: the unlock model has no input 'fly'"), "\(skip.stderr)")
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let twice = try TestSupport.authspec([
            "run", "Scenarios", "--id", "brief-cancel-goes-to-pin", "--quiet", "--log-dir", folder,
            "--driver", "python3 Examples/python/driver.py", "--driver", "python3 Examples/python/driver.py",
        ])
        #expect(twice.status == 2, "\(twice.stdout)\(twice.stderr)")
        #expect(
            twice.stderr.contains(
                "--driver: error: driver 2 (python3 Examples/python/driver.py) calls itself 'python-example', as driver 1 does"
            ),
            "\(twice.stderr)")
        let posing = "python3 Tests/Fixtures/drivers/faulty_driver.py --fault crash --scenario none --name reference"
        let reference = try TestSupport.authspec([
            "run", "Scenarios", "--id", "brief-cancel-goes-to-pin", "--quiet", "--log-dir", folder, "--driver", posing,
        ])
        #expect(reference.status == 2, "\(reference.stdout)\(reference.stderr)")
        #expect(
            reference.stderr.contains(
                "--driver: error: driver 1 (\(posing)) calls itself 'reference', as the reference does"),
            "\(reference.stderr)")
    }
}

extension String {
    /// The text as XML escapes it in an attribute or element.
    fileprivate var xmlEscaped: String {
        replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&apos;")
    }
}
