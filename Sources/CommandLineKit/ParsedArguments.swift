import ScenarioModel

/// A usage mistake: reported as `Error: ...` with the usage line, exit code 2.
package struct UsageError: Error {
    package var message: String

    package init(message: String) {
        self.message = message
    }
}

/// Arguments after the subcommand's name, checked against its spec.
package struct ParsedArguments {
    package var positionals: [String] = []
    package var values: [String: [String]] = [:]
    package var flags: Set<String> = []
    /// The options any command of the program declares: reading another name is a misspelling
    /// in the code, which would read as never given; a debug build stops at it. (A helper shared
    /// by several commands may read an option some of them do not have: it reads as not given.)
    private var declared: Set<String> = ["help"]

    package init(_ arguments: [String], spec: CommandSpec, known: Set<String> = []) throws(UsageError) {
        declared.formUnion(spec.options.map(\.name))
        declared.formUnion(known)
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "-h" || argument == "--help" {
                flags.insert("help")
                continue
            }
            if argument == "--" {
                positionals += arguments[index...]
                break
            }
            guard argument.hasPrefix("-"), argument.count > 1 else {
                positionals.append(argument)
                continue
            }
            var name = String(argument.drop { $0 == "-" })
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let option = spec.options.first(where: { $0.name == name }) else {
                let guess = closestMatch(to: name, among: spec.options.map(\.name)).map { " (did you mean '--\($0)'?)" }
                throw UsageError(message: "Unknown option '\(argument)'" + (guess ?? ""))
            }
            guard let valueName = option.valueName else {
                flags.insert(name)
                // A flag with words takes one of them, given inline or as the next argument.
                if let word = inlineValue ?? (index < arguments.count ? arguments[index] : nil),
                    option.words.contains(word)
                {
                    values[name] = [word]
                    if inlineValue == nil { index += 1 }
                } else if let inlineValue {
                    guard !option.words.isEmpty else { throw UsageError(message: "Option '--\(name)' takes no value") }
                    throw UsageError(
                        message:
                            "--\(name) takes \(option.words.joined(separator: " or ")), or nothing, not '\(inlineValue)'"
                    )
                }
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count, !arguments[index].hasPrefix("--") {
                value = arguments[index]
                index += 1
            } else {
                throw UsageError(message: "Missing value for '--\(name) <\(valueName)>'")
            }
            // An empty path is no path: taken as one, a folder of '' is the filesystem's root.
            guard !value.isEmpty else {
                throw UsageError(message: "--\(name) <\(valueName)> takes a value, not an empty one")
            }
            if !option.repeatable, values[name] != nil {
                throw UsageError(message: "Option '--\(name)' given more than once")
            }
            values[name, default: []].append(value)
        }
        if spec.arguments.isEmpty, let extra = positionals.first {
            throw UsageError(message: "Unexpected argument '\(extra)'")
        }
        if let empty = positionals.firstIndex(of: "") {
            // The last argument takes the rest (paths ...).
            let name = spec.arguments[min(empty, spec.arguments.count - 1)].name
            throw UsageError(message: "<\(name)> takes a value, not an empty one")
        }
    }

    package func value(_ name: String) -> String? {
        assert(declared.contains(name), "--\(name) is no command's option")
        return values[name]?.last
    }

    package func all(_ name: String) -> [String] {
        assert(declared.contains(name), "--\(name) is no command's option")
        return values[name] ?? []
    }

    package func flag(_ name: String) -> Bool {
        assert(declared.contains(name), "--\(name) is no command's option")
        return flags.contains(name)
    }

    /// A whole number in `range`, or nil when the option is not given; anything else is a usage
    /// error that says what the option takes.
    package func number(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            let bounds =
                range.upperBound == Int.max
                ? "from \(range.lowerBound) up" : "from \(range.lowerBound) to \(range.upperBound)"
            throw UsageError(message: "--\(name) takes a whole number \(bounds), not '\(text)'")
        }
        return number
    }

    /// The same, `otherwise` when the option is not given.
    package func number(_ name: String, in range: ClosedRange<Int>, otherwise: Int) throws(UsageError) -> Int {
        try number(name, in: range) ?? otherwise
    }

    /// `--seed`, a whole number from 0 to UInt64.max, or nil when not given.
    package func seed() throws(UsageError) -> UInt64? {
        guard let text = value("seed") else { return nil }
        guard let seed = UInt64(text) else {
            throw UsageError(message: "--seed takes a whole number from 0 to \(UInt64.max), not '\(text)'")
        }
        return seed
    }

    /// An option whose value is one of `Choice`'s cases, named by its raw value; nil when not given.
    package func choice<Choice: CaseIterable & RawRepresentable>(_ name: String, of _: Choice.Type)
        throws(UsageError) -> Choice? where Choice.RawValue == String
    {
        guard let text = value(name) else { return nil }
        guard let choice = Choice(rawValue: text) else {
            let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError(message: "--\(name) takes \(names), not '\(text)'")
        }
        return choice
    }
}
