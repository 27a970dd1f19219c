import AuthSpecTestSupport
import Engine
import Foundation
import Reporters
import Runner
import ScenarioModel
import SpecCheck
import SpecModel
import SubprocessDriver
import Testing
import UnlockScreen

@testable import AuthFlowMachine
@testable import Exploration

/// The auth-flow model (UIF-AUTH-001 with the unlock screen inside it): its suite passes on its
/// reference and covers its catalogue, and the embedded unlock screen is the unlock model's own,
/// observation for observation, on random input sequences.
@Suite(.tags(.drivers)) struct AuthFlowTests {
    static let model = AuthFlowModel.declaration
    static var folder: String { TestSupport.root.appendingPathComponent("AuthFlow/Scenarios").path }

    @Test func theSuitePassesOnTheReferenceAndCoversItsCatalogue() throws {
        let suite = Suite(
            paths: [Self.folder], requirementsFile: nil, model: Self.model, selection: SuiteSelection(), processors: 2)
        #expect(suite.loaded.diagnostics.map(\.description) == [])
        #expect(suite.scenarios.count >= 30)
        #expect(RequirementCatalogue.uncovered(suite.requirements, by: suite.scenarios).map(\.id) == [])
        var reference = AuthFlowReference()
        let runner = ScenarioRunner(model: Self.model)
        for scenario in suite.scenarios {
            let result = runner.run(scenario, on: &reference)
            #expect(result.outcome == .passed, "\(scenario.id): \(String(describing: result.firstProblem))")
        }
    }

    /// The unlock screen's inputs, with the arguments a random walk picks from.
    static let inputs: [Input] =
        [
            "launch", "kill", "background", "foreground", "delete", "clear", "enrolment_changed", "enable_biometrics",
            "platform_lockout_ended",
        ].map { Input($0) }
        + [1, 499, 500, 59_000, 60_000, 300_000, 3_600_000, 604_800_000].map { Input("advance", .int($0)) }
        + BiometricOutcome.allCases.map { Input("biometric", .string($0.rawValue)) }
        + PlatformErrors.all.prefix(4).map { Input("biometric_error", .string($0.code)) }
        + [1, 2, 3, 4, 4, 9].map { Input("digit", .int($0)) }
        + TapTarget.allCases.map { Input("tap", .string($0.rawValue)) }
        + [Input("clock_forward", .int(3_600_000)), Input("clock_back", .int(3_600_000))]

    static func world(_ random: inout SeededRandom) -> [String: Value] {
        func pick<T>(_ choices: [T]) -> T { choices[Int(random.next() % UInt64(choices.count))] }
        return [
            "biometric_enabled": .bool(pick([true, true, false])),
            "biometric_type": .string(pick(["face", "fingerprint", "none"])),
            "biometric_status": .string(pick(["available", "available", "lockout", "not_enrolled"])),
            "session": .string(pick(["valid", "valid", "valid", "expired"])),
            "session_age": .int(pick([0, 0, 604_000_000, 2_591_000_000])),
            "tier": .string(pick(["pro", "perfect"])),
            "pin_failures": .int(pick([0, 0, 3, 4, 7])),
            "pin_length": .int(4),
        ]
    }

    /// Over the same random sequences of the unlock screen's inputs, the auth-flow reference
    /// reports every unlock observation it declares as the unlock reference does while the
    /// unlock screen (or the Dashboard behind it) is up; at a hand-over to Login or Recovery, the
    /// flow's screens, the states agree and the walk ends.
    @Test func theEmbeddedUnlockScreenIsTheUnlockModels() throws {
        let flowKeys = Set(AuthFlowModel.declaration.observations.map(\.key))
        let keys = UnlockModel.declaration.observations.map(\.key).filter(flowKeys.contains)
        #expect(keys.count >= 14, "the flow declares the unlock screen's own keys")
        var compared = 0
        var handovers = 0
        for run in 0..<300 {
            var random = SeededRandom(seed: 13, run: run)
            let given = Self.world(&random)
            var unlock = UnlockReference()
            // The flow's returning splash held for no time: its launch is the screen's, one step later.
            var rules = AuthFlowRules.spec
            rules.returningSplashDuration = 0
            var flow = AuthFlowReference(machine: AuthFlowMachine(rules: rules))
            try unlock.start(scenario: "walk-\(run)", given: given)
            try flow.start(scenario: "walk-\(run)", given: given)
            var time = 0
            for step in 0..<40 {
                let input = Self.inputs[Int(random.next() % UInt64(Self.inputs.count))]
                if input.name == "advance" { time += input.argument?.int ?? 0 }
                let expected = try unlock.perform(input, atMilliseconds: time)
                var observed = try flow.perform(input, atMilliseconds: time)
                if input.name == "launch" {
                    observed = try flow.perform(Input("advance", .int(0)), atMilliseconds: time)
                }
                let place = "run \(run), step \(step + 1) (\(input)) in \(given)"
                if ["Login", "Recovery"].contains(observed["state"]?.string) {
                    #expect(observed["state"] == expected["state"], "\(place)")
                    #expect(observed["states"] == expected["states"], "\(place)")
                    handovers += 1
                    break
                }
                for key in keys {
                    #expect(observed[key] == expected[key], "\(key) at \(place)")
                }
                compared += 1
            }
        }
        #expect(compared > 5_000 && handovers > 50, "compared \(compared) steps, \(handovers) hand-overs")
    }

    /// A world whose clock starts at 59 s (RFC 6238's first vector) is in step 1: a wrong code
    /// is looked up ten steps back, before T0, and refused as wrong; the code now signs in.
    @Test func aCodeTypedInTheFirstStepsAfterT0IsJudged() throws {
        var flow = AuthFlowReference()
        let given = try #require(
            Probe(given: ["clock": .int(59_000), "tier": .string("perfect"), "session": .string("expired")], steps: [])
                .scenario(id: "s", model: Self.model)?.given)
        try flow.start(scenario: "s", given: given)
        var time = 0
        for input in [Input("launch"), Input("advance", .int(500)), Input("tap", .string("google"))] {
            if let advance = input.argument?.int { time += advance }
            _ = try flow.perform(input, atMilliseconds: time)
        }
        #expect(try flow.perform(Input("oauth", .string("success")), atMilliseconds: time)["state"] == .string("MFA"))
        var after: Observations = [:]
        for digit in "000000" {
            after = try flow.perform(Input("digit", .int(digit.wholeNumberValue!)), atMilliseconds: time)
        }
        #expect(after["message"] == .string(AuthFlowTexts.codeInvalid))
        for digit in "287082" {
            after = try flow.perform(Input("digit", .int(digit.wholeNumberValue!)), atMilliseconds: time)
        }
        #expect(after["state"] != .string("MFA") && after["message"] != .string(AuthFlowTexts.codeInvalid))
    }

    /// The flow has no `login_completed`: a scenario for it signs in through Login.
    @Test func loginCompletedIsNotAnInputOfTheFlow() throws {
        #expect(Self.model.input(named: "login_completed") == nil)
        var flow = AuthFlowReference()
        try flow.start(scenario: "s", given: [:])
        #expect(throws: ImplementationError.self) { try flow.perform(Input("login_completed"), atMilliseconds: 0) }
    }

    static func runThroughPython(_ arguments: String = "") -> (results: [ScenarioResult], name: String?) {
        var options = DriverOptions(
            command: "python3 Examples/python/driver.py --argon2-memory-kib 8 " + arguments, model: Self.model)
        options.workingDirectory = TestSupport.root.path
        options.validateProtocol = true
        var driver = SubprocessDriver(options: options)
        let scenarios = ScenarioLoader(model: Self.model).load(paths: [Self.folder]).scenarios
        let results = ScenarioRunner(model: Self.model).run(scenarios, on: &driver)
        driver.shutdown()
        return (results, driver.info?.name)
    }

    /// The Python example serves the auth-flow model when the handshake asks for it, and passes.
    @Test func thePythonExamplePassesTheFlowsSuite() {
        let (results, name) = Self.runThroughPython()
        #expect(name == "python-example")
        #expect(results.count >= 30)
        let problems = results.filter { $0.outcome != .passed }.map { "\($0.scenario.id): \($0.outcome)" }
        #expect(problems.isEmpty, "\(problems)")
    }

    /// Each auth-flow bug of the Python example, the scenario and step (1-based) that catch it,
    /// and a key that differs there.
    static let bugs = TestSupport.authFlowBugs

    @Test(arguments: bugs.map(\.bug))
    func aFlowBugIsCaughtWhereItShouldBe(bug: String) throws {
        let expected = try #require(Self.bugs.first { $0.bug == bug })
        let (results, _) = Self.runThroughPython("--bug " + bug)
        try TestSupport.expectCaught(expected, in: results)
    }

    /// The suite's folder picks its model through its manifest; asking for another model than
    /// the suite found is one usage error, not an input error per scenario.
    @Test func theManifestPicksTheModelAndAConflictIsAUsageError() throws {
        let folder = try TestSupport.temporaryFolder([:])
        let flow = try LibraryRun.run(LibraryRun.Options(paths: [Self.folder], logFolder: folder))
        #expect(flow.severity == .passed, "\(flow.closing())")
        #expect(flow.outcome.plan.package.name == "auth-flow")
        let count = ScenarioLoader(model: Self.model).load(paths: [Self.folder]).scenarios.count
        #expect(flow.outcome.gate.passes && flow.outcome.run.implementations.map(\.records.count) == [count])
    }

    /// One `run` over both models' suites: each runs as alone, one verdict for both, and one
    /// JUnit, Markdown and coverage report with a part per model; the drivers' logs kept apart.
    @Test func oneRunOverBothModels() throws {
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let python = "python3 Examples/python/driver.py --argon2-memory-kib 8"
        func run(_ driver: String) throws -> LibraryRun {
            try LibraryRun.run(
                LibraryRun.Options(
                    paths: [TestSupport.scenariosFolder, Self.folder], drivers: [driver], logFolder: folder + "/logs"))
        }
        let both = try run(python)
        #expect(both.severity == .passed, "\(both.closing())")
        #expect(both.outcomes.map(\.plan.package.name) == ["unlock", "auth-flow"])
        #expect(both.outcomes.map(\.gate.passes) == [true, true], "\(both.closing())")
        let junit = both.report(.junit)
        let unlockCount = TestSupport.suiteSize
        let flowCount = ScenarioLoader(model: Self.model).load(paths: [Self.folder]).scenarios.count
        try junit.write(toFile: folder + "/r.xml", atomically: true, encoding: .utf8)
        let suites = try TestSupport.junitparserCounts(folder + "/r.xml")
        let counts = Dictionary(
            suites.map { ($0["name"] as? String ?? "", [$0["tests"] as? Int ?? -1, $0["failures"] as? Int ?? -1]) },
            uniquingKeysWith: { first, _ in first })
        #expect(counts["python-example (unlock)"] == [unlockCount, 0], "\(counts)")
        #expect(counts["python-example (auth-flow)"] == [flowCount, 0], "\(counts)")
        let markdown = both.report(.markdown)
        #expect(markdown.hasPrefix("**PASS: 2 models: the unlock model passed, the auth-flow model passed**"))
        // A part for each model, each with its own heading.
        #expect(
            Set(MarkdownOutline(markdown).headings).isSuperset(of: [
                "authspec results: the unlock model", "authspec results: the auth-flow model",
            ]))
        let coverage = both.report(.coverage)
        #expect(
            Set(MarkdownOutline(coverage).headings).isSuperset(of: [
                "State coverage: the unlock model", "State coverage: the auth-flow model",
            ]))
        let logs = try FileManager.default.contentsOfDirectory(atPath: folder + "/logs").sorted()
        #expect(logs == ["auth-flow-driver-1.stderr.log", "unlock-driver-1.stderr.log"])

        // A bug in one model's part fails the whole run, and says which model.
        let bug = try run(python + " --bug cancel-shows-error")
        #expect(bug.severity == .failed)
        #expect(bug.outcomes.map(\.gate.passes) == [true, false], "\(bug.closing())")
    }

    /// `spec check` reads UIF-AUTH-001's §2 flowchart and §5.1 diagram against the flow: what it
    /// finds at the line of a recorded reading (§2's first-time question for a returning user,
    /// §5.1's 5th failure to Login, §6.1's 100 ms, §11.2's two unlock event names, Login's
    /// sign-in drawn as a question) is that reading's, kept as a value and decided by it, so the
    /// document as committed passes.
    @Test func specCheckReadsTheFlowchartAgainstTheFlow() throws {
        let document = TestSupport.shared.appendingPathComponent("spec/001_76466166adadd7f5.txt").path
        let result = try LibrarySpecCheck.check([document], model: "auth-flow")
        #expect(
            [result.counts.disagreements, result.counts.warnings, result.counts.recorded] as [Int] == [0, 15, 24],
            "\(result.text)")
        #expect(result.checks.map { $0.compared.map(\.line) } == [[27, 216]])
        // §5.1's 5th failure to Login, against the model's PINError → PINBlocked.
        let conflict = try #require(result.findings.first { $0.kind == .conflict && $0.line == 233 })
        #expect(conflict.modelTransition.map { [$0.from, $0.to] } == ["PINError", "PINBlocked"])
        #expect(conflict.decidedBy == "INT-015")
        // A recorded reading is a note beside the finding on its line, never in its place: the
        // finding is kept, decided by it.
        #expect(Set(result.kinds(at: 64)) == [.documentOnly, .recorded])
        #expect(result.findings.first { $0.kind == .documentOnly && $0.line == 64 }?.decidedBy == "INT-AF-001")
        #expect(
            result.findings.filter { [59, 64].contains($0.line) }.compactMap(\.reading).sorted() == [
                "INT-AF-001", "INT-AF-006",
            ])
        // §11.2's screen_view "biometric" and biometric_fallback against SCR-AUTH-006's names
        // (INT-028), §6.1's 100 ms from the prompt to the Dashboard against the Success
        // screen's 0.5 s (INT-027); the flow's own events and timers agree with the document.
        let rows = result.tableRows.filter { $0.line != nil }.map { "\($0.table): \($0.key) @\($0.line ?? 0)" }
        #expect(
            rows.sorted() == [
                "analytics events: biometric_fallback @440", "analytics events: screen_view @431",
                "hand-over delay: unlock → Dashboard @260",
            ], "\(rows)")
        #expect(result.tableRows.allSatisfy { !["login_success", "mfa_error"].contains($0.key) })
        #expect(result.checks.first?.ruleRows.first { $0.table == "flow timers" }?.rows == 2)
    }

    /// Reports/auth-flow/mutation.md is the current suite's: its counts, and a score of at least
    /// 95% with every key.
    @Test func theCommittedMutationScoreIsTheSuites() throws {
        let text = try String(
            contentsOf: TestSupport.root.appendingPathComponent("Reports/auth-flow/mutation.md"), encoding: .utf8)
        let scenarios = ScenarioLoader(model: Self.model).load(paths: [Self.folder]).scenarios.count
        let mutants = AuthFlowPackage.package.mutants().count
        #expect(mutants >= 20)
        #expect(text.contains("\(scenarios) scenarios against \(mutants) mutants of the reference"))
        let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("| every key |") })
        // Every mutant exploration tells from the reference is killed: no holes, none undecided.
        let columns = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(
            columns.count >= 6 && columns[2] == "0" && columns[4] == "0" && columns[5] == "**100.0%**", "\(row)")
    }

    /// The unlock screen's invariants watch it inside the flow, where a sign-in (leaving the
    /// sheet or the MFA screen signed in) may lift the lock and nothing else may: the unlock
    /// example's bug that lifts it on the tap alone is named by the rule, at the tap.
    @Test func theUnlockInvariantsWatchTheScreenInsideTheFlow() throws {
        let ids = Self.model.invariants.map(\.id)
        #expect(Set(ids).isSuperset(of: ["lock-runs-with-the-clock", "failures-fall-only-on-unlock"]))
        try TestSupport.expectCaught(
            ("relogin-clears-lock", "unlock-relogin-from-a-lock-through-mfa", 4, "invariant lock-runs-with-the-clock"),
            in: Self.runThroughPython("--bug relogin-clears-lock").results)
    }

    /// Generated inputs try the code that is right at that moment on the virtual clock (the
    /// model's meaningful digits), not only the world's own PIN: a walk can pass the MFA screen.
    @Test func generatedCodesIncludeTheOneRightNow() throws {
        let generator = ProbeGenerator(model: Self.model)
        let given = Dictionary(uniqueKeysWithValues: Self.model.given.map { ($0.key, $0.defaultValue) })
        let elapsed = 95_000
        let totp = TOTP(secret: Array(AuthFlowModel.defaultSecret.utf8))
        let now = totp.code(atMilliseconds: UnlockModel.defaultClock + elapsed)
        var random = SeededRandom(seed: 5)
        let drawn = (0..<400).compactMap {
            _ in generator.value(of: .digits, random: &random, observed: [], given: given, elapsed: elapsed)?.string
        }
        #expect(drawn.contains(now))
        #expect(drawn.contains(totp.code(atMilliseconds: UnlockModel.defaultClock + elapsed - 30_000)))
        // The unlock model means nothing by digits but its PIN.
        let unlock = ProbeGenerator(model: UnlockModel.declaration)
        let pins = (0..<100).compactMap {
            _ in unlock.value(of: .digits, random: &random, observed: [], given: ["pin": .string("2580")])?.string
        }
        #expect(pins.allSatisfy { $0.count == 4 } && Set(pins).isSuperset(of: ["2580"]))
    }

    /// An exploration of the flow writes a counterexample that names its model and says how to
    /// reproduce it; run as that model's, it fails on the buggy driver and passes on the correct one.
    @Test func anExploredCounterexampleNamesItsModel() throws {
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let python = "python3 Examples/python/driver.py --argon2-memory-kib 8"
        let file = folder + "/found.yaml"
        let found = try LibraryExplore.explore(
            driver: python + " --bug cancel-shows-error", model: "auth-flow", seed: 2, runs: 200,
            logFolder: folder + "/logs")
        let text = try #require(found.counterexample, "\(found.text)")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        // It names its model: loaded as the flow's it is whole; as the unlock model's, refused.
        #expect(ScenarioLoader(model: Self.model).load(text: text, file: file).diagnostics.isEmpty)
        #expect(
            TestSupport.load(text, file: file).diagnostics.first?.problem
                == .otherModel(scenario: "auth-flow", loaded: "unlock"))
        let divergence = try #require(found.outcome.found.found)
        let reproduce = found.report.reproduce(divergence)
        #expect(
            text.contains(reproduce)
                && reproduce.split(separator: " ").prefix(4) == ["authspec", "explore", "--model", "auth-flow"],
            "\(text)")
        func run(_ driver: String) throws -> RunSeverity {
            try LibraryRun.run(
                LibraryRun.Options(paths: [file], model: "auth-flow", drivers: [driver], logFolder: folder + "/logs")
            ).severity
        }
        #expect(try run(python + " --bug cancel-shows-error") == .failed)
        #expect(try run(python) == .passed)
    }

    /// An arrow spec check cannot take apart (chained, `A --> B --> C`) is said and counted, never
    /// skipped in silence: a document that has one does not agree by default.
    @Test func anArrowSpecCheckCannotReadIsADisagreement() throws {
        let original = try String(
            contentsOf: TestSupport.shared.appendingPathComponent("spec/001_76466166adadd7f5.txt"), encoding: .utf8)
        let chained = original.replacingOccurrences(
            of: "    COLD --> SPLASH\n", with: "    COLD --> SPLASH --> FIRST\n")
        #expect(chained != original)
        let folder = try TestSupport.temporaryFolder(["uif.txt": chained])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try LibrarySpecCheck.check([folder + "/uif.txt"], model: "auth-flow")
        #expect(result.counts.disagreements > 0)
        #expect(
            result.text.contains(
                "uif.txt:56: error: arrow not read: cannot read \"COLD --> SPLASH --> FIRST\" (one arrow per statement, such as A --> B or A -->|label| B): not compared"
            ), "\(result.text)")
    }
}
