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
    public static func divergences(_ expected: Value?, _ observed: Value?, at path: String = "", limit: Int = 5)
        -> [Divergence]
    {
        var found: [Divergence] = []
        collect(expected, observed, at: path, limit: limit, into: &found)
        return found
    }

    private static func collect(
        _ expected: Value?, _ observed: Value?, at path: String, limit: Int, into found: inout [Divergence]
    ) {
        guard found.count < limit, expected != observed else { return }
        switch (expected, observed) {
        case (.list(let want)?, .list(let have)?):
            for index in 0..<max(want.count, have.count) {
                collect(
                    index < want.count ? want[index] : nil, index < have.count ? have[index] : nil,
                    at: "\(path)[\(index)]",
                    limit: limit, into: &found)
            }
        case (.map(let want)?, .map(let have)?):
            for key in Set(want.keys).union(have.keys).sorted() {
                collect(want[key], have[key], at: path + "." + key, limit: limit, into: &found)
            }
        default:
            found.append(Divergence(path: path, expected: expected, observed: observed))
        }
    }
}
