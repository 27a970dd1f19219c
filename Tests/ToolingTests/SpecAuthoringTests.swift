import AuthFlowMachine
import AuthSpecTestSupport
import Engine
import Foundation
import Reporters
import ScenarioModel
import SpecCheck
import SpecModel
import Testing
import UnlockScreen

/// The tools for spec authors: spec check, lint, record, model.
@Suite(.serialized) struct SpecAuthoringTests {
    static var scr: URL { TestSupport.shared.appendingPathComponent("spec/000_09f6d5a5ecdfd677.txt") }
    static var uif: URL { TestSupport.shared.appendingPathComponent("spec/001_76466166adadd7f5.txt") }

    func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    /// The line of `needle` in a text, 1-based.
    func line(of needle: String, in text: String) -> Int? {
        text.components(separatedBy: "\n").firstIndex { $0.contains(needle) }.map { $0 + 1 }
    }

    @Test func documentsAreReadAsWritten() throws {
        let scr = SpecDocument(file: "scr", text: try text(Self.scr))
        #expect(scr.identifier == "SCR-AUTH-006")
        #expect(
            scr.diagrams.map { "\($0.section) \($0.kind.rawValue) \($0.edges.count)" } == [
                "4.1 flowchart 21", "5.1 stateDiagram-v2 19",
            ])
        let every = UnlockRuleTables.all()
        #expect(every.map(\.name) == ["lock schedule", "session lifetime", "analytics events", "hand-over delay"])
        let tables = Array(every.prefix(2))
        func rows(_ document: SpecDocument, _ tables: [RuleTable] = tables) -> [[String]] {
            tables.map { table in table.find(document.lines).map { "\($0.shownKey) \($0.value) @\($0.line)" } }
        }
        // SCR-AUTH-006 §11.1's ten events, and its 0.5 s written twice (§2.5, §5.2).
        let scrText = try text(Self.scr)
        let scrEvents = rows(scr, [every[2]])[0]
        #expect(scrEvents.count == 10)
        #expect(
            scrEvents.first
                == "screen_view screen_name = biometric_unlock @\(try #require(line(of: "| screen_view |", in: scrText)))"
        )
        let scrEventRules = Set(scrEvents.map { String($0.prefix { $0 != "@" }) })
        #expect(
            scrEventRules.isSuperset(of: [
                "pin_success attempts_used; time_ms ", "biometric_to_pin reason = cancelled | failed ",
            ]))
        #expect(
            rows(scr, [every[3]])[0] == [
                "Success → Dashboard 500 ms @\(try #require(line(of: "Auto-transicion a Dashboard en 0.5s", in: scrText)))",
                "Success → Dashboard 500 ms @\(try #require(line(of: "0.5s delay", in: scrText)) - 1)",
            ])
        let lockLines = ["Bloqueo 1 minuto", "Bloqueo 5 minutos", "Bloqueo 15 minutos", "Bloqueo 1 hora"].map {
            line(of: $0, in: try! text(Self.scr))!
        }
        #expect(
            rows(scr) == [
                [
                    "5 1 min @\(lockLines[0])", "6 5 min @\(lockLines[1])", "7 15 min @\(lockLines[2])",
                    "8+ 1 h @\(lockLines[3])",
                ], [],
            ])
        let uif = SpecDocument(file: "uif", text: try text(Self.uif))
        #expect(uif.identifier == "UIF-AUTH-001")
        #expect(uif.diagrams.map { "\($0.section) \($0.kind.rawValue)" } == ["2 flowchart", "5.1 stateDiagram-v2"])
        let uifText = try text(Self.uif)
        let pro = try #require(line(of: "Sesion Firebase (Pro)", in: uifText))
        let perfect = try #require(line(of: "Sesion Firebase (Perfect)", in: uifText))
        #expect(
            rows(uif)[0].map { String($0.split(separator: "@")[0]) } == [
                "5 1 min ", "6 5 min ", "7 15 min ", "8+ 1 h ",
            ])
        #expect(rows(uif)[1] == ["pro 30 d @\(pro)", "perfect 7 d @\(perfect)"])
        let fallback = try #require(line(of: "biometric_fallback", in: uifText))
        #expect(Set(rows(uif, [every[2]])[0]).isSuperset(of: ["biometric_fallback reason @\(fallback)"]))
        #expect(
            rows(uif, [every[3]])[0] == [
                "Biometric Prompt → Dashboard 100 ms @\(try #require(line(of: "Biometric Prompt\tDashboard", in: uifText)))"
            ])
        let markdown = SpecDocument(
            file: "md",
            text: "# 5.1 States\n\n```mermaid\nstateDiagram-v2\n    PINError --> Login: Intentos >= 5\n```\n")
        let edge = try #require(markdown.diagrams.first?.edges.first)
        #expect([edge.from, edge.to, edge.label] == ["PINError", "Login", "Intentos >= 5"] && edge.line == 5)
        #expect(markdown.diagrams.first?.section == "5.1")
    }

    /// The fifth failure (§5.1), the hand-over delay (§6.1) and the analytics names (§11.2) are
    /// found, each with both documents' lines, and each decided by the reading recorded at its
    /// line; §2's wrong PIN to Login and SCR-AUTH-006's own tensions are recorded, with their
    /// readings: nothing fails the check.
    @Test func theTwoSpecDocumentsDisagreeWhereTheyDo() throws {
        let result = try LibrarySpecCheck.check([Self.scr.path, Self.uif.path])
        #expect(result.counts.disagreements == 0)
        let uifText = try text(Self.uif)
        let scrText = try text(Self.scr)
        let uifLine = try #require(line(of: "PINFail --> Login", in: uifText))
        // The SCR diagram still draws the arrow the reading is about.
        _ = try #require(line(of: "PINError --> PINBlocked", in: scrText))
        let delay = try #require(line(of: "Biometric Prompt\tDashboard", in: uifText))
        let screenView = try #require(line(of: "screen_view\t", in: uifText))
        let fallback = try #require(line(of: "biometric_fallback", in: uifText))
        // Each found, at its line, and decided by the reading recorded there.
        let decided = result.findings.filter { $0.decidedBy != nil && $0.file == Self.uif.path }.sorted {
            ($0.line ?? 0) < ($1.line ?? 0)
        }
        #expect(
            decided.map { "\($0.kind) @\($0.line ?? 0) \($0.decidedBy ?? "")" } == [
                "conflict @\(uifLine) INT-015", "ruleTable @\(delay) INT-027", "ruleTable @\(screenView) INT-028",
                "ruleTable @\(fallback) INT-028",
            ], "\(result.text)")
        let successLine = try #require(line(of: "Auto-transicion a Dashboard en 0.5s", in: scrText))
        #expect(
            result.text.contains(
                "SCR-AUTH-006 writes \"(Auto-transicion a Dashboard en 0.5s)\" (500 ms) at \(Self.scr.path):\(successLine)"
            ))
        let pinCheck = try #require(line(of: "PIN_CHECK -->|No| LOGIN", in: uifText))
        #expect(
            result.findings.contains { $0.kind == .recorded && $0.line == pinCheck && $0.reading == "INT-026" },
            "\(result.text)")
        let conflict = try #require(result.findings.first { $0.kind == .conflict && $0.line == uifLine })
        #expect(conflict.modelTransition.map { [$0.from, $0.to] } == ["PINError", "PINBlocked"])
        // What each document's check compared: SCR-AUTH-006's §4.1 flowchart among its diagrams,
        // UIF-AUTH-001's §2 and §5.1; the rule rows each writes; every fact the model follows.
        let scr = try #require(result.checks.first { $0.document.file == Self.scr.path })
        let uif = try #require(result.checks.first { $0.document.file == Self.uif.path })
        #expect(scr.compared.contains { $0.section == "4.1" && $0.kind == .flowchart })
        #expect(uif.compared.map(\.section) == ["2", "5.1"] && uif.compared.map(\.line) == [27, 216])
        #expect(
            scr.ruleRows.filter { $0.rows > 0 }.map { "\($0.table) \($0.rows)" } == [
                "lock schedule 4", "analytics events 10", "hand-over delay 2",
            ])
        #expect(
            uif.ruleRows.filter { $0.rows > 0 }.map { "\($0.table) \($0.rows)" } == [
                "lock schedule 4", "session lifetime 2", "analytics events 4", "hand-over delay 1",
            ])
        let unlockFacts = UnlockPackage.package.facts
        #expect(
            scr.facts.found == scr.facts.of
                && scr.facts.of == unlockFacts.filter { $0.document == "SCR-AUTH-006" }.count)
        #expect(
            uif.facts.found == uif.facts.of
                && uif.facts.of == unlockFacts.filter { $0.document == "UIF-AUTH-001" }.count)
        #expect(scr.facts.of > 150 && uif.facts.of > 50)
        // Seven of SCR-AUTH-006's events are missing from UIF-AUTH-001 §11.2's partial table: said, not failed.
        #expect([result.counts.disagreements, result.counts.warnings, result.counts.recorded] as [Int] == [0, 7, 31])
        let alone = try LibrarySpecCheck.check([Self.scr.path])
        #expect([alone.counts.disagreements, alone.counts.warnings, alone.counts.recorded] as [Int] == [0, 0, 12])
        let note = TestSupport.shared.appendingPathComponent("spec/004_b4cf290522684947.txt").path
        let noteAlone = try LibrarySpecCheck.check([note])
        #expect(noteAlone.counts.disagreements == 0)
        #expect(Set(noteAlone.findings.compactMap(\.reading)).isSuperset(of: ["INT-030", "GAP-002"]))
    }

    /// A recorded disagreement whose text a spec edit removed is a warning to review its
    /// reading; a mapping with a malformed record is an input error at its line and column.
    @Test func recordedDisagreementsFollowTheText() throws {
        let edited = try text(Self.uif).replacingOccurrences(
            of: "PIN_CHECK -->|No| LOGIN", with: "PIN_CHECK -->|No| PIN_FALLBACK")
        let folder = try TestSupport.temporaryFolder([
            "UIF-AUTH-001.txt": edited,
            "mapping.yaml":
                "documents:\n  UIF-AUTH-001:\n    recorded:\n      - {find: x, reading: INT-001, sayz: y}\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try LibrarySpecCheck.check(["\(folder)/UIF-AUTH-001.txt"])
        #expect(
            result.findings.filter { $0.kind == .recordNotFound }.map(\.reading) == ["INT-026"], "\(result.text)")
        #expect(throws: SpecReview.Problem.self) {
            try LibrarySpecCheck.check(["\(folder)/UIF-AUTH-001.txt"], mapping: "\(folder)/mapping.yaml")
        }
        do {
            _ = try LibrarySpecCheck.check(["\(folder)/UIF-AUTH-001.txt"], mapping: "\(folder)/mapping.yaml")
        } catch let problem as SpecReview.Problem {
            #expect(
                problem.description.contains(
                    "\(folder)/mapping.yaml:4:37: error: unknown key 'sayz' (expected find, reading or says)"),
                "\(problem)")
        }
    }

    /// A spec author changes a duration in §6.1.2 and a transition in §5.1: spec check and lint
    /// name the rule and the scenarios each change touches.
    @Test func editsToTheSpecNameTheRuleAndScenarios() throws {
        let original = try text(Self.scr)
        let edited =
            original
            .replacingOccurrences(of: "Bloqueo 5 minutos", with: "Bloqueo 10 minutos")
            .replacingOccurrences(
                of: "PINError --> PINBlocked: Intentos >= 5", with: "PINError --> Login: Intentos >= 5")
        #expect(edited != original)
        let folder = try TestSupport.temporaryFolder(["SCR-AUTH-006.txt": edited])
        let copy = "\(folder)/SCR-AUTH-006.txt"
        let durationLine = try #require(line(of: "Bloqueo 10 minutos", in: edited))
        let transitionLine = try #require(line(of: "PINError --> Login", in: edited))
        // spec check alone, and as lint --spec makes it, with the records of lint's own run.
        let lint = LintOutcome.lint(
            [TestSupport.scenariosFolder], requirementsFile: nil, package: UnlockPackage.package, wholeSuite: true,
            processors: 2)
        #expect(lint.contradictions == 0)
        let linted = try LibrarySpecCheck.check([copy], ran: (lint.suite.loaded.scenarios, lint.records))
        let plain = try LibrarySpecCheck.check([copy])
        #expect(linted.text == plain.text)
        // Each edit at its line, with the model's rule, where it is written, and the scenarios
        // that rest on it or take it.
        #expect(
            Set(plain.kinds(at: durationLine)) == [.ruleTable, .factChanged]
                && plain.kinds(at: transitionLine).contains(.conflict))
        #expect(!plain.kinds(at: durationLine).contains(.unaccounted), "said once, as the edit it is")
        try Golden.compare(
            plain.text, with: "report-spec-check-edited-scr.txt", folder: folder)
        // The same document with CR LF line breaks: the same findings at the same lines.
        let crlf = try TestSupport.temporaryFolder([
            "SCR-AUTH-006.txt": edited.replacingOccurrences(of: "\n", with: "\r\n")
        ])
        let crlfText = try LibrarySpecCheck.check(["\(crlf)/SCR-AUTH-006.txt"]).text
        #expect(crlfText.replacingOccurrences(of: crlf, with: folder) == (try LibrarySpecCheck.check([copy]).text))
    }

    /// The session lifetime by tier is a rule table too: a document that shortens or drops a
    /// tier's lifetime is told so, with the rule and the scenarios that rest on it.
    @Test func sessionLifetimeTableIsComparedToo() throws {
        let original = try text(Self.uif)
        let edited = original.replacingOccurrences(of: "(Perfect)\t7 dias", with: "(Perfect)\t14 dias")
            .replacingOccurrences(of: "Sesion Firebase (Pro)", with: "Sesion Firebase (Basic)")
        #expect(edited != original && line(of: "(Pro)", in: edited) == nil)
        let folder = try TestSupport.temporaryFolder(["UIF-AUTH-001.txt": edited])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let copy = "\(folder)/UIF-AUTH-001.txt"
        let perfect = try #require(line(of: "(Perfect)\t14 dias", in: edited))
        let basic = try #require(line(of: "(Basic)", in: edited))
        let result = try LibrarySpecCheck.check([copy])
        #expect(result.counts.disagreements > 0)
        let rows = result.tableRows.filter { $0.table == "session lifetime" }.map { "\($0.key) @\($0.line ?? 0)" }
        #expect(rows.sorted() == ["basic @\(basic)", "perfect @\(perfect)", "pro @0"], "\(rows)")
        let scenarios = TestSupport.suite().scenarios.filter { $0.covers.contains { $0.id == "REQ-SESSION-PERFECT" } }
        #expect(!scenarios.isEmpty)
        // In words: each row with the model's rule and the scenarios that rest on it.
        try Golden.compare(
            result.text, with: "report-spec-check-edited-uif.txt", folder: folder)
    }

    /// What lint reports of a suite: each expectation the reference contradicts, at its step;
    /// a file that does not load, at its line and column.
    @Test func lintReportsContradictionsAtTheStep() throws {
        func lint(_ folder: String) throws -> (contradictions: [String], diagnostics: [PlacedProblem]) {
            let outcome = LintOutcome.lint(
                [folder], requirementsFile: nil, package: UnlockPackage.package, wholeSuite: true, processors: 2)
            return (
                Contradictions.lines(outcome.records, model: TestSupport.model),
                outcome.suite.loaded.diagnostics.map { PlacedProblem($0, under: folder) }
            )
        }
        let clean = try lint(TestSupport.scenariosFolder)
        #expect(clean.contradictions.isEmpty && clean.diagnostics.isEmpty, "\(clean)")
        let whole = LintOutcome.lint(
            [TestSupport.scenariosFolder], requirementsFile: nil, package: UnlockPackage.package, wholeSuite: true,
            processors: 2)
        #expect(whole.uncovered.isEmpty && whole.inNameOnly.isEmpty && whole.lines(model: TestSupport.model).isEmpty)
        let folder = try TestSupport.temporaryFolder([
            "a.yaml":
                "id: wrong\ntitle: t\nspec: [\"SCR-AUTH-006 §6.1.2\"]\ngiven: {pin_failures: 4, biometric_enabled: false}\nsteps:\n  - launch\n  - enter_pin: \"0000\"\n    expect: {state: PINInput}\n",
            "b.yaml":
                "id: fine\ntitle: t\nspec: [\"SCR-AUTH-006 §5.1\"]\nsteps:\n  - launch:\n    expect: {state: BiometricPrompt}\n",
        ])
        #expect(
            try lint(folder).contradictions == [
                "\(folder)/a.yaml:7:5: error: 'wrong' contradicts the reference at step 2 (enter_pin: \"0000\"): expected state \"PINInput\", the reference gives \"PINBlocked\""
            ])
        let broken = try TestSupport.temporaryFolder([
            "c.yaml": "id: x\ntitle: t\nspec: [\"SCR-AUTH-006 §5.1\"]\nsteps: [lanch]\n"
        ])
        let diagnostics = try lint(broken).diagnostics
        #expect(
            diagnostics == [
                PlacedProblem("c.yaml", 4, 9, .unknownName(kind: "input", name: "lanch", suggestion: "launch"))
            ], "\(diagnostics)")
    }

    static let unrecorded = """
        # Written by hand, expectations to be recorded.
        id: recorded-lock
        title: Five wrong PINs, then the lock runs out
        spec: ["SCR-AUTH-006 §6.1.2"]
        given: {biometric_enabled: false}
        steps:
          - launch
          - enter_pin: "0000"
            repeat: 5
          - advance: 1m
        ---
        id: recorded-marked
        title: Only the marked step is recorded
        spec: ["SCR-AUTH-006 §5.1"]
        steps:
          - launch:
            expect: {state: BiometricPrompt}
          - biometric: failure
            record: true
          - tap: retry_biometrics

        """

    @Test func recordRoundTrip() throws {
        let folder = try TestSupport.temporaryFolder(["s.yaml": Self.unrecorded])
        let recorded = "\(folder)/recorded.yaml"
        let record = try Self.record("\(folder)/s.yaml", into: recorded)
        #expect(record.steps == 4 && record.scenarios == 2)
        let text = record.text
        // Steps written as `- launch` become `- launch:` with an expect block; the marked step's
        // `record: true` is replaced; everything else is as written. The file, whole:
        try Golden.compare(text, with: "record-round-trip.txt")
        let untouched = Self.unrecorded.split(separator: "\n").filter {
            !$0.contains("launch") && !$0.contains("record: true")
        }
        for line in untouched { #expect(text.contains(line), "lost: \(line)") }
        let run = try LibraryRun.run(LibraryRun.Options(paths: [recorded], logFolder: folder))
        #expect(run.severity == .passed)
        #expect(run.outcome.run.allRecords.map(\.outcome) == [.passed, .passed])
        let lint = try TestSupport.execute(URL(fileURLWithPath: "/usr/bin/env"), ["yamllint", recorded])
        #expect(lint.status == 0, "yamllint: \(lint.stdout)")
    }

    /// The shipped suite is clean under the shipped yamllint configuration, warnings included.
    @Test func theSuiteIsCleanUnderTheShippedYamllintConfig() throws {
        let lint = try TestSupport.execute(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["yamllint", "--strict", "-c", ".yamllint", "Scenarios", "docs/spec-mapping.yaml"])
        #expect(lint.status == 0, "yamllint: \(lint.stdout)\(lint.stderr)")
    }

    /// Steps written in flow style are written one a line, each as written, and recorded; the
    /// result loads and passes.
    @Test func recordWritesFlowStepsInBlockStyle() throws {
        let folder = try TestSupport.temporaryFolder([
            "sequence.yaml":
                "id: s\ntitle: t\nspec: [\"SCR-AUTH-006 §5.1\"]\nsteps: [launch, {tap: use_pin},\n  {biometric: cancel}]  # the way in\n",
            "mapping.yaml":
                "id: m\ntitle: t\nspec: [\"SCR-AUTH-006 §5.1\"]\nsteps:\n  - {launch: }\n  - {biometric: cancel, note: \"a, b\"}\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for file in ["sequence", "mapping"] {
            let out = "\(folder)/\(file)-recorded.yaml"
            let text = try Self.record("\(folder)/\(file).yaml", into: out).text
            // Each step on its line as written (its comment and note kept), with its expect block.
            try Golden.compare(text, with: "record-flow-\(file).txt")
            let run = try LibraryRun.run(LibraryRun.Options(paths: [out], logFolder: folder))
            #expect(run.severity == .passed, "\(file): \(run.closing())")
        }
    }

    /// A file with CR LF or CR line breaks is recorded as one with LF (never a trap), and keeps
    /// its own breaks; a step with a comment after it is recorded, its comment kept.
    @Test(arguments: ["\r\n", "\r", "\n"])
    func recordReadsEveryLineBreakAndKeepsComments(lineBreak: String) throws {
        let scenario = [
            "id: crlf", "title: t", "spec: [\"SCR-AUTH-006 §5.1\"]", "steps:", "  - launch  # the app starts",
            "  - tap: use_pin", "",
        ].joined(separator: lineBreak)
        let recorded = try Recording.record(scenario, file: "crlf.yaml", package: UnlockPackage.package, allKeys: false)
        #expect(recorded.steps == 2, "\(recorded.text)")
        let lines = LineBreaks.lines(of: recorded.text)
        #expect(
            Array(lines.prefix(6)) == [
                "id: crlf", "title: t", "spec: [\"SCR-AUTH-006 §5.1\"]", "steps:", "  - launch:  # the app starts",
                "    expect:",
            ], "\(recorded.text)")
        let breaks = LineBreaks.withLinefeeds(recorded.text)
        #expect(breaks.lineBreak == lineBreak)
        // The file keeps its own breaks, every one of them.
        #expect(breaks.text.replacingOccurrences(of: "\n", with: lineBreak) == recorded.text)
        let loaded = ScenarioLoader(model: TestSupport.model).load(text: recorded.text, file: "crlf.yaml")
        #expect(loaded.diagnostics.isEmpty && loaded.scenarios.first?.steps.count == 2, "\(loaded.diagnostics)")
    }

    /// With every key, a step whose tables are empty (no animation started, no frame on the
    /// screen) writes none of them: an empty table would check nothing, so it does not load.
    @Test func recordWithEveryKeyWritesNoEmptyTable() throws {
        let scenario = """
            model: auth-flow
            id: every-key
            title: t
            spec: ["UIF-AUTH-001 §6.1"]
            given: {first_launch: true}
            steps:
              - launch
              - advance: 1s
              - advance: 500ms

            """
        let recorded = try Recording.record(
            scenario, file: "every-key.yaml", package: AuthFlowPackage.package, allKeys: true)
        // It loads back: an empty table, or a duration in a table written without its unit, would
        // be an input error.
        let loaded = ScenarioLoader(model: AuthFlowPackage.package.declaration)
            .load(text: recorded.text, file: "every-key.yaml")
        #expect(loaded.diagnostics.isEmpty && loaded.scenarios.first?.steps.count == 3, "\(loaded.diagnostics)")
        let animations = (loaded.scenarios.first?.steps ?? []).map { step in
            step.expectations.first { $0.key == "animations" }?.value
        }
        let logo: Value = .map(["duration": .int(300), "effect": .string("scale_fade_in")])
        #expect(animations.count == 3 && animations[1] == nil, "\(recorded.text)")
        guard case .map(let first)?? = animations.first else {
            Issue.record("no animations on the launch: \(recorded.text)")
            return
        }
        #expect(first["logo"] == logo, "\(recorded.text)")
    }

    @Test func recordRefusesWhatItCannotEditSafely() throws {
        let folder = try TestSupport.temporaryFolder([
            "flow.yaml": "id: f\ntitle: t\nspec: [\"SCR-AUTH-006 §5.1\"]\nsteps:\n  - {launch: null,\n     note: x}\n",
            "both.yaml":
                "id: b\ntitle: t\nspec: [\"SCR-AUTH-006 §5.1\"]\nsteps:\n  - launch:\n    record: true\n    expect: {state: Login}\n",
        ])
        let flow = try Self.refusal(recording: "\(folder)/flow.yaml")
        #expect(
            flow.contains(
                "\(folder)/flow.yaml:5:5: record needs a block-style step (one key per line), not a flow mapping that goes on past its line"
            ), "\(flow)")
        let both = try Self.refused(recording: "\(folder)/both.yaml")
        guard case .doesNotLoad(let diagnostics)? = both else {
            Issue.record("refused otherwise: \(String(describing: both))")
            return
        }
        #expect(
            diagnostics.map { PlacedProblem($0, under: folder) } == [
                PlacedProblem("both.yaml", 7, 5, .recordedStepExpects(recordLine: 6))
            ])
    }

    @Test func modelIsExportedAsJSONAndMermaid() throws {
        let document =
            try JSONSerialization.jsonObject(with: Data(ModelExport.json(TestSupport.model).utf8)) as? [String: Any]
        #expect((document?["states"] as? [Any])?.count == TestSupport.model.states.count)
        #expect((document?["transitions"] as? [Any])?.count == TestSupport.model.transitions.count)
        let mermaid = ModelExport.mermaid(TestSupport.model)
        #expect(MermaidCheck.problems(in: mermaid.trimmingCharacters(in: .newlines)).isEmpty)
    }

    /// `record` of `file` through the engine, written into `output`.
    static func record(_ file: String, into output: String) throws -> Recording.Recorded {
        let recorded = try Recording.record(
            try String(contentsOfFile: file, encoding: .utf8), file: file, package: UnlockPackage.package,
            allKeys: false)
        try recorded.text.write(toFile: output, atomically: true, encoding: .utf8)
        return recorded
    }

    /// The words of `record`'s refusal of `file`; none is a failure of the test.
    static func refusal(recording file: String) throws -> String {
        try refused(recording: file)?.description ?? ""
    }

    /// Why record refuses `file`, as the value; nil (an issue recorded) if it records it.
    static func refused(recording file: String) throws -> Recording.Refusal? {
        do {
            _ = try Recording.record(
                try String(contentsOfFile: file, encoding: .utf8), file: file, package: UnlockPackage.package,
                allKeys: false)
            Issue.record("\(file) was recorded")
            return nil
        } catch let refusal as Recording.Refusal {
            return refusal
        }
    }
}
