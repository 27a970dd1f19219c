/// What a subcommand accepts, declared once: its help and its parser both read this.
struct CommandSpec {
    struct Option {
        var name: String
        /// nil for a flag; else what the value is called in help (`<file>`).
        var valueName: String?
        var help: String
        var repeatable = false
    }

    /// A positional argument: optional and repeating (`[<paths> ...]`) unless said otherwise;
    /// a literal is a word written as is (`spec check`).
    struct Argument {
        var name: String
        var help: String
        var optional = true
        var repeating = true
        var literal = false

        var usage: String {
            if literal { return name }
            let core = "<\(name)>" + (repeating ? " ..." : "")
            return optional ? "[\(core)]" : core
        }
    }

    var name: String
    var abstract: String
    var discussion: String?
    var arguments: [Argument]
    var options: [Option]

    static let helpOption = Option(name: "help", valueName: nil, help: "Show help information.")

    var allOptions: [Option] { options + [Self.helpOption] }

    /// What an error prints: the command, `[<options>]` and its arguments.
    var shortUsage: String {
        (["authspec", name] + (options.isEmpty ? [] : ["[<options>]"]) + arguments.map(\.usage)).joined(separator: " ")
    }

    var usage: String {
        var parts = ["authspec", name]
        parts += arguments.map(\.usage)
        for option in options {
            let value = option.valueName.map { " <\($0)>" } ?? ""
            parts.append("[--\(option.name)\(value)\(option.repeatable ? " ..." : "")]")
        }
        return parts.joined(separator: " ")
    }

    func help() -> String {
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
                + (option.valueName.map { " <\($0)>" } ?? "")
            text += HelpText.row(label, option.help)
        }
        return text
    }
}

enum HelpText {
    static let labelWidth = 24
    static let lineWidth = 80

    /// A label in a 26-column field (2 spaces of indent) and its help wrapped beside it; a longer
    /// label puts the help on the next line.
    static func row(_ label: String, _ help: String) -> String {
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

    static func wrap(_ text: String, indent: Int) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { paragraph in
            wrapWords(String(paragraph), width: lineWidth - indent)
                .map { String(repeating: " ", count: indent) + $0 }.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    static func wrapWords(_ text: String, width: Int) -> [String] {
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
