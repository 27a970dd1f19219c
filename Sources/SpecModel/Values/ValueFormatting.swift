/// Renders observed and expected values the way a scenario author writes them: durations as
/// `1m` rather than 60000, events as `pin_failure{attempt_number: 1}`.
public struct ValueFormatter {
    public let model: ModelDeclaration

    public init(model: ModelDeclaration) {
        self.model = model
    }

    public func format(_ value: Value?, key: String) -> String {
        guard let value else { return "(not reported)" }
        return format(value, as: model.observation(named: key)?.type)
    }

    /// An input as a scenario author writes it: `advance: 1m`, `biometric: failure`, `enter_pin: "0000"`.
    public func format(input: Input) -> String {
        guard let argument = input.argument else { return input.name }
        let type = model.input(named: input.name)?.argument
        if case .oneOf = type, let word = argument.string { return "\(input.name): \(word)" }
        return "\(input.name): \(format(argument, as: type))"
    }

    public func format(_ value: Value, as type: ValueType?) -> String {
        switch (type, value) {
        case (.optional(let wrapped), _): return format(value, as: wrapped)
        case (.integer, .map), (.integerIn, .map), (.duration, .map):
            guard let bound = ExpectedValue.bound(value) else { return value.description }
            let side = { (number: Int) in format(.int(number), as: type) }
            switch (bound.atLeast, bound.atMost) {
            case (let low?, let high?): return "\(side(low)) to \(side(high))"
            case (let low?, nil): return "at least \(side(low))"
            case (nil, let high?): return "at most \(side(high))"
            case (nil, nil): return value.description
            }
        case (.table(let element, _), .map(let entries)):
            return "{"
                + entries.keys.sorted().map { "\(VisibleText.oneLine($0)): \(format(entries[$0]!, as: element))" }
                .joined(separator: ", ") + "}"
        case (.duration, .int(let milliseconds)): return VirtualDuration.format(milliseconds)
        case (.list(let element), .list(let items)):
            return "[" + items.map { format($0, as: element) }.joined(separator: ", ") + "]"
        case (.event, .map(let entries)):
            let name = VisibleText.oneLine(entries["name"]?.string ?? "?")
            // An event with no params field at all is not the same as one with none in it.
            guard let field = entries["params"] else { return name + " (no params field)" }
            guard case .map(let params) = field, !params.isEmpty else { return name }
            return name + "{"
                + params.keys.sorted().map { "\(VisibleText.oneLine($0)): \(params[$0]!)" }.joined(separator: ", ")
                + "}"
        case (.record(let fields), .map(let entries)):
            // In the declared order, then anything the declaration does not name.
            let named = fields.map { field in
                "\(field.name): " + (entries[field.name].map { format($0, as: field.type) } ?? "(not reported)")
            }
            let others = entries.keys.filter { key in !fields.contains { $0.name == key } }.sorted().map {
                "\(VisibleText.oneLine($0)): \(entries[$0]!)"
            }
            return "{" + (named + others).joined(separator: ", ") + "}"
        default: return value.description
        }
    }
}

extension Value {
    /// One place where two values differ: its path (`[1].params.method`), and each side's
    /// value there (nil where that side has nothing).
    public struct Divergence: Sendable, Equatable {
        public var path: String
        public var expected: Value?
        public var observed: Value?
    }

    /// Where `observed` differs from `expected`, into lists (index by index) and maps (key by
    /// key), at most `limit` places, in order: what a diff of two long lists needs to point at.
    /// With `type`, places the expectation admits (a bound met, a table's names it does not
    /// give) are not divergences.
    public static func divergences(
        _ expected: Value?, _ observed: Value?, at path: String = "", limit: Int = 5, as type: ValueType? = nil
    ) -> [Divergence] {
        var found: [Divergence] = []
        collect(expected, observed, at: path, limit: limit, as: type, into: &found)
        return found
    }

    private static func collect(
        _ expected: Value?, _ observed: Value?, at path: String, limit: Int, as type: ValueType?,
        into found: inout [Divergence]
    ) {
        guard found.count < limit, expected != observed else { return }
        if let type, let expected, ExpectedValue.admits(expected, observed, as: type) { return }
        var type = type
        if case .optional(let wrapped)? = type { type = wrapped }
        switch (expected, observed) {
        case (.list(let want)?, .list(let have)?):
            var element: ValueType?
            if case .list(let declared)? = type { element = declared }
            for index in 0..<max(want.count, have.count) {
                collect(
                    index < want.count ? want[index] : nil, index < have.count ? have[index] : nil,
                    at: "\(path)[\(index)]", limit: limit, as: element, into: &found)
            }
        case (.map(let want)?, .map(let have)?) where ExpectedValue.bound(.map(want)) == nil || type == nil:
            var names = Set(want.keys).union(have.keys)
            var field: (String) -> ValueType? = { _ in nil }
            switch type {
            case .table(let element, _)?:
                names = Set(want.keys)
                field = { _ in element }
            case .partial(let fields)?:
                names = Set(want.keys)
                field = { name in fields.first { $0.name == name }?.type }
            case .record(let fields)?:
                field = { name in fields.first { $0.name == name }?.type }
            default:
                break
            }
            for key in names.sorted() {
                collect(want[key], have[key], at: path + "." + key, limit: limit, as: field(key), into: &found)
            }
        default:
            found.append(Divergence(path: path, expected: expected, observed: observed))
        }
    }
}
