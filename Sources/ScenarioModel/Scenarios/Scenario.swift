import SpecModel
import YAMLLoader

/// A place in a scenario file.
package struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
    package var file: String
    package var line: Int
    package var column: Int

    package init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    init(file: String, _ mark: Mark) {
        self.init(file: file, line: mark.line, column: mark.column)
    }

    static func mark(of location: SourceLocation) -> Mark {
        Mark(line: location.line, column: location.column)
    }

    /// `file:line:column`, or just the file for a problem with the file as a whole.
    package var description: String { line == 0 ? file : "\(file):\(line):\(column)" }
}

/// One scenario: a world to start from and a sequence of steps, each an input with the
/// observations the spec requires after it.
package struct Scenario: Sendable {
    package var id: String
    package var title: String
    /// Spec clauses the scenario traces to.
    package var spec: [String]
    /// Requirement ids (Scenarios/requirements.yaml) the scenario verifies, where written.
    package var covers: [(id: String, location: SourceLocation)]
    package var tags: [String]
    /// Every given key of the model, defaults filled in.
    package var given: [String: Value]
    package var steps: [Step]
    package var location: SourceLocation

    package init(
        id: String, title: String, spec: [String], covers: [(id: String, location: SourceLocation)] = [],
        tags: [String], given: [String: Value], steps: [Step], location: SourceLocation
    ) {
        self.id = id
        self.title = title
        self.spec = spec
        self.covers = covers
        self.tags = tags
        self.given = given
        self.steps = steps
        self.location = location
    }
}

package struct Step: Sendable {
    /// The input as written in the file, for messages (`enter_pin: "1234"`).
    package var written: Input
    /// What implementations receive, once per repetition (a shorthand expanded).
    package var inputs: [Input]
    package var repeatCount: Int
    package var expectations: [Expectation]
    package var location: SourceLocation
    /// Where `record: true` stands, for a step whose expectations `authspec record` fills in.
    package var recordLocation: SourceLocation?

    package init(
        written: Input, inputs: [Input], repeatCount: Int = 1, expectations: [Expectation] = [],
        location: SourceLocation, recordLocation: SourceLocation? = nil
    ) {
        self.written = written
        self.inputs = inputs
        self.repeatCount = repeatCount
        self.expectations = expectations
        self.location = location
        self.recordLocation = recordLocation
    }
}

package struct Expectation: Sendable {
    package var key: String
    package var value: Value
    package var location: SourceLocation

    package init(key: String, value: Value, location: SourceLocation) {
        self.key = key
        self.value = value
        self.location = location
    }
}
