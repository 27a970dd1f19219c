import Engine

/// `lint`'s last line: what it loaded and what it found, with the time it took.
package enum LintReport {
    /// `specDisagreements` is nil when no document was checked.
    package static func summary(_ outcome: LintOutcome, specDisagreements: Int?, milliseconds: Int64) -> String {
        let loaded = outcome.suite.loaded
        var summary =
            "\nlint: \(loaded.scenarios.count) scenarios in \(loaded.files.count) files, \(loaded.diagnostics.count) input errors, "
            + "\(outcome.contradictions) contradicting the reference, \(outcome.uncovered.count) requirements uncovered"
            + (outcome.expectingNothing.isEmpty ? "" : ", \(outcome.expectingNothing.count) expecting nothing")
            + (outcome.inNameOnly.isEmpty ? "" : ", \(outcome.inNameOnly.count) covering a requirement in name only")
        if let specDisagreements { summary += ", \(specDisagreements) spec disagreements" }
        return summary + " (\(milliseconds) ms)"
    }
}
