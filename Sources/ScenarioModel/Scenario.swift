import SpecModel
import YAMLLoader

/// A place in a scenario file.
public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
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
    public var description: String { line == 0 ? file : "\(file):\(line):\(column)" }
}

/// One scenario: a world to start from and a sequence of steps, each an input with the
/// observations the spec requires after it.
public struct Scenario: Sendable {
    public var id: String
    public var title: String
    /// Spec clauses the scenario traces to.
    public var spec: [String]
    /// Requirement ids (Scenarios/requirements.yaml) the scenario verifies, where written.
    public var covers: [(id: String, location: SourceLocation)]
    public var tags: [String]
    /// Every given key of the model, defaults filled in.
    public var given: [String: Value]
    public var steps: [Step]
    public var location: SourceLocation

    public init(
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

public struct Step: Sendable {
    /// The input as written in the file, for messages (`enter_pin: "1234"`).
    public var written: Input
    /// What implementations receive, once per repetition (a shorthand expanded).
    public var inputs: [Input]
    public var repeatCount: Int
    public var expectations: [Expectation]
    public var location: SourceLocation
    /// Where `record: true` stands, for a step whose expectations `authspec record` fills in.
    public var recordLocation: SourceLocation?

    public init(
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

public struct Expectation: Sendable {
    public var key: String
    public var value: Value
    public var location: SourceLocation

    public init(key: String, value: Value, location: SourceLocation) {
        self.key = key
        self.value = value
        self.location = location
    }
}
