import AuthSpecTestSupport
import Foundation
import ScenarioModel
import SpecModel
import Testing

/// Every kind of bad scenario input names its file, line and column, as a problem compared by
/// its case; the words each case is said in are checked once, in `theWordsOfEachProblem`.
@Suite struct ScenarioLoaderErrorTests {
    /// A problem at its line and column.
    struct Placed: Equatable, CustomStringConvertible {
        var line: Int
        var column: Int
        var problem: Diagnostic.Problem

        init(_ line: Int, _ column: Int, _ problem: Diagnostic.Problem) {
            self.line = line
            self.column = column
            self.problem = problem
        }

        var description: String { "\(line):\(column): \(problem)" }
    }

    /// The problems a text of `bad.yaml` produces, in order.
    func problems(_ text: String) -> [Placed] {
        TestSupport.load(text, file: "bad.yaml").diagnostics.map {
            #expect($0.location.file == "bad.yaml")
            return Placed($0.location.line, $0.location.column, $0.problem)
        }
    }

    let header = "id: s1\ntitle: t\nspec: [\"SCR-AUTH-006 §5.1\"]\n"

    @Test func yamlSyntaxErrorIsLocated() {
        let found = problems(header + "steps:\n  - launch: [unclosed\n")
        #expect(found.count == 1)
        guard case .yamlSyntax? = found.first?.problem else {
            Issue.record("not a YAML syntax error: \(found)")
            return
        }
        #expect(found.first.map { [$0.line, $0.column] } == [6, 1], "\(found)")
    }

    @Test func unknownScenarioKeySuggestsTheNearestKey() {
        #expect(
            problems(header + "tittle: x\nsteps: [launch]\n") == [
                Placed(4, 1, .unknownName(kind: "scenario key", name: "tittle", suggestion: "title"))
            ])
    }

    @Test func unknownInputSuggestsTheNearestInput() {
        #expect(
            problems(header + "steps:\n  - launch\n  - biometrik: success\n") == [
                Placed(6, 5, .unknownName(kind: "input", name: "biometrik", suggestion: "biometric"))
            ])
    }

    @Test func unknownObservationAndStateAreLocated() {
        #expect(
            problems(header + "steps:\n  - launch:\n    expect: {stat: PINInput, state: Unlocked}\n") == [
                Placed(6, 14, .unknownName(kind: "observation", name: "stat", suggestion: "state")),
                Placed(6, 37, .unknownName(kind: "state", name: "Unlocked", suggestion: nil)),
            ])
    }

    @Test func wrongTypeNamesWhatWasExpected() {
        #expect(
            problems(header + "given:\n  biometric_enabled: sometimes\nsteps: [launch]\n") == [
                Placed(5, 22, .wrongValue(what: "biometric_enabled", expected: "true or false", found: "'sometimes'"))
            ])
        #expect(
            problems(header + "steps:\n  - digit: 12\n") == [
                Placed(5, 12, .wrongValue(what: "digit", expected: "a whole number from 0 to 9", found: "'12'"))
            ])
        #expect(
            problems(header + "steps:\n  - launch:\n    expect: {states: PINInput}\n") == [
                Placed(6, 22, .wrongValue(what: "states", expected: "a list of a state name", found: "'PINInput'"))
            ])
    }

    @Test func badDurationIsLocated() {
        #expect(
            problems(header + "steps:\n  - advance: 5 minutes\n") == [
                Placed(
                    5, 14,
                    .wrongValue(what: "advance", expected: ValueType.duration.summary, found: "'5 minutes'"))
            ])
    }

    @Test func badEnumerationSuggestsTheNearestWord() throws {
        let biometric = try #require(TestSupport.model.input(named: "biometric")?.argument)
        #expect(
            problems(header + "steps:\n  - biometric: failed\n") == [
                Placed(
                    5, 16,
                    .wrongValue(
                        what: "biometric", expected: biometric.summary, found: "'failed' (did you mean 'failure'?)"))
            ])
    }

    @Test func pinLengthMismatchPointsAtThePin() {
        #expect(
            problems(header + "given: {pin_length: 6, pin: \"1234\"}\nsteps: [launch]\n") == [
                Placed(4, 29, .worldRefused("the PIN has 4 digits but pin_length is 6"))
            ])
    }

    @Test func missingKeysAndSecondInputAreReported() {
        #expect(
            problems("id: s1\nsteps:\n  - launch: \n    kill: \n") == [
                Placed(4, 5, .secondInput("kill")),
                Placed(1, 1, .scenarioMissingKey("title")),
                Placed(1, 1, .scenarioMissingKey("spec")),
            ])
    }

    @Test func duplicateYAMLKeyIsLocated() {
        #expect(
            problems(header + "title: again\nsteps: [launch]\n") == [
                Placed(4, 1, .yamlSyntax("duplicate key 'title' (first at line 2)"))
            ])
    }

    @Test func everyErrorInEveryFileIsReportedAndGoodFilesStillLoad() throws {
        let folder = try TestSupport.temporaryFolder([
            "a.yaml": header + "steps:\n  - lanuch\n  - advance: soon\n",
            "b.yaml": header.replacingOccurrences(of: "s1", with: "s2") + "steps: [launch]\n---\n"
                + header.replacingOccurrences(of: "s1", with: "s3") + "steps: [kill]\n",
            "c.yaml": "id: [\n",
            "good.yaml": header.replacingOccurrences(of: "s1", with: "s3") + "steps: [launch]\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = ScenarioLoader(model: TestSupport.model).load(paths: [folder])
        let found = result.diagnostics.map {
            "\(($0.location.file as NSString).lastPathComponent):\($0.location.line):\($0.location.column)"
        }
        #expect(found == ["a.yaml:5:5", "a.yaml:6:14", "c.yaml:2:1", "good.yaml:1:1"])
        let b = try #require(result.scenarios.first { $0.id == "s3" }).location
        #expect(result.diagnostics.last?.problem == .duplicateID(what: "scenario", id: "s3", first: b))
        // a.yaml's scenario has errors and good.yaml's repeats an id: neither runs.
        #expect(result.scenarios.map(\.id) == ["s2", "s3"])
        #expect((b.file as NSString).lastPathComponent == "b.yaml" && b.line == 6)
    }

    @Test func missingPathIsAnError() {
        let result = ScenarioLoader(model: TestSupport.model).load(paths: ["/nonexistent/scenarios"])
        #expect(result.diagnostics.map(\.problem) == [.system(reason: SourceFiles.reason(ENOENT))])
    }

    @Test func aScenarioForAnotherModelIsAnInputError() {
        let header = "title: t\nspec: [x]\nsteps: [launch]\n"
        let loaded = TestSupport.load("id: a\nmodel: unlock\n" + header + "---\nid: b\nmodel: auth-flow\n" + header)
        #expect(loaded.scenarios.map(\.id) == ["a"])
        #expect(
            loaded.diagnostics.map { Placed($0.location.line, $0.location.column, $0.problem) } == [
                Placed(8, 8, .otherModel(scenario: "auth-flow", loaded: "unlock"))
            ])
    }
}

extension ScenarioLoaderErrorTests {
    /// The words a person reads: each kind of problem as it is said, and a diagnostic with its
    /// place, the line and a caret under the column.
    @Test func theWordsOfEachProblem() {
        let place = SourceLocation(file: "f.yaml", line: 3, column: 1)
        let said: [(Diagnostic.Problem, String)] = [
            (
                .unknownName(kind: "input", name: "biometrik", suggestion: "biometric"),
                "unknown input 'biometrik' (did you mean 'biometric'?)"
            ),
            (.unknownName(kind: "state", name: "Unlocked", suggestion: nil), "unknown state 'Unlocked'"),
            (
                .wrongValue(what: "digit", expected: "a whole number from 0 to 9", found: "'12'"),
                "digit must be a whole number from 0 to 9; found '12'"
            ),
            (.mustBe(what: "steps", expected: "a non-empty list of steps"), "steps must be a non-empty list of steps"),
            (
                .notOneOf(what: "status", choices: ["held", "open"], found: "hold", suggestion: "held"),
                "status must be one of held, open; found 'hold' (did you mean 'held'?)"
            ),
            (.missingKeys(what: "requirement", keys: ["clause", "text"]), "requirement is missing clause, text"),
            (
                .duplicateID(what: "scenario", id: "s3", first: place),
                "duplicate scenario id 's3' (first defined at f.yaml:3:1)"
            ),
            (.secondInput("kill"), "a step takes exactly one input; 'kill' is a second one"),
            (.scenarioMissingKey("title"), "scenario is missing the required key 'title'"),
            (
                .otherModel(scenario: "auth-flow", loaded: "unlock"),
                "this scenario is for the model 'auth-flow'; these files are loaded for 'unlock'"
            ),
            (
                .entryShape(what: "requirement", fields: ["id", "clause", "text"]),
                "each requirement must be a mapping with id, clause and text"
            ),
            (
                .cannotRead(what: "the baseline", .system(reason: "no such file or folder")),
                "cannot read the baseline: no such file or folder"
            ),
            (.moreProblems(count: 1, listed: 50), "and 1 more problem in this file (the first 50 are listed)"),
            (
                .driverNameTaken(index: 2, command: "app-driver", name: "app", other: nil),
                "driver 2 (app-driver) calls itself 'app', as the reference does: give each driver a name of its own "
                    + "in its hello (implementation.name); results and merge key by it"
            ),
        ]
        #expect(said.filter { $0.0.description != $0.1 }.map(\.1) == [])
        let diagnostic = TestSupport.load(header + "steps:\n  - biometric: succes\n", file: "f.yaml").diagnostics[0]
        #expect(
            diagnostic.description == """
                f.yaml:5:16: error: \(diagnostic.message)
                      - biometric: succes
                                   ^
                """)
    }
}
