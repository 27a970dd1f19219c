import SpecModel

/// A JSON document with its keys in a fixed order, so reports are byte-for-byte deterministic.
public indirect enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Int)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    public static func == (lhs: JSON, rhs: JSON) -> Bool { lhs.rendered() == rhs.rendered() }

    /// Values become JSON with their map keys sorted.
    public init(_ value: Value) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .int(let number): self = .number(number)
        case .string(let text): self = .string(text)
        case .list(let items): self = .array(items.map(JSON.init))
        case .map(let entries): self = .object(entries.keys.sorted().map { ($0, JSON(entries[$0]!)) })
        }
    }

    /// Pretty-printed with two-space indents and a final newline.
    public func rendered() -> String {
        var out = ""
        write(into: &out, indent: "")
        return out + "\n"
    }

    private func write(into out: inout String, indent: String) {
        let inner = indent + "  "
        switch self {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let number): out += String(number)
        case .string(let text): out += Value.quoted(text)
        case .array(let items):
            guard !items.isEmpty else {
                out += "[]"
                return
            }
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += inner
                item.write(into: &out, indent: inner)
                out += index == items.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case .object(let pairs):
            guard !pairs.isEmpty else {
                out += "{}"
                return
            }
            out += "{\n"
            for (index, pair) in pairs.enumerated() {
                out += inner + Value.quoted(pair.0) + ": "
                pair.1.write(into: &out, indent: inner)
                out += index == pairs.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        }
    }
}
