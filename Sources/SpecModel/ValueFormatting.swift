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
            guard case .map(let params)? = entries["params"], !params.isEmpty else { return name }
            return name + "{"
                + params.keys.sorted().map { "\(VisibleText.oneLine($0)): \(params[$0]!)" }.joined(separator: ", ")
                + "}"
        default: return value.description
        }
    }
}
