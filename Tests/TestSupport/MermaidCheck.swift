import Foundation

/// The statement forms our Mermaid stateDiagram-v2 output uses, checked line by line: every
/// id declared before use, every label free of characters Mermaid reads as syntax.
package enum MermaidCheck {
    package static let id = #"[A-Za-z][A-Za-z0-9_]*"#
    /// Free of syntax, but for Mermaid's own line break.
    package static let label = ##"(?:[^"#;:%<>{}\[\]|`\\&\n]|<br>)*"##

    package static func problems(in block: String) -> [String] {
        var problems: [String] = []
        var declared: Set<String> = []
        var lines = block.split(separator: "\n").map(String.init)
        if lines.first == "flowchart LR" { return flowchartProblems(lines.dropFirst()) }
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
            } else if let match = line.wholeMatch(of: try! Regex(#"    (\#(id)) --> (\#(id))"#)) {
                for index in [1, 2] where !declared.contains(String(match.output[index].substring ?? "")) {
                    problems.append("undeclared id in: \(line)")
                }
            } else if let match = line.wholeMatch(
                of: try! Regex(#"    class ((?:\#(id))(?:,\#(id))*) (covered|uncovered|unexpected|stub)"#))
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

    /// A flowchart of nodes with quoted labels, labelled edges between declared nodes, and one
    /// linkStyle naming every edge.
    package static func flowchartProblems(_ lines: ArraySlice<String>) -> [String] {
        var problems: [String] = []
        var declared: Set<String> = []
        var edges = 0
        for line in lines {
            if let match = line.wholeMatch(of: try! Regex(#"    (\#(id))\["(\#(label))"\]"#)) {
                declared.insert(String(match.output[1].substring ?? ""))
            } else if let match = line.wholeMatch(of: try! Regex(#"    (\#(id)) -->\|"(\#(label))"\| (\#(id))"#)) {
                edges += 1
                for index in [1, 3] where !declared.contains(String(match.output[index].substring ?? "")) {
                    problems.append("undeclared id in: \(line)")
                }
            } else if let match = line.wholeMatch(
                of: try! Regex(#"    linkStyle ([0-9,]+) stroke:#[0-9a-f]{6},stroke-width:[0-9]px"#))
            {
                let indices = (match.output[1].substring ?? "").split(separator: ",").compactMap { Int($0) }
                if indices != Array(0..<edges) { problems.append("linkStyle does not name every edge: \(line)") }
            } else {
                problems.append("not a flowchart statement form Mermaid 11 reads here: \(line)")
            }
        }
        return problems
    }

    /// A state diagram's parts as values: each declared state's label by id, each edge (`[*]`
    /// for the start) with its label, and each class's ids.
    package struct StateDiagram {
        package var states: [String: String] = [:]
        package var edges: [(from: String, to: String, label: String?)] = []
        package var classes: [String: [String]] = [:]

        package init(_ block: String) {
            for line in block.split(separator: "\n") {
                if let match = line.wholeMatch(of: try! Regex(#"    state "(\#(label))" as (\#(id))"#)) {
                    states[String(match.output[2].substring ?? "")] = String(match.output[1].substring ?? "")
                } else if let match = line.wholeMatch(
                    of: try! Regex(#"    (\[\*\]|\#(id)) --> (\#(id))(?:: (\#(label)))?"#))
                {
                    edges.append(
                        (
                            String(match.output[1].substring ?? ""), String(match.output[2].substring ?? ""),
                            match.output[3].substring.map(String.init)
                        ))
                } else if let match = line.wholeMatch(of: try! Regex(#"    class ([A-Za-z0-9_,]+) ([a-z]+)"#)) {
                    classes[String(match.output[2].substring ?? ""), default: []] += (match.output[1].substring ?? "")
                        .split(separator: ",").map(String.init)
                }
            }
        }

        /// Whether an edge leads from `from` to `to`, with `label` when one is given.
        package func hasEdge(from: String, to: String, label: String? = nil) -> Bool {
            edges.contains { $0.from == from && $0.to == to && (label == nil || $0.label == label) }
        }
    }

    /// The contents of every ```mermaid block of a Markdown text.
    package static func blocks(in markdown: String) -> [String] {
        markdown.components(separatedBy: "```mermaid\n").dropFirst().compactMap {
            $0.components(separatedBy: "\n```").first
        }
    }
}
