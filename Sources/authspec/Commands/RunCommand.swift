import Foundation
import ReferenceMachine
import Reporters
import Runner
import ScenarioModel
import SpecModel

enum RunCommand: Command {
    static let spec = CommandSpec(
        name: "run",
        abstract: "Run scenarios against the reference unlock machine.",
        discussion: """
            Loads every scenario file under the given paths, runs each against the reference, and \
            prints a line per scenario, the details of every failure, and a summary. Exit codes: 0 \
            when every scenario passed, 1 when any failed or errored, 2 for bad input (a scenario \
            file that does not load, an unknown option).
            """,
        arguments: [("paths", "Scenario files or folders to run (default: Scenarios).")],
        options: [
            .init(name: "tag", valueName: "tag", help: "Run only scenarios with this tag (repeatable; any of them).", repeatable: true),
            .init(name: "id", valueName: "glob", help: "Run only scenarios whose id matches this glob, such as 'pin-*' (repeatable).", repeatable: true),
            .init(name: "json", valueName: "file", help: "Write the results as JSON to this file (atomically)."),
            .init(name: "argon2", valueName: "profile", help: "Argon2id cost for the reference's PIN hash: light (default) or owasp (m=19456 KiB, t=2, p=1)."),
            .init(name: "quiet", valueName: nil, help: "Print only failures and the summary."),
        ])

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let profileName = arguments.value("argon2") ?? Argon2Profile.light.name
        guard let profile = Argon2Profile.all.first(where: { $0.name == profileName }) else {
            throw UsageError(message: "Unknown Argon2 profile '\(profileName)' (expected light or owasp)")
        }
        let model = UnlockModel.declaration
        let paths = arguments.positionals.isEmpty ? ["Scenarios"] : arguments.positionals
        let loaded = ScenarioLoader(model: model).load(paths: paths)
        for diagnostic in loaded.diagnostics { Console.error(diagnostic.description) }

        let selected = loaded.scenarios.filter { scenario in
            (arguments.all("tag").isEmpty || !Set(arguments.all("tag")).isDisjoint(with: scenario.tags))
                && (arguments.all("id").isEmpty || arguments.all("id").contains { Glob.matches($0, scenario.id) })
        }
        let reporter = TerminalReporter(model: model)
        let quiet = arguments.flag("quiet")
        if !quiet {
            Console.out("Running \(reporter.counted(selected.count, "scenario")) from \(reporter.counted(loaded.files.count, "file")) against the reference (Argon2id \(profile))")
        }
        var implementation = ReferenceImplementation(profile: profile)
        let runner = ScenarioRunner(model: model)
        var results: [ScenarioResult] = []
        for (index, scenario) in selected.enumerated() {
            let result = runner.run(scenario, on: &implementation)
            results.append(result)
            if !quiet { Console.out(reporter.progressLine(result, number: index + 1, of: selected.count)) }
        }
        let problems = results.compactMap(reporter.problem)
        if !problems.isEmpty { Console.out("\n" + problems.joined(separator: "\n\n")) }
        let summary = RunSummary(results)
        Console.out("\n" + reporter.summary(summary, implementation: "reference"))
        if !loaded.diagnostics.isEmpty {
            Console.out("\(reporter.counted(loaded.diagnostics.count, "input error")) (above): the scenarios they are in did not run")
        }
        if let path = arguments.value("json") {
            try AtomicFile.write(JSONReporter(model: model).document(results).rendered(), to: path)
        }
        if !loaded.diagnostics.isEmpty { return .badInput }
        return summary.failed + summary.errored > 0 ? .failures : .success
    }
}

/// Shell-style globs for --id: `*` any run of characters, `?` any one.
enum Glob {
    static func matches(_ pattern: String, _ text: String) -> Bool {
        matches(Array(pattern)[...], Array(text)[...])
    }

    private static func matches(_ pattern: ArraySlice<Character>, _ text: ArraySlice<Character>) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        switch first {
        case "*":
            return (text.startIndex...text.endIndex).contains { matches(pattern.dropFirst(), text[$0...]) }
        case "?":
            return !text.isEmpty && matches(pattern.dropFirst(), text.dropFirst())
        default:
            return text.first == first && matches(pattern.dropFirst(), text.dropFirst())
        }
    }
}
