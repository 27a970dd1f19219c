import SpecModel

/// A JSON text that is not what the protocol allows, with the byte offset of the problem.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    /// 1-based column (byte offset + 1) in the line.
    public var column: Int
    public var description: String { "\(message) at column \(column)" }
}

/// Reads and writes one-line JSON as `Value`. Strict: whole numbers only (every number in the
/// protocol is a count or milliseconds), no duplicate keys, nothing after the value.
public enum JSONCodec {
    public static func decode(_ text: String) throws(JSONSyntaxError) -> Value {
        var parser = Parser(bytes: Array(text.utf8))
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == parser.bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    /// Compact, keys sorted, so equal values give equal lines.
    public static func encode(_ value: Value) -> String {
        var out = ""
        write(value, into: &out)
        return out
    }

    private static func write(_ value: Value, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .int(let number): out += String(number)
        case .string(let text): out += Value.quoted(text)
        case .list(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                write(item, into: &out)
            }
            out += "]"
        case .map(let entries):
            out += "{"
            for (index, key) in entries.keys.sorted().enumerated() {
                if index > 0 { out += "," }
                out += Value.quoted(key) + ":"
                write(entries[key]!, into: &out)
            }
            out += "}"
        }
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0
        static let maxDepth = 64

        func error(_ message: String) -> JSONSyntaxError { JSONSyntaxError(message: message, column: index + 1) }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func value(depth: Int) throws(JSONSyntaxError) -> Value {
            guard depth < Self.maxDepth else { throw error("nesting deeper than \(Self.maxDepth)") }
            guard index < bytes.count else { throw error("unexpected end of the line") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"):
                try literal("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try literal("false")
                return .bool(false)
            case UInt8(ascii: "n"):
                try literal("null")
                return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .int(try number())
            default: throw error("unexpected character '\(Character(Unicode.Scalar(bytes[index])))'")
            }
        }

        mutating func literal(_ word: String) throws(JSONSyntaxError) {
            let expected = Array(word.utf8)
            guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
                throw error("unexpected character '\(Character(Unicode.Scalar(bytes[index])))'")
            }
            index += expected.count
        }

        /// JSON's integer grammar, `-?(0|[1-9][0-9]*)`, within Int's range.
        mutating func number() throws(JSONSyntaxError) -> Int {
            let start = index
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            let digits = index
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
            if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) {
                throw error("numbers must be whole (counts and milliseconds)")
            }
            if index - digits > 1, bytes[digits] == UInt8(ascii: "0") {
                index = digits
                throw error("a number must not start with 0")
            }
            guard index > digits, let number = Int(String(decoding: bytes[start..<index], as: UTF8.self)) else {
                index = start
                throw error("malformed or out-of-range number")
            }
            return number
        }

        mutating func string() throws(JSONSyntaxError) -> String {
            index += 1
            var text = ""
            while index < bytes.count {
                // A run of plain bytes is taken whole: one decode per run, not per byte.
                let start = index
                index = bytes.withUnsafeBufferPointer { buffer in
                    var end = start
                    while end < buffer.count, buffer[end] >= 0x20, buffer[end] != UInt8(ascii: "\""),
                        buffer[end] != UInt8(ascii: "\\")
                    {
                        end += 1
                    }
                    return end
                }
                if index > start { text += String(decoding: bytes[start..<index], as: UTF8.self) }
                guard index < bytes.count else { break }
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return text
                case UInt8(ascii: "\\"):
                    index += 1
                    guard index < bytes.count else { throw error("unfinished escape") }
                    let escaped = bytes[index]
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "\""): text += "\""
                    case UInt8(ascii: "\\"): text += "\\"
                    case UInt8(ascii: "/"): text += "/"
                    case UInt8(ascii: "b"): text += "\u{08}"
                    case UInt8(ascii: "f"): text += "\u{0C}"
                    case UInt8(ascii: "n"): text += "\n"
                    case UInt8(ascii: "r"): text += "\r"
                    case UInt8(ascii: "t"): text += "\t"
                    case UInt8(ascii: "u"):
                        text.unicodeScalars.append(try escapedScalar())
                    default:
                        index -= 1
                        throw error("invalid escape")
                    }
                default:
                    throw error("control character inside a string")
                }
            }
            throw error("unterminated string")
        }

        /// The scalar of a `\uXXXX` escape whose `\u` has been read: a UTF-16 surrogate pair
        /// is two escapes in a row, high then low; a surrogate alone is no character.
        mutating func escapedScalar() throws(JSONSyntaxError) -> Unicode.Scalar {
            let start = index - 2
            let code = try hex4()
            if let scalar = Unicode.Scalar(code) { return scalar }
            guard (0xD800..<0xDC00).contains(code), bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"),
                bytes[index + 1] == UInt8(ascii: "u")
            else {
                index = start
                throw error("unpaired UTF-16 surrogate in a \\u escape")
            }
            index += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else {
                index = start
                throw error("unpaired UTF-16 surrogate in a \\u escape")
            }
            return Unicode.Scalar(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00))!
        }

        /// Exactly four hex digits (no sign, no space), as JSON writes them.
        mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
            guard bytes.count - index >= 4, bytes[index..<index + 4].allSatisfy(Self.isHexDigit) else {
                throw error("invalid \\u escape")
            }
            let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)!
            index += 4
            return code
        }

        static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

        static func isHexDigit(_ byte: UInt8) -> Bool {
            isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
        }

        mutating func array(depth: Int) throws(JSONSyntaxError) -> Value {
            index += 1
            var items: [Value] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .list(items)
            }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard index < bytes.count else { throw error("unterminated array") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .list(items)
                }
                throw error("expected ',' or ']'")
            }
        }

        mutating func object(depth: Int) throws(JSONSyntaxError) -> Value {
            index += 1
            var entries: [String: Value] = [:]
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .map(entries)
            }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw error("expected a key in quotes")
                }
                let keyStart = index
                let key = try string()
                if entries[key] != nil {
                    index = keyStart
                    throw error("duplicate key \"\(key)\"")
                }
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
                index += 1
                skipSpace()
                entries[key] = try value(depth: depth + 1)
                skipSpace()
                guard index < bytes.count else { throw error("unterminated object") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .map(entries)
                }
                throw error("expected ',' or '}'")
            }
        }
    }
}
