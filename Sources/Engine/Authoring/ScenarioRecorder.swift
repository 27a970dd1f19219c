import Foundation
import Runner
import ScenarioModel
import SpecModel

/// Writes observed values into a scenario file as `expect:` blocks, changing only the lines of
/// the recorded steps so the rest stays as its author wrote it.
package struct ScenarioRecorder {
    package let model: ModelDeclaration
    package var allKeys = false
    static let lineWidth = 80

    package init(model: ModelDeclaration, allKeys: Bool = false) {
        self.model = model
        self.allKeys = allKeys
    }

    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// The steps to record: those marked `record: true`, or all of a scenario that expects nothing.
    package static func stepsToRecord(in scenario: Scenario) -> [Int] {
        let marked = scenario.steps.indices.filter { scenario.steps[$0].recordLocation != nil }
        if !marked.isEmpty { return marked }
        return scenario.steps.allSatisfy(\.expectations.isEmpty) ? Array(scenario.steps.indices) : []
    }

    /// The file's text with an expect block for each step in `steps`, from the observations of
    /// `result` (a run of the scenario with its expectations set aside).
    package func record(_ text: String, results: [(scenario: Scenario, steps: [Int], result: ScenarioResult)])
        throws(Failure) -> String
    {
        var lines = text.components(separatedBy: "\n")
        var edits: [(line: Int, remove: Bool, replacement: [String])] = []
        for entry in results {
            var previous: Observations = [:]
            for step in entry.result.steps {
                defer { previous = step.observations }
                guard entry.steps.contains(step.index) else { continue }
                let location = step.step.location
                let lineIndex = location.line - 1
                guard lineIndex < lines.count else {
                    throw Failure(description: "\(location): the step is not where it was read")
                }
                let column = location.column - 1
                let line = lines[lineIndex]
                let rest = line.dropFirst(column)
                if rest.hasPrefix("{") {
                    throw Failure(
                        description:
                            "\(location): record needs a block-style step (one key per line), not a flow mapping")
                }
                let indent = String(repeating: " ", count: column)
                let block =
                    [indent + "expect:"] + expectLines(step.observations, previous: previous, indent: indent + "  ")
                if let record = step.step.recordLocation {
                    edits.append((record.line - 1, true, block))
                } else {
                    // `- launch` (and `- launch  # why`) becomes `- launch:`, its comment kept.
                    let (code, comment) = Self.splitComment(String(rest))
                    if step.step.written.argument == nil, code == step.step.written.name {
                        lines[lineIndex] =
                            String(line.prefix(column)) + step.step.written.name + ":"
                            + (comment.map { "  " + $0 } ?? "")
                    }
                    edits.append((lineIndex, false, block))
                }
            }
        }
        for edit in edits.sorted(by: { $0.line > $1.line }) {
            if edit.remove {
                lines.replaceSubrange(edit.line...edit.line, with: edit.replacement)
            } else {
                lines.insert(contentsOf: edit.replacement, at: edit.line + 1)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A plain scalar's line split at its comment (a `#` after a space): the code trimmed, and
    /// the comment from its `#`, if any.
    static func splitComment(_ line: String) -> (code: String, comment: String?) {
        guard let hash = line.range(of: " #") ?? line.range(of: "\t#") else {
            return (line.trimmingCharacters(in: .whitespaces), nil)
        }
        return (
            String(line[..<hash.lowerBound]).trimmingCharacters(in: .whitespaces),
            String(line[line.index(after: hash.lowerBound)...])
        )
    }

    /// The keys worth writing: the state, what changed since the previous step, and what
    /// happened during this one (or every key, with `allKeys`).
    package func expectLines(_ observed: Observations, previous: Observations, indent: String) -> [String] {
        var lines: [String] = []
        // What only a UI-level driver measures is written when asked for (every key), not by
        // default: a team's recorded steps stay within its `full` gate.
        for declaration in model.observations where allKeys || declaration.level == .app {
            guard let value = observed[declaration.key] else { continue }
            // An empty table checks nothing (a table is compared on the names it gives).
            if case .table = declaration.type, value == .map([:]) { continue }
            let keep: Bool
            if allKeys || declaration.key == model.stateKey {
                keep = true
            } else if declaration.kind == .log {
                keep = value.list.map { !$0.isEmpty } ?? true
            } else {
                keep = previous[declaration.key] != value && !(previous[declaration.key] == nil && value == .null)
            }
            if keep { lines += render(key: declaration.key, value, as: declaration.type, indent: indent) }
        }
        return lines
    }

    package func render(key: String, _ value: Value, as type: ValueType, indent: String) -> [String] {
        let inline = indent + key + ": " + scalar(value, as: type)
        if inline.count > Self.lineWidth, case .string = value {
            return Self.folded(head: indent + key + ": ", quoted: scalar(value, as: type), continuation: indent + "  ")
        }
        if inline.count > Self.lineWidth, case .map(let entries) = value {
            // A record too long for one line: one field a line, as a block mapping.
            return [indent + key + ":"]
                + entries.keys.sorted().map {
                    "\(indent)  \($0): \(scalar(entries[$0]!, as: Self.entryType(type, $0)))"
                }
        }
        if case .list(let items) = value, !items.isEmpty {
            let element: ValueType? = if case .list(let element) = type { element } else { nil }
            if inline.count > Self.lineWidth || element == .event {
                return [indent + key + ":"] + items.map { indent + "  - " + scalar($0, as: element) }
            }
        }
        return [inline]
    }

    /// One value in YAML flow syntax, the way a scenario author writes it.
    package func scalar(_ value: Value, as type: ValueType?) -> String {
        switch (type, value) {
        case (.optional(let wrapped), _): return scalar(value, as: wrapped)
        case (_, .null): return "null"
        case (.duration, .int(let milliseconds)): return VirtualDuration.format(milliseconds)
        case (_, .bool(let flag)): return flag ? "true" : "false"
        case (_, .int(let number)): return String(number)
        case (_, .string(let text)): return Self.word(text)
        case (_, .list(let items)):
            let element: ValueType? = if case .list(let element)? = type { element } else { nil }
            return "[" + items.map { scalar($0, as: element) }.joined(separator: ", ") + "]"
        case (.event, .map(let entries)):
            let name = entries["name"]?.string ?? ""
            guard case .map(let params)? = entries["params"], !params.isEmpty else { return Self.word(name) }
            return Self.word(name) + ": {"
                + params.keys.sorted().map { "\($0): \(scalar(params[$0]!, as: nil))" }.joined(separator: ", ") + "}"
        case (_, .map(let entries)):
            return "{"
                + entries.keys.sorted().map { "\($0): \(scalar(entries[$0]!, as: Self.entryType(type, $0)))" }
                .joined(separator: ", ") + "}"
        }
    }

    /// The type of a map's entry: a table's element, a record's field; nil where the map's type
    /// is not known (an event's parameters).
    static func entryType(_ type: ValueType?, _ name: String) -> ValueType? {
        switch type {
        case .optional(let wrapped)?: entryType(wrapped, name)
        case .table(let element, _)?: element
        case .record(let fields)?, .partial(let fields)?: fields.first { $0.name == name }?.type
        default: nil
        }
    }

    /// A long double-quoted string broken at spaces: YAML folds each line break inside
    /// double quotes back into one space, so the value is unchanged.
    static func folded(head: String, quoted: String, continuation: String) -> [String] {
        var lines: [String] = []
        var current = head
        for word in quoted.split(separator: " ") {
            let candidate = current.hasSuffix(" ") || current == continuation ? current + word : current + " " + word
            if candidate.count > lineWidth && current != head && current != continuation {
                lines.append(current)
                current = continuation + word
            } else {
                current = candidate
            }
        }
        lines.append(current)
        return lines
    }

    /// A plain word when YAML reads it back as the same string, else a double-quoted string.
    package static func word(_ text: String) -> String {
        let reserved: Set<String> = ["true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"]
        if let first = text.first, first.isLetter,
            text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }),
            !reserved.contains(text.lowercased())
        {
            return text
        }
        return Value.quoted(text)
    }
}
