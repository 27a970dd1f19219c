import Engine

/// `lint`'s last line: what it loaded and what it found, with the time it took.
package enum LintReport {
    /// `specDisagreements` is nil when no document was checked.
    package static func summary(_ outcome: LintOutcome, specDisagreements: Int?, milliseconds: Int64) -> String {
        let loaded = outcome.suite.loaded
        func count(_ number: Int, _ one: String, _ many: String) -> String { "\(number) \(number == 1 ? one : many)" }
        var summary =
            "\nlint: \(count(loaded.scenarios.count, "scenario", "scenarios")) in \(count(loaded.files.count, "file", "files")), "
            + "\(count(loaded.diagnostics.count, "input error", "input errors")), "
            + "\(outcome.contradictions) contradicting the reference, "
            + "\(count(outcome.uncovered.count, "requirement", "requirements")) uncovered"
            + (outcome.expectingNothing.isEmpty ? "" : ", \(outcome.expectingNothing.count) expecting nothing")
            + (outcome.inNameOnly.isEmpty ? "" : ", \(outcome.inNameOnly.count) covering a requirement in name only")
        if let specDisagreements {
            summary += ", \(count(specDisagreements, "spec disagreement", "spec disagreements"))"
        }
        return summary + " (\(milliseconds) ms)"
    }
}
