import AuthSpecTestSupport
import Coverage
import DriverProtocol
import Engine
import Foundation
import Reporters
import Results
import SpecModel
import Testing

/// A second model, the turnstile, through every generic part: it loads, runs (on one worker
/// and on two), lints, reports and draws with no change outside its own file.
@Suite struct SecondModelTests {
    static let files = [
        "requirements.yaml": "- {id: TURN-R1, clause: TURN-1 §3, text: A coin opens the arm once}\n",
        "coin.yaml": """
        model: turnstile
        id: coin-then-push
        title: A coin opens, a push closes
        spec: ["TURN-1 §3"]
        covers: [TURN-R1]
        steps:
          - coin:
            expect: {state: Unlocked, coins: 1}
          - push:
            expect: {state: Locked, states: [Locked]}
        """,
        "wait.yaml": """
        id: relocks-by-itself
        title: Unlocked, it relocks after 10 seconds
        spec: ["TURN-1 §3"]
        given: {coins: 4}
        steps:
          - coin
          - wait: 9s
            expect: {state: Unlocked}
          - wait: 1s
            expect: {state: Locked, coins: 5}
        ---
        id: wrong-on-purpose
        title: Expects the arm to stay open
        spec: ["TURN-1 §3"]
        steps:
          - coin
          - push:
            expect: {state: Unlocked}
        """,
    ]

    @Test func theTurnstileRunsLintsReportsAndDraws() throws {
        let folder = try TestSupport.temporaryFolder(Self.files)
        let model = Turnstile.declaration
        let suite = Suite(
            paths: [folder], requirementsFile: nil, model: model, selection: SuiteSelection(), processors: 2)
        #expect(suite.loaded.diagnostics.map(\.description) == [])
        #expect(suite.scenarios.map(\.id) == ["coin-then-push", "relocks-by-itself", "wrong-on-purpose"])
        let reference = Candidate.reference(of: Turnstile.package, settings: [:])
        let run = RunEngine(model: model).run(suite, on: [reference])
        #expect(run.model == "turnstile")
        #expect(run.implementations[0].records.map(\.outcome) == [.passed, .passed, .failed])
        // The same run on two workers, but for its timings.
        func timeless(_ record: RunRecord) -> RunRecord {
            var copy = record
            for index in copy.implementations.indices {
                copy.implementations[index].started = nil
                copy.implementations[index].records = ScenarioRecords(
                    copy.implementations[index].records.map { record in
                        var record = record
                        record.milliseconds = 0
                        return record
                    })
            }
            return copy
        }
        #expect(timeless(RunEngine(model: model, jobs: 2).run(suite, on: [reference])) == timeless(run))

        // Lint names the step that does not hold, at its line.
        let lint = Contradictions.lines(run.allRecords, model: model)
        #expect(lint.count == 1)
        // Its words, with the reports': the golden file below.
        // Reports and drawings, in the turnstile's own words.
        let coverage = [CoverageReport(implementation: "reference", records: run.allRecords, model: model)]
        #expect(coverage[0].transitions.description == "2/2 (100%)")
        let json = JSONReporter(model: model).document(run, coverage: coverage).rendered()
        // Written a scenario at a time, as `run --json` does, it is the same text.
        var streamed = ""
        JSONReporter(model: model).write(run, coverage: coverage) { streamed += $0 }
        #expect(streamed == json)
        #expect(try ResultsCodec.decode(JSONCodec.decode(json)) == run)
        let junit = JUnitReporter(model: model).document(run)
        let markdown = MarkdownReporter(model: model).document(run, coverage: coverage)
        let diagram = MermaidCoverage().diagram(coverage[0])
        #expect(MermaidCheck.problems(in: diagram).isEmpty)
        // Lint's line, the JSON, the JUnit, the Markdown, the coverage diagram and the model's
        // drawing, whole: in the turnstile's own words.
        try Golden.compare(
            ([lint[0], json, junit, markdown, diagram, ModelExport.mermaid(model)].map {
                TestSupport.withoutTimings($0)
                    // The suite's digests cover its files' paths, which are the test's own.
                    .replacing(/digest": "[0-9a-f]{16}"/, with: #"digest": "…""#)
            }).joined(separator: "\n---\n"), with: "report-turnstile.txt", folder: folder)
    }

    @Test func aScenarioOfTheOtherModelIsAnInputError() throws {
        let folder = try TestSupport.temporaryFolder(Self.files)
        let suite = Suite(
            paths: [folder + "/coin.yaml"], requirementsFile: nil, model: TestSupport.model,
            selection: SuiteSelection(), processors: 2)
        #expect(suite.scenarios.isEmpty)
        let errors = suite.loaded.diagnostics.map {
            String($0.description.replacingOccurrences(of: folder + "/", with: "").prefix { $0 != "\n" })
        }
        #expect(
            errors.contains(
                "coin.yaml:1:8: error: this scenario is for the model 'turnstile'; these files are loaded for 'unlock'"),
            "\(errors)")
    }
}
