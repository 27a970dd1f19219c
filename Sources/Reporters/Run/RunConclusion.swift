import Engine
import Results
import SpecModel

/// What follows a run's scenarios, for `run`, `merge` and the tests alike, from the outcomes
/// alone: the terminal's closing of each model and one verdict over several, the reports, and
/// how serious the worst ending is. The command line prints the lines, writes the documents
/// and maps the severity to an exit code; a test reads the same.
package struct RunConclusion {
    package var outcomes: [ModelOutcome]
    package var settings: ReportSettings

    package init(_ outcomes: [ModelOutcome], settings: ReportSettings) {
        self.outcomes = outcomes
        self.settings = settings
    }

    /// The terminal's text after the scenarios: for each model, what its gate strengths measured
    /// and its closing, then with several models one verdict over all. `timed`: each closing
    /// ends with the time its run took; `beforeVerdict` comes just before the last verdict line
    /// (where the drivers' logs were kept), so the verdict is always last.
    package func lines(
        quiet: Bool, verbose: Bool = false, timed: Bool, beforeVerdict: [TerminalLine] = [],
        emit: (TerminalLine) -> Void
    ) {
        for (index, outcome) in outcomes.enumerated() {
            let last = index == outcomes.count - 1 && outcomes.count == 1
            // Before the closing, whose last line is the verdict.
            let found = FoundScenarios(model: outcome.plan.model)
            for strength in outcome.strengths {
                emit(TerminalReporter.gateStrength(strength))
                if let check = outcome.blindSpots[strength.position] {
                    let subject = VisibleText.oneLine(strength.implementation)
                    for line in found.blindSpots(check, subject: subject) { emit(TerminalLine(line)) }
                }
            }
            TerminalReporter(model: outcome.plan.model).closing(
                outcome.run, gate: outcome.gate, uncovered: outcome.uncovered, inputErrors: outcome.inputErrors,
                quiet: quiet, elapsed: timed ? outcome.seconds : nil, verbose: verbose,
                before: last ? beforeVerdict : [], to: emit)
        }
        if outcomes.count > 1 {
            for line in beforeVerdict { emit(line) }
            emit(TerminalReporter.modelsVerdict(outcomes.map { ($0.plan.package.name, $0.severity == .passed) }))
        }
    }

    /// Every report the run writes, one model's or several models' with a part each.
    package var documents: RunDocuments {
        RunDocuments(
            outcomes.map {
                ReportedRun(
                    model: $0.plan.model, run: $0.run, gate: $0.gate, statements: $0.statements,
                    falsification: $0.falsification)
            }, settings: settings)
    }

    /// The most serious ending of any model's run.
    package var severity: RunSeverity { outcomes.map(\.severity).max() ?? .passed }
}
