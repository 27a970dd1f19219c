import AuthSpecTestSupport
import Coverage
import Engine
import Foundation
import Models
import Results
import Runner
import ScenarioModel
import SpecModel
import Testing
import UnlockScreen

/// `authspec trace`: the statement catalogue against the suite run on the reference and on every
/// mutant. A statement counts as verified only when a falsifier of it was killed by a scenario
/// covering one of its requirements; `trace` fails while any checkable statement is claimed or
/// not demonstrated; a malformed catalogue is an input error at its line and column.
@Suite(.serialized, .tags(.drivers)) struct TraceTests {
    static var catalogue: [Statement] {
        StatementCatalogue.load(file: TestSupport.scenariosFolder + "/" + StatementCatalogue.fileName).statements
    }

    /// The counts the terminal gives add up to the catalogue: statements the suite can check are
    /// those neither not observable nor another model's, less those that follow another
    /// document, which are counted apart; every gap is listed with its place.
    /// Both models' suites traced once (every falsifier run on its suite): the tests below read it.
    static let bothSuites = Result {
        try LibraryTrace.trace(
            [TestSupport.scenariosFolder, TestSupport.root.appendingPathComponent("AuthFlow/Scenarios").path])
    }

    @Test func theTraceCountsEveryStatementAndFailsOnItsGaps() throws {
        let loaded = StatementCatalogue.load(file: TestSupport.scenariosFolder + "/" + StatementCatalogue.fileName)
        let (statements, problems) = (loaded.statements, loaded.diagnostics)
        #expect(problems.isEmpty, "\(problems)")
        let result = try Self.bothSuites.get()
        let screen = statements.filter { $0.document == "SCR-AUTH-006" }
        let observable = screen.filter { ![.notObservable, .notNormative, .authFlow].contains($0.status) }
        let followed = screen.filter { $0.status == .contradicted }.count
        let trace = try #require(result.traces.first { $0.document == "SCR-AUTH-006" }, "\(result.text)")
        #expect(trace.statements.count == screen.count)
        let following = StatementStanding.followingOther.map(trace.count).reduce(0, +)
        #expect(following == followed)
        #expect(trace.checkable - following == observable.count - followed)
        #expect(trace.count(.verified) > 0)
        // The facts spec check compares for the document, as the two models declare them.
        let facts = UnlockFacts.all.filter { $0.document == "SCR-AUTH-006" }.count
        let both = ModelRegistry.packages.flatMap(\.facts).filter { $0.document == "SCR-AUTH-006" }.count
        #expect(facts > 100 && both >= facts && trace.facts.compared == both)
        // Each gap is named at its line: as many as the checkable statements not verified.
        let gaps = result.text.split(separator: "\n").filter { $0.contains("/Scenarios/statements.yaml:") }
        #expect(gaps.count == result.gaps, "\(result.text)")
        // The handling rules of the iOS article (003) and the secure-biometrics note (004): each
        // verified, or not observable with its reason.
        for document in ["003", "004"] {
            let rules = statements.filter { $0.document == document }
            #expect(rules.count >= 5, "\(document)")
            for rule in rules {
                #expect(
                    [.verified, .notObservable, .notNormative, .contradicted].contains(rule.status),
                    "\(rule.id): \(rule.status)")
                #expect(![.notObservable, .notNormative].contains(rule.status) || !(rule.reason ?? "").isEmpty)
            }
        }
    }

    @Test func theCommittedTraceIsCurrent() throws {
        let result = try Self.bothSuites.get()
        #expect(result.problems.isEmpty, "\(result.problemText)")
        // The committed trace was written from the package's root, its paths relative to it: an
        // index and a part per document, each under a pull request comment's 65,536 characters.
        func relative(_ text: String) -> String { text.replacingOccurrences(of: TestSupport.root.path + "/", with: "") }
        for (file, text) in result.markdownFiles {
            let committed = try String(
                contentsOf: TestSupport.root.appendingPathComponent("Reports/" + file), encoding: .utf8)
            #expect(relative(text) == committed, "Reports/\(file) is stale: regenerate it with scripts/run-suite")
            #expect(committed.count < 65_536, "Reports/\(file): \(committed.count) characters")
        }
        // An index and a part per document, in the catalogues' order of documents.
        #expect(result.markdownFiles.count == result.traces.count + 1)
        // Both models' catalogues: UIF-AUTH-001's statements of the unlock screen and of the flow.
        let flow = StatementCatalogue.load(
            file: TestSupport.root.appendingPathComponent("AuthFlow/Scenarios/statements.yaml").path
        ).statements
        let unlock = Self.catalogue.filter { $0.document == "UIF-AUTH-001" }
        #expect(flow.count >= 40)
        let uif = try #require(result.traces.first { $0.document == "UIF-AUTH-001" })
        #expect(uif.statements.count == flow.count + unlock.count)
        // Every statement has a standing; a verified one names its falsifier and the kill that witnesses it.
        let verified = result.traces.flatMap(\.statements).filter { $0.standing == .verified }
        #expect(!verified.isEmpty)
        for traced in verified {
            #expect(traced.falsifier != nil && traced.witness != nil, "\(traced.statement.id)")
        }
        // Each is witnessed by its own primary falsifier where that mutant first parts from the
        // reference, at the statement's trigger, on one of its keys: found again here, outside
        // the trace, by running both on the witness scenario one input at a time.
        var scenarios: [String: (Scenario, ModelPackage)] = [:]
        for (folder, name) in [(TestSupport.scenariosFolder, "unlock"), ("AuthFlow/Scenarios", "auth-flow")] {
            let package = try #require(ModelRegistry.package(named: name))
            let path = folder.hasPrefix("/") ? folder : TestSupport.root.appendingPathComponent(folder).path
            for scenario in ScenarioLoader(model: package.declaration).load(paths: [path]).scenarios {
                scenarios[scenario.id] = (scenario, package)
            }
        }
        #expect(verified.count > 300)
        // Each pinned reading's scenario in its own document's terms: the reference fails its
        // expectations, the primary falsifier meets them (the model's invariants, the
        // reference's reading, aside).
        let readings = try [("Scenarios", "unlock"), ("AuthFlow/Scenarios", "auth-flow")].flatMap { folder, name in
            let package = try #require(ModelRegistry.package(named: name))
            let file = TestSupport.root.appendingPathComponent(folder + "/readings.yaml").path
            return ScenarioLoader(model: package.declaration).load(files: [file]).scenarios.map { ($0, package) }
        }
        let pinned = result.traces.flatMap(\.statements).filter { $0.standing == .followedOther }
        #expect(pinned.count >= 8)
        for traced in pinned {
            let id = try #require(traced.statement.pinnedBy.first, "\(traced.statement.id)")
            let (scenario, package) = try #require(readings.first { $0.0.id == id }, "\(id)")
            let mutant = try #require(package.mutants().first { $0.id == traced.statement.falsifiers.first })
            let runner = ScenarioRunner(model: package.declaration)
            func unmet(_ implementation: any ImplementationUnderTest) -> [String] {
                var implementation = implementation
                return runner.run(scenario, on: &implementation).steps.flatMap(\.differences)
                    .filter { !$0.subject.isInvariant }.map(\.subject.name)
            }
            #expect(!unmet(package.makeReference([:])).isEmpty, "the reference meets \(id)")
            #expect(unmet(mutant.make()).isEmpty, "\(mutant.id) does not meet \(id)")
        }
        for traced in verified {
            let statement = traced.statement
            let primary = try #require(statement.falsifiers.first)
            let trigger = try #require(statement.trigger, "\(statement.id)")
            let witness = try #require(traced.witness)
            #expect(traced.falsifier == primary, "\(statement.id)")
            let (scenario, package) = try #require(scenarios[witness.scenario])
            let mutant = try #require(package.mutants().first { $0.id == primary })
            let parting = try #require(
                Self.firstParting(scenario, model: package.declaration, package.makeReference([:]), mutant.make()),
                "\(statement.id): \(primary) never parts from the reference on \(scenario.id)")
            #expect(
                parting.step == witness.step && parting.input == trigger.input
                    && (trigger.state == nil || parting.state == trigger.state)
                    && !Set(parting.keys).isDisjoint(with: statement.keys),
                "\(statement.id): \(primary) first parts at \(parting), the trace says step \(witness.step), trigger \(trigger)"
            )
        }
    }

    /// Where two implementations first answer a scenario differently: the 1-based step, the
    /// input, the state the first was in, and the keys that differ after it.
    static func firstParting(
        _ scenario: Scenario, model: ModelDeclaration, _ reference: any ImplementationUnderTest,
        _ other: any ImplementationUnderTest
    ) -> (step: Int, input: String, state: String, keys: [String])? {
        var reference = reference
        var other = other
        guard (try? reference.start(scenario: scenario.id, given: scenario.given)) != nil,
            (try? other.start(scenario: scenario.id, given: scenario.given)) != nil
        else { return nil }
        defer {
            reference.finish()
            other.finish()
        }
        var clock = 0
        var state = model.initialState
        for (index, step) in scenario.steps.enumerated() {
            for _ in 0..<step.repeatCount {
                for input in step.inputs {
                    if input.name == model.clockInput { clock += input.argument?.int ?? 0 }
                    let expected = try? reference.perform(input, atMilliseconds: clock)
                    let observed = try? other.perform(input, atMilliseconds: clock)
                    guard let expected, let observed else {
                        return expected == nil && observed == nil ? nil : (index + 1, input.name, state, ["error"])
                    }
                    let keys = Set(expected.keys).union(observed.keys).filter { expected[$0] != observed[$0] }
                    if !keys.isEmpty { return (index + 1, input.name, state, keys.sorted()) }
                    state = model.state(after: expected, from: state)
                }
            }
        }
        return nil
    }

    /// A statement claimed verified by a requirement the selected scenarios do not verify fails
    /// the trace, named with its place; one whose requirement passed but that no mutant breaks is
    /// only claimed; one whose falsifier a covering scenario kills is verified, with the witness;
    /// one with a falsifier killed and another that survives is partly demonstrated, a warning.
    @Test func aClaimTheRunDoesNotBackFails() throws {
        let folder = try TestSupport.temporaryFolder([
            "statements.yaml": """
            - {id: SCR-X-BIO, document: SCR-AUTH-006, clause: "§5.1", text: "A recognised face unlocks", status: verified, by: [REQ-BIO-SUCCESS]}
            - {document: SCR-AUTH-006, title: Biometria}
            - {id: SCR-X-PIN, document: SCR-AUTH-006, clause: "§5.1", text: "The right PIN unlocks", status: verified, by: [REQ-PIN-SUCCESS]}
            - {id: SCR-X-KILLED, document: SCR-AUTH-006, clause: "§99", text: "The right PIN unlocks", status: verified, by: [REQ-PIN-SUCCESS], falsifiers: [drop-PINValidating-to-Success], trigger: "digit in PINInput", keys: [states]}
            - {id: SCR-X-AWAY, document: SCR-AUTH-006, clause: "§97", text: "Launching shows the keypad", status: verified, by: [REQ-PIN-SUCCESS], falsifiers: [drop-PINValidating-to-Success], trigger: launch, keys: [states]}
            - {id: SCR-X-HAPTIC, document: SCR-AUTH-006, clause: "§5.2", text: "Shake", status: not-observable, reason: haptics}
            - {id: SCR-X-PARTLY, document: SCR-AUTH-006, clause: "§98", text: "The right PIN unlocks, and a lock shows its icon", status: verified, by: [REQ-PIN-SUCCESS], falsifiers: [drop-PINValidating-to-Success, blocked-shows-logo], trigger: "digit in PINInput", keys: [states]}

            """
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try LibraryTrace.trace(
            [TestSupport.scenariosFolder + "/pin.yaml"], statements: folder + "/statements.yaml",
            requirements: TestSupport.scenariosFolder + "/requirements.yaml")
        #expect(result.gaps > 0 && result.problems.isEmpty, "\(result.text)\(result.problemText)")
        // The claim the run does not back fails the trace; the claim naming no falsifier warns.
        #expect(result.failing == 1, "\(result.text)")
        #expect(
            result.verdict
                == "FAIL: 1 statement not shown (every falsifier it names survived, or what it rests on failed); 3 warnings (claimed, partly demonstrated or checked, killed away from its trigger, or a reading recorded but not pinned)"
        )
        // Its primary falsifier killed, the other surviving: partly demonstrated, never verified.
        let partly = try #require(result.traces.flatMap(\.statements).first { $0.statement.id == "SCR-X-PARTLY" })
        #expect(partly.standing == .partlyDemonstrated)
        #expect(partly.falsifier == "drop-PINValidating-to-Success" && partly.survivors == ["blocked-shows-logo"])
        // Its falsifier killed, but first parting from the reference at a digit, not at launch.
        let away = try #require(result.traces.flatMap(\.statements).first { $0.statement.id == "SCR-X-AWAY" })
        #expect(away.standing == .awayFromTrigger && away.witness?.onset?.input == "digit", "\(away)")
        // What the terminal and the Markdown say of it, whole: the terminal lists what the suite
        // could check, each gap at its line; the Markdown also what it cannot, with why.
        let markdown = result.markdown
        try Golden.compare(result.text + "---\n" + markdown, with: "report-trace-statements.txt", folder: folder)
        let killed = try #require(markdown.split(separator: "\n").first { $0.hasPrefix("| SCR-X-KILLED |") })
        #expect(
            killed.contains(
                /\| pin-[a-z-]+, step \d+, [a-z_]+ \| drop-PINValidating-to-Success \| verified by a killed falsifier \|/
            ), "\(killed)")
    }

    @Test func aMalformedCatalogueIsAnInputError() throws {
        let folder = try TestSupport.temporaryFolder([
            "statements.yaml": """
            - {id: A, document: D, clause: c, text: t, status: verifed, by: [REQ-PIN-SUCCESS]}
            - {id: B, document: D, clause: c, text: t, status: verified}
            - {id: C, document: D, clause: c, text: t, status: modelled}
            - {id: E, document: D, clause: c, text: t, status: verified, by: [REQ-PIN-SUCESS]}
            - {id: E, document: D, clause: c, text: t, status: auth-flow}
            - {id: F, document: D, clause: c, text: t, status: verified, by: [REQ-PIN-SUCCESS], falsifiers: [drop-PINValidating-to-Sucess]}
            - {document: D, title: One}
            - {document: D, title: Two}
            - {id: G, document: D, clause: c, text: t, status: verified, by: [REQ-PIN-SUCCESS], falsifiers: [logo-missing], trigger: "tapp in PINInput", keys: [image]}
            - {id: H, document: D, clause: c, text: t, status: contradicted, by: [REQ-PIN-SUCCESS], falsifiers: [logo-missing], trigger: launch, keys: [images], pinned-by: [no-such-reading]}

            """
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/statements.yaml"
        let result = try LibraryTrace.trace([TestSupport.scenariosFolder], statements: file)
        #expect(!result.problems.isEmpty, "\(result.text)")
        let placed = result.problems.map { PlacedProblem($0) }
        for problem in [
            PlacedProblem(
                file, 1, 52,
                .notOneOf(
                    what: "status",
                    choices: ["verified", "modelled", "not-observable", "auth-flow", "contradicted", "not-normative"],
                    found: "verifed", suggestion: "verified")),
            PlacedProblem(file, 2, 3, .statementWithoutBy(status: "verified")),
            PlacedProblem(file, 3, 3, .statementWithoutReason(status: "modelled")),
            PlacedProblem(
                file, 5, 3,
                .duplicateID(what: "statement", id: "E", first: SourceLocation(file: file, line: 4, column: 3))),
            PlacedProblem(
                file, 4, 3,
                .unknownRequirementBehind(statement: "E", id: "REQ-PIN-SUCESS", suggestion: "REQ-PIN-SUCCESS")),
            PlacedProblem(file, 8, 3, .titledTwice(document: "D")),
            PlacedProblem(
                file, 6, 3,
                .unknownFalsifier(
                    statement: "F", id: "drop-PINValidating-to-Sucess", suggestion: "drop-PINValidating-to-Success")),
            PlacedProblem(file, 6, 3, .statementWithoutTrigger(statement: "F")),
            PlacedProblem(file, 10, 3, .unknownReadingScenario(statement: "H", id: "no-such-reading", suggestion: nil)),
            PlacedProblem(
                file, 9, 3, .unknownTriggerName(statement: "G", what: "input", name: "tapp", suggestion: "tap")),
            PlacedProblem(
                file, 9, 3,
                .unknownTriggerName(statement: "G", what: "observation key", name: "image", suggestion: "images")),
        ] {
            #expect(placed.contains(problem), "\(problem)\n\(result.problemText)")
        }
    }

    /// The run's Markdown report traces the statements per implementation: a driver that does
    /// not observe the presentation keys leaves the statements that rest on them unverified,
    /// and says so, while the reference verifies them all.
    @Test func theRunReportTracesTheStatementsPerImplementation() throws {
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let keys = UnlockKeys.withoutPresentation.flatMap { ["--observe", $0] }.joined(separator: " ")
        var options = LibraryRun.Options(
            paths: [TestSupport.scenariosFolder],
            drivers: ["python3 Examples/python/driver.py --argon2-memory-kib 8 " + keys], logFolder: folder)
        options.statements = TestSupport.scenariosFolder + "/statements.yaml"
        let result = try LibraryRun.run(options)
        #expect(result.severity == .failed, "partly checked is not a pass: \(result.closing())")
        let report = result.report(.markdown)
        let section = try #require(report.split(separator: "## Statements").last)
        let reference = try #require(
            section.split(separator: "\n").first {
                $0.hasPrefix("  - SCR-AUTH-006 \"Biometria\": ") && !$0.contains("(0.0%)")
            })
        let python = try #require(section.split(separator: "- python-example:").last)
        let line = try #require(python.split(separator: "\n").first { $0.contains("SCR-AUTH-006") })
        // Fewer verified on the driver than on the reference, and the rest said.
        func verified(_ line: Substring) -> Int? {
            line.firstMatch(of: /; (\d+) of \d+ the suite/).map { Int($0.output.1)! }
        }
        #expect((verified(line) ?? .max) < (verified(reference) ?? 0), "\(reference)\n\(line)")
        #expect(line.contains("requirements not verified"), "\(line)")
    }

    /// Without `--statements` the report has no statements section; a malformed catalogue
    /// given to a run is an input error that stops it before anything runs.
    @Test func aRunTracesOnlyWhenAskedAndABadCatalogueIsAnInputError() throws {
        let folder = try TestSupport.temporaryFolder([
            "statements.yaml": "- {id: A, document: D, clause: c, text: t, status: verifed, by: [REQ-PIN-SUCCESS]}\n"
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var options = LibraryRun.Options(paths: [TestSupport.scenariosFolder], logFolder: folder)
        options.tags = ["pin"]
        let part = try LibraryRun.run(options)
        #expect(part.severity == .passed, "\(part.closing())")
        #expect(MarkdownOutline(part.report(.markdown)).headings.allSatisfy { $0 != "Statements" })
        options.tags = []
        options.statements = folder + "/statements.yaml"
        let bad = #expect(throws: RunPlanError.self) { try LibraryRun.run(options) }
        guard case .inputs(let diagnostics)? = bad else {
            Issue.record("not refused as input: \(String(describing: bad))")
            return
        }
        #expect(
            diagnostics.map { PlacedProblem($0, under: folder) } == [
                PlacedProblem(
                    "statements.yaml", 1, 52,
                    .notOneOf(
                        what: "status",
                        choices: Statement.Status.allCases.map(\.rawValue),
                        found: "verifed", suggestion: "verified"))
            ])
    }

    /// Tracing several models' suites: a suite with no catalogue beside it, or an id in two
    /// catalogues, is an input error (either would change the counts without a word).
    @Test func aSuiteWithoutItsCatalogueOrADuplicateIdIsAnInputError() throws {
        let flow = TestSupport.root.appendingPathComponent("AuthFlow/Scenarios")
        let scenario = try String(contentsOf: flow.appendingPathComponent("login.yaml"), encoding: .utf8)
            .components(separatedBy: "\n---\n")[0]
        let folder = try TestSupport.temporaryFolder([
            "authspec.yaml": "model: auth-flow\nscenarios: [S]\nrequirements: S/requirements.yaml\n",
            "S/requirements.yaml": try String(
                contentsOf: flow.appendingPathComponent("requirements.yaml"), encoding: .utf8),
            "S/login.yaml": scenario,
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: TraceSession.Refusal.noCatalogue(paths: [folder + "/S"], model: "auth-flow")) {
            try LibraryTrace.trace([TestSupport.scenariosFolder, folder + "/S"])
        }
        #expect(
            TraceSession.Refusal.noCatalogue(paths: [folder + "/S"], model: "auth-flow").description.contains(
                "trace: no statements.yaml at or above \(folder)/S (the auth-flow model's suite)"))
        try """
        - {id: SCR-2.2-TITLE, document: SCR-AUTH-006, clause: "§2.2", text: "again", status: verified, by: [REQ-AF-SPLASH]}

        """.write(toFile: folder + "/S/statements.yaml", atomically: true, encoding: .utf8)
        let duplicate = try LibraryTrace.trace([TestSupport.scenariosFolder, folder + "/S"])
        #expect(
            duplicate.problemText.contains(
                "\(folder)/S/statements.yaml:1:3: error: duplicate statement id 'SCR-2.2-TITLE' (first defined at"),
            "\(duplicate.problemText)")
    }
}

/// The unlock model's observation keys, and those a driver without the presentation keys has.
enum UnlockKeys {
    static let presentation: Set = ["focus_order", "secure_window"]
    static var withoutPresentation: [String] {
        UnlockModel.declaration.observations.map(\.key).filter { !presentation.contains($0) }
    }
}
