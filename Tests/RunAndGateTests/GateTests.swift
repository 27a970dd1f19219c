import AuthSpecTestSupport
import Coverage
import Foundation
import Results
import ScenarioModel
import Testing

/// The gate cannot be fooled: nothing that was not checked counts as passed, an implementation
/// that does not observe what the profile needs fails the run, skips fail it unless allowed,
/// and a selection of nothing is an input error.
@Suite struct GateTests {
    static let statesOnly =
        "python3 Examples/python/driver.py --argon2-memory-kib 8 --observe state --observe states"

    @Test func outcomesFollowWhatWasChecked() {
        #expect(Outcome.ranThrough(checked: 5, of: 5) == .passed)
        #expect(Outcome.ranThrough(checked: 2, of: 5) == .partlyChecked)
        #expect(Outcome.ranThrough(checked: 0, of: 5) == .notChecked)
        #expect(Outcome.ranThrough(checked: 0, of: 0) == .notChecked)
        #expect(Outcome.allCases.filter(\.ranWithoutProblem) == [.passed, .partlyChecked, .notChecked])
    }

    @Test func aRequirementIsVerifiedOnlyWhereEveryCoveringScenarioWasWhollyChecked() {
        func record(_ id: String, _ outcome: Outcome, unchecked: [String] = []) -> ScenarioRecord {
            let location = SourceLocation(file: "f.yaml", line: 1, column: 1)
            let step = StepRecord(
                index: 0, location: location, input: "launch", repeatCount: 1, outcome: .passed, state: nil,
                states: nil, message: nil, differences: [], unchecked: unchecked)
            return ScenarioRecord(
                position: 0, id: id, title: id, location: location, spec: [], covers: ["REQ"], implementation: "x",
                outcome: outcome, message: nil, steps: [step], hits: Hits())
        }
        let assess = { (records: [ScenarioRecord]) in RequirementCoverage.assess("REQ", in: records) }
        #expect(assess([record("a", .passed), record("b", .passed)]).status == .verified)
        let partly = assess([record("a", .passed), record("b", .partlyChecked, unchecked: ["events", "message"])])
        #expect(partly.status == .notVerified)
        #expect(partly.description == "not verified (does not observe events, message)")
        #expect(
            assess([record("a", .passed), record("b", .skipped)]).description
                == "not verified (1 covering scenario skipped)")
        #expect(assess([record("a", .skipped)]).status == .skipped)
        #expect(assess([record("a", .errored), record("b", .partlyChecked)]).status == .errored)
        #expect(assess([record("a", .errored), record("b", .failed)]).status == .failed)
        #expect(assess([]).status == .notCovered)
    }

    /// A driver that observes only states fails the default (full) profile, naming what it
    /// lacks, and passes the minimal one; its scenarios that expect more are partly checked,
    /// never passed, in every report, and the requirements they cover are not verified.
    @Test func aStatesOnlyDriverFailsTheFullProfileAndPassesTheMinimal() throws {
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let full = try TestSupport.authspec(["run", "--quiet", "--log-dir", folder, "--driver", Self.statesOnly])
        #expect(full.status == 1, "\(full.stdout)\(full.stderr)")
        let lacking = TestSupport.model.observations.map(\.key).filter { $0 != "state" && $0 != "states" }
        #expect(
            TestSupport.withoutTimings(full.stdout).hasSuffix(
                "; python-example does not meet the full profile: it does not observe \(lacking.joined(separator: ", "))\n"
            ), "\(full.stdout)")
        #expect(full.stdout.contains(/FAIL: python-example: [1-9][0-9]* not checked/), "\(full.stdout)")

        // Not quiet: the totals and what was not checked are printed only then.
        let minimal = try TestSupport.authspec([
            "run", "--log-dir", folder, "--profile", "minimal", "--driver", Self.statesOnly, "--json",
            "\(folder)/r.json", "--junit", "\(folder)/r.xml", "--markdown", "\(folder)/r.md",
        ])
        // The scenarios that expect no state compare nothing on it: not checked, which fails
        // the gate until a baseline names them.
        #expect(minimal.status == 1, "\(minimal.stdout)\(minimal.stderr)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/r.json")))
                as? [String: Any])
        let scenarios = (json["scenarios"] as? [[String: Any]] ?? []).filter {
            $0["implementation"] as? String == "python-example"
        }
        #expect(scenarios.count == TestSupport.suiteSize)
        var partly = 0
        for scenario in scenarios {
            let expectations = scenario["expectations"] as? [String: Int] ?? [:]
            let unchecked = (scenario["steps"] as? [[String: Any]] ?? []).flatMap { $0["unchecked"] as? [String] ?? [] }
            switch scenario["outcome"] as? String {
            case "passed":
                #expect(unchecked.isEmpty && expectations["checked"] == expectations["total"], "\(scenario["id"]!)")
            case "partly checked":
                partly += 1
                #expect(!unchecked.isEmpty && expectations["checked"]! < expectations["total"]!)
                #expect(expectations["checked"]! > 0)
            case "not checked":
                #expect(expectations["checked"] == 0)
            case let other:
                Issue.record("\(scenario["id"]!): \(other ?? "no outcome")")
            }
        }
        #expect(partly > 20, "most scenarios expect more than states")
        let summary = (json["implementations"] as? [[String: Any]])?.last?["summary"] as? [String: Int] ?? [:]
        #expect(summary["passed"]! + summary["partly_checked"]! + summary["not_checked"]! == TestSupport.suiteSize)
        #expect(
            minimal.stdout.contains(
                "\(TestSupport.suiteSize) scenarios against python-example: \(summary["passed"]!) passed, \(summary["partly_checked"]!) partly checked, "
            ))
        #expect(minimal.stdout.contains("it does not observe "))
        let notChecked = scenarios.filter { $0["outcome"] as? String == "not checked" }.compactMap {
            $0["id"] as? String
        }
        #expect(notChecked.count == summary["not_checked"]! && !notChecked.isEmpty)
        #expect(
            TestSupport.withoutTimings(minimal.stdout).hasSuffix(
                "FAIL: python-example: \(notChecked.count) not checked (ran without comparing one expectation: none written, or none on a key it observes)\n"
            ), "\(minimal.stdout)")
        let baseline =
            "implementation: python-example\nexpected:\n"
            + notChecked.map { "  - {id: \($0), outcome: not checked, reason: expects no state}\n" }.joined()
        try baseline.write(toFile: "\(folder)/states.yaml", atomically: true, encoding: .utf8)
        let excused = try TestSupport.authspec([
            "run", "--log-dir", folder, "--profile", "minimal", "--driver", Self.statesOnly, "--baseline",
            "\(folder)/states.yaml",
        ])
        #expect(excused.status == 0, "\(excused.stdout)\(excused.stderr)")
        #expect(
            excused.stdout.contains(
                "PASS: \(2 * TestSupport.suiteSize) scenario runs on 2 implementations under the minimal profile; \(summary["partly_checked"]! + summary["not_checked"]!) of them not wholly checked"
            ), "\(excused.stdout)")
        // Requirements: verified on the reference; on the driver only where every covering
        // scenario was wholly checked, the others say what the driver lacks.
        let requirements = json["requirements"] as? [[String: Any]] ?? []
        let onDriver = requirements.map { ($0["status"] as? [String: String])?["python-example"] ?? "" }
        #expect(requirements.allSatisfy { ($0["status"] as? [String: String])?["reference"] == "verified" })
        #expect(onDriver.filter { $0 == "not verified" }.count > 20)
        for (requirement, status) in zip(requirements, onDriver) where status == "not verified" {
            let why = (requirement["why_not_verified"] as? [String: String])?["python-example"] ?? ""
            #expect(why.hasPrefix("not verified (does not observe "), "\(requirement["id"]!): \(why)")
        }
        let markdown = try String(contentsOfFile: "\(folder)/r.md", encoding: .utf8)
        #expect(markdown.contains("⚠️ not verified (does not observe "))
        #expect(markdown.contains("◐ partly checked"))
        let suites = try TestSupport.junitparserCounts("\(folder)/r.xml")
        #expect(suites.last?["skipped"] as? Int == summary["partly_checked"]! + summary["not_checked"]!)
        // No scenario failed; the gate's own testcase does, for the scenarios not checked.
        #expect(suites.last?["failures"] as? Int == 1)
        #expect(try String(contentsOfFile: "\(folder)/r.xml", encoding: .utf8).contains("<failure type=\"gate\""))
    }

    @Test func selectingNothingIsAnInputError() throws {
        let empty = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let cases: [([String], String)] = [
            (
                ["--tag", "nosuchtag"],
                "--tag nosuchtag matched none of the \(TestSupport.suiteSize) scenarios loaded: nothing to run"
            ),
            (
                ["--id", "zzz*", "--tag", "pin"],
                "--tag pin --id zzz* matched none of the \(TestSupport.suiteSize) scenarios loaded"
            ),
            ([empty], "run: no scenarios in \(empty): nothing to run"),
        ]
        for (arguments, message) in cases {
            let result = try TestSupport.authspec(["run", "--quiet"] + arguments)
            #expect(result.status == 2, "\(arguments): \(result.stdout)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        let profile = try TestSupport.authspec(["run", "--quiet", "--profile", "most"])
        #expect(profile.status == 2)
        #expect(profile.stderr.contains("--profile takes minimal, standard, full (the unlock model's), not 'most'"))
    }

    /// A driver that declares too few inputs skips scenarios: that fails the gate, unless skips
    /// are allowed.
    @Test func skipsFailTheGateUnlessAllowed() throws {
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let driver = "python3 Tests/Fixtures/drivers/faulty_driver.py --fault few-inputs"
        let base = ["run", "--quiet", "--id", "brief-*", "--log-dir", folder, "--driver", driver]
        let strict = try TestSupport.authspec(base)
        #expect(strict.status == 1, "\(strict.stdout)\(strict.stderr)")
        #expect(
            TestSupport.withoutTimings(strict.stdout).hasSuffix(
                "FAIL: faulty-few-inputs: 6 skipped (--allow-skips lets skips pass)\n"))
        let allowed = try TestSupport.authspec(base + ["--allow-skips"])
        #expect(allowed.status == 0, "\(allowed.stdout)\(allowed.stderr)")
        #expect(
            TestSupport.withoutTimings(allowed.stdout).hasSuffix(
                "PASS: 14 scenario runs on 2 implementations under the full profile; 6 skipped, let through by --allow-skips, not counted as passed\n"
            ), "\(allowed.stdout)")
    }

    /// --allow-skips lets skips through only beside something verified: a driver that declares
    /// every input and refuses every scenario fails, however many skips are allowed.
    @Test func allowedSkipsNeverMakeAPassOfNothing() throws {
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let driver = "python3 Tests/Fixtures/drivers/faulty_driver.py --fault all-unsupported"
        let result = try TestSupport.authspec([
            "run", "--quiet", "--allow-skips", "--log-dir", folder, "--driver", driver, "--junit", "\(folder)/r.xml",
        ])
        #expect(result.status == 1, "\(result.stdout)")
        #expect(
            TestSupport.withoutTimings(result.stdout).hasSuffix(
                "FAIL: nothing verified on faulty-all-unsupported: not one of its \(TestSupport.suiteSize) scenarios compared an expectation and agreed\n"
            ), "\(result.stdout)")
    }

    /// A suite whose scenarios expect nothing (an edit that dropped every expect block) fails:
    /// each scenario is not checked, and nothing was verified; lint warns at each scenario.
    @Test func aSuiteThatExpectsNothingFails() throws {
        let folder = try TestSupport.temporaryFolder([
            "a.yaml": "id: a\ntitle: t\nspec: [x]\nsteps: [launch, {tap: use_pin}]\n",
            "b.yaml": "id: b\ntitle: t\nspec: [x]\nsteps:\n  - launch\n  - biometric: success\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try TestSupport.authspec(["run", folder, "--quiet"])
        #expect(run.status == 1, "\(run.stdout)")
        #expect(
            TestSupport.withoutTimings(run.stdout).hasSuffix(
                "FAIL: reference: 2 not checked (ran without comparing one expectation: none written, or none on a key it observes); nothing verified on reference: not one of its 2 scenarios compared an expectation and agreed\n"
            ), "\(run.stdout)")
        let lint = try TestSupport.authspec(["lint", folder])
        #expect(lint.status == 0)
        #expect(lint.stdout.contains("\(folder)/a.yaml:1:1: warning: scenario 'a' expects nothing"), "\(lint.stdout)")
        #expect(lint.stdout.contains("\(folder)/b.yaml:1:1: warning: scenario 'b' expects nothing"))
    }

    /// Baselines, as WPT's expectation files: a known failure passes the gate, a new one fails
    /// it, an unexpected pass is reported (and fails with --strict-baseline), an expired entry
    /// excuses nothing, an entry for an unknown scenario is an input error, and
    /// --update-baseline rewrites the file from the run.
    @Test func baselinesLetKnownOutcomesThroughAndNothingElse() throws {
        // Two bugs: the baseline knows the first's failures.
        let buggy =
            "python3 Examples/python/driver.py --argon2-memory-kib 8 --bug eighth-gives-15-min --bug countdown-off-by-one"
        let name = "python-example+eighth-gives-15-min+countdown-off-by-one"
        let known = "brief-pin-failure-8-and-beyond-lock-1-hour"
        let folder = try TestSupport.temporaryFolder([
            "known.yaml": """
            implementation: \(name)
            expected:
              - {id: \(known), outcome: failed, reason: "the 8th lock is 15 min", link: "https://bugs.example/42"}
              - {id: lock-8th-failure-outlasts-15-minutes, outcome: failed, reason: "the 8th lock is 15 min"}

            """,
            "expired.yaml": """
            implementation: \(name)
            expected:
              - {id: \(known), outcome: failed, reason: "the 8th lock is 15 min", expires: "2020-01-31"}

            """,
            "pass.yaml": """
            implementation: python-example
            expected:
              - {id: brief-cancel-goes-to-pin, outcome: failed, reason: "was broken once"}

            """,
            "impossible.yaml": """
            implementation: \(name)
            expected:
              - {id: \(known), outcome: failed, reason: "forever", expires: "9999-99-99"}
              - {id: \(known), outcome: failed, reason: "no such day", expires: "2027-02-29"}

            """,
            "stale.yaml": """
            implementation: python-example
            expected:
              - {id: no-such-scenario, outcome: failed, reason: "gone"}

            """,
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func run(_ extra: [String], driver: String = buggy) throws -> TestSupport.ProcessResult {
            try TestSupport.authspec(["run", "--quiet", "--log-dir", folder, "--driver", driver] + extra)
        }
        let brief = try run(["--id", "brief-*", "--baseline", "\(folder)/known.yaml"])
        #expect(brief.status == 0, "\(brief.stdout)\(brief.stderr)")
        #expect(brief.stdout.contains("\(name): 1 outcome as its baseline expects (\(folder)/known.yaml)"))
        #expect(
            TestSupport.withoutTimings(brief.stdout).hasSuffix(
                "PASS: 14 scenario runs on 2 implementations under the full profile\n"))

        let whole = try run(["--baseline", "\(folder)/known.yaml"])
        #expect(whole.status == 1, "the second bug's failures are new")
        // The countdown bug fails the hand-written boundary scenario and the generated ones
        // that launch onto a lock; the baseline's known failure is not among the new ones.
        #expect(
            TestSupport.withoutTimings(whole.stdout).contains(
                /FAIL: \S+: [1-9][0-9]* failed unexpectedly\n$/), "\(whole.stdout)")
        #expect(whole.stdout.contains("FAILED: lock-countdown-and-boundary"))

        let expired = try run(["--id", "brief-*", "--baseline", "\(folder)/expired.yaml"])
        #expect(expired.status == 1)
        #expect(
            expired.stdout.contains("baseline entries past their expiry date, no longer excusing anything: \(known)"))

        let clean = "python3 Examples/python/driver.py --argon2-memory-kib 8"
        let pass = try run(["--id", "brief-*", "--baseline", "\(folder)/pass.yaml"], driver: clean)
        #expect(pass.status == 0, "\(pass.stdout)")
        #expect(pass.stdout.contains("python-example: 1 unexpected pass (brief-cancel-goes-to-pin): remove its entry"))
        let strict = try run(
            ["--id", "brief-*", "--baseline", "\(folder)/pass.yaml", "--strict-baseline"], driver: clean)
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("FAIL: python-example: 1 unexpected pass (brief-cancel-goes-to-pin)"))

        // A date that does not exist would excuse forever: an input error at the date.
        let impossible = try run(["--id", "brief-*", "--baseline", "\(folder)/impossible.yaml"])
        #expect(impossible.status == 2)
        let column = "  - {id: \(known), outcome: failed, reason: \"forever\", expires: ".count + 1
        #expect(
            impossible.stderr.contains(
                "\(folder)/impossible.yaml:3:\(column): error: expires must be a date that exists, YYYY-MM-DD; found '9999-99-99'"
            ), "\(impossible.stderr)")
        #expect(
            impossible.stderr.contains(
                "impossible.yaml:4:\(column + 4): error: expires must be a date that exists, YYYY-MM-DD; found '2027-02-29'"
            ))

        let stale = try run(["--id", "brief-*", "--baseline", "\(folder)/stale.yaml"], driver: clean)
        #expect(stale.status == 2)
        #expect(
            stale.stderr.contains(
                "\(folder)/stale.yaml:3:5: error: baseline entry for 'no-such-scenario', which is not among the scenarios loaded"
            ), "\(stale.stderr)")

        // --update-baseline writes what this run found, keeping the known entry as it was;
        // the next run passes on it.
        let updated = try run(["--baseline", "\(folder)/known.yaml", "--update-baseline"])
        #expect(updated.status == 1)
        let text = try String(contentsOfFile: "\(folder)/known.yaml", encoding: .utf8)
        #expect(text.contains("reason: \"the 8th lock is 15 min\"\n    link: \"https://bugs.example/42\""))
        #expect(text.contains("  - id: \"lock-countdown-and-boundary\"\n    outcome: \"failed\"\n    reason: \"step "))
        let again = try run(["--baseline", "\(folder)/known.yaml"])
        #expect(again.status == 0, "\(again.stdout)")
        let lint = try TestSupport.execute(
            URL(fileURLWithPath: "/usr/bin/env"), ["yamllint", "--strict", "-c", ".yamllint", "\(folder)/known.yaml"])
        #expect(lint.status == 0, "\(lint.stdout)")
    }
}
