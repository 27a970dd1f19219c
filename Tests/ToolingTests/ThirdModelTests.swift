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
import TestModels
import Testing

/// A model is one folder and one line. The line: each list of models in Package.swift is what
/// its registry target depends on, and the registry the build writes (Plugins/RegisterModels)
/// lists exactly those, in that order. The folder: the consent model (Tests/Models/ConsentScreen,
/// added by docs/architecture.md's checklist and registered only for the tests) is planned,
/// run, linted, drawn, explored, checked and generated for by the same engine, with nothing
/// else told of it. In process: no second build of the package.
@Suite struct ThirdModelTests {
    static let catalogue = ModelCatalogue(TestModels.packages + [Turnstile.package, Turnstile.stateOnly])

    /// The names in one of Package.swift's lists of models (`models`, `testModels`), in order.
    static func declaredModels(list name: String = "models") throws -> [String] {
        let manifest = try String(contentsOf: TestSupport.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let list = try #require(manifest.firstRange(of: "let \(name):").map { manifest[$0.upperBound...] })
        let body = list[..<(try #require(list.firstRange(of: "\n]")).lowerBound)]
        return body.split(separator: "\n").compactMap { line in
            line.trimmingCharacters(in: .whitespaces).hasPrefix("(\"")
                ? line.split(separator: "\"")[1].description : nil
        }
    }

    /// Each list of Package.swift is its registry, in order: `models` the release's, `testModels`
    /// the tests' (after the release's).
    @Test func theLineIsTheRegistry() throws {
        let outputs =
            FileManager.default.enumerator(atPath: TestSupport.root.appendingPathComponent(".build").path)?
            .compactMap { $0 as? String } ?? []
        for (list, target, count) in [
            ("models", "Models", ModelRegistry.packages.count), ("testModels", "TestModels", TestModels.testOnly.count),
        ] {
            let declared = try Self.declaredModels(list: list)
            #expect(!declared.isEmpty, "\(list)")
            #expect(count == declared.count, "\(list)")
            let registered = try #require(
                outputs.first {
                    // The debug build's (the one these tests run), not the release tarball's.
                    $0.hasPrefix("plugins/")
                        && $0.hasSuffix("/\(target)/destination/RegisterModels/Registered/Registered.swift")
                }, "no registry written for \(target)")
            let text = try String(
                contentsOf: TestSupport.root.appendingPathComponent(".build/" + registered), encoding: .utf8)
            let names = declared.map { "\($0)Registration.package" }.joined(separator: ", ")
            #expect(text.contains("let registered: [ModelPackage] = [\(names)]"), "\(text)")
        }
        #expect(TestModels.packages.map(\.name) == (ModelRegistry.packages + TestModels.testOnly).map(\.name))
        #expect(Set(TestModels.packages.map(\.name)).count == TestModels.packages.count, "every name once")
    }

    /// The consent model (Tests/Models/ConsentScreen) was added by docs/architecture.md's
    /// checklist alone: the checklist's commands take it as they take the release's models.
    static let consent = try! #require(TestModels.package(named: "consent"))

    @Test func aModelAddedByTheChecklistRunsLintsDrawsExploresAndIsChecked() throws {
        let folder = try TestSupport.temporaryFolder([
            "c.yaml":
                "model: consent\nid: accept-then-withdraw\ntitle: An answer taken back is asked again\n"
                + "spec: [\"CONSENT-1 §4\"]\nsteps:\n  - accept:\n    expect: {state: Accepted}\n"
                + "  - withdraw:\n    expect: {state: Asking}\n  - decline:\n    expect: {state: Declined}\n"
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var request = RunRequest(.run, paths: [folder + "/c.yaml"])
        request.model = "consent"
        let plan = try RunPlan.make(request, models: TestModels.catalogue, clock: TestSupport.clock)
        #expect(plan.suites.map(\.package.name) == ["consent"])
        let session = RunSession(plan)
        let outcome = session.run(try session.prepare(plan.suites[0])) { _ in }
        #expect(outcome.severity == .passed)
        var closing = ""
        RunConclusion([outcome], settings: ReportSettings()).lines(quiet: true, timed: false) {
            closing += $0.text + "\n"
        }
        #expect(outcome.gate.passes && outcome.run.allRecords.map(\.outcome) == [.passed], "\(closing)")
        // lint: the scenario and the smoke scenario `doctor` would send are clean, and the
        // smoke scenario passes on the reference.
        let lint = LintOutcome.lint(
            [folder + "/c.yaml"], requirementsFile: nil, package: Self.consent, wholeSuite: false, processors: 2)
        #expect(lint.severity(specDisagreements: 0) == .passed, "\(lint.lines(model: Self.consent.declaration))")
        let smoke = ScenarioLoader(model: Self.consent.declaration).load(
            text: Self.consent.smokeScenario, file: "smoke")
        #expect(smoke.diagnostics.isEmpty && smoke.scenarios.count == 1, "\(smoke.diagnostics)")
        for scenario in smoke.scenarios {
            var reference = Self.consent.makeReference([:])
            #expect(ScenarioRunner(model: Self.consent.declaration).run(scenario, on: &reference).outcome == .passed)
        }
        // model: every declared move drawn.
        let drawn = ModelExport.mermaid(Self.consent.declaration)
        let diagram = MermaidCheck.StateDiagram(drawn)
        for transition in Self.consent.declaration.transitions {
            #expect(
                diagram.hasEdge(from: transition.from, to: transition.to, label: transition.trigger), "\(drawn)")
        }
        // explore: the reference against itself finds nothing, and meets every input in every state.
        var explore = RunRequest(.explore)
        explore.model = "consent"
        explore.logFolder = folder
        let explored = try RunPlan.make(explore, models: TestModels.catalogue, clock: TestSupport.clock).suites[0]
        var settings = ExplorationSettings(seed: 1)
        settings.runs = 50
        let found = try ExploreSession(
            package: explored.package, referenceSettings: explored.referenceSettings, settings: settings, keys: nil,
            driver: nil, jobs: 1, clock: TestSupport.clock, stop: { false }
        ).run(started: { _, _, _ in }, progress: { _ in })
        #expect(found.found.found == nil && found.found.runs == 50)
        // check-model: the reference saves its state, so the exhaustive walk reaches every state.
        let checked = try ModelCheckSession(
            package: Self.consent, depth: 3, worlds: 1, seed: 1, clock: TestSupport.clock
        ).run()
        #expect(checked.report.reached == Set(Self.consent.declaration.stateNames))
        #expect(checked.report.violations.isEmpty && checked.report.deadEnds.isEmpty)
        // A reference that saves no state is refused, said in the model's name.
        #expect(throws: ModelCheckSession.Refusal.cannotSaveState(model: "turnstile")) {
            try ModelCheckSession(package: Turnstile.unsaved, depth: 2, worlds: 1, seed: 1, clock: TestSupport.clock)
                .run()
        }
        // An unknown model is said with the catalogue's names, the test models among them.
        request.model = "carousel"
        #expect(
            throws: RunPlanError.unknownModel(
                name: "carousel", known: TestModels.packages.map(\.name), manifest: nil)
        ) {
            try RunPlan.make(request, models: TestModels.catalogue, clock: TestSupport.clock)
        }
    }

    /// A model observed through its state alone (one key, no key lists the states an input
    /// entered): coverage counts the states and transitions its moves show, and `generate
    /// --cover transitions` writes a scenario for each, which passes.
    @Test(arguments: [consent, Turnstile.stateOnly].map(\.name))
    func aModelObservedThroughItsStateAloneIsCoveredAndGenerated(model name: String) throws {
        let package = try #require(Self.catalogue.package(named: name))
        let model = package.declaration
        #expect(!model.observations.contains { $0.key == model.statesKey })
        let first = try #require(model.transitions.first)
        #expect(model.statesEntered(after: ["state": .string(first.to)], from: first.from) == [first.to])
        #expect(model.statesEntered(after: ["state": .string(first.from)], from: first.from).isEmpty)
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
        let states = model.states.count
        let transitions = model.transitions.count
        #expect(coverage.states.description == "\(states)/\(states) (100%)")
        #expect(
            coverage.transitions.description == "\(transitions)/\(transitions) (100%)",
            "\(coverage.uncoveredTransitions)")
    }
}
