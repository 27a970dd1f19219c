import AuthSpecTestSupport
import Engine
import Foundation
import Reporters
import ScenarioModel
import Testing

@testable import Coverage
@testable import Exploration
@testable import SpecModel
@testable import UnlockScreen

/// `authspec generate`: what it says it covers is what a run of its files covers, its files
/// lint clean, the same options give the same file, and what it cannot cover comes with why.
@Suite struct GenerateTests {
    /// What `generate` makes of a goal: the file's text and what it says of its plan.
    static func generate(_ goal: CoverageGoal, depth: Int, worlds: Int) throws -> (text: String, summary: [String]) {
        var requirements: [RequirementTarget] = []
        if goal == .requirements {
            requirements = RequirementCatalogue.load(file: TestSupport.scenariosFolder + "/requirements.yaml")
                .requirements.map { RequirementTarget(id: $0.id, clause: $0.clause) }
        }
        let session = GenerateSession(
            package: UnlockPackage.package, goal: goal, depth: depth, worlds: worlds, seed: 1,
            requirements: requirements, clock: TestSupport.clock)
        let (plan, seconds) = try session.plan()
        let found = FoundScenarios(model: UnlockModel.declaration)
        var reference = session.reference()
        let generated = found.generated(
            plan, goal: goal,
            banner: found.generationBanner(goal: goal, depth: depth, worlds: worlds, seed: 1, defaultModel: "unlock"),
            reference: &reference)
        return (
            generated.text,
            found.generationSummary(plan, goal: goal, scenarios: generated.scenarios, depth: depth, seconds: seconds)
        )
    }

    /// The figure `covered/total` a run's JSON coverage gives for `measure` on the reference.
    func runCoverage(_ file: String, _ measure: String, folder: String) throws -> (covered: Int, total: Int) {
        let run = try LibraryRun.run(LibraryRun.Options(paths: [file], logFolder: folder))
        #expect(run.severity == .passed, "the reference fails a generated file:\n\(run.closing())")
        let results = try JSONSerialization.jsonObject(with: Data(run.report(.json).utf8))
        let coverage = (results as? [String: Any])?["coverage"] as? [String: Any]
        let figure = (coverage?["reference"] as? [String: Any])?[measure] as? [String: Int]
        return (figure?["covered"] ?? -1, figure?["total"] ?? -1)
    }

    /// `Covered 21 of 23 transitions …` → 21.
    func claimed(_ summary: [String]) -> Int? {
        guard let line = summary.first(where: { $0.hasPrefix("Covered ") }) else { return nil }
        return Int(line.split(separator: " ")[1])
    }

    @Test(arguments: [("transitions", "transitions"), ("pairs", "inputs_in_states"), ("states", "states")])
    func aRunOfTheFileCoversEveryTargetTheWalkReached(goal: String, measure: String) throws {
        let folder = try TestSupport.temporaryFolder([:])
        let (text, summary) = try Self.generate(try #require(CoverageGoal(rawValue: goal)), depth: 3, worlds: 3)
        let file = folder + "/cover-\(goal).yaml"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        // The file loads clean, and every expectation agrees with the reference (what lint checks).
        let loaded = ScenarioLoader(model: UnlockModel.declaration).load(paths: [file])
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")

        let reached = try #require(claimed(summary), "\(summary)")
        #expect(reached > 0)
        let covered = try runCoverage(file, measure, folder: folder)
        #expect(covered.covered == reached, "the walk reached \(reached), a run of its file covers \(covered)")
        // Every target not covered is listed with its reason.
        let missing = covered.total - covered.covered
        let listed = summary.filter { $0.hasPrefix("  ") }.count
        #expect(listed == missing, "\(summary)")

        let again = try Self.generate(try #require(CoverageGoal(rawValue: goal)), depth: 3, worlds: 3)
        #expect(again.text == text, "the same options gave another file")
    }

    @Test func targetsNotMetSayWhy() throws {
        let shallow = try Self.generate(.transitions, depth: 1, worlds: 1).summary.joined(separator: "\n")
        #expect(shallow.contains("Dashboard -> CheckingSession: its state Dashboard is never reached"))
        #expect(shallow.contains("not met by any sequence of up to 1 inputs from these worlds"))

        let (text, summary) = try Self.generate(.requirements, depth: 2, worlds: 3)
        // A rule-table row no transition cites can only be covered by hand.
        #expect(
            summary.joined(separator: "\n").contains(
                "  REQ-PIN-ROW-6: no transition of the model cites it (SCR-AUTH-006 §6.1.2 row 6)"),
            "\(summary)")
        #expect(text.contains("REQ-ROUTE-BIOMETRIC"), "\(text)")
        // Generated files trace clauses; they never claim a requirement verified.
        let generated = TestSupport.load(text)
        #expect(generated.diagnostics.isEmpty && !generated.scenarios.isEmpty)
        #expect(generated.scenarios.allSatisfy { $0.covers.isEmpty })
    }

    /// The committed suite, grown with `Scenarios/generated`: every declared transition, and
    /// at least 90% of the input x state pairs an input can arrive in (so of the reachable ones).
    @Test func theCommittedSuiteCoversTransitionsAndPairs() throws {
        let folder = try TestSupport.temporaryFolder([:])
        let transitions = try runCoverage(TestSupport.scenariosFolder, "transitions", folder: folder)
        #expect(
            transitions.covered == transitions.total && transitions.total == UnlockModel.declaration.transitions.count)
        let pairs = try runCoverage(TestSupport.scenariosFolder, "inputs_in_states", folder: folder)
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
