import ScenarioModel

/// A program of subcommands, as swift-argument-parser's root command: `-h`, `--help` and
/// `help NAME` print help, `--version` the version, an unknown subcommand is a usage error
/// with a guess, and each subcommand's arguments are parsed against its spec before it runs.
package struct Program {
    /// What a program's text goes to, and how a failure ends it (the program owns its exit codes).
    package struct Endings {
        package var success: Int32
        package var usage: Int32
        package var out: (String) -> Void
        package var error: (String) -> Void

        package init(success: Int32, usage: Int32, out: @escaping (String) -> Void, error: @escaping (String) -> Void) {
            self.success = success
            self.usage = usage
            self.out = out
            self.error = error
        }
    }

    package var name: String
    package var version: String
    package var overview: String
    package var description: String
    package var commands: [CommandSpec]

    package init(name: String, version: String, overview: String, description: String, commands: [CommandSpec]) {
        self.name = name
        self.version = version
        self.overview = overview
        self.description = description
        self.commands = commands
    }

    /// The root help: overview, usage, options, every subcommand with its abstract.
    package var help: String {
        var text = "OVERVIEW: \(overview)\n\n"
        text += HelpText.wrap(description, indent: 0)
        text += "\n\nUSAGE: \(name) <subcommand>\n\nOPTIONS:\n"
        text += HelpText.row("--version", "Show the version.")
        text += HelpText.row("-h, --help", "Show help information.")
        text += "\nSUBCOMMANDS:\n"
        for command in commands { text += HelpText.row(command.name, command.abstract) }
        text += HelpText.row("help", "Show subcommand help information.")
        text += "\n  See '\(name) help <subcommand>' for detailed help.\n"
        return text
    }

    /// `Error: ...`, then the usage and where to read more; the usage exit code.
    package func usageFailure(_ message: String, spec: CommandSpec?, _ endings: Endings) -> Int32 {
        endings.error("Error: \(message)")
        if let spec {
            endings.error("Usage: \(spec.shortUsage)")
            endings.error("  See '\(name) help \(spec.name)' for more information.")
        } else {
            endings.error("Usage: \(name) <subcommand>")
            endings.error("  See '\(name) --help' for more information.")
        }
        return endings.usage
    }

    /// Parses `arguments` and runs the subcommand they name with `run`, which maps its own
    /// failures to exit codes; help, the version and usage mistakes (a `UsageError` thrown by
    /// `run` too) are answered here, and any other error `run` throws is said and ends it as
    /// a usage failure does.
    package func main(
        _ arguments: [String], endings: Endings, run: (CommandSpec, ParsedArguments) throws -> Int32
    ) -> Int32 {
        guard let first = arguments.first else {
            endings.out(help)
            return endings.usage
        }
        func unknown(_ word: String) -> String {
            let guess = closestMatch(to: word, among: commands.map(\.name) + ["help"])
            return "Unknown subcommand '\(word)'" + (guess.map { " (did you mean '\($0)'?)" } ?? "")
        }
        switch first {
        case "-h", "--help":
            endings.out(help)
            return endings.success
        case "--version":
            endings.out("\(name) \(version)")
            return endings.success
        case "help":
            guard let word = arguments.dropFirst().first else {
                endings.out(help)
                return endings.success
            }
            guard let spec = commands.first(where: { $0.name == word }) else {
                return usageFailure(unknown(word), spec: nil, endings)
            }
            endings.out(spec.help())
            return endings.success
        default:
            guard let spec = commands.first(where: { $0.name == first }) else {
                return usageFailure(unknown(first), spec: nil, endings)
            }
            let parsed: ParsedArguments
            do {
                parsed = try ParsedArguments(
                    Array(arguments.dropFirst()), spec: spec, known: Set(commands.flatMap { $0.options.map(\.name) }))
            } catch {
                return usageFailure(error.message, spec: spec, endings)
            }
            if parsed.flag("help") {
                endings.out(spec.help())
                return endings.success
            }
            do {
                return try run(spec, parsed)
            } catch let error as UsageError {
                return usageFailure(error.message, spec: spec, endings)
            } catch {
                endings.error("Error: \(error)")
                return endings.usage
            }
        }
    }
}
