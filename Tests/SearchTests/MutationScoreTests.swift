import AuthSpecTestSupport
import Foundation
import Runner
import Testing

@testable import Exploration
@testable import Reporters
@testable import ScenarioModel
@testable import SpecModel
@testable import UnlockScreen

/// `mutate`: mutants are killed by the scenarios that notice them, survivors are explored to
/// tell holes from probable equivalents, and the committed score is the current suite's.
@Suite struct MutationScoreTests {
    static let model = UnlockModel.declaration

    @Test func killedHolesAndEquivalentsAreToldApart() throws {
        let loaded = ScenarioLoader(model: Self.model).load(paths: [TestSupport.scenariosFolder + "/lock.yaml"])
        let memo = Argon2Memo()
        let all = UnlockMutants.all(memo: memo)
        let chosen = ["lock-end-early-1ms", "no-message-in-NotRunning", "no-message-in-BiometricFail"]
        let mutants = chosen.compactMap { id in all.first { $0.id == id } }
        #expect(mutants.count == 3)
        var settings = ExplorationSettings(seed: 1, budget: .seconds(600), depth: 40, replays: 1)
        settings.runs = 200
        let fates = MutationAnalysis(model: Self.model, jobs: 2, exploration: settings, clock: TestSupport.clock).run(
            loaded.scenarios, mutants: mutants, reference: { UnlockReference(memo: memo) })
        // A scenario that fails on the early end kills it.
        let runner = ScenarioRunner(model: Self.model)
        var early = mutants[0].make()
        let killer = try #require(loaded.scenarios.first { $0.id == fates[0].killedBy })
        #expect(runner.run(killer, on: &early).outcome == .failed)
        #expect(fates[0].survival == nil)
        // Nothing shows a message before launch: no scenario, no exploration can tell.
        // Its exploration went on past its 200 runs until every input was sent in every state.
        #expect(fates[1].killedBy == nil && fates[1].isProbablyEquivalent, "\(String(describing: fates[1].survival))")
        if case .probablyEquivalent(let runs)? = fates[1].survival { #expect(runs > 200 && runs <= 2000) }
        // The lock file never reads the fail screen's message: a hole, which exploration shows.
        #expect(fates[2].killedBy == nil && fates[2].isHole)
        let report = MutationReport.Analysis(keys: "every key", fates: fates)
        #expect(report.score == "50.0%")
    }

    /// Survivors' explorations share the runs made on the reference: each exploration finds
    /// what it finds alone (the same runs, steps and divergence), the later ones make no run of
    /// their own, and an exploration with other settings is not given them.
    @Test func survivorsShareTheReferencesRunsAndFindWhatTheyFindAlone() throws {
        let memo = Argon2Memo()
        let all = UnlockMutants.all(memo: memo)
        let mutants = [
            "no-message-in-NotRunning", "no-message-in-BiometricFail", "no-announcement-entering-NotRunning",
        ]
        .compactMap { id in all.first { $0.id == id } }
        #expect(mutants.count == 3)
        var settings = ExplorationSettings(seed: 1, budget: .seconds(600), depth: 40, replays: 1)
        settings.runs = 60
        settings.runsToMeetEveryPair = 120
        func explore(_ mutant: Mutant, sharing: SharedRuns?, seed: UInt64 = 1) -> Exploration {
            var explorer = Explorer(model: Self.model, settings: settings, clock: TestSupport.clock)
            explorer.settings.sharedRuns = sharing
            explorer.settings.seed = seed
            var reference = UnlockReference(memo: memo)
            var candidate = SeenThrough(mutant.make(), keys: nil)
            return explorer.explore(reference: &reference, candidate: &candidate)
        }
        let shared = SharedRuns(limit: 120)
        for mutant in mutants {
            let alone = explore(mutant, sharing: nil)
            let sharing = explore(mutant, sharing: shared)
            #expect(sharing.runs == alone.runs && sharing.steps == alone.steps, "\(mutant.id)")
            #expect(sharing.met == alone.met && sharing.accepted == alone.accepted, "\(mutant.id)")
            #expect(sharing.found?.smallest.probe == alone.found?.smallest.probe, "\(mutant.id)")
            #expect(sharing.verdict(allowRefusals: false) == alone.verdict(allowRefusals: false), "\(mutant.id)")
        }
        // The message before launch is no divergence; the fail screen's is one.
        #expect(explore(mutants[0], sharing: shared).found == nil && explore(mutants[1], sharing: shared).found != nil)
        #expect(shared.kept > 60 && shared.kept <= 120)
        // Another seed makes other runs: refused, it explores on its own.
        let otherSeed = explore(mutants[1], sharing: shared, seed: 2)
        #expect(otherSeed.found?.smallest.probe == explore(mutants[1], sharing: nil, seed: 2).found?.smallest.probe)
    }

    /// Whether a shared run's answers break an invariant is worked out once per run and set of
    /// keys, and given again to every later candidate that answered the same; a run past the
    /// kept ones is worked out each time.
    @Test func aSharedRunsInvariantVerdictIsWorkedOutOncePerSetOfKeys() {
        let shared = SharedRuns(limit: 10)
        var worked = 0
        func verdict(_ run: Int, _ keys: Set<String>, _ value: Bool) -> Bool {
            shared.breaksNoInvariant(run, seenThrough: keys) {
                worked += 1
                return value
            }
        }
        #expect(!verdict(1, ["state"], false) && worked == 1)
        #expect(!verdict(1, ["state"], true) && worked == 1)
        #expect(verdict(1, ["state", "states"], true) && worked == 2)
        #expect(verdict(2, ["state"], true) && worked == 3)
        #expect(verdict(10, ["state"], true) && !verdict(10, ["state"], false) && worked == 5)
    }

    /// A survivor whose exploration ends with pairs unmet is neither a hole nor probably
    /// equivalent: it is undecided, named with what was left, and counts against the score.
    @Test func aSurvivorExploredTooLittleIsUndecided() throws {
        let loaded = ScenarioLoader(model: Self.model).load(paths: [TestSupport.scenariosFolder + "/lock.yaml"])
        let memo = Argon2Memo()
        let mutant = try #require(UnlockMutants.all(memo: memo).first { $0.id == "no-message-in-NotRunning" })
        var settings = ExplorationSettings(seed: 1, budget: .seconds(600), depth: 40, replays: 1)
        settings.runs = 2
        settings.runsToMeetEveryPair = 2
        let fates = MutationAnalysis(model: Self.model, jobs: 1, exploration: settings, clock: TestSupport.clock).run(
            loaded.scenarios, mutants: [mutant], reference: { UnlockReference(memo: memo) })
        guard case .undecided(let runs, let unmet, let pairs)? = fates[0].survival else {
            Issue.record("two runs cannot send every input in every state: \(String(describing: fates[0].survival))")
            return
        }
        #expect(runs == 2 && unmet > 0 && unmet < pairs)
        let analysis = MutationReport.Analysis(keys: "every key", fates: fates)
        #expect(analysis.undecided.count == 1 && analysis.equivalents.isEmpty && analysis.score == "0.0%")
        let markdown = MutationReport(model: Self.model).markdown(
            [analysis], scenarios: loaded.scenarios.count, explorationRuns: 2, depth: 40, seed: 1)
        #expect(
            markdown.contains(
                "- `no-message-in-NotRunning` (\(mutant.kind)): no divergence in 2 runs, \(unmet) of \(pairs)"))
        #expect(
            MutationReport(model: Self.model).lines([analysis], holes: false).last?.hasSuffix("1 undecided") == true)
    }

    /// The score and the holes for every key and for a key set, in the reporter's lines and
    /// Markdown: brief.yaml alone leaves holes.
    @Test func theReportGivesTheScoreAndTheHoles() throws {
        let loaded = ScenarioLoader(model: Self.model).load(paths: [TestSupport.scenariosFolder + "/brief.yaml"])
        let memo = Argon2Memo()
        var settings = ExplorationSettings(seed: 1, budget: .seconds(3600), depth: 40, replays: 1)
        settings.runs = 3
        // Three runs and no more: the report's form is the subject, and a survivor left with
        // pairs unmet is shown as undecided (mutate's own figures are Reports/mutation.md's).
        settings.runsToMeetEveryPair = 3
        let analyses = [nil, Set(["state", "states"])].map { keys in
            MutationReport.Analysis(
                keys: keys.map { $0.sorted().joined(separator: ", ") } ?? "every key",
                fates: MutationAnalysis(
                    model: Self.model, keys: keys, jobs: 2, exploration: settings, clock: TestSupport.clock
                ).run(
                    loaded.scenarios, mutants: UnlockMutants.all(memo: memo),
                    reference: { UnlockReference(memo: memo) }))
        }
        #expect(!analyses[0].holes.isEmpty, "brief.yaml alone has holes")
        // The lines and the Markdown, whole: each key set's score, the table, a row per
        // behavioural operator, the holes.
        let report = MutationReport(model: Self.model)
        let lines = report.lines(analyses, holes: false).joined(separator: "\n")
        let markdown = report.markdown(
            analyses, scenarios: loaded.scenarios.count, explorationRuns: 3, depth: 40, seed: 1, pairRuns: 3)
        try Golden.compare(lines + "\n---\n" + markdown, with: "report-mutation-brief.txt")
    }

    /// Reports/mutation.md is the current suite's: the same scenario and mutant counts, and with
    /// every key the suite kills every mutant exploration tells from the reference (no holes).
    @Test func theCommittedScoreIsTheSuitesAndMeetsTheGoal() throws {
        let text = try String(
            contentsOf: TestSupport.root.appendingPathComponent("Reports/mutation.md"), encoding: .utf8)
        let scenarios = TestSupport.suite().scenarios.count
        let mutants = UnlockMutants.all(memo: Argon2Memo()).count
        #expect(text.contains("\(scenarios) scenarios against \(mutants) mutants of the reference"))
        let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("| every key |") })
        let columns = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(
            columns.count >= 6 && columns[2] == "0" && columns[4] == "0" && columns[5] == "**100.0%**", "\(row)")
    }
}
