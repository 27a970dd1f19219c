extension Program {
    /// Every command's help as one Markdown page, in the order the root help lists them: the
    /// same text `NAME help COMMAND` prints, so the reference and the help have one source.
    package var reference: String {
        var text = "# \(name) \(version): command reference\n\n"
        text +=
            "Written from the commands' own declarations, the text `\(name) help COMMAND` prints (a test fails when "
            + "this page differs from them).\n\n"
        text += commands.map { "- [`\(name) \($0.name)`](#\(name)-\($0.name)): \($0.abstract)" }.joined(separator: "\n")
        text += "\n\n## `\(name)`\n\n```text\n\(help)\n```\n"
        for command in commands {
            text += "\n## `\(name) \(command.name)`\n\n```text\n\(command.help())\n```\n"
        }
        return text
    }
}
