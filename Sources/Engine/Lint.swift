import Results
import SpecModel

/// What `lint` says of scenarios that do not hold on the reference: one error per differing
/// key at the step where the scenario stops holding (the first at the step's own line), or why
/// the scenario could not run. Lines in the compiler's `file:line:column: error:` form.
package enum Contradictions {
    package static func lines(_ records: [ScenarioRecord], model: ModelDeclaration) -> [String] {
        let formatter = ValueFormatter(model: model)
        var lines: [String] = []
        for result in records where !result.outcome.ranWithoutProblem {
            guard let step = result.firstProblem else {
                lines.append(
                    "\(result.location): error: scenario '\(result.id)' could not run on the reference: \(result.message ?? "")"
                )
                continue
            }
            guard let first = step.differences.first else {
                lines.append(
                    "\(step.location): error: scenario '\(result.id)' step \(step.index + 1) (\(step.input)): \(step.message ?? "")"
                )
                continue
            }
            for difference in step.differences {
                let location = difference == first ? step.location : difference.location
                lines.append(
                    "\(location): error: '\(result.id)' contradicts the reference at step \(step.index + 1) (\(step.input)): "
                        + "expected \(difference.key) \(formatter.format(difference.expected, key: difference.key)), "
                        + "the reference gives \(formatter.format(difference.observed, key: difference.key))")
            }
        }
        return lines
    }

    /// Warnings for scenarios that expect nothing: they can never pass (a run counts them not
    /// checked, which fails the gate), so they are most likely expectations lost in an edit.
    package static func expectingNothing(_ records: [ScenarioRecord]) -> [String] {
        records.filter { $0.outcome.ranWithoutProblem && $0.expectations == 0 }.map {
            "\($0.location): warning: scenario '\($0.id)' expects nothing: a run of it checks nothing and fails the gate as 'not checked' (add an expect block, or 'record' it)"
        }
    }
}
