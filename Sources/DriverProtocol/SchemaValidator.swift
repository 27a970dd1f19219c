import SpecModel

/// Checks a value against a JSON Schema, for the keywords the protocol's schemas use:
/// type, const, enum, required, properties, additionalProperties, items, minimum, pattern, oneOf, $ref
/// (to `#/$defs/NAME` in the same schema, or `FILE#/$defs/NAME` in another of `documents`).
/// Each problem names the path to the offending value.
public struct SchemaValidator: Sendable {
    public let root: Value
    /// The schemas a `$ref` may name by file.
    public let documents: [String: Value]

    public init(schema: Value, documents: [String: Value] = [:]) {
        root = schema
        self.documents = documents
    }

    public func problems(in value: Value) -> [String] {
        var found: [String] = []
        check(value, against: root, in: root, path: "$", into: &found)
        return found
    }

    /// `FILE#/$defs/NAME` or `#/$defs/NAME`: the schema it names, and the document it is in.
    private func resolve(_ reference: String, from document: Value) -> (schema: Value, document: Value)? {
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].hasPrefix("/$defs/") else { return nil }
        let target = parts[0].isEmpty ? document : documents[String(parts[0])]
        guard case .map(let fields)? = target, case .map(let definitions)? = fields["$defs"],
            let schema = definitions[String(parts[1].dropFirst("/$defs/".count))]
        else { return nil }
        return (schema, target!)
    }

    private func check(
        _ value: Value, against schema: Value, in document: Value, path: String, into found: inout [String]
    ) {
        guard case .map(let keywords) = schema else { return }
        if let reference = keywords["$ref"]?.string {
            if let (target, holder) = resolve(reference, from: document) {
                check(value, against: target, in: holder, path: path, into: &found)
            } else {
                found.append("\(path): schema reference \(reference) not found")
            }
        }
        if let type = keywords["type"] {
            let allowed = type.list?.compactMap(\.string) ?? [type.string ?? ""]
            let name = Self.typeName(of: value)
            // JSON Schema's integers are numbers too.
            if !allowed.contains(name) && !(name == "integer" && allowed.contains("number")) {
                found.append(
                    "\(path): expected \(allowed.joined(separator: " or ")), found \(Self.typeName(of: value))")
                return
            }
        }
        if let constant = keywords["const"], constant != value {
            found.append("\(path): expected \(constant), found \(value)")
        }
        if let choices = keywords["enum"]?.list, !choices.contains(value) {
            found.append(
                "\(path): expected one of \(choices.map(\.description).joined(separator: ", ")), found \(value)")
        }
        if let minimum = keywords["minimum"]?.int, let number = value.int, number < minimum {
            found.append("\(path): \(number) is below the minimum \(minimum)")
        }
        if let pattern = keywords["pattern"]?.string, let text = value.string {
            // As JSON Schema reads it: a match anywhere, anchors in the pattern when wanted.
            if let regex = try? Regex(pattern) {
                if text.firstMatch(of: regex) == nil { found.append("\(path): \(value) does not match \(pattern)") }
            } else {
                found.append("\(path): schema pattern \(pattern) is not a regular expression")
            }
        }
        if case .map(let fields) = value {
            for key in keywords["required"]?.list?.compactMap(\.string) ?? [] where fields[key] == nil {
                found.append("\(path): missing \"\(key)\"")
            }
            var properties: [String: Value] = [:]
            if case .map(let declared)? = keywords["properties"] { properties = declared }
            for key in fields.keys.sorted() {
                if let property = properties[key] {
                    check(fields[key]!, against: property, in: document, path: "\(path).\(key)", into: &found)
                } else if let additional = keywords["additionalProperties"] {
                    if additional == .bool(false) {
                        found.append("\(path): unexpected \"\(key)\"")
                    } else {
                        check(fields[key]!, against: additional, in: document, path: "\(path).\(key)", into: &found)
                    }
                }
            }
        }
        if case .list(let items) = value, let itemSchema = keywords["items"] {
            for (index, item) in items.enumerated() {
                check(item, against: itemSchema, in: document, path: "\(path)[\(index)]", into: &found)
            }
        }
        if let alternatives = keywords["oneOf"]?.list {
            let matching = alternatives.filter { alternative in
                var local: [String] = []
                check(value, against: alternative, in: document, path: path, into: &local)
                return local.isEmpty
            }
            if matching.count != 1 {
                found.append(
                    "\(path): matches \(matching.count) of the \(alternatives.count) alternatives, not exactly one")
            }
        }
    }

    static func typeName(of value: Value) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "boolean"
        case .int: return "integer"
        case .string: return "string"
        case .list: return "array"
        case .map: return "object"
        }
    }
}
