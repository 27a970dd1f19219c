import Coverage
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

    /// The whole run: totals over every implementation, each implementation with its own
    /// totals, the scenario x implementation matrix, and every scenario result.
    public func document(
        _ results: [ScenarioResult], implementations: [ImplementationReport] = [], coverage: [CoverageReport] = [],
        requirements: [Requirement] = [], interruption: RunInterruption? = nil
    ) -> JSON {
        var fields: [(String, JSON)] = [
            ("model", .string(formatter.model.name)), ("summary", summary(RunSummary(results))),
        ]
        // Always present, so a consumer can tell a whole run from a cut one without guessing.
        fields.append(("interrupted", .bool(interruption != nil)))
        if let interruption {
            fields.append(("signal", .string(interruption.signal)))
            fields.append(
                (
                    "unfinished",
                    .array(
                        interruption.unfinished.map {
                            .object([
                                ("implementation", .string($0.implementation)), ("scenario", .string($0.scenario)),
                            ])
                        })
                ))
        }
        if !coverage.isEmpty {
            fields.append(
                (
                    "coverage",
                    .object(
                        coverage.map { report in
                            (
                                report.implementation,
                                .object([
                                    ("states", ratio(report.states)), ("transitions", ratio(report.transitions)),
                                    ("inputs_in_states", ratio(report.inputsInStates)),
                                    ("uncovered_states", .array(report.uncoveredStates.map(JSON.string))),
                                    (
                                        "uncovered_transitions",
                                        .array(report.uncoveredTransitions.map { .string("\($0.from) -> \($0.to)") })
                                    ),
                                    (
                                        "transitions_not_in_model",
                                        .array(
                                            report.undeclaredTransitions.keys.sorted().map {
                                                .string("\($0.from) -> \($0.to)")
                                            })
                                    ),
                                ])
                            )
                        })
                ))
        }
        if !requirements.isEmpty {
            let byImplementation = Dictionary(grouping: results, by: \.implementation)
            let names =
                implementations.isEmpty
                ? Array(Set(results.map(\.implementation))).sorted() : implementations.map(\.name)
            fields.append(
                (
                    "requirements",
                    .array(
                        requirements.map { requirement in
                            .object([
                                ("id", .string(requirement.id)), ("clause", .string(requirement.clause)),
                                (
                                    "status",
                                    .object(
                                        names.map {
                                            (
                                                $0,
                                                .string(
                                                    RequirementCoverage.status(
                                                        of: requirement, in: byImplementation[$0] ?? []
                                                    ).rawValue)
                                            )
                                        })
                                ),
                            ])
                        })
                ))
        }
        if !implementations.isEmpty {
            fields.append(("implementations", .array(implementations.map(implementation))))
            var ids: [String] = []
            var cells: [String: [(String, JSON)]] = [:]
            for report in implementations {
                for result in report.results {
                    if cells[result.scenario.id] == nil { ids.append(result.scenario.id) }
                    cells[result.scenario.id, default: []].append((report.name, .string(result.outcome.rawValue)))
                }
            }
            fields.append(("matrix", .object(ids.map { ($0, .object(cells[$0] ?? [])) })))
        }
        fields.append(("scenarios", .array(results.map(scenario))))
        return .object(fields)
    }

    private func ratio(_ ratio: CoverageReport.Ratio) -> JSON {
        .object([("covered", .number(ratio.covered)), ("total", .number(ratio.total))])
    }

    private func summary(_ summary: RunSummary) -> JSON {
        .object([
            ("passed", .number(summary.passed)), ("failed", .number(summary.failed)),
            ("errored", .number(summary.errored)), ("skipped", .number(summary.skipped)),
        ])
    }

    private func implementation(_ report: ImplementationReport) -> JSON {
        var fields: [(String, JSON)] = [("name", .string(report.name))]
        if let command = report.command { fields.append(("command", .string(command))) }
        if let version = report.version { fields.append(("version", .string(version))) }
        if let language = report.language { fields.append(("language", .string(language))) }
        fields.append(("restarts", .number(report.restarts)))
        fields.append(("verdict", .string(report.broken == nil ? "ran" : "broken")))
        if let broken = report.broken { fields.append(("message", .string(broken))) }
        fields.append(("summary", summary(RunSummary(report.results))))
        return .object(fields)
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
            ("covers", .array(result.scenario.covers.map { .string($0.id) })),
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
        // Named as the results schema names them, read from the keys the model declares.
        if let state = result.observations[formatter.model.stateKey] { fields.append(("state", JSON(state))) }
        if let states = result.observations[formatter.model.statesKey] { fields.append(("states", JSON(states))) }
        if let message = result.message { fields.append(("message", .string(message))) }
        if !result.differences.isEmpty {
            fields.append(
                (
                    "differences",
                    .array(
                        result.differences.map { difference in
                            .object([
                                ("key", .string(difference.key)),
                                ("line", .number(difference.location.line)),
                                ("expected", JSON(difference.expected)),
                                ("observed", difference.observed.map(JSON.init) ?? .null),
                            ])
                        })
                ))
        }
        if !result.uncheckedKeys.isEmpty {
            fields.append(("unchecked", .array(result.uncheckedKeys.map(JSON.string))))
        }
        return .object(fields)
    }
}

/// What the JSON report says of one implementation besides its scenario results.
public struct ImplementationReport {
    public var name: String
    public var command: String?
    public var version: String?
    public var language: String?
    public var restarts: Int
    /// Why every scenario errored, when they all did.
    public var broken: String?
    public var results: [ScenarioResult]

    public init(
        name: String, command: String?, version: String?, language: String?, restarts: Int, broken: String?,
        results: [ScenarioResult]
    ) {
        self.name = name
        self.command = command
        self.version = version
        self.language = language
        self.restarts = restarts
        self.broken = broken
        self.results = results
    }
}
