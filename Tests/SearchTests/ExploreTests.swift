import AuthSpecTestSupport
import Foundation
import Results
import Testing

@testable import Exploration
@testable import ReferenceMachine
@testable import Runner
@testable import SpecModel

/// `authspec explore` through the built binary and real driver processes: every bug of the
/// Python example is found, shrunk and written as a scenario that tells the buggy driver from
/// the correct one; a seed always gives the same file.
@Suite struct ExploreTests {
    static let python = "python3 Examples/python/driver.py --argon2-memory-kib 8"

    func explore(_ driver: String, into folder: String, _ extra: [String] = []) throws -> TestSupport.ProcessResult {
        try TestSupport.authspec(
            ["explore", "--driver", driver, "--seed", "1", "--log-dir", folder + "/logs", "--quiet"] + extra)
    }

    @Test(arguments: TestSupport.unlockBugs.map(\.bug))
    func everyExampleBugIsFoundShrunkAndWritten(bug: String) throws {
        let folder = try TestSupport.temporaryFolder([:])
        let file = folder + "/found.yaml"
        let buggy = "\(Self.python) --bug \(bug)"
        // The default budget.
        let explored = try explore(buggy, into: folder, ["--out", file, "--json", folder + "/found.json"])
        #expect(explored.status == 1, "\(explored.stdout)\(explored.stderr)")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let steps = text.split(separator: "\n").filter { $0.hasPrefix("  - ") }.count
        #expect((1...12).contains(steps), "\(steps) steps:\n\(text)")
        #expect(text.contains("# Reproduce: authspec explore --driver"))
        let summary = try String(contentsOfFile: folder + "/found.json", encoding: .utf8)
        #expect(summary.contains("\"failed_replays\": 5"), "flaky?\n\(summary)")

        let lint = try TestSupport.authspec(["lint", file])
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        let reference = try TestSupport.authspec(["run", file, "--quiet"])
        #expect(reference.status == 0, "the reference fails its own counterexample:\n\(reference.stdout)")
        let logs = ["--log-dir", folder + "/logs", "--quiet"]
        let againstBuggy = try TestSupport.authspec(["run", file, "--driver", buggy] + logs)
        #expect(againstBuggy.status == 1, "the counterexample passes on the buggy driver:\n\(againstBuggy.stdout)")
        let againstCorrect = try TestSupport.authspec(["run", file, "--driver", Self.python] + logs)
        #expect(againstCorrect.status == 0, "the counterexample fails the correct driver:\n\(againstCorrect.stdout)")
    }

    /// Also with workers: a round's runs are shared out, and any number of them makes the same runs.
    @Test func theSameSeedGivesTheSameFileWithAnyNumberOfWorkers() throws {
        let folder = try TestSupport.temporaryFolder([:])
        let buggy = "\(Self.python) --bug lock-from-first-failure"
        let first = try explore(
            buggy, into: folder, ["--out", folder + "/first.yaml", "--json", folder + "/first.json"])
        let second = try explore(buggy, into: folder, ["--out", folder + "/second.yaml"])
        let third = try explore(
            buggy, into: folder, ["--out", folder + "/third.yaml", "--json", folder + "/third.json", "--jobs", "3"])
        #expect(first.status == 1 && second.status == 1 && third.status == 1, "\(third.stdout)\(third.stderr)")
        let one = try String(contentsOfFile: folder + "/first.yaml", encoding: .utf8)
        #expect(try one == String(contentsOfFile: folder + "/second.yaml", encoding: .utf8))
        #expect(try one == String(contentsOfFile: folder + "/third.yaml", encoding: .utf8))
        // The same runs tried, to the one that diverged (times aside).
        func tried(_ file: String) throws -> String {
            try String(contentsOfFile: folder + file, encoding: .utf8).split(separator: "\n")
                .filter { !$0.contains("\"milliseconds\"") && !$0.contains("\"file\"") }.joined(separator: "\n")
        }
        #expect(try tried("/first.json") == tried("/third.json"))
        // Three workers, three driver processes, each with its own log.
        let logs = try FileManager.default.contentsOfDirectory(atPath: folder + "/logs")
        #expect(logs.filter { $0.contains(".job2.") || $0.contains(".job3.") }.count == 2, "\(logs)")
    }

    @Test func aCorrectDriverShowsNoDivergenceAndSaysItIsNoProof() throws {
        let folder = try TestSupport.temporaryFolder([:])
        let result = try explore(Self.python, into: folder, ["--runs", "60", "--out", folder + "/none.yaml"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("NO DIVERGENCE FOUND (not a proof): 60 runs, 2400 inputs"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/none.yaml"))
    }

    @Test func statesOnlyComparesOnlyTheStates() throws {
        let folder = try TestSupport.temporaryFolder([:])
        // The countdown is a second short: a driver seen through its states alone agrees.
        let buggy = "\(Self.python) --bug countdown-off-by-one"
        let result = try explore(buggy, into: folder, ["--runs", "40", "--keys", "state,states"])
        #expect(result.status == 0, "\(result.stdout)")
        let unknown = try explore(buggy, into: folder, ["--keys", "state,colour"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("'colour' is not an observation key of the unlock model"))
    }

    @Test func badOptionsAreUsageErrors() throws {
        let folder = try TestSupport.temporaryFolder([:])
        for (options, message) in [
            (["explore", "--driver", "x", "--driver", "y"], "explore drives one implementation: give one --driver"),
            (["explore", "--jobs", "0"], "--jobs takes a whole number from 1 to 64"),
            (["explore", "--driver", "x", "--seed", "-1"], "--seed takes a whole number"),
            (["explore", "--driver", "x", "--budget", "soon"], "--budget takes a duration"),
            (["explore", "--driver", "x", "--depth", "0"], "--depth takes a whole number from 1 to 1000"),
            (["explore", "--driver", "x", "--runs", "many"], "--runs takes a whole number"),
        ] {
            let result = try TestSupport.authspec(options + ["--log-dir", folder + "/logs"])
            #expect(result.status == 2, "\(options)")
            #expect(result.stderr.contains(message), "\(options): \(result.stderr)")
        }
    }

    /// `--out` never writes over a file explore did not write (a suite's scenario, say): refused
    /// before anything runs, the file left as it was; its own earlier counterexample it may.
    @Test func theCounterexampleNeverOverwritesAnotherFile() throws {
        let scenario = "id: a1\ntitle: t\nspec: [x]\nsteps: [launch]\n"
        let earlier = "# Found by authspec explore: seed 1, run 2, depth 3; shrunk from 3 steps in 1 tries.\nid: x\n"
        let folder = try TestSupport.temporaryFolder(["a.yaml": scenario, "earlier.yaml": earlier])
        let refused = try TestSupport.authspec(["explore", "--runs", "2", "--quiet", "--out", folder + "/a.yaml"])
        #expect(refused.status == 2 && refused.stderr.contains("is a file explore did not write"), "\(refused.stderr)")
        #expect(try String(contentsOfFile: folder + "/a.yaml", encoding: .utf8) == scenario)
        let again = try TestSupport.authspec(["explore", "--runs", "2", "--quiet", "--out", folder + "/earlier.yaml"])
        #expect(again.status == 0, "\(again.stderr)")
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
        let (smallest, tries) = Shrinker(model: model).shrink(found, test: test)
        #expect(smallest.probe == Probe(steps: [Input("launch"), Input("kill")]))
        #expect(tries < 200)
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
        let alone = try TestSupport.authspec(["explore", "--runs", "40", "--seed", "1"])
        #expect(alone.status == 0, "\(alone.stdout)\(alone.stderr)")
        #expect(alone.stdout.contains("Exploring the unlock reference alone against its 5 invariants, seed 1"))
        #expect(alone.stdout.contains("NO DIVERGENCE FOUND (not a proof): 40 runs, 1600 inputs"), "\(alone.stdout)")
    }

    /// Comparing no key at all, the invariants alone still catch an implementation whose lock
    /// ends a millisecond early, and shrinking keeps to that invariant.
    @Test func invariantsAloneCatchALockThatEndsEarly() throws {
        let model = UnlockModel.declaration
        let mutant = try #require(UnlockMutants.all(memo: Argon2Memo()).first { $0.id == "lock-end-early-1ms" })
        var candidate = mutant.make()
        var reference = ReferenceImplementation()
        let explorer = Explorer(model: model, settings: ExplorationSettings(seed: 1, runs: 300), keys: [])
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
        let explorer = Explorer(model: model, settings: ExplorationSettings(seed: 7, depth: 30))
        let generator = ProbeGenerator(model: model)
        var reference = ReferenceImplementation(memo: memo)
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
        var reference = ReferenceImplementation()
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
}
