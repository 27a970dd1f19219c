import Foundation
import SpecModel

/// A diagram found in a spec document, as written there.
package struct DocumentDiagram: Sendable {
    package enum Kind: String, Sendable {
        case stateDiagram = "stateDiagram-v2"
        case flowchart
    }
    package var kind: Kind
    /// The numbered section it stands in, such as "5.1", and that section's title.
    package var section: String
    package var sectionTitle: String
    package var line: Int
    package var edges: [DocumentEdge]
    /// Arrows the reader cannot take apart (chained `A --> B --> C`, `A --> B & C`): never
    /// compared, so each is said.
    package var unread: [(line: Int, text: String)] = []
}

/// One arrow of a diagram. In a flowchart, names are node texts and decision nodes are kept
/// (they are passed through later).
package struct DocumentEdge: Sendable, Equatable {
    package var from: String
    package var to: String
    package var label: String
    package var line: Int
    package var fromIsDecision = false
    package var toIsDecision = false
}

/// A spec document read as it is written: plain text with diagrams unfenced (as the files in
/// the spec folder are) or Markdown with ```mermaid fences.
package struct SpecDocument: Sendable {
    package var file: String
    /// The document's ID (`SCR-AUTH-006`), from its "Identificador:" line, if any.
    package var identifier: String?
    package var diagrams: [DocumentDiagram]
    /// The text's lines, for the models' rule tables to find their rows in.
    package var lines: [String]

    package init(file: String, text: String) {
        self.file = file
        lines = LineBreaks.lines(of: text)
        identifier = lines.first { $0.contains("Identificador:") }?.firstMatch(
            of: Patterns.identifier
        ).map { String($0.output.1) }
        diagrams = Self.diagrams(in: lines)
    }

    // MARK: Diagrams

    static func diagrams(in lines: [String]) -> [DocumentDiagram] {
        var found: [DocumentDiagram] = []
        var section = ""
        var sectionTitle = ""
        var index = 0
        while index < lines.count {
            let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
            // Section headings: `5.1. Diagrama de Estados` in plain text, `## 5.1 States` in Markdown.
            // Swift's Regex is slow per match, so each pattern only sees lines that could match.
            let heading = String(trimmed.drop { $0 == "#" }).trimmingCharacters(in: .whitespaces)
            if heading.first?.isNumber == true, !trimmed.contains("-->"),
                let heading = heading.wholeMatch(of: Patterns.heading)
            {
                section = String(heading.output.1)
                sectionTitle = String(heading.output.2)
            }
            let kind: DocumentDiagram.Kind? =
                trimmed == "stateDiagram-v2"
                ? .stateDiagram
                : (trimmed.hasPrefix("flowchart ") || trimmed.hasPrefix("graph ")) ? .flowchart : nil
            guard let kind else {
                index += 1
                continue
            }
            let start = index + 1
            var edges: [DocumentEdge] = []
            var unread: [(line: Int, text: String)] = []
            var names: [String: (text: String, decision: Bool)] = [:]
            index += 1
            while index < lines.count {
                let statement = lines[index].trimmingCharacters(in: .whitespaces)
                if statement.hasPrefix("```") { break }
                if !statement.isEmpty && !Self.isDiagramStatement(statement) { break }
                if statement.contains("-->") {
                    let edge =
                        kind == .stateDiagram
                        ? stateEdge(statement, line: index + 1)
                        : flowchartEdge(statement, line: index + 1, names: &names)
                    if let edge { edges.append(edge) } else { unread.append((index + 1, statement)) }
                }
                index += 1
            }
            if kind == .flowchart {
                // A node written with its text once may be used by id alone later.
                edges = edges.map { edge in
                    var edge = edge
                    if let node = names[edge.from] {
                        edge.from = node.text
                        edge.fromIsDecision = node.decision
                    }
                    if let node = names[edge.to] {
                        edge.to = node.text
                        edge.toIsDecision = node.decision
                    }
                    return edge
                }
            }
            found.append(
                DocumentDiagram(
                    kind: kind, section: section, sectionTitle: sectionTitle, line: start, edges: edges, unread: unread)
            )
        }
        return found
    }

    static func isDiagramStatement(_ line: String) -> Bool {
        if line.contains("-->") || line.hasPrefix("%%") || line.hasPrefix("subgraph") || line == "end"
            || line.hasPrefix("classDef ") || line.hasPrefix("class ") || line.hasPrefix("style ")
            || line.hasPrefix("state ")
            || line.hasPrefix("direction ") || line.hasPrefix("note ")
        {
            return true
        }
        // A lone node declaration, `A[text]`: one word, then at most a bracketed text.
        guard let first = line.first, first.isLetter || first == "_",
            !line.contains(" ") || line.contains("[") || line.contains("{") || line.contains("(")
        else { return false }
        return line.wholeMatch(of: Patterns.nodeDeclaration) != nil
    }

    /// `A --> B: label`
    static func stateEdge(_ statement: String, line: Int) -> DocumentEdge? {
        guard let match = statement.wholeMatch(of: Patterns.stateEdge) else {
            return nil
        }
        return DocumentEdge(
            from: String(match.output.1), to: String(match.output.2), label: String(match.output.3 ?? ""), line: line)
    }

    /// `A[text] --> B{text}`, `B -->|label| C[text]`
    static func flowchartEdge(_ statement: String, line: Int, names: inout [String: (text: String, decision: Bool)])
        -> DocumentEdge?
    {
        guard let match = statement.wholeMatch(of: Patterns.flowchartEdge) else { return nil }
        let output = match.output
        func remember(_ id: Substring, square: Substring?, curly: Substring?, round: Substring?) -> String {
            if let square { names[String(id)] = (String(square), false) }
            if let curly { names[String(id)] = (String(curly), true) }
            if let round { names[String(id)] = (String(round), false) }
            return String(id)
        }
        let from = remember(output.1, square: output.2, curly: output.3, round: output.4)
        let to = remember(output.6, square: output.7, curly: output.8, round: output.9)
        return DocumentEdge(from: from, to: to, label: String(output.5 ?? ""), line: line)
    }
}

/// The reader's patterns, built once: a regex literal is parsed each time its expression runs,
/// and these run on every line of every document. Never mutated, so shared across threads.
private enum Patterns {
    nonisolated(unsafe) static let identifier = /Identificador:\s*([A-Z]+-[A-Z]+-\d+)/
    nonisolated(unsafe) static let heading = /(\d+(?:\.\d+)*)\.?\s+(\S.*)/
    nonisolated(unsafe) static let nodeDeclaration = /[A-Za-z_][\w]*(\[.*\]|\{.*\}|\(.*\))?/
    nonisolated(unsafe) static let stateEdge = /(\[\*\]|[\w]+)\s*-->\s*(\[\*\]|[\w]+)\s*(?::\s*(.*))?/
    nonisolated(unsafe) static let flowchartEdge =
        /(\w+)\s*(?:\[([^\]]*)\]|\{([^}]*)\}|\(([^)]*)\))?\s*-->\s*(?:\|([^|]*)\|\s*)?(\w+)\s*(?:\[([^\]]*)\]|\{([^}]*)\}|\(([^)]*)\))?/
}
