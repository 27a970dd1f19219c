import AuthSpecTestSupport
import Reporters
import Results
import ScenarioModel
import SpecModel
import Testing

/// Diagnosis groups what went wrong the way a person fixing a driver reads it.
@Suite struct DiagnosisTests {
    static let here = SourceLocation(file: "s.yaml", line: 1, column: 1)

    static func failed(_ id: String, _ differences: [(String, Value, Value?)]) -> ScenarioRecord {
        let step = StepRecord(
            index: 0, location: here, input: "launch", repeatCount: 1, outcome: .failed, state: nil, states: nil,
            message: nil,
            differences: differences.map { Difference(key: $0.0, expected: $0.1, observed: $0.2, location: here) },
            unchecked: [])
        return ScenarioRecord(
            position: 0, id: id, title: "t", location: here, spec: [], covers: [], implementation: "x",
            outcome: .failed,
            message: nil, steps: [step], hits: Hits())
    }

    @Test func failuresAreGroupedByKeyMostScenariosFirst() {
        let diagnosis = Diagnosis([
            Self.failed("a", [("state", .string("PINInput"), .string("Login"))]),
            Self.failed("b", [("lock", .int(1), .int(2)), ("state", .string("A"), .string("B"))]),
            Self.failed("c", [("lock", .int(1), .int(2))]),
            Self.failed("d", [("lock", .int(1), nil)]),
        ])
        #expect(diagnosis.failedKeys.map(\.what) == ["lock", "state"])
        #expect(diagnosis.failedKeys.map(\.scenarios) == [["b", "c", "d"], ["a", "b"]])
        #expect(diagnosis.missingFields.isEmpty)
    }

    @Test func fieldsTheSpecHasAndTheDriverNeverReportsAreNamed() {
        let expected: Value = .list([.map(["name": .string("unlock"), "params": .map(["method": .string("pin")])])])
        let withoutParams: Value = .list([.map(["name": .string("unlock")])])
        let withOtherParams: Value = .list([.map(["name": .string("unlock"), "params": .map([:])])])
        let diagnosis = Diagnosis([
            Self.failed("a", [("events", expected, withoutParams)]),
            Self.failed("b", [("events", expected, withOtherParams)]),
            Self.failed("c", [("events", expected, .list([]))]),
        ])
        #expect(diagnosis.missingFields == [.init(what: "events[].params", scenarios: ["a"])])
        #expect(
            Diagnosis.missing(in: .map(["a": .int(1)]), from: .map(["a": .int(2), "b": .map([:])]), at: "k") == ["k.b"])
    }

    /// A diff of two lists points at the items that differ; an event with no params field
    /// reads differently from one with empty params.
    @Test func diffsPointIntoStructuredValues() throws {
        let expected: Value = .list([
            .map(["name": .string("a"), "params": .map([:])]),
            .map(["name": .string("b"), "params": .map(["n": .int(1)])]),
        ])
        let observed: Value = .list([
            .map(["name": .string("a")]), .map(["name": .string("b"), "params": .map(["n": .int(2)])]),
        ])
        #expect(Value.divergences(expected, observed).map(\.path) == ["[0].params", "[1].params.n"])
        let text = TerminalReporter(model: TestSupport.model).problem(
            Self.failed("x", [("events", expected, observed)]), rerun: nil)
        // A one-item list of plain values: the two lines say it all, with no "at" line.
        let plain = TerminalReporter(model: TestSupport.model).problem(
            Self.failed("y", [("announcements", .list([.string("a")]), .list([.string("b")]))]), rerun: nil)
        try Golden.compare((text ?? "") + "\n---\n" + (plain ?? "") + "\n", with: "report-structured-differences.txt")
    }
}
