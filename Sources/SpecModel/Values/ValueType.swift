/// The shape a given key, an input's argument or an observation key takes. The scenario
/// loader decodes YAML against it; reporters render values with it.
public indirect enum ValueType: Sendable, Equatable {
    case bool
    case integer(ClosedRange<Int>)
    /// A whole number from a fixed set, such as a PIN length of 4 or 6.
    case integerIn([Int])
    case string
    /// A string of decimal digits, kept as written (a PIN `0123` keeps its zero).
    case digits
    /// One of the listed words.
    case oneOf([String])
    /// A duration written `59s`, `500ms`, `2h`; held as milliseconds.
    case duration
    /// An ISO 8601 instant such as `2026-01-01T09:00:00Z`; held as milliseconds since 1970.
    case instant
    /// One of the model's state names.
    case state
    case list(ValueType)
    /// An analytics event: its name and parameters.
    case event
    /// Either null or the wrapped type.
    case optional(ValueType)
    /// A mapping with these fields, each of its own type: what a platform call carried, or
    /// what a store holds. A scenario may leave out a field that takes null; it then expects null.
    case record([RecordField])
    /// A mapping of names to values of one type, such as element frames by element: an
    /// expectation checks the names it gives and nothing else, since a rendered screen has more
    /// than the documents fix. `names` lists the names a scenario may write; empty: any name.
    case table(ValueType, names: [String])
    /// A mapping with these fields, each of its own type, checked on the fields an expectation
    /// gives: what a screen shows where the documents fix some of it (an animation's length).
    case partial([RecordField])

    /// True for the whole-number types an expectation may bound (`{at_least: 44}`).
    public var isBoundable: Bool {
        switch self {
        case .integer, .integerIn, .duration: return true
        case .optional(let wrapped): return wrapped.isBoundable
        default: return false
        }
    }

    /// True when a value of this type may hold a boundable number anywhere (in a list, a
    /// record's field, a table's entry).
    public var canHoldBound: Bool {
        switch self {
        case .integer, .integerIn, .duration: return true
        case .optional(let element), .list(let element), .table(let element, _): return element.canHoldBound
        case .record(let fields), .partial(let fields): return fields.contains { $0.type.canHoldBound }
        case .bool, .string, .digits, .oneOf, .instant, .state, .event: return false
        }
    }

    /// How a reader would describe a well-formed value, for error messages.
    public var summary: String {
        switch self {
        case .bool: return "true or false"
        case .integer(let range): return "a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .integerIn(let choices): return "one of " + choices.map(String.init).joined(separator: ", ")
        case .string: return "a string"
        case .digits: return "a string of digits"
        case .oneOf(let words): return "one of " + words.joined(separator: ", ")
        case .duration: return "a duration such as 500ms, 59s, 5m, 1h or 30d"
        case .instant: return "an instant such as 2026-01-01T09:00:00Z"
        case .state: return "a state name"
        case .list(let element): return "a list of \(element.summary)"
        case .event: return "an analytics event: a name, or a one-key mapping of name to parameters"
        case .optional(let wrapped): return "null or \(wrapped.summary)"
        case .record(let fields): return "a mapping of " + fields.map(\.name).joined(separator: ", ")
        case .partial(let fields):
            return "a mapping of any of " + fields.map(\.name).joined(separator: ", ")
        case .table(let element, let names):
            return "a mapping of " + (names.isEmpty ? "names" : "any of " + names.joined(separator: ", ")) + " to "
                + element.summary
        }
    }
}

/// One field of a record type.
public struct RecordField: Sendable, Equatable {
    public var name: String
    public var type: ValueType
    public var summary: String

    public init(_ name: String, _ type: ValueType, _ summary: String) {
        self.name = name
        self.type = type
        self.summary = summary
    }

    /// True when a scenario may leave the field out, meaning null.
    public var takesNull: Bool {
        if case .optional = type { return true }
        return false
    }
}
