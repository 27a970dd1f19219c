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

#if canImport(FoundationXML)
    import FoundationXML
#endif

extension TestSupport {
    /// An XML report (the JUnit) parsed, to be read by XPath rather than searched as text.
    package static func xml(at path: String) throws -> XMLDocument {
        try XMLDocument(contentsOf: URL(fileURLWithPath: path))
    }

    /// An XML document given as text, parsed.
    package static func xml(text: String) throws -> XMLDocument {
        try XMLDocument(xmlString: text)
    }
}

extension XMLDocument {
    /// The string value of each node `xpath` selects, in document order.
    package func values(_ xpath: String) throws -> [String] {
        try nodes(forXPath: xpath).map { $0.stringValue ?? "" }
    }
}
