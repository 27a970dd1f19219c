import AuthSpecTestSupport
import Foundation
import Testing

@testable import Exploration
@testable import ReferenceMachine
@testable import Reporters
@testable import ScenarioModel
@testable import SpecModel

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
        settings.runs = 60
        let fates = MutationAnalysis(model: Self.model, jobs: 2, exploration: settings).run(
            loaded.scenarios, mutants: mutants, reference: { ReferenceImplementation(memo: memo) })
        // The lock's boundary scenario catches the early end.
        #expect(fates[0].killedBy.contains("lock-countdown-and-boundary"))
        #expect(fates[0].survival == nil)
        // Nothing shows a message before launch: no scenario, no exploration can tell.
        #expect(fates[1].killedBy.isEmpty && !fates[1].isHole)
        // The lock file never reads the fail screen's message: a hole, which exploration shows.
        #expect(fates[2].killedBy.isEmpty && fates[2].isHole)
        let report = MutationReport.Analysis(keys: "every key", fates: fates)
        #expect(report.score == "50.0%")
    }

    @Test func theBinaryWritesTheScoreAndTheHoles() throws {
        let folder = try TestSupport.temporaryFolder([:])
        let result = try TestSupport.authspec([
            "mutate", TestSupport.scenariosFolder + "/brief.yaml", "--explore-runs", "3", "--jobs", "2", "--quiet",
            "--markdown", folder + "/m.md", "--keys", "state,states",
        ])
        #expect(result.status == 1, "brief.yaml alone has holes: \(result.stdout)\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("every key: score ") })
        #expect(lines.contains { $0.hasPrefix("state, states: score ") })
        let markdown = try String(contentsOfFile: folder + "/m.md", encoding: .utf8)
        #expect(markdown.hasPrefix("# Mutation score: the unlock model's suite"))
        #expect(markdown.contains("| every key |"))
        #expect(markdown.contains("## Holes (every key)"))
    }

    /// Reports/mutation.md is the current suite's: the same scenario and mutant counts, and the
    /// score it states is at least 95% with every key.
    @Test func theCommittedScoreIsTheSuitesAndMeetsTheGoal() throws {
        let text = try String(
            contentsOf: TestSupport.root.appendingPathComponent("Reports/mutation.md"), encoding: .utf8)
        let scenarios = TestSupport.suite().scenarios.count
        let mutants = UnlockMutants.all(memo: Argon2Memo()).count
        #expect(text.contains("\(scenarios) scenarios against \(mutants) mutants of the reference"))
        let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("| every key |") })
        let score = try #require(row.firstMatch(of: /\*\*(\d+)\.(\d)%\*\*/))
        #expect(Int(score.output.1)! >= 95, "\(row)")
    }
}
