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

    /// Appends the value as it appears at `indent` inside a pretty-printed document.
    public func write(into out: inout String, indent: String) {
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

extension JSON {
    /// An object whose last field is an array, written item by item: the same text as the
    /// whole object rendered at once, without ever holding it whole.
    /// `object`, when given, is a field written after `fields`, pair by pair as its sequence
    /// makes them: a field as large as the array need not be held whole either.
    public static func stream<Items: Sequence<JSON>, Failure: Error>(
        _ fields: [(String, JSON)], thenArray key: String, _ items: Items, to emit: (String) throws(Failure) -> Void
    ) throws(Failure) {
        let noObject: (key: String, pairs: [(String, JSON)])? = nil
        try stream(fields, thenObject: noObject, thenArray: key, items, to: emit)
    }

    public static func stream<Items: Sequence<JSON>, Pairs: Sequence<(String, JSON)>, Failure: Error>(
        _ fields: [(String, JSON)], thenObject object: (key: String, pairs: Pairs)?, thenArray key: String,
        _ items: Items, trailing: () -> [(String, JSON)] = { [] }, to emit: (String) throws(Failure) -> Void
    ) throws(Failure) {
        var out = "{\n"
        for (name, value) in fields {
            out += "  " + Value.quoted(name) + ": "
            value.write(into: &out, indent: "  ")
            out += ",\n"
            try flush(&out, to: emit)
        }
        if let object {
            out += "  " + Value.quoted(object.key) + ": "
            try streamed(object.pairs, open: "{", close: "}", into: &out, to: emit) { pair, out in
                out += "    " + Value.quoted(pair.0) + ": "
                pair.1.write(into: &out, indent: "    ")
            }
            out += ",\n"
        }
        out += "  " + Value.quoted(key) + ": "
        try streamed(items, open: "[", close: "]", into: &out, to: emit) { item, out in
            out += "    "
            item.write(into: &out, indent: "    ")
        }
        // Fields made from what was streamed (a digest of the items), once it has been.
        for (name, value) in trailing() {
            out += ",\n  " + Value.quoted(name) + ": "
            value.write(into: &out, indent: "  ")
        }
        try emit(out + "\n}\n")
    }

    /// A collection at the document's second level, element by element as `elements` makes
    /// them, the text handed on in pieces: as the whole rendered at once.
    private static func streamed<Elements: Sequence, Failure: Error>(
        _ elements: Elements, open: String, close: String, into out: inout String,
        to emit: (String) throws(Failure) -> Void, write: (Elements.Element, inout String) -> Void
    ) throws(Failure) {
        var iterator = elements.makeIterator()
        guard var element = iterator.next() else {
            out += open + close
            return
        }
        out += open + "\n"
        while true {
            write(element, &out)
            guard let next = iterator.next() else { break }
            out += ",\n"
            element = next
            try flush(&out, to: emit)
        }
        out += "\n  " + close
    }

    /// Hands on what is written once it passes 64 KiB.
    private static func flush<Failure: Error>(
        _ out: inout String, to emit: (String) throws(Failure) -> Void
    ) throws(Failure) {
        guard out.utf8.count >= 1 << 16 else { return }
        try emit(out)
        out = ""
    }
}
