import AuthSpecTestSupport
import Coverage
import Engine
import Foundation
import Reporters
import Results
import ScenarioModel
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The gate cannot be fooled: nothing that was not checked counts as passed, an implementation
/// that does not observe what the profile needs fails the run, skips fail it unless allowed,
/// and a selection of nothing is an input error.
@Suite(.tags(.drivers)) struct GateTests {
    /// The committed suite (or `paths`) on the reference and `drivers`, with `change` applied.
    static func run(
        _ paths: [String] = [TestSupport.scenariosFolder], drivers: [String], logs: String,
        _ change: (inout LibraryRun.Options) -> Void = { _ in }
    ) throws -> LibraryRun {
        var options = LibraryRun.Options(paths: paths, drivers: drivers, logFolder: logs)
        change(&options)
        return try LibraryRun.run(options)
    }

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
        let full = try Self.run(drivers: [Self.statesOnly], logs: folder)
        let lacking = try #require(TestSupport.model.profile(named: "full")).keys.filter {
            $0 != "state" && $0 != "states"
        }
        let reasons = full.outcome.gate.reasons
        #expect(reasons.last == .profileNotMet(implementation: "python-example", profile: "full", missing: lacking))
        #expect(
            reasons.contains {
                guard case .notChecked("python-example", let count, hasBaseline: false) = $0 else { return false }
                return count > 0
            }, "\(full.closing())")

        // Not quiet: the totals and what was not checked are printed only then.
        let minimalRun = try Self.run(drivers: [Self.statesOnly], logs: folder) {
            $0.profile = "minimal"
            // Every section, uncut: markers are looked for in the whole report below.
            $0.markdownMaxBytes = "4000000"
        }
        for (kind, name) in [(ReportKind.json, "r.json"), (.junit, "r.xml"), (.markdown, "r.md")] {
            try minimalRun.write(kind, to: "\(folder)/\(name)")
        }
        let minimal = minimalRun.closing(quiet: false)
        // The scenarios that expect no state compare nothing on it: not checked, which fails
        // the gate until a baseline names them.
        #expect(minimalRun.severity == .failed, "\(minimal)")
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
        #expect(minimal.contains("it does not observe "))
        let notChecked = scenarios.filter { $0["outcome"] as? String == "not checked" }.compactMap {
            $0["id"] as? String
        }
        #expect(notChecked.count == summary["not_checked"]! && !notChecked.isEmpty)
        #expect(
            minimalRun.outcome.gate.reasons == [
                .notChecked(implementation: "python-example", count: notChecked.count, hasBaseline: false)
            ], "\(minimal)")
        let baseline =
            "implementation: python-example\nexpected:\n"
            + notChecked.map { "  - {id: \($0), outcome: not checked, reason: expects no state}\n" }.joined()
        try baseline.write(toFile: "\(folder)/states.yaml", atomically: true, encoding: .utf8)
        let excusedRun = try Self.run(drivers: [Self.statesOnly], logs: folder) {
            $0.profile = "minimal"
            $0.baselines = ["\(folder)/states.yaml"]
        }
        let excused = excusedRun.closing(quiet: false)
        #expect(excusedRun.severity == .passed, "\(excused)")
        #expect(
            excused.contains(
                "PASS: \(2 * TestSupport.suiteSize) scenario runs on 2 implementations under the minimal profile; \(summary["partly_checked"]! + summary["not_checked"]!) of them not wholly checked"
            ), "\(excused)")
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
        #expect(try TestSupport.xml(at: "\(folder)/r.xml").values("//failure/@type") == ["gate"])
    }

    @Test func selectingNothingIsAnInputError() throws {
        let empty = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let cases: [(paths: [String], tags: [String], ids: [String], RunPlanError, String)] = [
            (
                [TestSupport.scenariosFolder], ["nosuchtag"], [],
                .nothingSelected(tags: ["nosuchtag"], ids: [], loaded: TestSupport.suiteSize),
                "--tag nosuchtag matched none of the \(TestSupport.suiteSize) scenarios loaded: nothing to run"
            ),
            (
                [TestSupport.scenariosFolder], ["pin"], ["zzz*"],
                .nothingSelected(tags: ["pin"], ids: ["zzz*"], loaded: TestSupport.suiteSize),
                "--tag pin --id zzz* matched none of the \(TestSupport.suiteSize) scenarios loaded"
            ),
            ([empty], [], [], .noScenarios(paths: [empty]), "run: no scenarios in \(empty): nothing to run"),
        ]
        for (paths, tags, ids, expected, message) in cases {
            #expect(throws: expected) {
                try Self.run(paths, drivers: [], logs: empty) {
                    $0.tags = tags
                    $0.ids = ids
                }
            }
            #expect(expected.description.contains(message), "\(expected)")
        }
    }

    /// A driver that declares too few inputs skips scenarios: that fails the gate, unless skips
    /// are allowed.
    @Test func skipsFailTheGateUnlessAllowed() throws {
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let driver = "python3 Tests/Fixtures/drivers/faulty_driver.py --fault few-inputs"
        let strict = try Self.run(drivers: [driver], logs: folder) { $0.ids = ["brief-*"] }
        #expect(strict.severity == .failed, "\(strict.closing())")
        #expect(strict.outcome.gate.reasons == [.skipped(implementation: "faulty-few-inputs", count: 6)])
        let allowed = try Self.run(drivers: [driver], logs: folder) {
            $0.ids = ["brief-*"]
            $0.allowSkips = true
        }
        #expect(allowed.severity == .passed, "\(allowed.closing())")
        #expect(allowed.outcome.gate.reasons.isEmpty && allowed.outcome.run.implementations[1].summary.skipped == 6)
    }

    /// A driver that declares every input and refuses every scenario: --allow-skips does not
    /// let its refusals through, and --allow-refusals lets them through only beside something
    /// verified, which there is not.
    @Test func refusalsAreNotSkipsAndNeverMakeAPassOfNothing() throws {
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let driver = "python3 Tests/Fixtures/drivers/faulty_driver.py --fault all-unsupported"
        let skips = try Self.run(drivers: [driver], logs: folder) { $0.allowSkips = true }
        #expect(skips.severity == .failed, "\(skips.closing())")
        #expect(
            skips.outcome.gate.reasons.first
                == .refused(implementation: "faulty-all-unsupported", count: TestSupport.suiteSize),
            "\(skips.closing())")
        let refusals = try Self.run(drivers: [driver], logs: folder) {
            $0.allowSkips = true
            $0.allowRefusals = true
        }
        #expect(refusals.severity == .failed, "\(refusals.closing())")
        #expect(
            refusals.outcome.gate.reasons == [
                .nothingVerified(implementation: "faulty-all-unsupported", scenarios: TestSupport.suiteSize)
            ], "\(refusals.closing())")
    }

    /// A driver that hides its bug by refusing the worlds that show it (Perfect-tier sessions
    /// lasting 30 days, refused in every Perfect world) fails under --allow-skips, each refusal
    /// counted apart from skips; --allow-refusals lets it through and the verdict says so.
    @Test func refusingTheWorldsThatCatchABugFailsUnderAllowSkips() throws {
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let driver =
            "python3 Tests/Fixtures/drivers/refusing_proxy.py --refuse-given tier=perfect -- python3 Examples/python/driver.py --argon2-memory-kib 8 --bug perfect-30-days"
        let caught = try Self.run(
            drivers: ["python3 Examples/python/driver.py --argon2-memory-kib 8 --bug perfect-30-days"], logs: folder)
        #expect(caught.severity == .failed, "\(caught.closing())")
        let hidden = try Self.run(drivers: [driver], logs: folder) { $0.allowSkips = true }
        #expect(hidden.severity == .failed, "\(hidden.closing())")
        let implementation = try #require(hidden.outcome.run.implementations.last)
        #expect(implementation.summary.failed == 0 && implementation.summary.skipped == 0)
        #expect(implementation.summary.refused > 0)
        #expect(
            hidden.outcome.gate.reasons.contains(
                .refused(implementation: "python-example+perfect-30-days", count: implementation.summary.refused)),
            "\(hidden.closing())")
        let allowed = try Self.run(drivers: [driver], logs: folder) { $0.allowRefusals = true }
        #expect(allowed.severity == .passed, "\(allowed.closing())")
        #expect(allowed.outcome.run.implementations.last?.summary.refused == implementation.summary.refused)
    }

    /// A suite whose scenarios expect nothing (an edit that dropped every expect block) fails:
    /// each scenario is not checked, and nothing was verified; lint warns at each scenario.
    @Test func aSuiteThatExpectsNothingFails() throws {
        let folder = try TestSupport.temporaryFolder([
            "a.yaml": "id: a\ntitle: t\nspec: [x]\nsteps: [launch, {tap: use_pin}]\n",
            "b.yaml": "id: b\ntitle: t\nspec: [x]\nsteps:\n  - launch\n  - biometric: success\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.run([folder], drivers: [], logs: folder)
        #expect(run.severity == .failed, "\(run.closing())")
        #expect(
            run.outcome.gate.reasons == [
                .notChecked(implementation: "reference", count: 2, hasBaseline: false),
                .nothingVerified(implementation: "reference", scenarios: 2),
            ], "\(run.closing())")
        // What lint says of the same records: a warning at each scenario, in order.
        let lint = Contradictions.expectingNothing(run.outcome.run.allRecords)
        #expect(
            lint.map { $0.replacingOccurrences(of: folder, with: "{tmp}") } == [
                "{tmp}/a.yaml:1:1: warning: scenario 'a' expects nothing: a run of it checks nothing and fails the gate "
                    + "as 'not checked' (add an expect block, or 'record' it)",
                "{tmp}/b.yaml:1:1: warning: scenario 'b' expects nothing: a run of it checks nothing and fails the gate "
                    + "as 'not checked' (add an expect block, or 'record' it)",
            ], "\(lint)")
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
        func run(
            brief: Bool = true, _ baseline: String, strict: Bool = false, driver: String = buggy
        ) throws -> LibraryRun {
            try Self.run(drivers: [driver], logs: folder) {
                $0.ids = brief ? ["brief-*"] : []
                $0.baselines = ["\(folder)/\(baseline)"]
                $0.strictBaseline = strict
            }
        }
        let brief = try run("known.yaml")
        #expect(brief.severity == .passed, "\(brief.closing(quiet: false))")
        #expect(brief.outcome.gate.reasons == [])
        #expect(
            brief.outcome.gate.notes == [
                .expectedByBaseline(implementation: name, count: 1, baseline: "\(folder)/known.yaml")
            ])
        #expect(brief.outcome.run.implementations.map(\.records.count) == [7, 7])

        let whole = try run(brief: false, "known.yaml")
        #expect(whole.severity == .failed, "the second bug's failures are new")
        // The countdown bug fails the hand-written boundary scenario and the generated ones
        // that launch onto a lock; the baseline's known failure is not among the new ones.
        guard case .failures(name, let failed, 0, hasBaseline: true)? = whole.outcome.gate.reasons.first else {
            Issue.record("not new failures: \(whole.outcome.gate.reasons)")
            return
        }
        #expect(failed > 0 && whole.outcome.gate.reasons.count == 1)
        let countdown = whole.outcome.run.implementations[1].records.first { $0.id == "lock-countdown-and-boundary" }
        #expect(countdown?.outcome == .failed)
        #expect(whole.outcome.gate.expectation(of: "lock-countdown-and-boundary", on: name) == nil)

        let expired = try run("expired.yaml")
        #expect(expired.severity == .failed)
        #expect(expired.outcome.gate.notes.contains(.expired(implementation: name, ids: [known])))

        let clean = "python3 Examples/python/driver.py --argon2-memory-kib 8"
        let pass = try run("pass.yaml", driver: clean)
        #expect(pass.severity == .passed, "\(pass.closing())")
        let unexpected = GateNote.unexpectedPasses(
            implementation: "python-example", ids: ["brief-cancel-goes-to-pin"], baseline: "\(folder)/pass.yaml")
        #expect(pass.outcome.gate.notes == [unexpected])
        let strict = try run("pass.yaml", strict: true, driver: clean)
        #expect(strict.severity == .failed)
        #expect(
            strict.outcome.gate.reasons == [
                .unexpectedPasses(
                    implementation: "python-example", ids: ["brief-cancel-goes-to-pin"], baseline: "\(folder)/pass.yaml"
                )
            ])

        // A date that does not exist would excuse forever: an input error at the date, and a
        // baseline that does not load stops the run before anything runs.
        let impossible = #expect(throws: RunPlanError.self) { try run("impossible.yaml") }
        guard case .inputs(let diagnostics)? = impossible else {
            Issue.record("not refused as input: \(String(describing: impossible))")
            return
        }
        let column = "  - {id: \(known), outcome: failed, reason: \"forever\", expires: ".count + 1
        let date = "a date that exists, YYYY-MM-DD"
        #expect(
            diagnostics.map { PlacedProblem($0, under: folder) } == [
                PlacedProblem(
                    "impossible.yaml", 3, column, .wrongValue(what: "expires", expected: date, found: "'9999-99-99'")),
                PlacedProblem(
                    "impossible.yaml", 4, column + 4,
                    .wrongValue(what: "expires", expected: date, found: "'2027-02-29'")),
            ])

        let stale = try run("stale.yaml", driver: clean)
        #expect(stale.severity == .badInput)
        #expect(
            stale.diagnostics.map { PlacedProblem($0, under: folder) } == [
                PlacedProblem("stale.yaml", 3, 5, .baselineEntryNotLoaded(id: "no-such-scenario"))
            ])

        // The baseline updated from a run keeps the known entry as it was; the next run passes on it.
        let updated = try run(brief: false, "known.yaml")
        #expect(updated.severity == .failed)
        // By default a failure is not added (it is to be fixed); with `all` it is, with where.
        let skipsOnly = try #require(updated.outcome.updatedBaselines(all: false)?.first?.after)
        #expect(skipsOnly.baseline.entries.map(\.id) == [known, "lock-8th-failure-outlasts-15-minutes"])
        #expect(skipsOnly.leftOut.contains { $0.id == "lock-countdown-and-boundary" })
        let update = try #require(updated.outcome.updatedBaselines(all: true)?.first?.after)
        #expect(update.addedFailures.contains { $0.id == "lock-countdown-and-boundary" })
        let rewritten = update.baseline
        #expect(rewritten.file == "\(folder)/known.yaml")
        try rewritten.yaml.write(toFile: rewritten.file, atomically: true, encoding: .utf8)
        // Read back as a baseline: the known entry as it was, the failure added with where it went wrong.
        let loaded = Baseline.load(file: "\(folder)/known.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        let entries = loaded.baseline?.entries ?? []
        let kept = entries.first { $0.id == known }
        #expect(kept?.reason == "the 8th lock is 15 min" && kept?.link == "https://bugs.example/42")
        let added = entries.first { $0.id == "lock-countdown-and-boundary" }
        #expect(added?.outcome == "failed" && added?.reason == "written by --update-baseline all")
        #expect(added?.divergence != nil, "\(entries)")
        let again = try run(brief: false, "known.yaml")
        #expect(again.severity == .passed, "\(again.closing())")
        let lint = try TestSupport.execute(
            URL(fileURLWithPath: "/usr/bin/env"), ["yamllint", "--strict", "-c", ".yamllint", "\(folder)/known.yaml"])
        #expect(lint.status == 0, "\(lint.stdout)")
    }

    /// A failure a baseline expects is expected only where it was recorded: the same scenario
    /// failing at another step or on other keys is a second bug, and fails the gate. An entry
    /// for a scenario the suite no longer has, written against another version of the suite,
    /// is a warning; against this version it is a mistake (bad input).
    @Test func anExpectedFailureIsExpectedOnlyWhereItWasRecorded() throws {
        let one = "python3 Examples/python/driver.py --argon2-memory-kib 8 --bug eighth-gives-15-min"
        let name = "python-example+eighth-gives-15-min"
        let scenario = "brief-pin-failure-8-and-beyond-lock-1-hour"
        let folder = try TestSupport.temporaryFolder([
            "b.yaml": "implementation: \(name)\nexpected: []\n",
            "gone.yaml":
                "implementation: python-example\nsuite: \"0000000000000000\"\nexpected:\n  - {id: dropped-in-an-upgrade, outcome: failed, reason: gone}\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func run(_ driver: String, _ baseline: String) throws -> LibraryRun {
            try Self.run(drivers: [driver], logs: folder) {
                $0.ids = ["brief-*"]
                $0.baselines = ["\(folder)/\(baseline)"]
            }
        }
        let first = try run(one, "b.yaml")
        let update = try #require(first.outcome.updatedBaselines(all: true)?.first?.after)
        let entry = try #require(update.baseline.entry(for: scenario))
        let divergedKeys = Set(entry.divergence?.keys ?? [])
        #expect(divergedKeys.isSuperset(of: ["lock_remaining"]), "\(entry)")
        #expect(entry.divergence?.state != nil, "the state its input arrived in: \(entry)")
        try update.baseline.yaml.write(toFile: "\(folder)/b.yaml", atomically: true, encoding: .utf8)
        let expected = try run(one, "b.yaml")
        #expect(expected.severity == .passed, "\(expected.closing())")
        let excused = expected.outcome.gate.expectation(of: scenario, on: name)
        #expect(excused?.id == scenario && excused?.divergence == entry.divergence, "\(String(describing: excused))")
        // The same scenario recorded as failing elsewhere (another step; the same step on other
        // keys; from another state): what happens now is a second bug, a new failure in full.
        let written = try String(contentsOfFile: "\(folder)/b.yaml", encoding: .utf8)
        let step = "    step: \(entry.divergence!.step)\n"
        let keys = "    keys: \"\(entry.divergence!.keys.joined(separator: ", "))\"\n"
        let state = "    state: \"\(entry.divergence!.state ?? "")\"\n"
        for moved in [
            written.replacingOccurrences(of: step, with: "    step: \(entry.divergence!.step + 1)\n"),
            written.replacingOccurrences(of: keys, with: "    keys: \"lock_remaining\"\n"),
            written.replacingOccurrences(of: state, with: "    state: \"Dashboard\"\n"),
        ] {
            #expect(moved != written)
            try moved.write(toFile: "\(folder)/b.yaml", atomically: true, encoding: .utf8)
            let second = try run(one, "b.yaml")
            #expect(second.severity == .failed)
            #expect(
                second.outcome.gate.reasons == [
                    .failures(implementation: name, failed: 1, errored: 0, hasBaseline: true)
                ])
            #expect(second.outcome.gate.expectation(of: scenario, on: name) == nil)
        }
        // The dropped scenario's entry was written against another suite: a warning, and a pass.
        let upgraded = try run("python3 Examples/python/driver.py --argon2-memory-kib 8", "gone.yaml")
        #expect(upgraded.severity == .passed, "\(upgraded.closing())")
        #expect(
            upgraded.outcome.gate.notes == [
                .staleEntries(
                    implementation: "python-example", ids: ["dropped-in-an-upgrade"], baseline: "\(folder)/gone.yaml")
            ], "\(upgraded.closing())")
        let pruned = try #require(upgraded.outcome.updatedBaselines(all: false)?.first?.after)
        #expect(pruned.pruned == ["dropped-in-an-upgrade"] && pruned.baseline.entries.isEmpty)
    }
}
