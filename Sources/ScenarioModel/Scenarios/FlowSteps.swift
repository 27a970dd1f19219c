import Foundation

/// Rewrites a scenario's `steps: [launch, {tap: use_pin}]` in block style, one step a line, so
/// that `record` has a line to put each expect block under. Every element stays as written:
/// a scalar becomes `- launch`, a flow mapping `- tap: use_pin` with its other pairs on lines
/// of their own. Only the sequence's own lines change.
package enum FlowSteps {
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// Whether the step at `location` sits inside a flow sequence (`[` or `,` before it).
    package static func isInFlowSequence(_ text: [Substring], at location: SourceLocation) -> Bool {
        var line = location.line - 1
        var column = location.column - 1
        while line >= 0 {
            let characters = Array(text[line])
            var index = min(column, characters.count) - 1
            while index >= 0, characters[index] == " " || characters[index] == "\t" { index -= 1 }
            if index >= 0 { return characters[index] == "[" || characters[index] == "," }
            line -= 1
            column = line >= 0 ? text[line].count : 0
        }
        return false
    }

    /// The text with the flow sequence holding the step at `first` written in block style.
    package static func blockStyle(_ text: String, sequenceOf first: SourceLocation) throws(Failure) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array(String($0)) }
        // The `[` before the first step, on a line that holds only `steps:` before it.
        var line = first.line - 1
        var column = first.column - 2
        while line >= 0 {
            while column >= 0, lines[line][column] == " " || lines[line][column] == "\t" { column -= 1 }
            if column >= 0 { break }
            line -= 1
            column = line >= 0 ? lines[line].count - 1 : -1
        }
        guard line >= 0, lines[line][column] == "[" else {
            throw Failure(description: "\(first): record found no '[' before this step")
        }
        let head = String(lines[line][..<column])
        guard head.trimmingCharacters(in: .whitespaces) == "steps:" else {
            throw Failure(
                description:
                    "\(first.file):\(line + 1):\(column + 1): record can rewrite a flow sequence of steps only where 'steps: [' opens its line"
            )
        }
        let indent = String(repeating: " ", count: head.prefix { $0 == " " }.count + 2)
        // The elements, split at top-level commas, up to the matching `]`.
        var elements: [String] = []
        var current = ""
        var depth = 0
        var quote: Character?
        var row = line
        var index = column + 1
        var end: (line: Int, column: Int)?
        scan: while row < lines.count {
            while index < lines[row].count {
                let character = lines[row][index]
                if let open = quote {
                    current.append(character)
                    if character == "\\" && open == "\"" && index + 1 < lines[row].count {
                        index += 1
                        current.append(lines[row][index])
                    } else if character == open {
                        quote = nil
                    }
                } else {
                    switch character {
                    case "\"", "'":
                        quote = character
                        current.append(character)
                    case "[", "{":
                        depth += 1
                        current.append(character)
                    case "]" where depth == 0:
                        end = (row, index)
                        break scan
                    case "]", "}":
                        depth -= 1
                        current.append(character)
                    case "," where depth == 0:
                        elements.append(current)
                        current = ""
                    case "#" where current.last == " " || current.isEmpty:
                        index = lines[row].count
                        continue
                    default: current.append(character)
                    }
                }
                index += 1
            }
            current.append(" ")
            row += 1
            index = 0
        }
        guard let end, quote == nil else {
            throw Failure(description: "\(first): record found no ']' closing these steps")
        }
        elements.append(current)
        let rest = String(lines[end.line][(end.column + 1)...]).trimmingCharacters(in: .whitespaces)
        guard rest.isEmpty || rest.hasPrefix("#") else {
            throw Failure(
                description:
                    "\(first.file):\(end.line + 1):\(end.column + 2): record cannot rewrite these steps: text follows their ']'"
            )
        }
        var block: [String] = []
        for element in elements.map({ $0.trimmingCharacters(in: .whitespaces) }) where !element.isEmpty {
            guard element.hasPrefix("{") else {
                block.append(indent + "- " + element)
                continue
            }
            guard element.hasSuffix("}") else {
                throw Failure(description: "\(first): record cannot rewrite the step '\(element)'")
            }
            let pairs = try topLevelParts(String(element.dropFirst().dropLast()), at: first)
            for (number, pair) in pairs.enumerated() {
                block.append((number == 0 ? indent + "- " : indent + "  ") + pair)
            }
        }
        // `steps:` stays on its line, the steps follow, a comment after the `]` ends the last.
        var replaced = lines[..<line].map { String($0) }
        replaced.append(String(head.reversed().drop { $0 == " " || $0 == "\t" }.reversed()))
        replaced += block
        if !rest.isEmpty { replaced[replaced.count - 1] += "  " + rest }
        replaced += lines[(end.line + 1)...].map { String($0) }
        return replaced.joined(separator: "\n")
    }

    /// The text with the step at `location`, a flow mapping on one line of a block sequence
    /// (`- {tap: use_pin}`), written as a block mapping, each pair on a line of its own.
    package static func blockMapping(_ text: String, at location: SourceLocation) throws(Failure) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = location.line - 1
        let line = Array(lines[index])
        let column = location.column - 1
        let step = String(line[column...]).trimmingCharacters(in: .whitespaces)
        guard step.hasPrefix("{"), step.hasSuffix("}") else {
            throw Failure(
                description:
                    "\(location): record needs a block-style step (one key per line), not a flow mapping that goes on past its line"
            )
        }
        let pairs = try topLevelParts(String(step.dropFirst().dropLast()), at: location)
        guard !pairs.isEmpty else { throw Failure(description: "\(location): record found an empty step") }
        let indent = String(repeating: " ", count: column)
        lines.replaceSubrange(
            index...index,
            with: [String(line[..<column]) + pairs[0]] + pairs.dropFirst().map { indent + $0 })
        return lines.joined(separator: "\n")
    }

    /// The pairs of a flow mapping's inside, split at top-level commas, each trimmed.
    private static func topLevelParts(_ inside: String, at location: SourceLocation) throws(Failure) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        var quote: Character?
        var escaped = false
        for character in inside {
            if let open = quote {
                current.append(character)
                if escaped {
                    escaped = false
                } else if character == "\\" && open == "\"" {
                    escaped = true
                } else if character == open {
                    quote = nil
                }
                continue
            }
            switch character {
            case "\"", "'": quote = character
            case "[", "{": depth += 1
            case "]", "}": depth -= 1
            case "," where depth == 0:
                parts.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        parts.append(current.trimmingCharacters(in: .whitespaces))
        return parts.filter { !$0.isEmpty }
    }
}
