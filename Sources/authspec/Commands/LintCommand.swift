import Foundation
import ReferenceMachine
import Reporters
import Runner
import ScenarioModel
import SpecModel

enum LintCommand: Command {
    static let spec = CommandSpec(
        name: "lint",
        abstract: "Check scenarios (and spec documents) for every problem, fast enough for a pre-commit hook.",
        discussion: """
            Loads every scenario file and reports every problem with file:line:column: format \
            errors, duplicate ids, unknown requirement ids, requirements no scenario covers, and \
            each scenario whose expectations do not hold on the reference, at the step where \
            they stop holding. With --spec, the spec documents are checked against the model too \
            (as 'authspec spec check'). Exit codes: 0 nothing wrong, 1 contradictions or \
            disagreements, 2 input errors.
            """,
        arguments: [.init(name: "paths", help: "Scenario files or folders (default: Scenarios).")],
        options: [
            .init(
                name: "spec", valueName: "document",
                help: "Also check this spec document against the model (repeatable).", repeatable: true),
            .init(
                name: "requirements", valueName: "file",
                help: "The requirements catalogue (default: requirements.yaml in the first scenario folder, if there)."),
            .init(
                name: "mapping", valueName: "file",
                help: "For --spec: sections and state names per document (default: docs/spec-mapping.yaml)."),
            .init(
                name: "load-only", valueName: nil,
                help:
                    "Only load the files and report their input errors; run nothing on the reference (times the loader: Benchmarks/load-speed)."
            ),
        ])

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let started = ContinuousClock.now
        let model = UnlockModel.declaration
        let paths = arguments.positionals.isEmpty ? ["Scenarios"] : arguments.positionals
        let loadOnly = arguments.flag("load-only")
        if loadOnly, !arguments.all("spec").isEmpty {
            throw UsageError(message: "Give --load-only or --spec, not both")
        }
        let (loaded, catalogue) = loadSuite(arguments, model: model)
        for diagnostic in loaded.diagnostics { Console.out(diagnostic.description) }
        if loadOnly {
            Console.out(
                "\nlint: \(loaded.scenarios.count) scenarios in \(loaded.files.count) files, \(loaded.diagnostics.count) input errors (loaded only, \(milliseconds(since: started)) ms)"
            )
            return loaded.diagnostics.isEmpty ? .success : .badInput
        }
        let uncovered = RequirementCatalogue.uncovered(catalogue, by: loaded.scenarios)
        for requirement in uncovered {
            Console.out(
                "\(requirement.location): warning: no scenario covers requirement '\(requirement.id)' (\(requirement.clause))"
            )
        }

        var reference = ReferenceImplementation()
        let results = ScenarioRunner(model: model).run(loaded.scenarios, on: &reference)
        let formatter = ValueFormatter(model: model)
        var contradictions = 0
        for result in results where result.outcome != .passed {
            contradictions += 1
            guard let step = result.firstProblem else {
                Console.out(
                    "\(result.scenario.location): error: scenario '\(result.scenario.id)' could not run on the reference: \(result.message ?? "")"
                )
                continue
            }
            let input = formatter.format(input: step.step.written)
            guard let first = step.differences.first else {
                Console.out(
                    "\(step.step.location): error: scenario '\(result.scenario.id)' step \(step.index + 1) (\(input)): \(step.message ?? "")"
                )
                continue
            }
            for difference in step.differences {
                let location = difference == first ? step.step.location : difference.location
                Console.out(
                    "\(location): error: '\(result.scenario.id)' contradicts the reference at step \(step.index + 1) (\(input)): "
                        + "expected \(difference.key) \(formatter.format(difference.expected, key: difference.key)), "
                        + "the reference gives \(formatter.format(difference.observed, key: difference.key))")
            }
        }

        var disagreements = 0
        let documents = arguments.all("spec")
        if !documents.isEmpty {
            let (checks, additions) = try SpecCommand.check(
                documents, mapping: arguments.value("mapping"), scenarioPath: paths[0], ran: (loaded.scenarios, results)
            )
            disagreements = SpecCommand.report(checks, additions: additions).disagreements
        }
        var summary =
            "\nlint: \(loaded.scenarios.count) scenarios in \(loaded.files.count) files, \(loaded.diagnostics.count) input errors, "
            + "\(contradictions) contradicting the reference, \(uncovered.count) requirements uncovered"
        if !documents.isEmpty { summary += ", \(disagreements) spec disagreements" }
        Console.out(summary + " (\(milliseconds(since: started)) ms)")
        if !loaded.diagnostics.isEmpty { return .badInput }
        return contradictions + disagreements > 0 ? .failures : .success
    }

    private static func milliseconds(since started: ContinuousClock.Instant) -> Int64 {
        let elapsed = ContinuousClock.now - started
        return elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
    }
}
