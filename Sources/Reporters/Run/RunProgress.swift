import Engine
import Results
import SpecModel

/// What the terminal shows of a run while it goes, event by event: the opening line, each
/// driver starting, a line per scenario. On a terminal a passing scenario only counts up on
/// one status line; in a log, beside drivers, the reference's passing lines are summed up in one.
package struct RunProgress {
    /// One thing to show.
    package enum Shown: Equatable {
        case line(TerminalLine)
        /// The status line that is overwritten by the next (a terminal only).
        case status(TerminalLine)
        /// The status line ends: what follows stays on screen.
        case endStatus
        case error(String)
    }

    let reporter: TerminalReporter
    let shard: Shard?
    let quiet: Bool
    let terminal: Bool
    var implementations = 1
    var referenceRunning = false
    var referencePassed = 0

    package init(model: ModelDeclaration, shard: Shard?, quiet: Bool, terminal: Bool) {
        reporter = TerminalReporter(model: model)
        self.shard = shard
        self.quiet = quiet
        self.terminal = terminal
    }

    package mutating func shown(_ event: RunSessionEvent) -> [Shown] {
        switch event {
        case .running(_, let scenarios, let selected, let files, let count, let reference):
            implementations = count
            guard !quiet else { return [] }
            let opening = reporter.running(
                scenarios: scenarios, shard: shard, selected: selected, files: files, implementations: count,
                reference: reference)
            return [.line(TerminalLine(opening))]
        case .starting(let candidate):
            referenceRunning = candidate.reference
            guard !quiet && !candidate.reference else { return [] }
            return [
                .line(TerminalLine("Starting driver: \(VisibleText.escape(candidate.label, keepingLineBreaks: false))"))
            ]
        case .finished(let record, let number, let total):
            guard !quiet else { return [] }
            var shown: [Shown] = []
            if referenceRunning && implementations > 1 && !terminal {
                if record.outcome == .passed { referencePassed += 1 }
                if number == total {
                    shown.append(.line(TerminalLine(reporter.referencePassed(referencePassed, of: total))))
                }
                if record.outcome == .passed { return shown }
            }
            let line = TerminalLine(
                reporter.progressLine(
                    record, number: number, of: total, implementation: implementations > 1 ? record.implementation : nil
                ),
                tone: reporter.tone(record.outcome))
            shown.append(terminal && record.outcome == .passed ? .status(line) : .line(line))
            return shown
        case .suiteChanged(let problems), .namesClash(let problems):
            return [.endStatus] + problems.map { .error($0.description) }
        }
    }
}
