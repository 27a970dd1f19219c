import AuthSpecTestSupport
import CommandLineKit
import Foundation
import Reporters
import ScenarioModel
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The built `authspec` binary: help, exit codes, failure output, JSON results.
@Suite(.serialized, .tags(.binary)) struct CLITests {
    /// generate --complete's options: each bad one refused with exit 2 naming it, before any
    /// machine is built, nothing written.
    @Test func completeSuiteOptionsAreCheckedFirst() throws {
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/out"
        for (arguments, named) in [
            (["--complete", "--extra-states", "-1"], "--extra-states"),
            (["--complete", "--extra-states", "5"], "--extra-states"),
            (["--complete", "--observe", "state,no_such_key"], "--observe"),
            (["--complete", "--profile", "no-such-profile"], "--profile"),
            (["--complete", "--profile", "minimal", "--observe", "state"], "--profile"),
            (["--complete", "--cap", "0"], "--cap"),
            (["--complete", "--cover", "states"], "--cover"),
            (["--cover", "states", "--extra-states", "1"], "--extra-states"),
            (["--complete", "--random-tests", "0"], "--random-tests"),
            (["--complete", "--random-tests", "1000001"], "--random-tests"),
            (["--complete", "--seed", "3"], "--seed"),
            (["--cover", "states", "--random-tests", "10"], "--random-tests"),
            (["--complete", "--inputs", "launch,no_such_input"], "--inputs"),
            (["--complete", "--inputs", "launch,"], "--inputs"),
            (["--complete", "--inputs", "tap:no_such_word"], "--inputs"),
            (["--complete", "--inputs", "launch:now"], "--inputs"),
            (["--cover", "states", "--inputs", "launch"], "--inputs"),
        ] {
            let result = try TestSupport.authspec(["generate", "--out", out] + arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            // The option named first: "Error: --name takes…" or "Error: --name: …".
            let first = result.stderr.split(separator: " ").dropFirst().first.map {
                String($0.hasSuffix(":") ? $0.dropLast() : $0)
            }
            #expect(first == named, "\(arguments): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out + "/complete.yaml"), "\(arguments)")
        }
        // A requirements catalogue that does not load: its file and line, before any machine.
        let bad = folder + "/bad.yaml"
        try Data("- {id: REQ-A, clause: \"X §1\", text: \"t\"}\n- {id: [\n".utf8).write(to: URL(fileURLWithPath: bad))
        let refused = try TestSupport.authspec(["generate", "--out", out, "--complete", "--requirements", bad])
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr.firstMatch(of: #/bad\.yaml:\d+:\d+: /#) != nil, "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out + "/complete.yaml"))
    }

    /// A suite over some inputs only: the guarantee names them, the file's first line is the
    /// command that writes the same files again, and the reference passes them.
    @Test func aCompleteSuiteOverSomeInputsSaysThemAndIsWrittenAgainByItsFirstLine() throws {
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let made = try TestSupport.authspec([
            "generate", "--complete", "--profile", "minimal", "--inputs", "launch, kill,enter_pin,advance", "--out",
            folder + "/first",
        ])
        #expect(made.status == 0, "\(made.stdout)\(made.stderr)")
        let summary = made.stdout.split(separator: "\n")
        let machine = try #require(summary.first { $0.starts(with: "Abstract machine of the unlock model: ") })
        // launch, kill, an advance, and the right and a wrong PIN of four digits and of six.
        #expect(machine.firstMatch(of: #/ (\d+) inputs, /#).map { Int($0.output.1) } == 7)
        let guarantee = try #require(summary.first { $0.starts(with: "Guarantee: An implementation that differs") })
        // Each input it sends, listed: the right and a wrong PIN of four digits and of six,
        // written as the digits they send.
        let listed = try #require(
            guarantee.firstMatch(
                of:
                    /these (\d+) inputs \(([^)]*)\), with enter_pin sent as the inputs it stands for, one step each, and advances/
            ))
        #expect(Int(listed.output.1) == 6)
        #expect(
            Set(listed.output.2.split(separator: "; ").map { String($0.prefix { $0 != ":" }) })
                == ["launch", "kill", "enter_pin"])
        let first = try String(contentsOfFile: folder + "/first/complete.yaml", encoding: .utf8)
        let command = try #require(first.split(separator: "\n").first)
        let prefix = "# Written by authspec "
        #expect(command.starts(with: prefix))
        #expect(command.split(separator: " --inputs ").last == "advance,enter_pin,kill,launch.")
        let again = try TestSupport.authspec(
            command.dropFirst(prefix.count).dropLast().split(separator: " ").map(String.init) + [
                "--out", folder + "/second",
            ])
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        #expect(try String(contentsOfFile: folder + "/second/complete.yaml", encoding: .utf8) == first)
        let run = try TestSupport.authspec(["run", folder + "/first"])
        #expect(run.status == 0, "\(run.stdout)")
    }

    /// Inputs that never start the app give a true suite about nothing past its first state: said.
    @Test func aSuiteThatNeverLeavesTheFirstStateIsSaidToCheckNothingPastIt() throws {
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let warning = /Warning: none of the machine's inputs leaves NotRunning in any world/
        let stuck = try TestSupport.authspec([
            "generate", "--complete", "--inputs", "kill,advance", "--out", folder + "/a",
        ])
        #expect(stuck.status == 0 && stuck.stdout.firstMatch(of: warning) != nil, "\(stuck.stdout)\(stuck.stderr)")
        let started = try TestSupport.authspec([
            "generate", "--complete", "--observe", "state", "--inputs", "launch,advance", "--out", folder + "/b",
        ])
        #expect(started.status == 0 && started.stdout.firstMatch(of: warning) == nil, "\(started.stdout)")
    }

    /// The command doctor gives a driver whose blind spots it cannot show prints them, past
    /// the cap too (run here over three inputs, with a cap of one, into a temporary folder).
    @Test func theCommandDoctorGivesForBlindSpotsPrintsThem() throws {
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let doctor = try TestSupport.authspec([
            "doctor", "--smoke-only", "--driver", "python3 Examples/python/driver.py --observe state --observe states",
        ])
        let line = try #require(
            doctor.stdout.split(separator: "\n").first { $0.starts(with: "    authspec generate --complete") },
            "\(doctor.stdout)")
        var words = line.split(separator: " ").dropFirst().map(String.init)
        let out = try #require(words.firstIndex(of: "--out"))
        words[out + 1] = folder + "/complete"
        let generated = try TestSupport.authspec(
            words + [
                "--inputs", "launch,kill,advance", "--cap", "1", "--requirements",
                TestSupport.scenariosFolder + "/requirements.yaml",
            ])
        #expect(generated.status == 0, "\(generated.stdout)\(generated.stderr)")
        #expect(
            generated.stdout.firstMatch(of: /\nBlind spots: with state, states, \d+ states in \d+ groups/) != nil,
            "\(generated.stdout)")
        // With the catalogue, a key is said with the requirements only it could check there.
        #expect(
            generated.stdout.firstMatch(
                of: /\n  observe \w+ to separate .*; \d+ requirements? \(.*\) declares? it and no key observed/)
                != nil,
            "\(generated.stdout)")
    }

    /// An input kept with a word that is more than letters is written back as `--inputs` takes it.
    @Test func anInputWithAnyWordIsWrittenAgainByTheFirstLine() throws {
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let made = try TestSupport.authspec([
            "generate", "--complete", "--inputs", "launch,advance,biometric_error:ios.LAError.userCancel", "--out",
            folder + "/first",
        ])
        #expect(made.status == 0, "\(made.stdout)\(made.stderr)")
        let first = try String(contentsOfFile: folder + "/first/complete.yaml", encoding: .utf8)
        let command = try #require(first.split(separator: "\n").first)
        #expect(command.split(separator: " --inputs ").last == "advance,biometric_error:ios.LAError.userCancel,launch.")
        let again = try TestSupport.authspec(
            command.dropFirst("# Written by authspec ".count).dropLast().split(separator: " ").map(String.init) + [
                "--out", folder + "/second",
            ])
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        #expect(try String(contentsOfFile: folder + "/second/complete.yaml", encoding: .utf8) == first)
    }

    /// The flow's suite over a sign-in's inputs, one tap only: its first line names them as
    /// `--inputs` takes them and writes the same file again, which the reference passes.
    @Test func aFlowSuiteOverOneTapIsWrittenAgainByItsFirstLine() throws {
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let arguments = [
            "generate", "--complete", "--model", "auth-flow", "--observe", "state", "--inputs",
            "launch,tap: google,oauth,enter_code,advance",
        ]
        let made = try TestSupport.authspec(arguments + ["--out", folder + "/first"])
        #expect(made.status == 0, "\(made.stdout)\(made.stderr)")
        let guarantee = try #require(made.stdout.split(separator: "\n").first { $0.starts(with: "Guarantee: ") })
        let listed = try #require(guarantee.firstMatch(of: /these (\d+) inputs \(([^)]*)\)/)).output.2
        let sent = Set(listed.split(separator: "; ").map(String.init))
        // One tap, and each code by what it is when typed.
        #expect(sent.isSuperset(of: ["tap: google", "enter_code: the code of the time step now"]))
        #expect(sent.isDisjoint(with: ["tap: apple", "tap: back"]))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/first").sorted()
        let first = try String(contentsOfFile: folder + "/first/" + (files.first ?? ""), encoding: .utf8)
        let command = try #require(first.split(separator: "\n").first)
        #expect(
            command.split(separator: " --inputs ").last
                == "advance,enter_code,launch,oauth,tap:google --model auth-flow.")
        let prefix = "# Written by authspec "
        let again = try TestSupport.authspec(
            command.dropFirst(prefix.count).dropLast().split(separator: " ").map(String.init) + [
                "--out", folder + "/second",
            ])
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/second").sorted() == files)
        for file in files {
            #expect(
                try String(contentsOfFile: folder + "/second/" + file, encoding: .utf8)
                    == String(contentsOfFile: folder + "/first/" + file, encoding: .utf8))
        }
        // The codes typed are the reference's at the moment typed: it passes them.
        let run = try TestSupport.authspec(["run", folder + "/first", "--model", "auth-flow"])
        #expect(run.status == 0, "\(run.stdout)")
    }

    @Test func helpIsTheSameByEitherRoute() throws {
        let viaFlag = try TestSupport.authspec(["run", "--help"])
        let viaHelp = try TestSupport.authspec(["help", "run"])
        #expect(viaFlag.status == 0 && viaHelp.status == 0)
        // Its words are the golden file help-run.txt (GoldenHelpTests); both routes print them.
        #expect(viaFlag.stdout == viaHelp.stdout)
        #expect(
            viaFlag.stdout
                == (try String(contentsOf: Golden.folder.appendingPathComponent("help-run.txt"), encoding: .utf8))
                + "\n")
        #expect(viaFlag.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 || $0.hasPrefix("USAGE:") })
        let root = try TestSupport.authspec(["--help"])
        #expect(root.status == 0)
        #expect(root.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    /// Usage errors, each with its message, are recorded whole in the golden file
    /// `output-usage-errors.txt` (GoldenOutputTests); the environment is read the same way.
    @Test func theEnvironmentIsCheckedAsOptionsAre() throws {
        let held = try TestSupport.authspec(
            ["run", TestSupport.scenariosFolder, "--quiet"], environment: ["AUTHSPEC_RECORDS_HELD": "some"])
        #expect(held.status == 2)
        #expect(
            held.stderr == """
                Error: AUTHSPEC_RECORDS_HELD must be a whole number of records, 0 or more; found 'some'
                Usage: authspec run [<options>] [<paths> ...]
                  See 'authspec help run' for more information.

                """)
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
        let baseline = Baseline.load(file: folder + "/pass.yaml")
        #expect(baseline.diagnostics.isEmpty && baseline.baseline?.entries.isEmpty == true, "\(baseline)")
    }

    @Test func theSuitePassesWithExitZeroAndWritesJSON() throws {
        let folder = try TestSupport.temporaryFolder([:])
        let json = "\(folder)/out/results.json"
        let result = try TestSupport.authspec(["run", "--json", json])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let count = TestSupport.suite().scenarios.count
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
        // Its file as the suite names it, relative to the folder the run was started in.
        let first = try #require(TestSupport.suite().scenarios.first { $0.id == scenarios.first?["id"] as? String })
        #expect(
            scenarios.first?["file"] as? String == "Scenarios/"
                + URL(fileURLWithPath: first.location.file).lastPathComponent)
        #expect(((scenarios.first?["steps"] as? [[String: Any]])?.first?["input"] as? String) == "launch")
        // Nothing is left beside the results: the temporary file was renamed over it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(folder)/out") == ["results.json"])
    }

    @Test func filtersSelectByTagAndIdGlob() throws {
        let byID = try TestSupport.authspec(["run", "--id", "brief-pin-*", "--json", "-"])
        #expect(byID.status == 0)
        #expect(
            Self.ran(byID) == [
                "brief-pin-failure-5-locks-1-minute", "brief-pin-failure-6-locks-5-minutes",
                "brief-pin-failure-7-locks-15-minutes", "brief-pin-failure-8-and-beyond-lock-1-hour",
            ])
        let byTag = try TestSupport.authspec(["run", "--tag", "platform-error", "--tag", "boundary", "--json", "-"])
        let expected = TestSupport.suite().scenarios.filter {
            !Set($0.tags).isDisjoint(with: ["platform-error", "boundary"])
        }.map(\.id)
        #expect(Self.ran(byTag) == expected)
    }

    /// The ids of the scenarios a run's JSON on standard output holds, in order.
    static func ran(_ result: TestSupport.ProcessResult) -> [String] {
        let document = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return (document?["scenarios"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }

    @Test func aFailingScenarioRecordsEachDifferenceAsValues() throws {
        // The golden case's file: what it prints is output-run-wrong-expectation.txt.
        let golden = try #require(GoldenOutputTests.cases.first { $0.name == "run-wrong-expectation" })
        let folder = try TestSupport.temporaryFolder(golden.files)
        // The results file holds each difference as values.
        let result = try TestSupport.authspec(["run", folder, "--json", "\(folder)/r.json"])
        #expect(result.status == 1)
        let document =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/r.json")))
            as? [String: Any]
        let step = ((document?["scenarios"] as? [[String: Any]])?.first?["steps"] as? [[String: Any]])?.last
        let differences = step?["differences"] as? [[String: Any]]
        #expect(differences?.map { $0["key"] as? String } == ["lock_remaining", "countdown"])
        #expect(differences?.first?["expected"] as? Int == 120_000)
        #expect(differences?.first?["observed"] as? Int == 60_000)
    }

    @Test func severalImplementationsGiveAMatrix() throws {
        let folder = try TestSupport.temporaryFolder([:])
        let result = try TestSupport.authspec([
            "run", "--id", "brief-*", "--json", "\(folder)/r.json", "--log-dir", folder,
            "--driver", "python3 Examples/python/driver.py", "--driver",
            "python3 Examples/python/driver.py --bug eighth-gives-15-min",
        ])
        // What it prints: output-run-matrix.txt. The results hold every implementation.
        #expect(result.status == 1)
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

    /// `--out` never writes over a file explore did not write (a suite's scenario, say): refused
    /// before anything runs, the file left as it was; its own earlier counterexample it may.
    @Test func theCounterexampleNeverOverwritesAnotherFile() throws {
        let scenario = "id: a1\ntitle: t\nspec: [x]\nsteps: [launch]\n"
        let earlier = FoundFile.sealed(
            "# Found by authspec explore: seed 1, run 2, depth 3; shrunk from 3 steps in 1 tries.\nid: x\n")
        let folder = try TestSupport.temporaryFolder(["a.yaml": scenario, "earlier.yaml": earlier])
        let refused = try TestSupport.authspec(["explore", "--runs", "2", "--quiet", "--out", folder + "/a.yaml"])
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(
            refused.stderr.contains(OutputRefusal.notAuthspecs(option: "out", path: folder + "/a.yaml").description))
        #expect(try String(contentsOfFile: folder + "/a.yaml", encoding: .utf8) == scenario)
        // Two runs find nothing and are no conclusion: exit 1, the file taken as explore's.
        let again = try TestSupport.authspec([
            "explore", "--runs", "2", "--quiet", "--out", folder + "/earlier.yaml", "--json", folder + "/e.json",
        ])
        #expect(again.status == 1, "\(again.stdout)\(again.stderr)")
        let summary =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/e.json")))
            as? [String: Any]
        #expect(summary?["verdict"] as? String == ExplorationReport.verdictWord(.inconclusive))
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
            (
                ["check-model", "--depth", "1", "--worlds", "1", "--out", folder],
                "check-model-declared-transitions.yaml"
            ),
            (["mutate", "--quiet", "--counterexamples", folder], "mutant-biometric-attempts-plus-1.yaml"),
        ]
        for (command, file) in commands {
            let refused = try TestSupport.authspec(command)
            #expect(refused.status == 2, "\(command): \(refused.stdout)\(refused.stderr)")
            let refusal = OutputRefusal.notAuthspecs(
                option: command[command.count - 2].dropFirst(2).description, path: folder + "/" + file)
            #expect(refused.stderr.contains(refusal.description), "\(command): \(refused.stderr)")
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
        #expect(FoundFile.isUntouched(at: file, banner: FoundScenarios.generationBannerStart))
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
            #expect(
                refused.stderr.contains(OutputRefusal.notAuthspecs(option: "out", path: file).description),
                "\(name): \(refused.stderr)")
            #expect(try String(contentsOfFile: file, encoding: .utf8) == text, "\(name) left as it was")
        }
        try FileManager.default.removeItem(atPath: file)
        try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: outside + "/elsewhere.yaml")
        let link = try TestSupport.authspec(generate)
        #expect(link.status == 2, "\(link.stdout)\(link.stderr)")
        #expect(
            link.stderr.contains(
                OutputRefusal.linkOutOfFolder(option: "out", path: file, target: outside + "/elsewhere.yaml")
                    .description),
            "\(link.stderr)")
        #expect(try String(contentsOfFile: outside + "/elsewhere.yaml", encoding: .utf8) == "mine\n")
        let explore = try TestSupport.authspec(["explore", "--runs", "3", "--out", file])
        #expect(explore.status == 2, "\(explore.stdout)\(explore.stderr)")
        #expect(try String(contentsOfFile: outside + "/elsewhere.yaml", encoding: .utf8) == "mine\n")
    }

    /// `bench` compares authspec with the do-nothing driver alone and reports the ratio.
    @Test func benchReportsARatio() throws {
        let result = try TestSupport.authspec(["bench", "--trials", "1", "--min-steps", "1"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        // Its words and layout, every figure a number with the precision it is printed to.
        try Golden.compare(
            result.stdout.replacing(/'[^']*'/, with: "'…'").replacing(/\d+/, with: "N"), with: "output-bench.txt")
    }

    /// What explore found before is replayed first: found again, it is not searched for nor
    /// written again, and the line printed runs its file on the driver, which fails as before.
    @Test func aDivergenceFoundAgainSaysHowToRunItsFile() throws {
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let driver = "python3 Examples/python/driver.py --argon2-memory-kib 8 --bug cancel-counts-as-failure"
        func explore(_ out: String, seed: Int) throws -> TestSupport.ProcessResult {
            try TestSupport.authspec([
                "explore", "--seed", String(seed), "--runs", "300", "--log-dir", folder, "--out", folder + "/" + out,
                "--driver", driver,
            ])
        }
        let first = try explore("explore-1.yaml", seed: 1)
        #expect(first.status == 1, "\(first.stdout)\(first.stderr)")
        let again = try explore("explore-2.yaml", seed: 2)
        #expect(again.status == 1, "\(again.stdout)\(again.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/explore-2.yaml"), "found again: nothing written")
        let marker = "; reproduce with: "
        let line = try #require(
            again.stdout.split(separator: "\n").first { $0.range(of: marker) != nil }, "\(again.stdout)")
        let command = String(line[try #require(line.range(of: marker)).upperBound...])
        // The line as printed, run by a shell with this build's authspec first on PATH.
        let rerun = try TestSupport.pasted(command + " --quiet --log-dir '\(folder)'")
        #expect(rerun.status == 1, "\(command)\n\(rerun.stdout)\(rerun.stderr)")
    }

    /// A failure names what broke (its requirements and clauses) and prints the command that
    /// runs it alone again on the driver it failed on; that command does so, and fails again.
    @Test func aFailureSaysHowToRunItAgain() throws {
        let folder = try TestSupport.temporaryFolder([:])
        let driver = "python3 Examples/python/driver.py --argon2-memory-kib 8 --bug eighth-gives-15-min"
        let failing = try TestSupport.authspec([
            "run", "Scenarios", "--id", "brief-*", "--quiet", "--log-dir", folder, "--driver", driver,
            "--junit", folder + "/r.xml", "--json", folder + "/r.json",
        ])
        #expect(failing.status == 1)
        let rerun = try #require(
            failing.stdout.split(separator: "\n").first { $0.hasPrefix("  rerun: ") }.map { String($0.dropFirst(9)) },
            "\(failing.stdout)")
        let failed = try TestSupport.results(at: folder + "/r.json").allRecords.filter { $0.outcome == .failed }
        #expect(failed.map(\.id) == ["brief-pin-failure-8-and-beyond-lock-1-hour"])
        #expect(failed.first?.covers.first == "REQ-PIN-ROW-8")
        // The JUnit's failure carries the same line, as a consumer reads it (unescaped).
        let failureLines = try TestSupport.xml(at: folder + "/r.xml").values("//failure").flatMap {
            $0.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        #expect(failureLines.contains { $0 == "rerun: \(rerun)" }, "\(failureLines)")
        // The line as printed (its logs in the test's folder, not a temporary one left behind).
        let again = try TestSupport.pasted(rerun + " --quiet --log-dir '\(folder)' --json '\(folder)/again.json'")
        #expect(again.status == 1, "\(again.stdout)\(again.stderr)")
        let rerunResults = try TestSupport.results(at: folder + "/again.json")
        #expect(
            rerunResults.outcomes(on: "python-example+eighth-gives-15-min") == [
                "brief-pin-failure-8-and-beyond-lock-1-hour": .failed
            ])
    }
}
