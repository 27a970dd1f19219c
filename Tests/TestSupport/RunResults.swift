import DriverProtocol
import Foundation
import Results
import Testing

extension TestSupport {
    /// The run a results file holds, read as `merge` reads it: its counts and each record as
    /// values, where a test would otherwise search the printed summary for words.
    package static func results(at path: String) throws -> RunRecord {
        try results(json: String(contentsOfFile: path, encoding: .utf8))
    }

    /// The run of a results document given as text (a run's `--json -` on standard output).
    package static func results(json text: String) throws -> RunRecord {
        try ResultsCodec.decode(JSONCodec.decode(text))
    }
}

extension RunRecord {
    /// Each scenario's outcome on `implementation`, by id.
    package func outcomes(on implementation: String = "reference") -> [String: Outcome] {
        Dictionary(
            (implementations.first { $0.name == implementation }?.records ?? []).map { ($0.id, $0.outcome) },
            uniquingKeysWith: { first, _ in first })
    }

    /// The implementations' names, in the run's order.
    package var implementationNames: [String] { implementations.map(\.name) }
}
