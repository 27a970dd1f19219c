import AuthSpecTestSupport
import Foundation
import Testing

@testable import Coverage
@testable import Exploration
@testable import ReferenceMachine
@testable import SpecModel

/// `authspec generate`: what it says it covers is what a run of its files covers, its files
/// lint clean, the same options give the same file, and what it cannot cover comes with why.
@Suite struct GenerateTests {
    /// The figure `covered/total` a run's JSON coverage gives for `measure` on the reference.
    func runCoverage(_ file: String, _ measure: String, folder: String) throws -> (covered: Int, total: Int) {
        let json = folder + "/run.json"
        let run = try TestSupport.authspec(["run", file, "--json", json, "--quiet"])
        #expect(run.status == 0, "the reference fails a generated file:\n\(run.stdout)\(run.stderr)")
        let results = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json)))
        let coverage = (results as? [String: Any])?["coverage"] as? [String: Any]
        let figure = (coverage?["reference"] as? [String: Any])?[measure] as? [String: Int]
        return (figure?["covered"] ?? -1, figure?["total"] ?? -1)
    }

    /// `Covered 21 of 23 transitions …` → 21.
    func claimed(_ output: String) -> Int? {
        guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("Covered ") }) else { return nil }
        return Int(line.split(separator: " ")[1])
    }

    @Test(arguments: [("transitions", "transitions"), ("pairs", "inputs_in_states"), ("states", "states")])
    func aRunOfTheFileCoversEveryTargetTheWalkReached(goal: String, measure: String) throws {
        let folder = try TestSupport.temporaryFolder([:])
        let options = ["generate", "--cover", goal, "--depth", "3", "--worlds", "3", "--out", folder]
        let generated = try TestSupport.authspec(options)
        #expect(generated.status == 0, "\(generated.stdout)\(generated.stderr)")
        let file = folder + "/cover-\(goal).yaml"
        let text = try String(contentsOfFile: file, encoding: .utf8)

        let lint = try TestSupport.authspec(["lint", file])
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        #expect(lint.stdout.contains("0 input errors, 0 contradicting the reference"), "\(lint.stdout)")

        let reached = try #require(claimed(generated.stdout), "\(generated.stdout)")
        #expect(reached > 0)
        let covered = try runCoverage(file, measure, folder: folder)
        #expect(covered.covered == reached, "the walk reached \(reached), a run of its file covers \(covered)")
        // Every target not covered is listed with its reason.
        let missing = covered.total - reached
        let listed = generated.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") }.count
        #expect(listed == missing, "\(generated.stdout)")

        let again = try TestSupport.authspec(options)
        #expect(again.status == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == text, "the same options gave another file")
    }

    @Test func targetsNotMetSayWhy() throws {
        let folder = try TestSupport.temporaryFolder([:])
        let shallow = try TestSupport.authspec(
            ["generate", "--cover", "transitions", "--depth", "1", "--worlds", "1", "--out", folder])
        #expect(shallow.status == 0, "\(shallow.stderr)")
        #expect(shallow.stdout.contains("Dashboard -> CheckingSession: its state Dashboard is never reached"))
        #expect(shallow.stdout.contains("not met by any sequence of up to 1 inputs from these worlds"))

        let requirements = try TestSupport.authspec(
            ["generate", "--cover", "requirements", "--depth", "2", "--worlds", "3", "--out", folder])
        #expect(requirements.status == 0, "\(requirements.stderr)")
        // A rule-table row no transition cites can only be covered by hand.
        #expect(
            requirements.stdout.contains(
                "REQ-PIN-ROW-6: no transition of the model cites it (SCR-AUTH-006 §6.1.2 row 6)"),
            "\(requirements.stdout)")
        let text = try String(contentsOfFile: folder + "/cover-requirements.yaml", encoding: .utf8)
        #expect(text.contains("REQ-ROUTE-BIOMETRIC"), "\(text)")
        // Generated files trace clauses; they never claim a requirement verified.
        #expect(!text.contains("covers:"))
    }

    @Test func usageErrorsNameTheOption() throws {
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

    /// The committed suite, grown with `Scenarios/generated`: every declared transition, and
    /// at least 90% of the input x state pairs an input can arrive in (so of the reachable ones).
    @Test func theCommittedSuiteCoversTransitionsAndPairs() throws {
        let folder = try TestSupport.temporaryFolder([:])
        let transitions = try runCoverage("Scenarios", "transitions", folder: folder)
        #expect(
            transitions.covered == transitions.total && transitions.total == UnlockModel.declaration.transitions.count)
        let pairs = try runCoverage("Scenarios", "inputs_in_states", folder: folder)
        #expect(pairs.total == UnlockModel.declaration.waitingStates.count * UnlockModel.declaration.inputLabels.count)
        #expect(pairs.covered * 10 >= pairs.total * 9, "\(pairs)")
    }

    /// States the app only passes through, and no input can arrive in, are those whose every
    /// declared way out is taken by the app itself.
    @Test func passedThroughStatesAreThoseLeftOnlyByTheApp() {
        let model = UnlockModel.declaration
        let passed = Set(model.stateNames).subtracting(model.waitingStates)
        #expect(passed == ["CheckingSession", "BiometricSuccess", "PINValidating", "PINError"])
    }
}
