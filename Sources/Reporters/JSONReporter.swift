import Runner
import ScenarioModel
import SpecModel

/// The machine-readable results: `{"summary": {...}, "scenarios": [...]}`, one entry per
/// scenario with each step run, its outcome, and for a failing step every differing key.
public struct JSONReporter {
    public let formatter: ValueFormatter

    public init(model: ModelDeclaration) {
        formatter = ValueFormatter(model: model)
    }

    public func document(_ results: [ScenarioResult]) -> JSON {
        let summary = RunSummary(results)
        return .object([
            ("summary", .object([
                ("passed", .number(summary.passed)), ("failed", .number(summary.failed)),
                ("errored", .number(summary.errored)), ("skipped", .number(summary.skipped)),
            ])),
            ("scenarios", .array(results.map(scenario))),
        ])
    }

    private func scenario(_ result: ScenarioResult) -> JSON {
        var fields: [(String, JSON)] = [
            ("id", .string(result.scenario.id)),
            ("title", .string(result.scenario.title)),
            ("file", .string(result.scenario.location.file)),
            ("line", .number(result.scenario.location.line)),
            ("implementation", .string(result.implementation)),
            ("outcome", .string(result.outcome.rawValue)),
            ("spec", .array(result.scenario.spec.map(JSON.string))),
        ]
        if let message = result.message { fields.append(("message", .string(message))) }
        fields.append(("steps", .array(result.steps.map(step))))
        return .object(fields)
    }

    private func step(_ result: StepResult) -> JSON {
        var fields: [(String, JSON)] = [
            ("index", .number(result.index + 1)),
            ("line", .number(result.step.location.line)),
            ("input", .string(formatter.format(input: result.step.written))),
            ("outcome", .string(result.outcome.rawValue)),
        ]
        if let state = result.observations["state"] { fields.append(("state", JSON(state))) }
        if let states = result.observations["states"] { fields.append(("states", JSON(states))) }
        if let message = result.message { fields.append(("message", .string(message))) }
        if !result.differences.isEmpty {
            fields.append(("differences", .array(result.differences.map { difference in
                .object([
                    ("key", .string(difference.key)),
                    ("line", .number(difference.location.line)),
                    ("expected", JSON(difference.expected)),
                    ("observed", difference.observed.map(JSON.init) ?? .null),
                ])
            })))
        }
        if !result.uncheckedKeys.isEmpty {
            fields.append(("unchecked", .array(result.uncheckedKeys.map(JSON.string))))
        }
        return .object(fields)
    }
}
