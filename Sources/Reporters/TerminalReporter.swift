import Results
import SpecModel

/// The text a person reads in a terminal or a CI log: a line per scenario as it finishes,
/// then every failure with the step's file and line and each differing key, then the totals.
public struct TerminalReporter {
    public let formatter: ValueFormatter

    public init(model: ModelDeclaration) {
        formatter = ValueFormatter(model: model)
    }

    /// `[ 3/52] PASSED  scenario-id`, with the implementation's name when there are several.
    public func progressLine(_ result: ScenarioRecord, number: Int, of total: Int, implementation: String? = nil)
        -> String
    {
        let width = String(total).count
        let counter = String(repeating: " ", count: width - String(number).count) + "\(number)/\(total)"
        let label = result.outcome.rawValue.uppercased()
        let padded = label + String(repeating: " ", count: 8 - label.count)
        return "[\(counter)] \(padded)" + (implementation.map { "\(VisibleText.oneLine($0)): " } ?? "")
            + VisibleText.oneLine(result.id)
    }

    /// The details of a scenario that did not pass, or nil when it passed.
    public func problem(_ result: ScenarioRecord, implementation: String? = nil) -> String? {
        guard result.outcome != .passed else { return nil }
        let against = implementation.map { " [\(VisibleText.oneLine($0))]" } ?? ""
        var lines = [
            "\(result.outcome.rawValue.uppercased()): \(VisibleText.oneLine(result.id))\(against) — "
                + VisibleText.oneLine(result.title)
        ]
        lines.append("  scenario: \(VisibleText.oneLine(result.location.description))")
        if let message = result.message { lines.append("  \(message)") }
        if let step = result.firstProblem {
            let repeats = step.repeatCount > 1 ? " (repeated \(step.repeatCount) times)" : ""
            lines.append(
                "  \(VisibleText.oneLine(step.location.description)): step \(step.index + 1): \(step.input)\(repeats)")
            if let message = step.message { lines.append("    \(message)") }
            let width = step.differences.map(\.key.count).max() ?? 0
            for difference in step.differences {
                let pad = String(repeating: " ", count: width - difference.key.count)
                lines.append(
                    "    \(difference.key):\(pad) expected \(formatter.format(difference.expected, key: difference.key))"
                )
                lines.append(
                    "    \(String(repeating: " ", count: width + 1)) observed \(formatter.format(difference.observed, key: difference.key))"
                )
            }
            let statesKey = formatter.model.statesKey
            if let states = step.states, !step.differences.isEmpty {
                lines.append("    (states entered during the step: \(formatter.format(states, key: statesKey)))")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// One verdict for a driver that errored on every scenario, instead of a wall of errors.
    public func brokenDriver(_ name: String, command: String?, message: String, log: String?) -> String {
        var lines = ["DRIVER BROKEN: \(VisibleText.oneLine(name)) errored on every scenario."]
        if let command, command != name { lines.append("  command: \(VisibleText.oneLine(command))") }
        lines.append("  first error: " + message.replacingOccurrences(of: "\n", with: "\n  "))
        if let log { lines.append("  its stderr: \(VisibleText.oneLine(log))") }
        let quoted = "'" + VisibleText.oneLine(command ?? name).replacingOccurrences(of: "'", with: "'\\''") + "'"
        lines.append("  Try: authspec doctor --driver \(quoted)")
        return lines.joined(separator: "\n")
    }

    /// Scenarios down, implementations across, an outcome in each cell (`-` where an
    /// implementation has no result for the scenario).
    public func matrix(_ run: RunRecord) -> String {
        let matrix = OutcomeMatrix(run)
        let ids = matrix.ids.map(VisibleText.oneLine)
        let names = run.implementations.map { VisibleText.oneLine($0.name) }
        let idWidth = max(ids.map(\.count).max() ?? 0, 8)
        let columns = names.map { max($0.count, 7) }
        var header = "scenario" + String(repeating: " ", count: idWidth - 8)
        for (name, width) in zip(names, columns) {
            header += "  " + name + String(repeating: " ", count: width - name.count)
        }
        var lines = [header]
        for (id, shown) in zip(matrix.ids, ids) {
            var line = shown + String(repeating: " ", count: idWidth - shown.count)
            for (implementation, width) in zip(run.implementations, columns) {
                let cell = matrix.outcome(id, implementation.name)?.rawValue ?? "-"
                line += "  " + cell + String(repeating: " ", count: width - cell.count)
            }
            lines.append(line.trimmingTrailingSpaces())
        }
        return lines.joined(separator: "\n")
    }

    /// `1 scenario`, `2 scenarios`.
    public func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    public func summary(_ summary: RunSummary, implementation: String) -> String {
        "\(counted(summary.total, "scenario")) against \(VisibleText.oneLine(implementation)): \(summary.passed) passed, \(summary.failed) failed, "
            + "\(summary.errored) errored, \(summary.skipped) skipped"
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
