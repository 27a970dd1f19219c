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
///
/// Both directions work on UTF-8 bytes: a driver's reply is decoded straight from the bytes
/// read, and a request is written straight into the bytes sent.
public enum JSONCodec {
    public static func decode(_ text: String) throws(JSONSyntaxError) -> Value {
        var text = text
        return try text.withUTF8 { bytes in Result { () throws(JSONSyntaxError) in try decode(bytes) } }.get()
    }

    /// Decodes one JSON text held in `bytes` (a line without its newline).
    public static func decode(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> Value {
        var decoder = Decoder()
        return try decoder.decode(bytes)
    }

    /// A decoder that keeps its working storage from one line to the next: a reader of many
    /// lines (a driver's replies) holds one and allocates only what the values it returns need.
    public struct Decoder {
        var parser = Parser()

        public init() {}

        /// Decodes one JSON text held in `bytes` (a line without its newline).
        public mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> Value {
            parser.bytes = bytes
            parser.index = 0
            defer {
                // A line that failed may leave entries behind; the next starts clean.
                parser.keys.removeAll(keepingCapacity: true)
                parser.keyStarts.removeAll(keepingCapacity: true)
                parser.values.removeAll(keepingCapacity: true)
                parser.bytes = UnsafeBufferPointer(start: nil, count: 0)
            }
            parser.skipSpace()
            let value = try parser.value(depth: 0)
            parser.skipSpace()
            guard parser.index == bytes.count else { throw parser.error("unexpected text after the JSON value") }
            return value
        }
    }

    /// Compact, keys sorted, so equal values give equal lines.
    public static func encode(_ value: Value) -> String {
        var out: [UInt8] = []
        encode(value, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the compact, keys-sorted text of `value` to `out`.
    public static func encode(_ value: Value, into out: inout [UInt8]) {
        switch value {
        case .null: append("null", to: &out)
        case .bool(let flag): append(flag ? "true" : "false", to: &out)
        case .int(let number): appendNumber(number, to: &out)
        case .string(let text): appendQuoted(text, to: &out)
        case .list(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                encode(item, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .map(let entries):
            out.append(UInt8(ascii: "{"))
            for (index, entry) in entries.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                appendQuoted(entry.key, to: &out)
                out.append(UInt8(ascii: ":"))
                encode(entry.value, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Appends text known to need no escaping (keys and words of the protocol).
    static func append(_ text: StaticString, to out: inout [UInt8]) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    static func appendNumber(_ number: Int, to out: inout [UInt8]) {
        if number >= 0, number < 10 {
            out.append(UInt8(ascii: "0") + UInt8(number))
            return
        }
        // Digits from the last; the magnitude as UInt so that Int.min has one.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        var magnitude = number.magnitude
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            if number < 0 { out.append(UInt8(ascii: "-")) }
            out.append(contentsOf: buffer[(24 - count)...])
        }
    }

    /// The string in quotes, escaped exactly as `Value.quoted` escapes it: `"`, `\`, LF, TAB and
    /// CR by name, other control characters as `\u00xx`, everything else as its UTF-8 bytes.
    public static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"", to: &out)
            case UInt8(ascii: "\\"): append("\\\\", to: &out)
            case 0x0A: append("\\n", to: &out)
            case 0x09: append("\\t", to: &out)
            case 0x0D: append("\\r", to: &out)
            case ..<0x20:
                append("\\u00", to: &out)
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0x0F)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    struct Parser {
        var bytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        var index = 0
        /// The keys and values of the objects and arrays being read, innermost last: each
        /// takes the top of these stacks while it is read, then makes its value at its size.
        var keys: [String] = []
        /// Where each key of `keys` starts, for the error that names a duplicate.
        var keyStarts: [Int] = []
        var values: [Value] = []
        static let maxDepth = 64

        func error(_ message: String) -> JSONSyntaxError { JSONSyntaxError(message: message, column: index + 1) }

        func unexpectedCharacter() -> JSONSyntaxError {
            error("unexpected character '\(Character(Unicode.Scalar(bytes[index])))'")
        }

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
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
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try numberValue()
            default: throw unexpectedCharacter()
            }
        }

        mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
            let count = word.utf8CodeUnitCount
            guard bytes.count - index >= count,
                word.withUTF8Buffer({ expected in
                    (0..<count).allSatisfy { bytes[index + $0] == expected[$0] }
                })
            else { throw unexpectedCharacter() }
            index += count
        }

        /// A JSON number: a whole one as an integer; one with a fraction or an exponent (which
        /// no key of the protocol takes) as its text, so that it fails the key it was sent for,
        /// with a hint, instead of being a reply that is not JSON.
        mutating func numberValue() throws(JSONSyntaxError) -> Value {
            let start = index
            do {
                return .int(try number())
            } catch {
                guard error.message == Self.notWhole else { throw error }
                index = start
                if bytes[index] == UInt8(ascii: "-") { index += 1 }
                func digits() -> Bool {
                    let from = index
                    while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
                    return index > from
                }
                guard digits() else { throw self.error("malformed or out-of-range number") }
                if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                    index += 1
                    guard digits() else { throw self.error("a number's fraction is empty") }
                }
                if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                    index += 1
                    if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                        index += 1
                    }
                    guard digits() else { throw self.error("a number's exponent is empty") }
                }
                return .string(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
            }
        }

        static let notWhole = "numbers must be whole (counts and milliseconds)"

        /// JSON's integer grammar, `-?(0|[1-9][0-9]*)`, within Int's range.
        mutating func number() throws(JSONSyntaxError) -> Int {
            let start = index
            let negative = bytes[index] == UInt8(ascii: "-")
            if negative { index += 1 }
            let digits = index
            // Accumulated as a negative number, whose range holds Int.min.
            var value = 0
            var overflow = false
            while index < bytes.count, Self.isDigit(bytes[index]) {
                let (times10, o1) = value.multipliedReportingOverflow(by: 10)
                let (next, o2) = times10.subtractingReportingOverflow(Int(bytes[index] &- UInt8(ascii: "0")))
                overflow = overflow || o1 || o2
                value = next
                index += 1
            }
            if index < bytes.count,
                bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "e")
                    || bytes[index] == UInt8(ascii: "E")
            {
                throw error(Self.notWhole)
            }
            if index - digits > 1, bytes[digits] == UInt8(ascii: "0") {
                index = digits
                throw error("a number must not start with 0")
            }
            if !negative {
                if value == .min { overflow = true } else { value = -value }
            }
            guard index > digits, !overflow else {
                index = start
                throw error("malformed or out-of-range number")
            }
            return value
        }

        mutating func string() throws(JSONSyntaxError) -> String {
            index += 1
            // The common case: no escape, one decode of the bytes between the quotes.
            let start = index
            let end = plainRun(from: start)
            if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
                index = end + 1
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            }
            index = end
            // Escapes: the text's bytes gathered, then decoded once. Escapes write ASCII or a
            // whole scalar's UTF-8, never a continuation byte, so a bad sequence in the
            // driver's bytes is replaced just as when each run is decoded alone.
            var text = Array(UnsafeBufferPointer(rebasing: bytes[start..<end]))
            while index < bytes.count {
                let runStart = index
                index = plainRun(from: runStart)
                if index > runStart { text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
                guard index < bytes.count else { break }
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    index += 1
                    return String(decoding: text, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    index += 1
                    guard index < bytes.count else { throw error("unfinished escape") }
                    let escaped = bytes[index]
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escaped)
                    case UInt8(ascii: "b"): text.append(0x08)
                    case UInt8(ascii: "f"): text.append(0x0C)
                    case UInt8(ascii: "n"): text.append(0x0A)
                    case UInt8(ascii: "r"): text.append(0x0D)
                    case UInt8(ascii: "t"): text.append(0x09)
                    case UInt8(ascii: "u"): text.append(contentsOf: UTF8.encode(try escapedScalar())!)
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

        /// Where the run of plain string bytes from `start` ends: at a quote, a backslash, a
        /// control character or the end of the line.
        func plainRun(from start: Int) -> Int {
            var end = start
            while end < bytes.count {
                let byte = bytes[end]
                if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { break }
                end += 1
            }
            return end
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
            guard bytes.count - index >= 4 else { throw error("invalid \\u escape") }
            var code: UInt32 = 0
            for offset in 0..<4 {
                guard let digit = Self.hexValue(bytes[index + offset]) else { throw error("invalid \\u escape") }
                code = code << 4 | digit
            }
            index += 4
            return code
        }

        static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

        static func hexValue(_ byte: UInt8) -> UInt32? {
            if isDigit(byte) { return UInt32(byte - UInt8(ascii: "0")) }
            let lower = byte | 0x20
            if lower >= UInt8(ascii: "a"), lower <= UInt8(ascii: "f") { return UInt32(lower - UInt8(ascii: "a") + 10) }
            return nil
        }

        mutating func array(depth: Int) throws(JSONSyntaxError) -> Value {
            index += 1
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .list([])
            }
            let first = values.count
            while true {
                skipSpace()
                let item = try value(depth: depth + 1)
                values.append(item)
                skipSpace()
                guard index < bytes.count else { throw error("unterminated array") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    let items = Array(values[first...])
                    values.removeLast(values.count - first)
                    return .list(items)
                }
                throw error("expected ',' or ']'")
            }
        }

        mutating func object(depth: Int) throws(JSONSyntaxError) -> Value {
            index += 1
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .map([:])
            }
            // Entries gathered on the stacks and the dictionary made once at its size. A
            // duplicate key shows as a dictionary smaller than its keys, or is looked for when
            // anything fails after it; either way it is reported where it was read, before
            // anything after it, as if it had been caught on reading.
            let first = keys.count
            let firstValue = values.count
            do throws(JSONSyntaxError) {
                while true {
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                        throw error("expected a key in quotes")
                    }
                    keyStarts.append(index)
                    keys.append(try string())
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
                    index += 1
                    skipSpace()
                    let entry = try value(depth: depth + 1)
                    values.append(entry)
                    skipSpace()
                    guard index < bytes.count else { throw error("unterminated object") }
                    if bytes[index] == UInt8(ascii: ",") {
                        index += 1
                        continue
                    }
                    if bytes[index] == UInt8(ascii: "}") {
                        index += 1
                        let count = keys.count - first
                        var entries: [String: Value] = [:]
                        entries.reserveCapacity(count)
                        for offset in 0..<count { entries[keys[first + offset]] = values[firstValue + offset] }
                        if entries.count < count { throw duplicateKey(from: first) ?? error("duplicate key") }
                        keys.removeLast(count)
                        keyStarts.removeLast(count)
                        values.removeLast(count)
                        return .map(entries)
                    }
                    throw error("expected ',' or '}'")
                }
            } catch {
                let duplicate = duplicateKey(from: first)
                // An enclosing object looks only at its own keys.
                keys.removeLast(keys.count - first)
                keyStarts.removeLast(keyStarts.count - first)
                throw duplicate ?? error
            }
        }

        /// The first key from `first` on that repeats an earlier one, as the error naming it.
        mutating func duplicateKey(from first: Int) -> JSONSyntaxError? {
            guard keys.count - first > 1 else { return nil }
            var seen = Set<String>(minimumCapacity: keys.count - first)
            for offset in first..<keys.count where !seen.insert(keys[offset]).inserted {
                index = keyStarts[offset]
                return error("duplicate key \"\(keys[offset])\"")
            }
            return nil
        }
    }
}
