import Results
import SpecModel

/// The text a person reads in a terminal or a CI log: a line per scenario as it finishes,
/// then every failure with the step's file and line and each differing key, then the totals.
package struct TerminalReporter {
    package let formatter: ValueFormatter

    package init(model: ModelDeclaration) {
        formatter = ValueFormatter(model: model)
    }

    /// `[ 3/52] PASSED  scenario-id`, with the implementation's name when there are several.
    package func progressLine(_ result: ScenarioRecord, number: Int, of total: Int, implementation: String? = nil)
        -> String
    {
        let width = String(total).count
        let counter = String(repeating: " ", count: width - String(number).count) + "\(number)/\(total)"
        var label = result.outcome.rawValue.uppercased()
        if result.outcome == .partlyChecked { label += " \(result.checked)/\(result.expectations)" }
        let padded = label + String(repeating: " ", count: max(1, 8 - label.count))
        return "[\(counter)] \(padded)" + (implementation.map { "\(VisibleText.oneLine($0)): " } ?? "")
            + VisibleText.oneLine(result.id)
    }

    /// In a log, the one line that stands for the reference's passing scenarios when drivers
    /// are under test too (a terminal shows each as it passes).
    package func referencePassed(_ passed: Int, of total: Int) -> String {
        "[\(total)/\(total)] reference: \(passed) of \(total) scenarios passed (their lines are left out of a log: only what did not pass is listed)"
    }

    /// The details of a scenario that failed, errored or was skipped, or nil. What a scenario
    /// that ran without a difference left unchecked is said once per implementation
    /// (`unchecked(_:)`), not per scenario.
    /// `rerun` is the command that runs the scenario alone again (`RunRecord.rerun`).
    package func problem(_ result: ScenarioRecord, implementation: String? = nil, rerun: String?) -> String? {
        problemLines(result, implementation: implementation, rerun: rerun)?.map(\.text).joined(separator: "\n")
    }

    /// The same lines, each with its tone on a terminal: what the spec expects apart from what
    /// was observed, the rest in the outcome's tone.
    package func problemLines(_ result: ScenarioRecord, implementation: String? = nil, rerun: String?)
        -> [TerminalLine]?
    {
        guard !result.outcome.ranWithoutProblem else { return nil }
        var tones: [Int: Tone] = [:]
        let against = implementation.map { " [\(VisibleText.oneLine($0))]" } ?? ""
        var lines = [
            "\(result.outcome.rawValue.uppercased()): \(VisibleText.oneLine(result.id))\(against) — "
                + VisibleText.oneLine(result.title)
        ]
        lines.append("  scenario: \(VisibleText.oneLine(result.location.description))")
        // Which requirements broke and where the spec says them, before the details.
        let covers = result.covers.isEmpty ? "" : "covers " + result.covers.joined(separator: ", ")
        let spec = result.spec.isEmpty ? "" : "spec " + result.spec.joined(separator: ", ")
        if !covers.isEmpty || !spec.isEmpty {
            lines.append("  " + VisibleText.oneLine([covers, spec].filter { !$0.isEmpty }.joined(separator: "; ")))
        }

        if let message = result.message { lines.append("  \(message)") }
        if let step = result.firstProblem {
            let repeats = step.repeatCount > 1 ? " (repeated \(step.repeatCount) times)" : ""
            lines.append(
                "  \(VisibleText.oneLine(step.location.description)): step \(step.index + 1): \(step.input)\(repeats)")
            if let message = step.message { lines.append("    \(message)") }
            let width = step.differences.map(\.key.count).max() ?? 0
            for difference in step.differences {
                let pad = String(repeating: " ", count: width - difference.key.count)
                tones[lines.count] = .good
                lines.append(
                    "    \(difference.key):\(pad) expected \(formatter.format(difference.expected, key: difference.key))"
                )
                tones[lines.count] = .bad
                lines.append(
                    "    \(String(repeating: " ", count: width + 1)) observed \(formatter.format(difference.observed, key: difference.key))"
                )
                lines += structured(difference).map { "    \(String(repeating: " ", count: width + 1)) \($0)" }
            }
            let statesKey = formatter.model.statesKey
            if let states = step.states, !step.differences.isEmpty {
                lines.append("    (states entered during the step: \(formatter.format(states, key: statesKey)))")
            }
        }
        // The one scenario again, on the one implementation, to copy and paste.
        if let rerun { lines.append("  rerun: " + VisibleText.oneLine(rerun)) }
        let tone = tone(result.outcome)
        return lines.enumerated().map { TerminalLine($0.element, tone: tones[$0.offset] ?? tone) }
    }

    /// Where two lists or maps differ, place by place (`at [1].params.method: expected "pin",
    /// observed absent`), so a long list's one wrong item is found at a glance; nothing for
    /// plain values, whose two lines already say it.
    func structured(_ difference: Difference) -> [String] {
        func isStructured(_ value: Value?) -> Bool {
            switch value {
            case .list?, .map?: return true
            default: return false
            }
        }
        guard isStructured(difference.expected), isStructured(difference.observed) else { return [] }
        let limit = 3
        let places = Value.divergences(
            difference.expected, difference.observed, limit: limit + 1,
            as: formatter.model.observation(named: difference.key)?.type)
        // A one-item list whose item differs: the two lines above say it already.
        if places.count == 1 && places[0].path == "[0]" { return [] }
        var lines = places.prefix(limit).map { place in
            "at \(place.path): expected \(place.expected.map(\.description) ?? "nothing"), observed \(place.observed.map(\.description) ?? "nothing")"
        }
        if places.count > limit { lines.append("(and more)") }
        return lines
    }

    /// One verdict for a driver that errored on every scenario, instead of a wall of errors.
    package func brokenDriver(_ name: String, command: String?, message: String, log: String?) -> String {
        var lines = ["DRIVER BROKEN: \(VisibleText.oneLine(name)) errored on every scenario."]
        if let command, command != name { lines.append("  command: \(VisibleText.oneLine(command))") }
        lines.append("  first error: " + message.replacingOccurrences(of: "\n", with: "\n  "))
        if let log { lines.append("  its stderr: \(VisibleText.oneLine(log))") }
        let quoted = "'" + VisibleText.oneLine(command ?? name).replacingOccurrences(of: "'", with: "'\\''") + "'"
        lines.append("  Try: authspec doctor --driver \(quoted)")
        return lines.joined(separator: "\n")
    }

    /// Scenarios down, implementations across, an outcome in each cell (`-` where an
    /// implementation has no result for the scenario). Leaving out the scenarios that passed on
    /// every implementation, it says how many there were; nil when no row is left.
    package func matrix(_ run: RunRecord, leavingOutPassedEverywhere: Bool = false) -> String? {
        let matrix = OutcomeMatrix(run)
        let names = run.implementations.map(\.name)
        let listed = matrix.ids.filter { id in
            !leavingOutPassedEverywhere || !matrix.passedEverywhere(id, on: names)
        }
        let passed = matrix.ids.count - listed.count
        guard !listed.isEmpty else { return nil }
        let ids = listed.map(VisibleText.oneLine)
        let shownNames = names.map(VisibleText.oneLine)
        let idWidth = max(ids.map(\.count).max() ?? 0, 8)
        let cellWidth = Outcome.allCases.map(\.rawValue.count).max() ?? 0
        let columns = shownNames.map { max($0.count, cellWidth) }
        var header = "scenario" + String(repeating: " ", count: idWidth - 8)
        for (name, width) in zip(shownNames, columns) {
            header += "  " + name + String(repeating: " ", count: width - name.count)
        }
        var lines = [header.trimmingTrailingSpaces()]
        for (id, shown) in zip(listed, ids) {
            var line = shown + String(repeating: " ", count: idWidth - shown.count)
            for (name, width) in zip(names, columns) {
                let cell = matrix.outcome(id, name)?.rawValue ?? "-"
                line += "  " + cell + String(repeating: " ", count: width - cell.count)
            }
            lines.append(line.trimmingTrailingSpaces())
        }
        if passed > 0 { lines.append("(and \(counted(passed, "scenario")) that passed on every implementation)") }
        return lines.joined(separator: "\n")
    }

    /// `1 scenario`, `2 scenarios`.
    package func counted(_ count: Int, _ noun: String, _ plural: String? = nil) -> String {
        "\(count) " + (count == 1 ? noun : plural ?? noun + "s")
    }

    /// `52 scenarios against x: 40 passed, 12 partly checked, 0 failed, 0 errored, 0 skipped`:
    /// the partly checked, not checked and refused counts only when there are some.
    package func summary(_ summary: RunSummary, implementation: String) -> String {
        let counts = summary.counts.filter {
            $0.count > 0 || ![.partlyChecked, .notChecked, .refused].contains($0.outcome)
        }
        return "\(counted(summary.total, "scenario")) against \(VisibleText.oneLine(implementation)): "
            + counts.map { "\($0.count) \($0.outcome.rawValue)" }.joined(separator: ", ")
    }

    /// The run's last line: PASS, or FAIL with every reason.
    package func verdict(_ gate: GateVerdict, run: RunRecord) -> String {
        guard gate.passes else { return "FAIL: " + gate.reasons.map(reason).joined(separator: "; ") }
        let summary = run.summary
        let partial = summary.partlyChecked + summary.notChecked
        let skips = gate.tallies.reduce(0) { $0 + $1.allowedSkips }
        let refusals = gate.tallies.reduce(0) { $0 + $1.allowedRefusals }
        return
            "PASS: \(counted(summary.total, "scenario run")) on \(counted(run.implementations.count, "implementation")) "
            + "under the \(run.profile.name) profile"
            + (partial > 0 ? "; \(partial) of them not wholly checked (above), not counted as passed" : "")
            + (skips > 0 ? "; \(skips) skipped, let through by --allow-skips, not counted as passed" : "")
            + (refusals > 0 ? "; \(refusals) refused, let through by --allow-refusals, not counted as passed" : "")
    }

    /// One reason the gate fails, in words.
    package func reason(_ reason: GateReason) -> String {
        let name = reason.implementation.map(VisibleText.oneLine) ?? ""
        switch reason {
        case .interrupted(let signal): return "interrupted by \(signal)"
        case .inputErrors(let count): return "\(counted(count, "input error")) (above)"
        case .incomplete(let implementation, let gap):
            return "results incomplete: " + ResultsAccounting.describe(gap, on: implementation)
        case .broken: return "\(name): the driver is broken (every scenario errored)"
        case .failures(_, let failed, let errored, let hasBaseline):
            let parts = (failed > 0 ? ["\(failed) failed"] : []) + (errored > 0 ? ["\(errored) errored"] : [])
            return "\(name): " + parts.joined(separator: ", ") + (hasBaseline ? " unexpectedly" : "")
        case .notChecked(_, let count, let hasBaseline):
            return
                "\(name): \(count) not checked\(hasBaseline ? " unexpectedly" : "") (ran without comparing one expectation: none written, or none on a key it observes)"
        case .profileNotMet(_, let profile, let missing):
            return "\(name) does not meet the \(profile) profile: it does not observe "
                + missing.joined(separator: ", ")
        case .skipped(_, let count): return "\(name): \(count) skipped (--allow-skips lets skips pass)"
        case .refused(_, let count):
            return
                "\(name): \(count) refused (a world or an input it declares answered unsupported; --allow-refusals lets refusals pass)"
        case .nothingVerified(_, let scenarios):
            return
                "nothing verified on \(name): not one of its \(counted(scenarios, "scenario")) compared an expectation and agreed"
        case .unexpectedPasses(_, let ids, let baseline):
            return unexpectedPasses(name, ids: ids, baseline: baseline)
        }
    }

    /// A note beside the verdict, in words.
    package func note(_ note: GateNote) -> String {
        switch note {
        case .expectedByBaseline(let implementation, let count, let baseline):
            return
                "\(VisibleText.oneLine(implementation)): \(count) outcome\(count == 1 ? "" : "s") as its baseline expects (\(baseline))"
        case .unexpectedPasses(let implementation, let ids, let baseline):
            return unexpectedPasses(VisibleText.oneLine(implementation), ids: ids, baseline: baseline)
        case .expired(let implementation, let ids):
            return
                "\(VisibleText.oneLine(implementation)): baseline entries past their expiry date, no longer excusing anything: "
                + ids.joined(separator: ", ")
        case .staleEntries(let implementation, let ids, let baseline):
            return
                "warning: \(VisibleText.oneLine(implementation)): \(counted(ids.count, "baseline entry", "baseline entries")) in \(baseline) "
                + "for scenarios this version of the suite no longer has (--update-baseline drops them): "
                + ids.joined(separator: ", ")
        }
    }

    private func unexpectedPasses(_ name: String, ids: [String], baseline: String) -> String {
        "\(name): \(ids.count) unexpected pass\(ids.count == 1 ? "" : "es") "
            + "(\(ids.joined(separator: ", "))): remove \(ids.count == 1 ? "its entry" : "their entries") "
            + "from \(baseline) (--update-baseline does)"
    }

    /// What an implementation's scenarios expected that it does not observe, once: nil when
    /// every expectation was checked.
    package func unchecked(_ implementation: ImplementationRecord) -> String? {
        // One pass, keeping sums and keys, not the records (a large run's are read back from a file).
        var count = 0
        var checked = 0
        var expected = 0
        var keys: [String] = []
        var seen: Set<String> = []
        for record in implementation.records where record.outcome == .partlyChecked || record.outcome == .notChecked {
            count += 1
            checked += record.checked
            expected += record.expectations
            keys += record.uncheckedKeys.filter { seen.insert($0).inserted }
        }
        guard count > 0 else { return nil }
        return
            "NOT ALL CHECKED: \(counted(count, "scenario")) against \(VisibleText.oneLine(implementation.name)) "
            + "ran without a difference, but only \(checked) of their \(expected) expectations were checked: "
            + (keys.isEmpty ? "they expect nothing" : "it does not observe " + keys.joined(separator: ", "))
            + ". They do not count as passed."
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
