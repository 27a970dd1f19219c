import AuthSpecTestSupport
import Coverage
import Engine
import Foundation
import Models
import Reporters
import Results
import Runner
import ScenarioModel
import Skeletons
import SpecModel
import Testing
import UnlockScreen

@Suite(.serialized, .tags(.drivers)) struct ReportTests {
    /// A run keeps huge values cut, within bounds, with their length and a digest: keeping a
    /// kept value changes nothing (observations and expectations meet in this form), and values
    /// that differ only past the cut still differ.
    @Test func keptValuesAreBoundedAndKeepingTwiceChangesNothing() {
        let long = String(repeating: "añ€", count: 3_000)
        let other = String(long.dropLast()) + "x"
        let list = Value.list((0..<300).map { .int($0) })
        for value in [Value.string(long), .string(other), list, .map(["k": .string(long)]), .list([.string(long)])] {
            let kept = value.keptForReports()
            #expect(kept != value)
            #expect(kept.isKeptAsIs)
            #expect(kept.keptForReports() == kept)
        }
        #expect(Value.string(long).keptForReports() != Value.string(other).keptForReports())
        guard case .string(let cut) = Value.string(long).keptForReports() else {
            Issue.record("a string stays a string")
            return
        }
        #expect(cut.utf8.count <= Value.keptStringBytes)
        #expect(cut.hasSuffix("… (\(long.utf8.count) bytes in all, digest \(String(Digest.fnv1a(long), radix: 16)))"))
        #expect(cut.unicodeScalars.allSatisfy { $0 != "\u{FFFD}" }, "cut between scalars, never inside one")
        #expect(list.keptForReports().list?.count == Value.keptListItems)
        #expect(Value.string("short").keptForReports() == .string("short"))
    }

    /// Runs the committed suite (the `brief-*` scenarios, or all) on the reference and
    /// `drivers` through the engine; returns its severity and the folder holding the four reports.
    func report(
        brief: Bool = false, drivers: [String] = [], settings: ReportSettings = ReportSettings(),
        files: [String: String] = [:]
    ) throws -> (severity: RunSeverity, folder: String) {
        let folder = try TestSupport.temporaryFolder(files)
        var options = LibraryRun.Options(paths: [TestSupport.scenariosFolder], drivers: drivers, logFolder: folder)
        options.ids = brief ? ["brief-*"] : []
        let run = try LibraryRun.run(options)
        for (kind, name) in [(ReportKind.json, "r.json"), (.junit, "r.xml"), (.markdown, "r.md"), (.coverage, "c.md")] {
            // The reports show the suite's paths as a run from the package's root does.
            try run.report(kind, settings: settings).replacingOccurrences(of: TestSupport.root.path + "/", with: "")
                .write(toFile: "\(folder)/\(name)", atomically: true, encoding: .utf8)
        }
        return (run.severity, folder)
    }

    func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test func junitParsesWithTheRightCountsForEveryOutcome() throws {
        let faulty = "python3 Tests/Fixtures/drivers/faulty_driver.py"
        let run = try report(
            brief: true,
            drivers: [
                "python3 Examples/python/driver.py --bug eighth-gives-15-min",
                "\(faulty) --fault crash --scenario brief-cancel-goes-to-pin --at-input 2",
                "\(faulty) --fault few-inputs",
            ])
        #expect(run.severity == .failed)
        let suites = try TestSupport.junitparserCounts("\(run.folder)/r.xml")
        // The reference is the yardstick, not under test: no suite of its own by default.
        #expect(
            suites.map { $0["name"] as? String } == [
                "python-example+eighth-gives-15-min", "faulty-crash", "faulty-few-inputs",
            ])
        // The skips fail the gate, which no testcase shows: the gate's own testcase fails.
        let expected: [(failures: Int, errors: Int, skipped: Int, tests: Int)] = [
            (1, 0, 0, 7), (0, 1, 0, 7), (1, 0, 6, 8),
        ]
        for (suite, counts) in zip(suites, expected) {
            #expect(suite["tests"] as? Int == counts.tests && suite["cases"] as? Int == counts.tests, "\(suite)")
            #expect(
                suite["failures"] as? Int == counts.failures && suite["failure"] as? Int == counts.failures, "\(suite)")
            #expect(suite["errors"] as? Int == counts.errors && suite["error"] as? Int == counts.errors, "\(suite)")
            #expect(
                suite["skipped"] as? Int == counts.skipped && suite["skipped"] as? Int == counts.skipped, "\(suite)")
        }
        // The whole document, its times made constant: the class is the model and the file's
        // stem, the gate's own testcase fails for the skips, each failure says its differences.
        let xml = try read("\(run.folder)/r.xml")
        try Golden.compare(
            TestSupport.withoutTimings(xml)
                // A driver's request ids count what its process was sent before, whichever worker.
                .replacing(/&quot;id&quot;:\d+/, with: "&quot;id&quot;:N"),
            with: "report-junit-brief.xml", folder: run.folder)

        // Asked for, the reference has its suite, first.
        let withReference = try report(
            brief: true, drivers: ["python3 Examples/python/driver.py --bug eighth-gives-15-min"],
            settings: ReportSettings(includeReference: true))
        #expect(
            try TestSupport.junitparserCounts("\(withReference.folder)/r.xml").map { $0["name"] as? String } == [
                "reference", "python-example+eighth-gives-15-min",
            ])
        // Alone, the reference is what was tested: it has its suite without being asked.
        let alone = try report(brief: true)
        #expect(
            try TestSupport.junitparserCounts("\(alone.folder)/r.xml").map { $0["name"] as? String } == ["reference"])
    }

    /// The Markdown a pull request shows: the verdict and the problems first, what passed
    /// folded, and under a size limit a cut that says what it left out.
    @Test func markdownPutsTheVerdictFirstAndCutsWhereAsked() throws {
        let bug = "python3 Examples/python/driver.py --bug two-bio-attempts"
        let whole = try report(drivers: [bug])
        #expect(whole.severity == .failed)
        let markdown = try read("\(whole.folder)/r.md")
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        let verdict = try #require(
            String(lines[2]).firstMatch(of: /^\*\*FAIL: python-example\+two-bio-attempts: (\d+) failed\*\*/),
            "\(lines[2])")
        let failed = Int(verdict.output.1)!
        #expect(failed >= 6, "the hand-written scenarios alone fail 6")
        let problems = try #require(markdown.range(of: "\n## Problems\n"))
        let scenarios = try #require(markdown.range(of: "\n## Scenarios\n"))
        #expect(problems.lowerBound < scenarios.lowerBound)
        #expect(markdown.contains("\(failed) scenarios did not pass on every implementation:"))
        // What passed and every requirement are folded away.
        #expect(
            Set(MarkdownOutline(markdown).summaries).isSuperset(of: [
                "\(TestSupport.suiteSize - failed) scenarios passed on every implementation",
                "Every requirement by implementation",
            ]))
        #expect(!markdown.contains("Cut to stay under"))

        let cut = try report(drivers: [bug], settings: ReportSettings(markdownLimit: 3000))
        let short = try read("\(cut.folder)/r.md")
        #expect(short.utf8.count <= 3000)
        #expect(short.hasPrefix(String(markdown.prefix(300))))
        #expect(
            short.contains(
                try Regex(
                    #"\*\*Cut to stay under 3000 bytes \(--markdown-max-bytes\)\*\*: left out [1-9][0-9]* of "#
                        + "\(failed)"
                        + #" problem sections, the requirements, the scenario matrix, 2 of 2 coverage sections\."#
                )), "\(short.suffix(400))")
    }

    /// Skips, often many for one missing input, are one table by implementation and reason,
    /// after the failures and the requirements (so a cut drops them first), never a section each.
    @Test func skipsAreOneTableByReasonAfterTheRequirements() throws {
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A skeleton's stubs answer unsupported at the first step; the faulty driver declares
        // too few inputs, so some scenarios are skipped before anything is sent.
        let skeleton = try #require(DriverSkeleton.text(.python, model: TestSupport.model, version: "0"))
        try skeleton.write(toFile: folder + "/driver.py", atomically: true, encoding: .utf8)
        let few = "python3 Tests/Fixtures/drivers/faulty_driver.py --fault few-inputs"
        let bug = "python3 Examples/python/driver.py --argon2-memory-kib 8 --bug eighth-gives-15-min"
        let run = try report(brief: true, drivers: ["python3 \(folder)/driver.py", few, bug])
        let markdown = try read("\(run.folder)/r.md")
        let skipped = try #require(markdown.range(of: "\n## Skipped\n"), "\(markdown)")
        let requirements = try #require(markdown.range(of: "\n## Requirements\n"))
        let problems = try #require(markdown.range(of: "\n## Problems\n"))
        #expect(problems.lowerBound < requirements.lowerBound && requirements.lowerBound < skipped.lowerBound)
        let outline = MarkdownOutline(markdown)
        #expect(outline.headings.allSatisfy { $0 != "SKIPPED" }, "\(markdown)")
        // One row for the skeleton's seven scenarios, by implementation and reason.
        let unsupported = outline.rows.filter {
            $0.prefix(2) == ["my-app", "the driver answered unsupported to launch"]
        }
        #expect(unsupported.map { $0[2].prefix { $0 != ":" } } == ["7"], "\(markdown)")
        #expect(
            markdown.contains(
                try Regex(
                    #"\| faulty-few-inputs \| the implementation does not declare the input\(s\) [a-z_, ]+ \| [1-9]: "#)
            ),
            "\(markdown)")
    }

    /// GitHub's variables make links only when they are of their form: a server with a newline
    /// and a heading, a repository with a script, a revision with a forged verdict make none,
    /// and each says why.
    @Test(arguments: [
        ("GITHUB_SERVER_URL", "https://github.com\n# PASS", "GITHUB_SERVER_URL is not an http(s) URL of a host"),
        ("GITHUB_SERVER_URL", "javascript:alert(1)", "GITHUB_SERVER_URL is not an http(s) URL of a host"),
        ("GITHUB_REPOSITORY", "org/app<script>x</script>", "GITHUB_REPOSITORY is not owner/name"),
        ("GITHUB_REPOSITORY", "org/app)\n**PASS**", "GITHUB_REPOSITORY is not owner/name"),
        ("GITHUB_SHA", "abc123\n**PASS: 1 scenario**", "GITHUB_SHA is not a commit's hex"),
    ])
    func hostileGitHubVariablesMakeNoLinks(variable: String, value: String, problem: String) {
        var environment = [
            "GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "org/app", "GITHUB_SHA": "abc123",
        ]
        environment[variable] = value
        #expect(SourceLinks(environment: environment) == nil)
        #expect(SourceLinks.problem(environment: environment) == problem)
    }

    /// On GitHub Actions, each problem's file and line link to the file's page at the commit.
    @Test func problemsLinkToTheirLineOnGitHub() throws {
        let links = try #require(
            SourceLinks(environment: [
                "GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "org/app", "GITHUB_SHA": "abc123",
                "GITHUB_WORKSPACE": TestSupport.root.path,
            ]))
        let run = try report(
            brief: true, drivers: ["python3 Examples/python/driver.py --bug eighth-gives-15-min"],
            settings: ReportSettings(sourceLinks: links))
        let markdown = try read("\(run.folder)/r.md")
        #expect(
            markdown.contains(
                try Regex(
                    #"\(\[Scenarios/brief\.yaml:[0-9]+:1\]\(https://github\.com/org/app/blob/abc123/Scenarios/brief\.yaml#L[0-9]+\)\)"#
                )),
            "\(markdown)")
        #expect(SourceLinks(environment: ["GITHUB_REPOSITORY": "org/app"]) == nil)
        // Outside the checkout, or climbing out of it, no link; other bytes are escaped.
        #expect(links.url(SourceLocation(file: "/etc/passwd", line: 1, column: 1)) == nil)
        #expect(links.url(SourceLocation(file: "../x.yaml", line: 1, column: 1)) == nil)
        #expect(
            links.url(SourceLocation(file: "a b/ñ(1).yaml", line: 3, column: 1))
                == "https://github.com/org/app/blob/abc123/a%20b/%C3%B1%281%29.yaml#L3")
    }

    @Test func textFromScenariosAndDriversCannotBreakTheReports() throws {
        let hostile = #"Evil "state"; #x <b>|z` ``` & <![CDATA[ ]]> %% end"#
        let folder = try TestSupport.temporaryFolder([
            "s.yaml": """
            id: hostile
            title: "Title with <xml> & \\"quotes\\" | pipes ``` fences #hash; and \\x01 control"
            spec: ["SCR-AUTH-006 §5.1"]
            steps:
              - launch
              - biometric: cancel
                expect: {state: PINInput}

            """,
            "map.yaml": "PINInput: '\(hostile.replacingOccurrences(of: "'", with: "''"))'\n",
        ])
        var options = LibraryRun.Options(
            paths: ["\(folder)/s.yaml"], drivers: ["python3 Examples/python/driver.py"], logFolder: folder)
        options.stateMap = "\(folder)/map.yaml"
        let result = try LibraryRun.run(options)
        #expect(result.severity == .failed, "\(result.closing())")
        for (kind, name) in [(ReportKind.junit, "r.xml"), (.markdown, "r.md"), (.coverage, "c.md")] {
            try result.write(kind, to: "\(folder)/\(name)")
        }
        #expect(try TestSupport.junitparserCounts("\(folder)/r.xml").map { $0["failures"] as? Int } == [1])
        for file in ["r.md", "c.md"] {
            let markdown = try read("\(folder)/\(file)")
            let blocks = MermaidCheck.blocks(in: markdown)
            // Each implementation's state diagram; the driver's moves outside the model apart.
            #expect(blocks.count == 3)
            #expect(blocks.filter { $0.split(separator: "\n").first == "flowchart LR" }.count == 1)
            for block in blocks {
                #expect(MermaidCheck.problems(in: block).isEmpty, "\(MermaidCheck.problems(in: block))")
            }
            #expect(markdown.contains("⚠ Evil ”state”； ＃x ‹b›｜zˋ ˋˋˋ ＆ ‹!［CDATA［ ］］› ％％ end"))
            // Table rows keep their columns: no unescaped pipe from the text.
            for line in markdown.split(separator: "\n") where line.hasPrefix("| ") {
                let cells = line.replacingOccurrences(of: "\\|", with: "").split(
                    separator: "|", omittingEmptySubsequences: false
                ).count
                #expect(cells >= 3, "\(line)")
            }
        }
        let markdown = try read("\(folder)/r.md")
        #expect(markdown.contains(##"Title with &lt;xml&gt; &amp; "quotes" \| pipes \`\`\` fences \#hash; and"##))
    }

    /// The three-implementation report fits a GitHub comment (65,536 characters) whole.
    /// Every committed Markdown report fits a GitHub comment (65,536 characters) whole, the
    /// three-implementation report among them.
    @Test func committedMarkdownFitsAPullRequestComment() throws {
        let reports = TestSupport.root.appendingPathComponent("Reports")
        let walker = FileManager.default.enumerator(at: reports, includingPropertiesForKeys: nil)
        let files = (walker?.allObjects as? [URL] ?? []).filter {
            $0.pathExtension == "md" && !$0.path.contains("/logs/")
        }
        #expect(files.count >= 10)
        for file in files {
            let markdown = try String(contentsOf: file, encoding: .utf8)
            #expect(markdown.utf8.count < 65_536, "\(file.path): \(markdown.utf8.count) bytes")
            #expect(!markdown.contains("Cut to stay under"), "\(file.path)")
        }
        let threeImplementations = MarkdownOutline(try read(reports.appendingPathComponent("report.md").path))
        #expect(threeImplementations.rows.contains { $0.first == "java-example" })
    }

    @Test func committedMermaidBlocksAreWellFormed() throws {
        for file in ["report.md", "coverage.md"] {
            let text = try read(TestSupport.root.appendingPathComponent("Reports/\(file)").path)
            let blocks = MermaidCheck.blocks(in: text)
            // A diagram per implementation, or a line saying it is the same as an earlier one's.
            let same = text.components(separatedBy: "exercised as often.").count - 1
            #expect(!blocks.isEmpty && blocks.count + same == 3, "\(file): \(blocks.count) + \(same)")
            for block in blocks {
                #expect(MermaidCheck.problems(in: block).isEmpty, "\(file): \(MermaidCheck.problems(in: block))")
            }
        }
    }

    /// Every row of SCR-AUTH-006 §6 and every §7.3 announcement is a requirement the reference
    /// passes; any gap would be listed here by name.
    @Test func section6AndAnnouncementRequirementsAreCoveredAndPass() throws {
        let catalogue = RequirementCatalogue.load(file: TestSupport.scenariosFolder + "/requirements.yaml")
        #expect(catalogue.diagnostics.isEmpty)
        let results = TestSupport.run(TestSupport.suite().scenarios, on: UnlockReference())
        let audited = catalogue.requirements.filter {
            $0.clause.contains("SCR-AUTH-006 §6") || $0.clause.contains("§7.3")
        }
        #expect(audited.count >= 17)
        let records = results.map { $0.record(position: 0, model: TestSupport.model) }
        let gaps = audited.filter { RequirementCoverage.assess($0.id, in: records).status != .verified }.map(\.id)
        #expect(gaps.isEmpty, "not covered or not passing: \(gaps)")
        #expect(RequirementCatalogue.uncovered(catalogue.requirements, by: TestSupport.suite().scenarios).isEmpty)
    }

    @Test func unknownAndUncoveredRequirementsAreFlagged() throws {
        let folder = try TestSupport.temporaryFolder([
            "requirements.yaml":
                "- {id: REQ-A, clause: x, text: y}\n- {id: REQ-B, clause: x, text: y}\n- {id: REQ-A, clause: x, text: again}\n- {id: REQ-C, clause: x, txt: y}\n"
                + "- {id: \"REQ-\\u200bA\", clause: x, text: y}\n- {id: \"\", clause: x, text: y}\n- {id: \"REQ-\\aD\", clause: x, text: y}\n",
            "s.yaml": "id: s\ntitle: t\nspec: [\"SCR-AUTH-006 §5.1\"]\ncovers: [REQ-A, REQ-Z]\nsteps: [launch]\n",
        ])
        // A catalogue that does not load judges every scenario: nothing runs.
        let refusal = #expect(throws: RunPlanError.self) {
            try LibraryRun.run(LibraryRun.Options(paths: [folder], logFolder: folder))
        }
        guard case .inputs(let diagnostics)? = refusal else {
            Issue.record("not refused as input: \(String(describing: refusal))")
            return
        }
        let catalogue = folder + "/requirements.yaml"
        #expect(
            diagnostics.map { PlacedProblem($0, under: folder) } == [
                PlacedProblem(
                    "requirements.yaml", 3, 3,
                    .duplicateID(
                        what: "requirement", id: "REQ-A", first: SourceLocation(file: catalogue, line: 1, column: 3))),
                PlacedProblem(
                    "requirements.yaml", 4, 26, .unknownName(kind: "requirement key", name: "txt", suggestion: "text")),
                PlacedProblem("requirements.yaml", 4, 3, .missingKeys(what: "requirement", keys: ["text"])),
                // An invisible character, an empty id, a control character: never an id.
                PlacedProblem(
                    "requirements.yaml", 5, 8, .identifierNotPlain(what: "requirement id", id: "REQ-\u{200b}A")),
                PlacedProblem("requirements.yaml", 6, 8, .emptyIdentifier(what: "requirement id")),
                PlacedProblem("requirements.yaml", 7, 8, .identifierNotPlain(what: "requirement id", id: "REQ-\u{7}D")),
            ])
        // The catalogue mended: the scenario citing an unknown requirement is its own input error.
        try "- {id: REQ-A, clause: x, text: y}\n- {id: REQ-B, clause: x, text: y}\n".write(
            toFile: folder + "/requirements.yaml", atomically: true, encoding: .utf8)
        let result = try LibraryRun.run(LibraryRun.Options(paths: [folder], logFolder: folder))
        #expect(result.severity == .badInput)
        #expect(
            result.diagnostics.map { PlacedProblem($0, under: folder) } == [
                PlacedProblem("s.yaml", 4, 17, .unknownName(kind: "requirement", name: "REQ-Z", suggestion: "REQ-A"))
            ])
        // The scenario citing an unknown requirement did not run, so it covers nothing.
        #expect(result.outcome.run.allRecords.isEmpty && result.outcome.uncovered == ["REQ-A", "REQ-B"])
    }

    /// A model made of screens is drawn a group at a time: an overview, then each group with
    /// its own states; every transition is drawn with its trigger once, in its source's group,
    /// and every edge that crosses a group ends at a stub naming the state on the other side.
    @Test func aModelOfScreensIsDrawnAGroupAtATime() throws {
        let flow = try #require(ModelRegistry.package(named: "auth-flow")).declaration
        let groups = flow.screenGroups
        #expect(groups.flatMap(\.states).sorted() == flow.stateNames.sorted(), "every state in one group")
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try LibraryRun.run(
            .init(paths: [TestSupport.root.appendingPathComponent("AuthFlow/Scenarios").path], logFolder: folder))
        let implementation = try #require(run.outcomes.first?.run.implementations.first)
        let report = CoverageReport(implementation: implementation.name, records: implementation.records, model: flow)
        let diagrams = MermaidCoverage().diagrams(report)
        #expect(diagrams.map(\.title) == ["Screens"] + groups.map(\.title))
        for (title, diagram) in diagrams {
            #expect(MermaidCheck.problems(in: diagram).isEmpty, "\(title ?? ""): \(MermaidCheck.problems(in: diagram))")
        }
        // Each labelled edge of the group diagrams is one transition, each transition one edge.
        let labelled = diagrams.dropFirst().flatMap { $0.text.split(separator: "\n") }.filter {
            $0.contains(" --> ") && $0.contains(": ") && !$0.hasPrefix("    [*]")
        }
        #expect(labelled.count == flow.transitions.count, "\(labelled.count) edges for \(flow.transitions.count)")
        let unlock = try #require(diagrams.first { $0.title == "Unlock screen (SCR-AUTH-006)" }?.text)
        let unlockDiagram = MermaidCheck.StateDiagram(unlock)
        #expect(unlockDiagram.states["out_Login"] != nil, "\(unlock)")
        #expect(unlock.contains(try Regex(#"state "from<br>Splash [0-9]+×"#)), "\(unlock)")
        #expect(unlockDiagram.classes["stub"]?.isEmpty == false, "\(unlock)")
        // The overview: one box per group, from the initial state's group.
        let overview = diagrams[0].text
        let overviewDiagram = MermaidCheck.StateDiagram(overview)
        #expect(overviewDiagram.hasEdge(from: "[*]", to: "Group0"), "\(overview)")
        #expect(groups.indices.allSatisfy { overviewDiagram.states["Group\($0)"] != nil }, "\(overview)")
        // A model that declares no groups is one diagram, as before.
        #expect(
            MermaidCoverage().diagrams(CoverageReport(implementation: "x", records: [], model: TestSupport.model)).count
                == 1)
    }

    @Test func aTransitionOutsideTheModelIsCountedAndDrawnApart() throws {
        let suite = TestSupport.suite()
        var results = TestSupport.run(Array(suite.scenarios.prefix(3)), on: UnlockReference())
        // What a driver reporting its own state name would produce: a move the model lacks.
        results[0].steps[0].trace[0].statesEntered = ["CheckingSession", "Splash"]
        let report = CoverageReport(
            implementation: "x", records: results.map { $0.record(position: 0, model: TestSupport.model) },
            model: TestSupport.model)
        #expect(report.undeclaredTransitions[Edge("CheckingSession", "Splash")] == 1)
        #expect(report.undeclaredStates["Splash"] == 1)
        let diagram = MermaidCoverage().diagram(report)
        #expect(MermaidCheck.problems(in: diagram).isEmpty)
        // Drawn apart: the move with its warning and count, the state in its own class.
        try Golden.compare(diagram, with: "report-coverage-outside-the-model.mmd")
        #expect(report.states.total == TestSupport.model.states.count)
    }

    /// An implementation that exercised what an earlier one did says so instead of drawing the
    /// same diagram again; one that exercised something else draws its own.
    @Test func theSameCoverageIsDrawnOnce() throws {
        let folder = try TestSupport.temporaryFolder([:])
        var options = LibraryRun.Options(
            paths: [TestSupport.scenariosFolder],
            drivers: [
                "python3 Examples/python/driver.py --argon2-memory-kib 8",
                "python3 Examples/python/driver.py --argon2-memory-kib 8 --bug cancel-counts-as-failure",
            ], logFolder: folder)
        options.ids = ["brief-*"]
        let run = try LibraryRun.run(options)
        let coverage = run.report(.coverage)
        // The bug takes the PIN screen elsewhere: its own diagram, with its own counts.
        #expect(MermaidCheck.blocks(in: coverage).count == 2)
        try Golden.compare(coverage, with: "report-coverage-same-drawn-once.md")
    }
}
