/// How an expected value admits an observed one. Most expectations are the value itself; two
/// forms say less, for what the documents give as a bound or leave partly open:
/// - a bound on a whole number or a duration, `{at_least: 44}`, `{at_most: 30s}` or both
///   (SCR-AUTH-006 §7.4 gives minimum sizes and contrasts);
/// - a table (`ValueType.table`), checked on the names the expectation gives: a rendered
///   screen has elements and fields no document fixes.
public enum ExpectedValue {
    public static let atLeast = "at_least"
    public static let atMost = "at_most"

    /// The bound an expected value is, when it is one: a mapping of `at_least`, `at_most` or
    /// both to whole numbers.
    public static func bound(_ value: Value) -> (atLeast: Int?, atMost: Int?)? {
        guard case .map(let entries) = value, !entries.isEmpty, entries.count <= 2 else { return nil }
        var low: Int?
        var high: Int?
        for (key, entry) in entries {
            guard let number = entry.int else { return nil }
            switch key {
            case atLeast: low = number
            case atMost: high = number
            default: return nil
            }
        }
        return (low, high)
    }

    /// Where `observed`, a value of `type` an implementation reported, holds a bound instead of a
    /// measurement (`a11y_audit.link.contrast_x100`), or nil when it holds none. The reference
    /// states the documents' minimums as bounds; a driver that echoes one measured nothing, and
    /// would otherwise pass every expectation of that bound.
    public static func boundReported(in observed: Value, as type: ValueType, at path: String) -> String? {
        switch type {
        case .integer, .integerIn, .duration:
            return bound(observed) == nil ? nil : path
        case .optional(let wrapped):
            return boundReported(in: observed, as: wrapped, at: path)
        case .list(let element):
            guard case .list(let items) = observed else { return nil }
            return items.indices.lazy.compactMap { boundReported(in: items[$0], as: element, at: "\(path)[\($0)]") }
                .first
        case .record(let fields), .partial(let fields):
            guard case .map(let entries) = observed else { return nil }
            return fields.lazy.compactMap { field in
                entries[field.name].flatMap { boundReported(in: $0, as: field.type, at: "\(path).\(field.name)") }
            }.first
        case .table(let element, _):
            guard case .map(let entries) = observed else { return nil }
            return entries.keys.sorted().lazy.compactMap { name in
                boundReported(in: entries[name]!, as: element, at: "\(path).\(name)")
            }.first
        case .bool, .string, .digits, .oneOf, .instant, .state, .event:
            return nil
        }
    }

    /// Whether `observed` is what `expected` asks for, as a value of `type` (nil: compared
    /// exactly). Equal values always are; the check below runs only when they differ.
    public static func admits(_ expected: Value, _ observed: Value?, as type: ValueType?) -> Bool {
        if expected == observed { return true }
        guard let type, let observed else { return false }
        switch type {
        case .optional(let wrapped):
            return expected != .null && observed != .null && admits(expected, observed, as: wrapped)
        case .integer, .integerIn, .duration:
            guard let bound = bound(expected), let number = observed.int else { return false }
            return (bound.atLeast.map { number >= $0 } ?? true) && (bound.atMost.map { number <= $0 } ?? true)
        case .list(let element):
            guard case .list(let want) = expected, case .list(let have) = observed, want.count == have.count else {
                return false
            }
            return zip(want, have).allSatisfy { admits($0, $1, as: element) }
        case .record(let fields):
            guard case .map(let want) = expected, case .map(let have) = observed, want.count == have.count else {
                return false
            }
            return want.allSatisfy { name, value in
                admits(value, have[name], as: fields.first { $0.name == name }?.type)
            }
        case .partial(let fields):
            guard case .map(let want) = expected, case .map(let have) = observed else { return false }
            return want.allSatisfy { name, value in
                admits(value, have[name], as: fields.first { $0.name == name }?.type)
            }
        case .table(let element, _):
            guard case .map(let want) = expected, case .map(let have) = observed else { return false }
            return want.allSatisfy { name, value in admits(value, have[name], as: element) }
        case .bool, .string, .digits, .oneOf, .instant, .state, .event:
            return false
        }
    }
}
