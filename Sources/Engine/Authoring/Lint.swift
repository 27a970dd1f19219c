import Results
import ScenarioModel
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

/// `lint`: a suite loaded, every scenario run on the model's reference with its default
/// settings (lint checks what scenarios say, not costs), and what is wrong with it found.
package struct LintOutcome: Sendable {
    package var suite: Suite
    package var records: [ScenarioRecord]
    /// Requirements no scenario covers, when the paths are the whole suite (a pre-commit hook
    /// lints the files it was given: the rest of the suite covers the rest).
    package var uncovered: [Requirement]
    /// Scenarios that cover a requirement and expect none of the keys it constrains: their
    /// pass says nothing of it.
    package var inNameOnly: [(scenario: Scenario, requirement: Requirement, at: SourceLocation)]
    /// The warnings for scenarios that expect nothing (`Contradictions.expectingNothing`).
    package var expectingNothing: [String]

    package var contradictions: Int { records.filter { !$0.outcome.ranWithoutProblem }.count }

    /// How lint ends: a file that does not load is bad input; a scenario the reference
    /// contradicts, a spec document that disagrees with the model, or a requirement covered in
    /// name only fails it.
    package func severity(specDisagreements: Int) -> RunSeverity {
        if !suite.loaded.diagnostics.isEmpty { return .badInput }
        return contradictions + specDisagreements + inNameOnly.count > 0 ? .failed : .passed
    }

    /// Everything lint says, in order: input errors, uncovered requirements, requirements
    /// covered in name only, contradictions, scenarios that expect nothing.
    package func lines(model: ModelDeclaration) -> [String] {
        var lines = suite.loaded.diagnostics.map(\.description)
        for requirement in uncovered {
            lines.append(
                "\(requirement.location): warning: no scenario covers requirement '\(requirement.id)' (\(requirement.clause))"
            )
        }
        for found in inNameOnly {
            let keys = found.requirement.keys.joined(separator: ", ")
            lines.append(
                "\(found.at): error: scenario '\(found.scenario.id)' covers '\(found.requirement.id)' but expects none of its keys (\(keys))"
            )
        }
        return lines + Contradictions.lines(records, model: model) + expectingNothing
    }

    /// Loads and runs the suite at `paths`; `wholeSuite` says whether uncovered requirements count.
    package static func lint(
        _ paths: [String], requirementsFile: String?, package: ModelPackage, wholeSuite: Bool, processors: Int
    ) -> LintOutcome {
        let model = package.declaration
        let suite = Suite(
            paths: paths, requirementsFile: requirementsFile, model: model, selection: SuiteSelection(),
            processors: processors)
        let scenarios = suite.loaded.scenarios
        let settings = (try? package.resolve(settings: [:]).get()) ?? [:]
        let records = Array(
            RunEngine(model: model).run(suite, on: [Candidate.reference(of: package, settings: settings)]).allRecords)
        return LintOutcome(
            suite: suite, records: records,
            uncovered: wholeSuite ? RequirementCatalogue.uncovered(suite.requirements, by: scenarios) : [],
            inNameOnly: RequirementCatalogue.coveredInNameOnly(suite.requirements, by: scenarios),
            expectingNothing: Contradictions.expectingNothing(records))
    }
}
