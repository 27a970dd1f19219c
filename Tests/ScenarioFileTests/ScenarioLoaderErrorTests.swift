import AuthSpecTestSupport
import Foundation
import ScenarioModel
import SpecModel
import Testing

/// Every kind of bad scenario input names its file, line and column.
@Suite struct ScenarioLoaderErrorTests {
    /// The single diagnostic a text produces, as `line:column: message`.
    func diagnostics(_ text: String) -> [String] {
        TestSupport.load(text, file: "bad.yaml").diagnostics.map {
            "\($0.location.file):\($0.location.line):\($0.location.column): \($0.message)"
        }
    }

    let header = "id: s1\ntitle: t\nspec: [\"SCR-AUTH-006 §5.1\"]\n"

    @Test func yamlSyntaxErrorIsLocated() {
        let found = diagnostics(header + "steps:\n  - launch: [unclosed\n")
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("bad.yaml:6:1: did not find expected ',' or ']'") == true, "\(found)")
        #expect(found.first?.contains("started at 5:13") == true, "\(found)")
    }

    @Test func unknownScenarioKeySuggestsTheNearestKey() {
        #expect(
            diagnostics(header + "tittle: x\nsteps: [launch]\n") == [
                "bad.yaml:4:1: unknown scenario key 'tittle' (did you mean 'title'?)"
            ])
    }

    @Test func unknownInputSuggestsTheNearestInput() {
        #expect(
            diagnostics(header + "steps:\n  - launch\n  - biometrik: success\n") == [
                "bad.yaml:6:5: unknown input 'biometrik' (did you mean 'biometric'?)"
            ])
    }

    @Test func unknownObservationAndStateAreLocated() {
        #expect(
            diagnostics(header + "steps:\n  - launch:\n    expect: {stat: PINInput, state: Unlocked}\n") == [
                "bad.yaml:6:14: unknown observation 'stat' (did you mean 'state'?)",
                "bad.yaml:6:37: unknown state 'Unlocked'",
            ])
    }

    @Test func wrongTypeNamesWhatWasExpected() {
        #expect(
            diagnostics(header + "given:\n  biometric_enabled: sometimes\nsteps: [launch]\n") == [
                "bad.yaml:5:22: biometric_enabled must be true or false; found 'sometimes'"
            ])
        #expect(
            diagnostics(header + "steps:\n  - digit: 12\n") == [
                "bad.yaml:5:12: digit must be a whole number from 0 to 9; found '12'"
            ])
        #expect(
            diagnostics(header + "steps:\n  - launch:\n    expect: {states: PINInput}\n") == [
                "bad.yaml:6:22: states must be a list of a state name; found 'PINInput'"
            ])
    }

    @Test func badDurationIsLocated() {
        #expect(
            diagnostics(header + "steps:\n  - advance: 5 minutes\n") == [
                "bad.yaml:5:14: advance must be a duration such as 500ms, 59s, 5m, 1h or 30d; found '5 minutes'"
            ])
    }

    @Test func badEnumerationSuggestsTheNearestWord() {
        #expect(
            diagnostics(header + "steps:\n  - biometric: failed\n") == [
                "bad.yaml:5:16: biometric must be one of success, failure, cancel, use_pin, not_available, not_enrolled, lockout, success_without_key; found 'failed' (did you mean 'failure'?)"
            ])
    }

    @Test func pinLengthMismatchPointsAtThePin() {
        #expect(
            diagnostics(header + "given: {pin_length: 6, pin: \"1234\"}\nsteps: [launch]\n") == [
                "bad.yaml:4:29: the PIN has 4 digits but pin_length is 6"
            ])
    }

    @Test func missingKeysAndSecondInputAreReported() {
        #expect(
            diagnostics("id: s1\nsteps:\n  - launch: \n    kill: \n") == [
                "bad.yaml:4:5: a step takes exactly one input; 'kill' is a second one",
                "bad.yaml:1:1: scenario is missing the required key 'title'",
                "bad.yaml:1:1: scenario is missing the required key 'spec'",
            ])
    }

    @Test func duplicateYAMLKeyIsLocated() {
        #expect(
            diagnostics(header + "title: again\nsteps: [launch]\n") == [
                "bad.yaml:4:1: duplicate key 'title' (first at line 2)"
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
        let result = ScenarioLoader(model: TestSupport.model).load(paths: [folder])
        let found = result.diagnostics.map {
            "\(($0.location.file as NSString).lastPathComponent):\($0.location.line):\($0.location.column)"
        }
        #expect(found == ["a.yaml:5:5", "a.yaml:6:14", "c.yaml:2:1", "good.yaml:1:1"])
        #expect(result.diagnostics.last?.message.hasPrefix("duplicate scenario id 's3' (first defined at") == true)
        #expect(result.diagnostics.last?.message.hasSuffix("b.yaml:6:1)") == true)
        // a.yaml's scenario has errors and good.yaml's repeats an id: neither runs.
        #expect(result.scenarios.map(\.id) == ["s2", "s3"])
        #expect(result.scenarios.last?.location.file.hasSuffix("b.yaml") == true)
    }

    @Test func diagnosticShowsTheSourceLineAndACaret() {
        let diagnostic = TestSupport.load(header + "steps:\n  - biometric: succes\n", file: "f.yaml").diagnostics[0]
        #expect(
            diagnostic.description == """
                f.yaml:5:16: error: biometric must be one of success, failure, cancel, use_pin, not_available, not_enrolled, lockout, success_without_key; found 'succes' (did you mean 'success'?)
                      - biometric: succes
                                   ^
                """)
    }

    @Test func missingPathIsAnError() {
        let result = ScenarioLoader(model: TestSupport.model).load(paths: ["/nonexistent/scenarios"])
        #expect(result.diagnostics.map(\.message) == ["no such file or folder"])
    }
}

extension ScenarioLoaderErrorTests {
    @Test func aScenarioForAnotherModelIsAnInputError() {
        let header = "title: t\nspec: [x]\nsteps: [launch]\n"
        let loaded = TestSupport.load("id: a\nmodel: unlock\n" + header + "---\nid: b\nmodel: auth-flow\n" + header)
        #expect(loaded.scenarios.map(\.id) == ["a"])
        #expect(
            loaded.diagnostics.map(\.description).first?.hasPrefix(
                "test.yaml:8:8: error: this scenario is for the model 'auth-flow'; these files are loaded for 'unlock'")
                == true)
    }
}
