import AuthSpecTestSupport
import Coverage
import Engine
import Exploration
import Foundation
import Models
import Reporters
import Results
import Runner
import ScenarioModel
import SpecModel
import Testing

/// A model is one folder and one line. The line: Package.swift's `models` is what the Models
/// target depends on, and the registry the build writes (Plugins/RegisterModels) lists exactly
/// those, in that order. The folder: a third model (the turnstile, Tests/TestSupport) in a
/// catalogue beside the two is planned, run, linted, drawn and explored by the same engine (and
/// check-model refuses, by its name, a reference that saves no state), with nothing else told
/// of it. In process: no second build of the package.
@Suite struct ThirdModelTests {
    static let catalogue = ModelCatalogue(ModelRegistry.packages + [Turnstile.package])

    /// The names in Package.swift's `models` list, in order.
    static func declaredModels() throws -> [String] {
        let manifest = try String(contentsOf: TestSupport.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let list = try #require(manifest.firstRange(of: "let models:").map { manifest[$0.upperBound...] })
        let body = list[..<(try #require(list.firstRange(of: "\n]")).lowerBound)]
        return body.split(separator: "\n").compactMap { line in
            line.trimmingCharacters(in: .whitespaces).hasPrefix("(\"")
                ? line.split(separator: "\"")[1].description : nil
        }
    }

    @Test func theLineIsTheRegistry() throws {
        let declared = try Self.declaredModels()
        #expect(declared == ["UnlockScreen", "AuthFlowMachine"])
        let registered = try #require(
            FileManager.default.enumerator(atPath: TestSupport.root.appendingPathComponent(".build").path)?
                .compactMap { $0 as? String }.first {
                    // The debug build's (the one these tests run), not the release tarball's.
                    $0.hasPrefix("plugins/") && $0.hasSuffix("RegisterModels/Registered/Registered.swift")
                })
        let text = try String(
            contentsOf: TestSupport.root.appendingPathComponent(".build/" + registered), encoding: .utf8)
        let list = declared.map { "\($0)Registration.package" }.joined(separator: ", ")
        #expect(text.contains("static let registered: [ModelPackage] = [\(list)]"), "\(text)")
        #expect(ModelRegistry.packages.map(\.name) == ["unlock", "auth-flow"])
    }

    @Test func aThirdModelRunsLintsDrawsExploresAndIsChecked() throws {
        let folder = try TestSupport.temporaryFolder([
            "t.yaml":
                "model: turnstile\nid: coin-opens\ntitle: A coin opens the arm\nspec: [\"TURN-1 §3\"]\nsteps:\n"
                + "  - coin:\n    expect: {state: Unlocked, coins: 1}\n  - wait: 10s\n    expect: {state: Locked}\n"
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var request = RunRequest(.run, paths: [folder + "/t.yaml"])
        request.model = "turnstile"
        let plan = try RunPlan.make(request, models: Self.catalogue, clock: TestSupport.clock)
        #expect(plan.suites.map(\.package.name) == ["turnstile"])
        let session = RunSession(plan)
        let outcome = session.run(try session.prepare(plan.suites[0])) { _ in }
        #expect(outcome.severity == .passed)
        var closing = ""
        RunConclusion([outcome], settings: ReportSettings()).lines(quiet: true, timed: false) {
            closing += $0.text + "\n"
        }
        #expect(closing.hasPrefix("PASS: 1 scenario run on 1 implementation under the full profile"), "\(closing)")
        let lint = LintOutcome.lint(
            [folder + "/t.yaml"], requirementsFile: nil, package: Turnstile.package, wholeSuite: false, processors: 2)
        #expect(lint.severity(specDisagreements: 0) == .passed, "\(lint.lines(model: Turnstile.declaration))")
        #expect(ModelExport.mermaid(Turnstile.declaration).contains("Locked --> Unlocked: coin"))
        var explore = RunRequest(.explore)
        explore.model = "turnstile"
        explore.logFolder = folder
        let explored = try RunPlan.make(explore, models: Self.catalogue, clock: TestSupport.clock).suites[0]
        var settings = ExplorationSettings(seed: 1)
        settings.runs = 50
        let found = try ExploreSession(
            package: explored.package, referenceSettings: explored.referenceSettings, settings: settings, keys: nil,
            driver: nil, jobs: 1, clock: TestSupport.clock, stop: { false }
        ).run(started: { _, _, _ in }, progress: { _ in })
        #expect(found.found.found == nil && found.found.runs == 50)
        // The exhaustive check takes a reference that saves its state; one that does not is
        // refused, said in the model's name.
        #expect(throws: ModelCheckSession.Refusal.cannotSaveState(model: "turnstile")) {
            try ModelCheckSession(package: Turnstile.unsaved, depth: 2, worlds: 1, seed: 1, clock: TestSupport.clock)
                .run()
        }
        // An unknown model is said with the catalogue's names, the third among them.
        request.model = "carousel"
        #expect(
            throws: RunPlanError.unknownModel(
                name: "carousel", known: ["unlock", "auth-flow", "turnstile"], manifest: nil)
        ) {
            try RunPlan.make(request, models: Self.catalogue, clock: TestSupport.clock)
        }
    }

    /// A model whose implementations report their state alone (no key lists the states an
    /// input entered): coverage counts the states and transitions its moves show, and
    /// `generate --cover transitions` writes a scenario for each, which passes.
    @Test func aModelObservedThroughItsStateAloneIsCoveredAndGenerated() throws {
        let package = Turnstile.stateOnly
        let model = package.declaration
        #expect(!model.observations.contains { $0.key == model.statesKey })
        #expect(model.statesEntered(after: ["state": .string("Unlocked")], from: "Locked") == ["Unlocked"])
        #expect(model.statesEntered(after: ["state": .string("Locked")], from: "Locked").isEmpty)
        let session = GenerateSession(
            package: package, goal: .transitions, depth: 3, worlds: 1, seed: 1, clock: TestSupport.clock)
        let walked = try session.plan()
        var fresh = session.reference()
        let found = FoundScenarios(model: model)
        let generated = found.generated(
            walked.plan, goal: .transitions,
            banner: found.generationBanner(goal: .transitions, depth: 3, worlds: 1, seed: 1, defaultModel: "unlock"),
            reference: &fresh)
        #expect(generated.scenarios > 0, "\(generated.text)")
        let loaded = ScenarioLoader(model: model).load(text: generated.text, file: "cover-transitions.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        let runner = ScenarioRunner(model: model)
        var records: [ScenarioRecord] = []
        for scenario in loaded.scenarios {
            var reference = package.makeReference([:])
            let result = runner.run(scenario, on: &reference)
            #expect(result.outcome == .passed, "\(scenario.id)")
            records.append(result.record(position: records.count, model: model))
        }
        let coverage = CoverageReport(implementation: "reference", records: records, model: model)
        #expect(coverage.states.description == "2/2 (100%)")
        #expect(coverage.transitions.description == "2/2 (100%)", "\(coverage.uncoveredTransitions)")
    }
}
