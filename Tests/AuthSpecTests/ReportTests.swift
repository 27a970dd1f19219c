import Coverage
import Foundation
import ReferenceMachine
import Reporters
import Results
import Runner
import ScenarioModel
import SpecModel
import Testing

/// The statement forms our Mermaid stateDiagram-v2 output uses, checked line by line: every
/// id declared before use, every label free of characters Mermaid reads as syntax.
enum MermaidCheck {
    static let id = #"[A-Za-z][A-Za-z0-9_]*"#
    static let label = ##"[^"#;:%<>{}\[\]|`\\&\n]*"##

    static func problems(in block: String) -> [String] {
        var problems: [String] = []
        var declared: Set<String> = []
        var lines = block.split(separator: "\n").map(String.init)
        guard lines.first == "stateDiagram-v2" else { return ["the first line must be stateDiagram-v2"] }
        lines.removeFirst()
        for line in lines {
            if let match = line.wholeMatch(of: try! Regex(#"    state "(\#(label))" as (\#(id))"#)) {
                declared.insert(String(match.output[2].substring ?? ""))
            } else if line.wholeMatch(of: try! Regex(#"    classDef [a-z]+ [a-z\-]+:[^;]+(,[a-z\-]+:[^;,]+)*"#)) != nil
            {
                continue
            } else if let match = line.wholeMatch(of: try! Regex(#"    \[\*\] --> (\#(id))"#)) {
                if !declared.contains(String(match.output[1].substring ?? "")) {
                    problems.append("undeclared id in: \(line)")
                }
            } else if let match = line.wholeMatch(of: try! Regex(#"    (\#(id)) --> (\#(id)): (\#(label))"#)) {
                for index in [1, 2] where !declared.contains(String(match.output[index].substring ?? "")) {
                    problems.append("undeclared id in: \(line)")
                }
            } else if let match = line.wholeMatch(
                of: try! Regex(#"    class ((?:\#(id))(?:,\#(id))*) (covered|uncovered|unexpected)"#))
            {
                for name in (match.output[1].substring ?? "").split(separator: ",")
                where !declared.contains(String(name)) {
                    problems.append("class names an undeclared id: \(name)")
                }
            } else {
                problems.append("not a statement form Mermaid 11 reads here: \(line)")
            }
        }
        return problems
    }

    /// The contents of every ```mermaid block of a Markdown text.
    static func blocks(in markdown: String) -> [String] {
        markdown.components(separatedBy: "```mermaid\n").dropFirst().compactMap {
            $0.components(separatedBy: "\n```").first
        }
    }
}

@Suite(.serialized) struct ReportTests {
    /// Runs the built binary; returns the status and the folder holding the four reports.
    func report(_ arguments: [String], files: [String: String] = [:]) throws -> (
        status: Int32, folder: String, stderr: String
    ) {
        let folder = try TestSupport.temporaryFolder(files)
        let result = try TestSupport.authspec(
            [
                "run", "--quiet", "--log-dir", folder, "--json", "\(folder)/r.json", "--junit", "\(folder)/r.xml",
                "--markdown", "\(folder)/r.md", "--coverage", "\(folder)/c.md",
            ] + arguments)
        return (result.status, folder, result.stderr)
    }

    func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    /// junitparser, the library CI consumers use, reads every suite and counts what we count.
    func junitparserCounts(_ path: String) throws -> [[String: Any]] {
        let script = """
            import json, sys
            from junitparser import JUnitXml, Failure, Error, Skipped
            suites = []
            for suite in JUnitXml.fromfile(sys.argv[1]):
                kinds = {"failure": 0, "error": 0, "skipped": 0}
                for case in suite:
                    for result in case.result:
                        kinds[{Failure: "failure", Error: "error", Skipped: "skipped"}[type(result)]] += 1
                suites.append({"name": suite.name, "tests": suite.tests, "failures": suite.failures, "errors": suite.errors,
                               "skipped": suite.skipped, "cases": len(list(suite)), **kinds})
            print(json.dumps(suites))
            """
        let result = try TestSupport.execute(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, path])
        try #require(result.status == 0, "junitparser: \(result.stderr) (scripts/install-deps installs it)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
    }

    @Test func junitParsesWithTheRightCountsForEveryOutcome() throws {
        let faulty = "python3 Tests/AuthSpecTests/Fixtures/drivers/faulty_driver.py"
        let run = try report([
            "--id", "brief-*", "--driver", "python3 Examples/python/driver.py --bug eighth-gives-15-min",
            "--driver", "\(faulty) --fault crash --scenario brief-cancel-goes-to-pin --at-input 2",
            "--driver", "\(faulty) --fault few-inputs",
        ])
        #expect(run.status == 1)
        let suites = try junitparserCounts("\(run.folder)/r.xml")
        #expect(
            suites.map { $0["name"] as? String } == [
                "reference", "python-example+eighth-gives-15-min", "faulty-crash", "faulty-few-inputs",
            ])
        let expected: [(failures: Int, errors: Int, skipped: Int)] = [(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 6)]
        for (suite, counts) in zip(suites, expected) {
            #expect(suite["tests"] as? Int == 7 && suite["cases"] as? Int == 7)
            #expect(
                suite["failures"] as? Int == counts.failures && suite["failure"] as? Int == counts.failures, "\(suite)")
            #expect(suite["errors"] as? Int == counts.errors && suite["error"] as? Int == counts.errors, "\(suite)")
            #expect(
                suite["skipped"] as? Int == counts.skipped && suite["skipped"] as? Int == counts.skipped, "\(suite)")
        }
        let xml = try read("\(run.folder)/r.xml")
        #expect(
            xml.contains(
                #"<testcase classname="Scenarios/brief.yaml" name="brief-pin-failure-8-and-beyond-lock-1-hour">"#))
        #expect(xml.contains("\nlock_remaining: expected 1h, observed 15m\n"))
        #expect(
            xml.contains(
                #"<error type="implementation" message="the driver exited with status 3 while waiting for the reply to input &apos;biometric: cancel&apos; at 0 ms">"#
            ))
        #expect(xml.contains("<system-out>step 1 (Scenarios/brief.yaml:"))
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
        let result = try TestSupport.authspec([
            "run", "\(folder)/s.yaml", "--quiet", "--log-dir", folder, "--driver", "python3 Examples/python/driver.py",
            "--state-map", "\(folder)/map.yaml", "--junit", "\(folder)/r.xml", "--markdown", "\(folder)/r.md",
            "--coverage", "\(folder)/c.md",
        ])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(try junitparserCounts("\(folder)/r.xml").map { $0["failures"] as? Int } == [0, 1])
        for file in ["r.md", "c.md"] {
            let markdown = try read("\(folder)/\(file)")
            let blocks = MermaidCheck.blocks(in: markdown)
            #expect(blocks.count == 2)
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

    @Test func committedReportsAreCurrent() throws {
        let arguments = try read(TestSupport.root.appendingPathComponent("Reports/run.args").path)
            .split(separator: "\n").map(String.init)
        let run = try report(arguments)
        #expect(run.status == 0, "\(run.stderr)")
        for (committed, fresh) in [
            ("results.json", "r.json"), ("junit.xml", "r.xml"), ("report.md", "r.md"), ("coverage.md", "c.md"),
        ] {
            let current = try read(TestSupport.root.appendingPathComponent("Reports/\(committed)").path)
            // The test writes the drivers' logs into its own folder, scripts/run-suite into Reports/logs.
            let written = try read("\(run.folder)/\(fresh)").replacingOccurrences(of: run.folder, with: "Reports/logs")
            #expect(
                current == written,
                "Reports/\(committed) is stale: run scripts/run-suite and commit it")
        }
    }

    @Test func committedMermaidBlocksAreWellFormed() throws {
        for file in ["report.md", "coverage.md"] {
            let blocks = MermaidCheck.blocks(
                in: try read(TestSupport.root.appendingPathComponent("Reports/\(file)").path))
            #expect(blocks.count == 3)
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
        let results = TestSupport.run(TestSupport.suite().scenarios, on: ReferenceImplementation())
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
                "- {id: REQ-A, clause: x, text: y}\n- {id: REQ-B, clause: x, text: y}\n- {id: REQ-A, clause: x, text: again}\n- {id: REQ-C, clause: x, txt: y}\n",
            "s.yaml": "id: s\ntitle: t\nspec: [\"SCR-AUTH-006 §5.1\"]\ncovers: [REQ-A, REQ-Z]\nsteps: [launch]\n",
        ])
        let result = try TestSupport.authspec(["run", folder, "--quiet"])
        #expect(result.status == 2)
        let errors = TestSupport.errors(in: result.stderr, under: folder)
        #expect(
            errors == [
                "requirements.yaml:3:3: error: duplicate requirement id 'REQ-A' (first at requirements.yaml:1:3)",
                "requirements.yaml:4:26: error: unknown requirement key 'txt' (did you mean 'text'?)",
                "requirements.yaml:4:3: error: requirement is missing text",
                "s.yaml:4:17: error: unknown requirement 'REQ-Z' (did you mean 'REQ-A'?)",
            ])
        // The scenario citing an unknown requirement did not run, so it covers nothing.
        #expect(result.stdout.contains("0 scenarios against reference"))
        #expect(result.stdout.contains("2 requirements no scenario covers: REQ-A, REQ-B"))
    }

    @Test func aTransitionOutsideTheModelIsCountedAndDrawnApart() throws {
        let suite = TestSupport.suite()
        var results = TestSupport.run(Array(suite.scenarios.prefix(3)), on: ReferenceImplementation())
        // What a driver reporting its own state name would produce: a move the model lacks.
        results[0].steps[0].trace[0].statesEntered = ["CheckingSession", "Splash"]
        let report = CoverageReport(
            implementation: "x", records: results.map { $0.record(position: 0, model: TestSupport.model) },
            model: TestSupport.model)
        #expect(report.undeclaredTransitions[Edge("CheckingSession", "Splash")] == 1)
        #expect(report.undeclaredStates["Splash"] == 1)
        let diagram = MermaidCoverage().diagram(report)
        #expect(diagram.contains("    CheckingSession --> Splash: ⚠ not in the model · 1×"))
        #expect(diagram.contains("    class Splash unexpected"))
        #expect(MermaidCheck.problems(in: diagram).isEmpty)
        #expect(report.states.total == TestSupport.model.states.count)
    }
}
