/// A plain data value, as observed from an implementation or expected by a scenario.
/// Observations are compared as values, key by key, so every implementation (Swift or a
/// subprocess speaking JSON) reports in the same currency.
public enum Value: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case list([Value])
    /// Keys in the order they were written; equality ignores that order.
    case map([String: Value])

    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    public var int: Int? {
        if case .int(let number) = self { return number }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    public var list: [Value]? {
        if case .list(let items) = self { return items }
        return nil
    }
}

extension Value: CustomStringConvertible {
    /// A compact, deterministic rendering (keys sorted), JSON-like, for diffs and messages.
    public var description: String {
        switch self {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .string(let text): return Value.quoted(text)
        case .list(let items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .map(let entries):
            let body = entries.keys.sorted().map { "\($0): \(entries[$0]!.description)" }
            return "{" + body.joined(separator: ", ") + "}"
        }
    }

    public static func quoted(_ text: String) -> String {
        quoted(text) { $0.value < 0x20 }
    }

    /// `text` quoted, with `escaped` scalars (beside the quote, the backslash and the control
    /// characters that have a short escape) written as `\uXXXX`: JSON, and a YAML double-quoted
    /// scalar, read it back as `text`.
    public static func quoted(_ text: String, escaping escaped: (Unicode.Scalar) -> Bool) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if escaped(scalar) {
                    out +=
                        "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                        + String(scalar.value, radix: 16)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

/// How an analytics event is held as a value, by scenarios and implementations alike:
/// `{name: "pin_failure", params: {attempt_number: 1}}`.
public enum AnalyticsEventValue {
    public static func make(name: String, params: [String: Value]) -> Value {
        .map(["name": .string(name), "params": .map(params)])
    }
}
