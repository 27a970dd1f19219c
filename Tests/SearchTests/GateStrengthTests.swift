import AuthSpecTestSupport
import Foundation
import Testing

@testable import Engine
@testable import Exploration
@testable import Reporters
@testable import Results
@testable import ScenarioModel
@testable import SpecModel
@testable import UnlockScreen

/// `run --gate-strength`: what share of the suite's mutant kills a driver's declared keys keep,
/// held to `mutate`'s own analysis through the same keys, and said before the verdict.
@Suite struct GateStrengthTests {
    static let model = UnlockModel.declaration

    @Test func fewerKeysKillWhatMutateThroughThemKills() throws {
        let loaded = ScenarioLoader(model: Self.model).load(paths: [TestSupport.scenariosFolder + "/lock.yaml"])
        let every = Self.model.observations.map(\.key)
        let strengths = GateStrength.measure(
            loaded.scenarios, package: UnlockPackage.package,
            implementations: [("states only", ["state", "states"]), ("everything", every)], jobs: 2)
        // A driver that declares every key is not measured.
        #expect(strengths.map(\.implementation) == ["states only"])
        let strength = try #require(strengths.first)
        #expect(strength.missing.count == every.count - 2 && strength.missing.firstIndex(of: "state") == nil)
        // The same suite and mutants through mutate's analysis: the same kills, every key and two.
        var settings = ExplorationSettings(seed: 1, budget: .seconds(600), depth: 40, replays: 1)
        settings.runs = 1
        let memo = Argon2Memo()
        let mutants = UnlockPackage.package.mutants()
        func killed(_ keys: Set<String>?) -> Int {
            MutationAnalysis(model: Self.model, keys: keys, jobs: 2, exploration: settings, clock: TestSupport.clock)
                .run(
                    loaded.scenarios, mutants: mutants, reference: { UnlockReference(memo: memo) }
                ).filter(\.killed).count
        }
        #expect(strength.mutants == mutants.count)
        #expect(strength.killedWithEveryKey == killed(nil))
        #expect(strength.killed == killed(["state", "states"]))
        #expect(strength.killed < strength.killedWithEveryKey, "the lock file reads messages and counts")
        // The keys it names to add catch at least the mutants it says, checked by running them.
        #expect(!strength.bestAdded.isEmpty)
        #expect(strength.killedWithBestAdded > strength.killed)
        #expect(killed(Set(["state", "states"] + strength.bestAdded)) >= strength.killedWithBestAdded)
        let line = TerminalReporter.gateStrength(strength).text
        #expect(line.contains("the suite kills \(strength.killed) of the \(strength.killedWithEveryKey) mutants"))
        #expect(line.contains("declaring `\(strength.bestAdded[0])`"))
    }

    /// The figures docs/usage.md quotes are the committed mutation report's: the kills with
    /// every key and through `state, states`, of all the mutants.
    @Test func theQuotedFiguresAreTheCommittedReports() throws {
        let usage = try String(
            contentsOf: TestSupport.root.appendingPathComponent("docs/usage.md"), encoding: .utf8)
        let report = try String(
            contentsOf: TestSupport.root.appendingPathComponent("Reports/mutation.md"), encoding: .utf8)
        let quoted = try #require(
            usage.firstMatch(
                of:
                    /kills (\d+) of the (\d+) mutants of the reference it kills with every key\s+\((\d+)%, of (\d+) mutants\)/
            ))
        func killed(_ row: String) -> String? {
            report.split(separator: "\n").first { $0.hasPrefix("| \(row) |") }.map {
                $0.split(separator: "|")[1].trimmingCharacters(in: .whitespaces)
            }
        }
        #expect(killed("state, states") == String(quoted.1))
        #expect(killed("every key") == String(quoted.2))
        #expect(report.contains("against \(quoted.4) mutants of the reference"))
        let share = Int((Double(quoted.1)! / Double(quoted.2)! * 100).rounded())
        #expect(share == Int(quoted.3))
    }
}
