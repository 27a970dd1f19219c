import AuthFlowMachine
import AuthSpecTestSupport
import Engine
import Exploration
import Foundation
import Models
import Reporters
import Results
import ScenarioModel
import SpecModel
import Testing

@testable import Exploration
@testable import Runner
@testable import SpecModel
@testable import UnlockScreen

/// `explore` through the engine and real driver processes: every bug of the
/// Python example is found, shrunk and written as a scenario that tells the buggy driver from
/// the correct one; a seed always gives the same file.
@Suite(.tags(.drivers)) struct ExploreTests {
    static let python = "python3 Examples/python/driver.py --argon2-memory-kib 8"

    /// The whole suite's file run on the reference and, if named, one driver.
    static func run(_ file: String, driver: String? = nil, logs: String) throws -> RunSeverity {
        try LibraryRun.run(LibraryRun.Options(paths: [file], drivers: driver.map { [$0] } ?? [], logFolder: logs))
            .severity
    }

    @Test(arguments: TestSupport.unlockBugs.map(\.bug))
    func everyExampleBugIsFoundShrunkAndWritten(bug: String) throws {
        let folder = try TestSupport.temporaryFolder([:])
        let file = folder + "/found.yaml"
        let buggy = "\(Self.python) --bug \(bug)"
        // The default budget.
        let explored = try LibraryExplore.explore(driver: buggy, logFolder: folder, out: file)
        let text = try #require(explored.counterexample, "\(explored.text)")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let steps = text.split(separator: "\n").filter { $0.hasPrefix("  - ") }.count
        #expect((1...12).contains(steps), "\(steps) steps:\n\(text)")
        let found = try #require(explored.outcome.found.found)
        // The file says how to reproduce it: the report's own command line.
        #expect(text.contains(explored.report.reproduce(found)), "\(text)")
        #expect(found.replays == 5 && found.failedReplays == 5, "flaky?\n\(explored.summary)")

        let loaded = ScenarioLoader(model: TestSupport.model).load(paths: [file])
        #expect(loaded.diagnostics.isEmpty && loaded.scenarios.count == 1, "\(loaded.diagnostics)")
        #expect(try Self.run(file, logs: folder) == .passed, "the reference fails its own counterexample")
        #expect(
            try Self.run(file, driver: buggy, logs: folder) == .failed, "the counterexample passes on the buggy driver")
        #expect(
            try Self.run(file, driver: Self.python, logs: folder) == .passed,
            "the counterexample fails the correct driver")
    }

    /// What explore found before, beside the file it writes, is replayed first, as a property
    /// tester replays its database: a bug still there is found again in its file without a
    /// search (and nothing written again); once fixed, the search goes on. A file beside it that
    /// is not this model's scenario is passed over, said.
    @Test func whatWasFoundBeforeIsReplayedFirst() throws {
        let folder = try TestSupport.temporaryFolder(["other.yaml": "# Found by authspec explore: seed 9\nid: x\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let buggy = "\(Self.python) --bug \(TestSupport.unlockBugs[0].bug)"
        let first = try LibraryExplore.explore(driver: buggy, logFolder: folder, out: folder + "/explore-1.yaml")
        #expect(first.outcome.replay.replayed == 0)
        #expect(first.notReplayed.map { $0.split(separator: ":").first.map(String.init) } == [folder + "/other.yaml"])
        try FoundFile.sealed(try #require(first.counterexample)).write(
            toFile: folder + "/explore-1.yaml", atomically: true, encoding: .utf8)

        let again = try LibraryExplore.explore(
            driver: buggy, seed: 2, logFolder: folder, out: folder + "/explore-2.yaml")
        #expect(again.outcome.replay.replayed == 1)
        #expect(again.outcome.replay.failedAgain?.file == folder + "/explore-1.yaml")
        #expect(again.outcome.found.runs == 0 && again.counterexample == nil, "found again, not searched, not written")
        #expect(
            again.text.contains(
                "Replayed 1 scenario explore found before: \(folder)/explore-1.yaml diverges again; not searched"),
            "\(again.text)")
        #expect(again.verdict == .diverged)
        let summary = try #require(
            try JSONSerialization.jsonObject(with: Data(again.summary.utf8)) as? [String: Any], "\(again.summary)")
        // Found again by its file, not in a run: no run's number, the file's name.
        let divergence = summary["divergence"] as? [String: Any]
        #expect(
            divergence?["run"] is NSNull && divergence?["file"] as? String == folder + "/explore-1.yaml",
            "\(again.summary)")

        let fixed = try LibraryExplore.explore(
            driver: Self.python, seed: 2, runs: 30, logFolder: folder, out: folder + "/explore-3.yaml")
        #expect(fixed.outcome.replay.replayed == 1 && fixed.outcome.replay.failedAgain == nil)
        #expect(fixed.outcome.found.runs == 30 && fixed.counterexample == nil)
    }

    /// A bug first seen in a count (one biometric attempt too few, off from the first step) is
    /// shown where a developer recognises it: the same runs compared on the state find the PIN
    /// screen after the second failure, where the fail screen should be. Its reproduce line
    /// finds it again. A run count bounds that search here, as `--runs` does (under a time
    /// budget a second bounds it, which a debug build may spend before it gets there).
    @Test func aCountersDivergenceIsShownInTheStateWhereItReachesIt() throws {
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let buggy = "\(Self.python) --bug two-bio-attempts"
        let explored = try LibraryExplore.explore(driver: buggy, seed: 3, runs: 3000, logFolder: folder)
        let found = try #require(explored.outcome.found.found, "\(explored.text)")
        #expect(found.smallest.signature.keys.isSuperset(of: ["state"]), "\(found.smallest.signature)")
        let text = try #require(explored.counterexample)
        // The second failure: the fail screen again on the reference, the PIN screen on the bug.
        #expect(text.components(separatedBy: "\n      state: BiometricFail\n").count == 3, "\(text)")
        #expect(found.smallest.result.steps.last?.differences.contains { $0.observed == .string("PINInput") } == true)
        let again = try LibraryExplore.explore(
            driver: buggy, seed: 3, runs: explored.outcome.found.runs, logFolder: folder)
        #expect(again.counterexample == text)
    }

    /// Also with workers: a round's runs are shared out, and any number of them makes the same runs.
    @Test func theSameSeedGivesTheSameFileWithAnyNumberOfWorkers() throws {
        let folder = try TestSupport.temporaryFolder([:])
        let buggy = "\(Self.python) --bug lock-from-first-failure"
        let first = try LibraryExplore.explore(driver: buggy, logFolder: folder)
        let second = try LibraryExplore.explore(driver: buggy, logFolder: folder)
        let third = try LibraryExplore.explore(driver: buggy, jobs: 3, logFolder: folder)
        let one = try #require(first.counterexample)
        #expect(one == second.counterexample && one == third.counterexample, "\(third.text)")
        // The same runs tried, to the one that diverged (times aside).
        func tried(_ summary: String) -> String {
            summary.split(separator: "\n").filter { !$0.contains("milliseconds\"") && !$0.contains("\"file\"") }
                .joined(separator: "\n")
        }
        #expect(tried(first.summary) == tried(third.summary))
        // Three workers, three driver processes, each with its own log.
        let logs = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(logs.filter { $0.contains(/\.job[23]\./) }.count == 2, "\(logs)")
    }

    /// A driver that refuses every world is no pass: the verdict is REFUSED, saying so; with
    /// refusals allowed it is still no conclusion, as it ran nothing.
    @Test func aDriverThatRefusesEveryWorldIsNeverAPass() throws {
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let driver = "python3 Tests/Fixtures/drivers/faulty_driver.py --fault all-unsupported"
        let refused = try LibraryExplore.explore(driver: driver, runs: 40, logFolder: folder)
        #expect(refused.verdict == .refused, "\(refused.text)")
        #expect(refused.outcome.found.refusals.worlds == 40 && refused.outcome.found.accepted.isEmpty)
        let summary = try JSONSerialization.jsonObject(with: Data(refused.summary.utf8)) as? [String: Any]
        #expect(summary?["verdict"] as? String == "refused", "\(refused.summary)")
        let allowed = try LibraryExplore.explore(driver: driver, runs: 40, logFolder: folder) {
            $0.allowRefusals = true
        }
        #expect(allowed.verdict == .inconclusive, "\(allowed.text)")
        #expect(allowed.outcome.found.accepted.isEmpty, "nothing ran on the driver")
    }

    /// A driver that hides a Perfect-tier bug by refusing Perfect worlds: the bug goes
    /// unfound, and the verdict names the refused worlds by the given value no accepted world
    /// had, and the pairs it never ran.
    @Test func refusedWorldsAreNamedByTheirGivenValues() throws {
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let driver =
            "python3 Tests/Fixtures/drivers/refusing_proxy.py --refuse-given tier=perfect -- \(Self.python) --bug perfect-30-days"
        let refused = try LibraryExplore.explore(driver: driver, runs: 300, logFolder: folder)
        #expect(refused.verdict == .refused, "\(refused.text)")
        let refusals = refused.outcome.found.refusals
        #expect(refusals.worlds > 0 && refusals.inputs.isEmpty)
        #expect(refusals.neverAccepted.first?.value == #"tier="perfect""#, "\(refusals.neverAccepted)")
        #expect(refusals.neverAccepted.first?.runs == refusals.worlds, "\(refusals.neverAccepted)")
        let allowed = try LibraryExplore.explore(driver: driver, runs: 300, logFolder: folder) {
            $0.allowRefusals = true
        }
        // Allowed, the refusals are said; what they kept from running makes it no conclusion.
        #expect(allowed.verdict == .inconclusive || allowed.verdict == .noDivergence, "\(allowed.text)")
        #expect(!allowed.outcome.found.refusals.isEmpty, "the refusals are there, let through")
    }

    /// Every given value a world can hold reads back as itself through `--given` as the
    /// reproduce line writes it, in both models; a value with a second line, a comment or an
    /// anchor is refused.
    @Test func reproducedGivenValuesReadBackAsThemselves() throws {
        for model in [TestSupport.model, AuthFlowModel.declaration] {
            let generator = ProbeGenerator(model: model)
            var random = SeededRandom(seed: 5, run: 0)
            for _ in 0..<200 {
                for (key, value) in generator.world(&random) {
                    let word = "\(key)=\(ExplorationReport.written(value, key: key, model: model))"
                    let read = try ScenarioLoader.world(given: [word], model: model).get()
                    #expect(read[key] == value, "\(model.name): \(word)")
                }
            }
        }
        for hostile in ["pin_failures=5\nbiometric_type: none", "pin_failures=7 # c", "pin_failures=&a 7", "a b=1"] {
            #expect(throws: SettingProblem.self) {
                try ScenarioLoader.world(given: [hostile], model: TestSupport.model).get()
            }
        }
    }

    /// A refused input is counted by name, and the pairs after it in its run are not counted
    /// as run.
    @Test func aRefusedInputIsCountedByName() throws {
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let driver = "python3 Tests/Fixtures/drivers/refusing_proxy.py --refuse-input biometric -- \(Self.python)"
        let refused = try LibraryExplore.explore(driver: driver, runs: 100, logFolder: folder)
        #expect(refused.verdict == .refused, "\(refused.text)")
        let found = refused.outcome.found
        #expect(found.refusals.worlds == 0 && (found.refusals.inputs["biometric"] ?? 0) > 0, "\(found.refusals)")
        // By the input's name, whatever its argument.
        func name(_ pair: InputInState) -> Substring { pair.input.prefix { $0 != ":" } }
        #expect(!found.accepted.contains { name($0) == "biometric" })
        #expect(found.unmet.contains { name($0) == "biometric" }, "\(found.unmet)")

    }

    /// The correct example driver runs every pair the reference reaches well within the runs
    /// the default budget makes (about 9,000 in 60 s on the example machine): its verdict is
    /// a conclusion.
    @Test func aCorrectDriverIsConclusive() throws {
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try LibraryExplore.explore(driver: Self.python, runs: 2000, logFolder: folder)
        #expect(result.verdict == .noDivergence, "\(result.text)")
        #expect(result.outcome.found.unmet.isEmpty && result.outcome.found.accepted == result.outcome.found.met)
    }

    /// Sixty runs of the correct driver find nothing and are no conclusion: the pairs not
    /// reached yet are said, and the verdict is INCONCLUSIVE.
    @Test func aShortExplorationIsNoConclusion() throws {
        let folder = try TestSupport.temporaryFolder([:])
        let result = try LibraryExplore.explore(driver: Self.python, runs: 60, logFolder: folder)
        #expect(!result.diverged && result.counterexample == nil, "\(result.text)")
        #expect(result.verdict == .inconclusive, "\(result.text)")
        #expect(Set(result.outcome.found.unmet) == result.outcome.found.unreached)
        #expect(!result.outcome.found.unreached.isEmpty, "\(result.text)")
        // Each run plays at least its 40 inputs; one started from a kept prefix plays the prefix too.
        #expect(Self.inputs(result.text, runs: 60).map { $0 >= 2400 } == true, "\(result.text)")
    }

    @Test func statesOnlyComparesOnlyTheStates() throws {
        let folder = try TestSupport.temporaryFolder([:])
        // The countdown is a second short: a driver seen through its states alone agrees.
        let buggy = "\(Self.python) --bug countdown-off-by-one"
        let result = try LibraryExplore.explore(driver: buggy, runs: 40, keys: ["state", "states"], logFolder: folder)
        #expect(!result.diverged, "\(result.text)")
        #expect(result.compared == ["state", "states"], "\(result.text)")
    }

    /// The shrinker keeps only candidates that fail the same way, and ends at a probe from
    /// which no step can be dropped.
    @Test func shrinkingKeepsTheSignatureAndEndsMinimal() throws {
        let model = UnlockModel.declaration
        // A fake divergence: any probe containing a kill after a launch "diverges" on state.
        func test(_ probe: Probe) -> Divergence? {
            guard let launch = probe.steps.firstIndex(where: { $0.name == "launch" }),
                let kill = probe.steps.lastIndex(where: { $0.name == "kill" }), launch < kill,
                let scenario = probe.scenario(id: "t", model: model)
            else { return nil }
            return Divergence(
                probe: probe, step: kill, signature: Signature(input: "kill", keys: ["state"], errored: false),
                result: .init(scenario: scenario, implementation: "t", outcome: .failed, steps: []))
        }
        let noise = (0..<30).map { Input(["background", "foreground", "delete"][$0 % 3]) }
        let long = Probe(
            given: ["tier": .string("perfect")],
            steps: noise + [Input("launch")] + noise + [Input("kill")] + noise)
        let found = try #require(test(long))
        let shrunk = Shrinker(model: model).shrink(found, test: test)
        #expect(shrunk.smallest.probe == Probe(steps: [Input("launch"), Input("kill")]))
        #expect(shrunk.tries < 200)
        #expect(!shrunk.cutShort)
        // Stopped after five candidates: shrinking ends there, with the smallest found so far.
        var asked = 0
        let cut = Shrinker(model: model).shrink(
            found,
            stopped: {
                asked += 1
                return asked > 5
            }, test: test)
        #expect(cut.cutShort)
        #expect(cut.tries == 5)
        #expect(cut.smallest.probe.steps.count < long.steps.count)
        #expect(cut.smallest.probe.steps.count > 2)
    }

    @Test func aSeedFixesEveryRandomChoice() {
        var one = SeededRandom(seed: 42, run: 3)
        var two = SeededRandom(seed: 42, run: 3)
        var other = SeededRandom(seed: 42, run: 4)
        let first = (0..<8).map { _ in one.next() }
        #expect(first == (0..<8).map { _ in two.next() })
        #expect(first != (0..<8).map { _ in other.next() })
    }

    /// With no driver, the reference is explored against its own invariants.
    @Test func withNoDriverTheReferenceIsJudgedByItsInvariants() throws {
        let folder = try TestSupport.temporaryFolder([:])
        let alone = try LibraryExplore.explore(driver: nil, runs: 40, logFolder: folder)
        #expect(!alone.diverged, "\(alone.text)")
        #expect(alone.outcome.driverName == nil && alone.compared == Set(TestSupport.model.observations.map(\.key)))
        #expect(Self.inputs(alone.text, runs: 40).map { $0 >= 1600 } == true, "\(alone.text)")
    }

    /// The inputs a verdict line says were tried over `runs` runs.
    static func inputs(_ text: String, runs: Int) -> Int? {
        let said = ": \(runs) runs, "
        guard let line = text.split(separator: "\n").last, let range = line.range(of: said) else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber })
    }

    /// Comparing no key at all, the invariants alone still catch an implementation whose lock
    /// ends a millisecond early, and shrinking keeps to that invariant.
    @Test func invariantsAloneCatchALockThatEndsEarly() throws {
        let model = UnlockModel.declaration
        let mutant = try #require(UnlockMutants.all(memo: Argon2Memo()).first { $0.id == "lock-end-early-1ms" })
        var candidate = mutant.make()
        var reference = UnlockReference()
        let explorer = Explorer(
            model: model, settings: ExplorationSettings(seed: 1, runs: 300), keys: [], clock: TestSupport.clock)
        let found = explorer.explore(reference: &reference, candidate: &candidate)
        let counterexample = try #require(found.found, "300 runs found nothing")
        #expect(counterexample.smallest.signature.keys == ["invariant lock-as-the-table-says"])
        #expect(counterexample.smallest.probe.steps.count <= 12)
        #expect(!counterexample.flaky)
    }

    /// Exploration asks the runner whether a run passes without building a result, and judges
    /// in full only a run that does not: on every mutant of the reference, with every key and
    /// with the states alone, its verdict is the full judgement's, probe by probe.
    @Test func theQuickVerdictIsTheRunnersJudgement() throws {
        let model = UnlockModel.declaration
        let memo = Argon2Memo()
        let explorer = Explorer(
            model: model, settings: ExplorationSettings(seed: 7, depth: 30), clock: TestSupport.clock)
        let generator = ProbeGenerator(model: model)
        var reference = UnlockReference(memo: memo)
        var met: Set<InputInState> = []
        let probes = (0..<6).compactMap { run -> Probe? in
            var random = SeededRandom(seed: 7, run: run)
            return explorer.generate(&random, generator: generator, reference: &reference, met: &met)
        }
        try #require(probes.count == 6)
        let runner = ScenarioRunner(model: model)
        var verdicts = (agree: 0, diverge: 0)
        for keys in [nil, Set(["state", "states"])] {
            let check = DifferentialCheck(model: model, keys: keys)
            for mutant in UnlockMutants.all(memo: memo) {
                var candidate = mutant.make()
                for (index, probe) in probes.enumerated() {
                    let expected = try #require(
                        check.expectations(
                            for: probe, id: "p\(index)", reference: &reference, keys: check.comparedKeys(candidate)))
                    let full = runner.run(expected, on: &candidate)
                    let fullAgrees = full.outcome != .failed && full.outcome != .errored
                    switch check.check(probe, id: "p\(index)", reference: &reference, candidate: &candidate) {
                    case .agrees:
                        #expect(fullAgrees, "\(mutant.id), probe \(index): quick agrees, full judgement does not")
                        verdicts.agree += 1
                    case .diverges(let divergence):
                        #expect(!fullAgrees, "\(mutant.id), probe \(index): quick diverges, full judgement agrees")
                        #expect(divergence.step == full.firstProblem?.index)
                        verdicts.diverge += 1
                    case .invalid(let why):
                        Issue.record("\(mutant.id), probe \(index): \(why)")
                    case .refused(let refusal):
                        #expect(full.outcome == .refused, "\(mutant.id), probe \(index): refused \(refusal)")
                    }
                }
            }
        }
        // Both verdicts occur, so both sides of the comparison were exercised.
        #expect(verdicts.agree > 100 && verdicts.diverge > 50, "\(verdicts)")
    }

    /// An implementation that cannot even start is a divergence (an error at the start), never
    /// an agreement: no step ran, so nothing was checked.
    @Test func anImplementationThatCannotStartDiverges() throws {
        struct CannotStart: ImplementationUnderTest {
            let name = "cannot-start"
            var observedKeys: Set<String> { ["state"] }
            mutating func start(scenario: String, given: [String: Value]) throws(ImplementationError) {
                throw .failed("no world today")
            }
            mutating func perform(_ input: Input, atMilliseconds milliseconds: Int) throws(ImplementationError)
                -> Observations
            { throw .failed("not started") }
            mutating func finish() {}
        }
        var reference = UnlockReference()
        var candidate = CannotStart()
        let check = DifferentialCheck(model: UnlockModel.declaration)
        let verdict = check.check(
            Probe(steps: [Input("launch")]), id: "t", reference: &reference, candidate: &candidate)
        guard case .diverges(let divergence) = verdict else {
            Issue.record("an implementation that cannot start agreed: \(verdict)")
            return
        }
        #expect(divergence.signature == Signature(input: "start", keys: [], errored: true))
        #expect(divergence.result.message?.contains("no world today") == true)
    }

    /// `--given` keeps a world key, `--skip-input` leaves an input out, `--baseline` passes
    /// over a divergence its failures record: a bug of Perfect sessions is not found in Pro
    /// worlds and found in Perfect ones; a known divergence is passed over and counted.
    @Test func givenKeysSkippedInputsAndKnownDivergencesSteerTheSearch() throws {
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let driver = "python3 Examples/python/driver.py --argon2-memory-kib 8 --bug perfect-30-days"
        func explore(_ change: (inout ExplorationSettings) -> Void) throws -> LibraryExplore {
            try LibraryExplore.explore(
                driver: driver, model: "auth-flow", seed: 1, runs: 150, logFolder: folder, change: change)
        }
        let model = AuthFlowModel.declaration
        let perfect = try ScenarioLoader.world(given: ["tier=perfect"], model: model).get()
        let pro = try ScenarioLoader.world(given: ["tier=pro"], model: model).get()
        let found = try explore { $0.given = perfect }
        let divergence = try #require(found.outcome.found.found, "\(found.text)")
        #expect(try explore { $0.given = pro }.outcome.found.found == nil, "a Pro world never shows it")
        // Known: the same divergence is passed over, counted, and the search goes on.
        // Its reproduce line keeps the world the runs were made in.
        let words = found.report.reproduce(divergence).split(separator: " ")
        #expect(
            zip(words, words.dropFirst()).contains { $0 == "--given" && $1 == "tier=perfect" },
            "\(found.report.reproduce(divergence))")
        // Recorded from the run that met it, as a baseline records a failed run: its keys hold
        // every key of the shrunk one, which it matches too.
        let recorded = KnownDivergence(divergence.original, model: model)
        #expect(recorded.matches(divergence.smallest, model: model))
        #expect(recorded.state != nil, "the state the input arrived in is recorded")
        // An entry that records fewer keys, another input, the other kind or another state is
        // another bug; one that records no state matches in any.
        #expect(
            KnownDivergence(label: recorded.label, keys: recorded.keys, errored: false).matches(
                divergence.smallest, model: model))
        for other in [
            KnownDivergence(label: recorded.label, keys: recorded.keys.subtracting([model.stateKey]), errored: false),
            KnownDivergence(label: recorded.label + "x", keys: recorded.keys, errored: false),
            KnownDivergence(label: recorded.label, keys: recorded.keys, errored: true),
            KnownDivergence(state: "NotAState", label: recorded.label, keys: recorded.keys, errored: false),
        ] {
            #expect(!other.matches(divergence.smallest, model: model), "\(other)")
        }
        let known = try explore {
            $0.given = perfect
            $0.expected = [recorded]
        }
        #expect(known.outcome.found.passedOver > 0, "\(known.text)")
        #expect(known.outcome.found.found.map { !recorded.matches($0.original, model: model) } ?? true)
        let skipped = try explore {
            $0.given = perfect
            $0.skippedInputs = ["advance"]
        }
        // Left out: no probe sent it in any state (the pairs met say every input sent).
        #expect(skipped.outcome.found.runs == 150 && !skipped.outcome.found.met.isEmpty)
        #expect(!skipped.outcome.found.met.contains { $0.input == "advance" }, "\(skipped.outcome.found.met)")
        #expect(found.outcome.found.met.contains { $0.input == "advance" } || found.outcome.found.runs < 150)
        #expect(throws: SettingProblem.self) { try ScenarioLoader.world(given: ["colour=red"], model: model).get() }
    }
}

extension ExploreTests {
    /// The words of each verdict, checked once, whole: what the tests above judge by the
    /// outcome's values, a person reads as these lines.
    @Test func theWordsOfEachVerdict() throws {
        let model = TestSupport.model
        let driver = ExploredSubject(model, command: "./my-app-driver", name: "my-app", version: "2.1")
        var settings = ExplorationSettings(seed: 1)
        func report(_ subject: ExploredSubject) -> ExplorationReport {
            ExplorationReport(
                model: model, settings: settings, keys: ["state", "states"], subject: subject,
                defaultModel: ModelRegistry.defaultModel)
        }
        let pairs = [
            InputInState(state: "PINInput", input: "digit"), InputInState(state: "BiometricPrompt", input: "biometric"),
        ]
        var done = Exploration()
        (done.runs, done.steps, done.pairs) = (300, 12_000, 2)
        (done.target, done.met, done.accepted) = (Set(pairs), Set(pairs), Set(pairs))
        var short = done
        short.met = [pairs[0]]
        short.accepted = [pairs[0]]
        var refusedWorlds = Exploration()
        (refusedWorlds.runs, refusedWorlds.pairs, refusedWorlds.target) = (40, 2, Set(pairs))
        refusedWorlds.refusals.worlds = 40
        refusedWorlds.refusals.firstMessage = "unsupported: tier perfect"
        var refusedInput = done
        refusedInput.accepted = [pairs[0]]
        refusedInput.refusals.inputs = ["biometric": 7]
        var passedOver = done
        passedOver.passedOver = 3
        var lines = [
            report(driver).opening(comparing: ["state", "states"]),
            report(ExploredSubject(model, command: nil, name: nil, version: nil)).opening(comparing: [
                "state", "states",
            ]),
        ]
        for (name, found) in [
            ("every pair met", done), ("pairs not reached", short), ("worlds refused", refusedWorlds),
            ("an input refused", refusedInput), ("divergences the baseline expects", passedOver),
        ] {
            lines.append("# \(name)")
            for allowed in [false, true] {
                settings.allowRefusals = allowed
                lines +=
                    report(driver).details(found) + [report(driver).verdict(found, seconds: 1.5, interrupted: false)]
            }
        }
        lines += ["# interrupted", report(driver).verdict(done, seconds: 1.5, interrupted: true)]
        lines += [
            "# shrinking cut short", ExplorationReport.shrinking(.timeLimit(.milliseconds(2500))),
            ExplorationReport.shrinking(.stopped),
        ]
        try Golden.compare(lines.joined(separator: "\n") + "\n", with: "report-explore-verdicts.txt")
    }
}
