import AuthSpecTestSupport
import Foundation
import Testing

@testable import AuthFlowMachine
@testable import Engine
@testable import Exploration
@testable import Reporters
@testable import Results
@testable import Runner
@testable import ScenarioModel
@testable import SpecModel
@testable import UnlockScreen

/// `strengthen`: each hole the suite leaves gets a scenario, kept only when, loaded back, it
/// passes on the reference and fails on its mutant; the suite with those scenarios kills every
/// mutant it let through.
@Suite struct StrengthenTests {
    static let model = UnlockModel.declaration
    static let package = UnlockPackage.package

    static func settings(runs: Int) -> ExplorationSettings {
        var settings = ExplorationSettings(seed: 1, budget: .seconds(600), depth: 40, replays: 1)
        settings.runs = runs
        return settings
    }

    static func hole(_ fate: MutantFate, _ divergence: Divergence) -> (name: String, text: String)? {
        var reference = package.makeReference([:])
        return FoundScenarios(model: model).hole(fate, divergence: divergence, reference: &reference, foundBy: "a test")
    }

    @Test func everyHoleItClosesIsKilledByTheSuiteWithTheWrittenScenarios() throws {
        let loaded = ScenarioLoader(model: Self.model).load(paths: [TestSupport.scenariosFolder + "/session.yaml"])
        let wanted = [
            "biometric-attempts-plus-1", "lock-row-6-failures-plus-1", "pin-failures-before-lock-plus-1",
            "lock-row-5-length-plus-1ms",
        ]
        let mutants = Self.package.mutants().filter { wanted.contains($0.id) }
        #expect(mutants.count == wanted.count)
        var written: [String: String] = [:]
        let outcome = try Strengthening.run(
            loaded.scenarios, mutants: mutants, package: Self.package, jobs: 2, exploration: Self.settings(runs: 300),
            clock: TestSupport.clock, folder: "/nowhere", scenarioText: Self.hole, write: { written[$0] = $1 })
        // The session file alone lets some of these through, and every one exploration tells apart is closed.
        #expect(!outcome.holes.isEmpty, "the session scenarios leave holes among the lock mutants")
        #expect(outcome.open.isEmpty)
        #expect(Set(written.keys) == Set(outcome.holes.map { "/nowhere/mutant-\($0.fate.mutant.id).yaml" }))
        // Loaded as files, beside the suite: every mutant the suite let through is now killed.
        let added = written.sorted { $0.key < $1.key }.flatMap { path, text in
            ScenarioLoader(model: Self.model).load(text: text, file: path).scenarios
        }
        #expect(added.count == written.count)
        let memo = Argon2Memo()
        let fates = MutationAnalysis(
            model: Self.model, jobs: 2, exploration: Self.settings(runs: 1), clock: TestSupport.clock
        ).run(
            loaded.scenarios + added,
            mutants: mutants.filter { id in outcome.holes.contains { $0.fate.mutant.id == id.id } },
            reference: { UnlockReference(memo: memo) })
        #expect(fates.allSatisfy { $0.killed })
        for text in written.values {
            #expect(text.hasPrefix(FoundScenarios.holeBanner), "the banner lets strengthen write it again")
            #expect(text.contains("title: \"In "), "the title says what the reference does")
        }
    }

    /// A title whose values would run long (a list of events) names the key, not the values:
    /// it stays a line a reviewer reads, and the step below holds the values.
    @Test func aLongDifferenceGivesATitleOfTheKeyAlone() throws {
        let package = AuthFlowPackage.package
        let mutant = try #require(
            package.mutants().first { $0.id == "flow-sign-in-start-measured-from-pending-sign-in" })
        // The committed scenario that kills it: its steps and world as a probe.
        let file = TestSupport.root.appendingPathComponent("AuthFlow/Scenarios/generated/mutant-\(mutant.id).yaml").path
        let scenario = try #require(ScenarioLoader(model: package.declaration).load(paths: [file]).scenarios.first)
        #expect(scenario.title == "In OAuth, oauth: success gives other events than the mutant's", "as written")
        let probe = Probe(
            given: scenario.given.filter { key, value in package.declaration.givenKey(named: key)?.defaultValue != value
            },
            steps: scenario.steps.map(\.written))
        var reference = package.makeReference([:])
        var candidate = mutant.make()
        let verdict = DifferentialCheck(model: package.declaration).check(
            probe, id: "t", reference: &reference, candidate: &candidate)
        guard case .diverges(let divergence) = verdict else {
            Issue.record("the mutant does not part from the reference on \(probe.steps): \(verdict)")
            return
        }
        let full = FoundScenarios(model: package.declaration)
        let title = full.holeTitle(divergence)
        #expect(title.count <= FoundScenarios.longestTitle, "\(title)")
        #expect(title == scenario.title, "\(title)")
    }

    /// The checks a written scenario must pass are real: one its mutant passes, or one that
    /// fails on the reference, is not kept.
    @Test func aScenarioIsKeptOnlyOnEvidence() throws {
        let mutants = Self.package.mutants()
        let target = try #require(mutants.first { $0.id == "lock-row-6-failures-plus-1" })
        let loaded = ScenarioLoader(model: Self.model).load(paths: [TestSupport.scenariosFolder + "/session.yaml"])
        var text: String?
        _ = try Strengthening.run(
            loaded.scenarios, mutants: [target], package: Self.package, jobs: 1, exploration: Self.settings(runs: 300),
            clock: TestSupport.clock, folder: "/nowhere", scenarioText: Self.hole, write: { text = $1 })
        let written = try #require(text)
        let closes = Strengthening.check(
            written, file: "a.yaml", against: target, package: Self.package, settings: [:])
        guard case .closed = closes else {
            Issue.record("the written scenario does not close its hole: \(closes)")
            return
        }
        // Against every mutant: kept exactly where running the scenario on the mutant fails.
        let scenario = try #require(
            ScenarioLoader(model: Self.model).load(text: written, file: "a.yaml").scenarios.first)
        var kept = 0
        for mutant in mutants {
            var mutated = mutant.make()
            let outcome = ScenarioRunner(model: Self.model).run(scenario, on: &mutated).outcome
            let fails = outcome == .failed || outcome == .errored
            switch Strengthening.check(written, file: "a.yaml", against: mutant, package: Self.package, settings: [:]) {
            case .closed:
                kept += 1
                #expect(fails, "kept for \(mutant.id), which passes it")
            case .open(.passesOnTheMutant): #expect(!fails, "not kept for \(mutant.id), which fails it")
            case .open(let reason): Issue.record("\(mutant.id): \(reason)")
            }
        }
        #expect(kept > 0 && kept < mutants.count, "some mutants pass it: the check can say no")
        // An expectation the reference does not meet.
        let wrong = written.replacingOccurrences(of: "pin_attempts_left: 1", with: "pin_attempts_left: 2")
        #expect(wrong != written)
        let checked = Strengthening.check(wrong, file: "a.yaml", against: target, package: Self.package, settings: [:])
        if case .open(.failsOnTheReference) = checked {
        } else {
            Issue.record("a scenario that fails on the reference was kept: \(checked)")
        }
        if case .open(.doesNotLoad) = Strengthening.check(
            written + "\n  - bogus_input\n", file: "a.yaml", against: target, package: Self.package, settings: [:])
        {
        } else {
            Issue.record("a scenario that does not load was kept")
        }
    }
}
