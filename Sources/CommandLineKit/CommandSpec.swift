import ScenarioModel

/// What a subcommand accepts, declared once: its help and its parser both read this.
package struct CommandSpec {
    package struct Option {
        package var name: String
        /// nil for a flag; else what the value is called in help (`<file>`).
        package var valueName: String?
        package var help: String
        package var repeatable = false
        /// For a flag: words it may be followed by (`--update-baseline all`), the first being
        /// what the flag alone means.
        package var words: [String] = []

        package init(
            name: String, valueName: String?, help: String, repeatable: Bool = false, words: [String] = []
        ) {
            self.name = name
            self.valueName = valueName
            self.help = help
            self.repeatable = repeatable
            self.words = words
        }

        /// `<file>`, `[skips|all]`, or nothing, as usage and help write it after the name.
        var shownValue: String {
            if let valueName { return " <\(valueName)>" }
            return words.isEmpty ? "" : " [\(words.joined(separator: "|"))]"
        }
    }

    /// A positional argument: optional and repeating (`[<paths> ...]`) unless said otherwise;
    /// a literal is a word written as is (`spec check`).
    package struct Argument {
        package var name: String
        package var help: String
        package var optional = true
        package var repeating = true
        package var literal = false

        package init(name: String, help: String, optional: Bool = true, repeating: Bool = true, literal: Bool = false) {
            self.name = name
            self.help = help
            self.optional = optional
            self.repeating = repeating
            self.literal = literal
        }

        package var usage: String {
            if literal { return name }
            let core = "<\(name)>" + (repeating ? " ..." : "")
            return optional ? "[\(core)]" : core
        }
    }

    package var name: String
    package var abstract: String
    package var discussion: String?
    package var arguments: [Argument]
    package var options: [Option]

    package init(name: String, abstract: String, discussion: String?, arguments: [Argument], options: [Option]) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
    }

    package static let helpOption = Option(name: "help", valueName: nil, help: "Show help information.")

    package var allOptions: [Option] { options + [Self.helpOption] }

    /// What an error prints: the command, `[<options>]` and its arguments.
    package var shortUsage: String {
        (["authspec", name] + (options.isEmpty ? [] : ["[<options>]"]) + arguments.map(\.usage)).joined(separator: " ")
    }

    package var usage: String {
        var parts = ["authspec", name]
        parts += arguments.map(\.usage)
        for option in options {
            let value = option.shownValue
            parts.append("[--\(option.name)\(value)\(option.repeatable ? " ..." : "")]")
        }
        return parts.joined(separator: " ")
    }

    package func help() -> String {
        var text = "OVERVIEW: \(abstract)\n"
        if let discussion { text += "\n" + HelpText.wrap(discussion, indent: 0) + "\n" }
        text += "\nUSAGE: \(usage)\n"
        if !arguments.isEmpty {
            text += "\nARGUMENTS:\n"
            for argument in arguments {
                text += HelpText.row(argument.literal ? argument.name : "<\(argument.name)>", argument.help)
            }
        }
        text += "\nOPTIONS:\n"
        for option in allOptions {
            let label =
                (option.name == "help" ? "-h, " : "") + "--\(option.name)"
                + option.shownValue
            text += HelpText.row(label, option.help)
        }
        return text
    }
}

package enum HelpText {
    package static let labelWidth = 24
    package static let lineWidth = 80

    /// A label in a 26-column field (2 spaces of indent) and its help wrapped beside it; a longer
    /// label puts the help on the next line.
    package static func row(_ label: String, _ help: String) -> String {
        let indent = String(repeating: " ", count: labelWidth + 2)
        let lines = wrapWords(help, width: lineWidth - indent.count)
        var text = "  " + label
        if label.count <= labelWidth - 2 {
            text += String(repeating: " ", count: labelWidth - label.count) + (lines.first ?? "") + "\n"
            for line in lines.dropFirst() { text += indent + line + "\n" }
        } else {
            text += "\n"
            for line in lines { text += indent + line + "\n" }
        }
        return text
    }

    package static func wrap(_ text: String, indent: Int) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { paragraph in
            wrapWords(String(paragraph), width: lineWidth - indent)
                .map { String(repeating: " ", count: indent) + $0 }.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    package static func wrapWords(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if !current.isEmpty && current.count + 1 + word.count > width {
                lines.append(current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }
}

/// An option that takes a whole number: declared once with its range and default, which its
/// help states and its reading applies.
package struct NumberOption: Sendable {
    package let name: String
    package let help: String
    package let range: ClosedRange<Int>
    /// nil: no default (the option is left out, and something else decides).
    package let defaultValue: Int?
    package let valueName: String

    package init(
        _ name: String, _ help: String, in range: ClosedRange<Int>, default value: Int?, valueName: String = "n"
    ) {
        self.name = name
        self.help = help
        self.range = range
        self.defaultValue = value
        self.valueName = valueName
    }

    package var option: CommandSpec.Option {
        .init(name: name, valueName: valueName, help: help + (defaultValue.map { " (default \($0))." } ?? "."))
    }

    /// The value given, else the default.
    package func read(_ arguments: ParsedArguments) throws(UsageError) -> Int? {
        try arguments.number(name, in: range) ?? defaultValue
    }
}
