import Results
import ScenarioModel
import SpecModel

/// JUnit XML for CI gates: one testsuite per implementation under test, one testcase per
/// scenario (classname `model.file-stem`, so a consumer that splits at the last dot shows the
/// file as the class), a failure for a conformance failure, an error for a broken
/// implementation, skipped for a scenario not run or not wholly checked, the step trace in
/// system-out. Only the elements and attributes docs/junit.xsd allows, which Jenkins' xunit
/// and GitLab both read. The model's reference is a suite only when asked for, or when it is
/// all that ran: it is the yardstick, and counting it would inflate what the gate reports.
package struct JUnitReporter {
    let formatter: ValueFormatter
    let includeReference: Bool
    /// The gate's reasons are worded as the terminal words them.
    let words: TerminalReporter

    package init(model: ModelDeclaration, includeReference: Bool = false) {
        formatter = ValueFormatter(model: model)
        self.includeReference = includeReference
        words = TerminalReporter(model: model)
    }

    /// An interrupted run says so in a property of every suite, and each scenario run that did
    /// not finish is a testcase in error; a gate that fails for a reason no testcase shows (a
    /// profile not met, nothing verified, results incomplete, scenarios not checked or skipped)
    /// adds a failing `gate` testcase, so a consumer that reads only the JUnit sees red.
    package func document(_ run: RunRecord, gate: GateVerdict? = nil) -> String {
        var xml = ""
        write(run, gate: gate) { xml += $0 }
        return xml
    }

    /// The implementations that get a suite.
    package func suites(_ run: RunRecord) -> [ImplementationRecord] {
        let tested = run.implementations.filter { !$0.reference }
        var suites = includeReference || tested.isEmpty ? run.implementations : tested
        // Implementations a signal stopped before they began: their unfinished scenarios err.
        var named = Set(run.implementations.map(\.name))
        for unfinished in run.interruption?.unfinished ?? [] where named.insert(unfinished.implementation).inserted {
            guard includeReference || unfinished.implementation != "reference" else { continue }
            suites.append(ImplementationRecord(name: unfinished.implementation))
        }
        return suites
    }

    /// The same text as `document`, a test case at a time.
    package func write<Failure: Error>(
        _ run: RunRecord, gate: GateVerdict? = nil, to emit: (String) throws(Failure) -> Void
    ) throws(Failure) {
        try Self.write([(self, run, gate)], to: emit)
    }

    /// One document for the runs of several models (each with its own reporter): a suite per
    /// implementation and model, named `implementation (model)` when there is more than one model.
    package static func write<Failure: Error>(
        _ parts: [(reporter: JUnitReporter, run: RunRecord, gate: GateVerdict?)],
        to emit: (String) throws(Failure) -> Void
    ) throws(Failure) {
        func counts(_ implementation: ImplementationRecord, in part: (JUnitReporter, RunRecord, GateVerdict?))
            -> Counts
        {
            let summary = implementation.summary
            let unfinished = Self.unfinished(implementation.name, in: part.1).count
            let gate = part.0.gateReasons(part.2, implementation: implementation.name).isEmpty ? 0 : 1
            // What a baseline expects is a skipped case, never a failure or an error.
            let expected = Array((part.2?.expected[implementation.name] ?? [:]).values)
            let expectedFailed = expected.filter { $0.outcome == Outcome.failed.rawValue }.count
            let expectedErrored = expected.filter { $0.outcome == Outcome.errored.rawValue }.count
            return Counts(
                tests: summary.total + unfinished + gate, failures: summary.failed - expectedFailed + gate,
                errors: summary.errored - expectedErrored + unfinished,
                skipped: Self.notPassed(summary) + expectedFailed + expectedErrored,
                milliseconds: implementation.milliseconds)
        }
        var total = Counts()
        for part in parts {
            for implementation in part.reporter.suites(part.run) {
                let each = counts(implementation, in: part)
                total.tests += each.tests
                total.failures += each.failures
                total.errors += each.errors
                total.milliseconds += each.milliseconds
            }
        }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml +=
            "<testsuites name=\"authspec\" tests=\"\(total.tests)\" failures=\"\(total.failures)\" errors=\"\(total.errors)\" time=\"\(Self.seconds(total.milliseconds))\">\n"
        for part in parts {
            let (reporter, run, gate) = part
            let suffix = parts.count > 1 ? " (\(run.model))" : ""
            for implementation in reporter.suites(run) {
                let each = counts(implementation, in: part)
                let timestamp = implementation.started.map { " timestamp=\"\(Escape.xmlAttribute($0))\"" } ?? ""
                xml +=
                    "  <testsuite name=\"\(Escape.xmlAttribute(implementation.name + suffix))\" tests=\"\(each.tests)\" failures=\"\(each.failures)\" errors=\"\(each.errors)\" skipped=\"\(each.skipped)\" time=\"\(Self.seconds(each.milliseconds))\"\(timestamp)>\n"
                var properties = [("model", run.model), ("profile", run.profile.name)]
                // The timestamp attribute is zone-less, as the consumers' schemas define it; the
                // same instant with its zone, for a reader that wants no doubt.
                if let started = implementation.started { properties.append(("started_utc", started + "Z")) }
                let unfinished = Self.unfinished(implementation.name, in: run)
                if let interruption = run.interruption {
                    properties += [
                        ("interrupted", interruption.signal), ("unfinished", unfinished.joined(separator: " ")),
                    ]
                }
                xml += "    <properties>\n"
                for (name, value) in properties {
                    xml += "      <property name=\"\(name)\" value=\"\(Escape.xmlAttribute(value))\"/>\n"
                }
                xml += "    </properties>\n"
                for record in implementation.records {
                    xml += reporter.testcase(
                        record, model: run.model, rerun: run.rerun(record, on: implementation),
                        expected: gate?.expectation(of: record.id, on: implementation.name))
                    if xml.utf8.count >= 1 << 16 {
                        try emit(xml)
                        xml = ""
                    }
                }
                for scenario in unfinished {
                    let message = "not finished: the run was interrupted by \(run.interruption?.signal ?? "a signal")"
                    xml +=
                        "    <testcase classname=\"\(Escape.xmlAttribute(run.model)).interrupted\" name=\"\(Escape.xmlAttribute(scenario))\" time=\"0.000\">\n"
                        + "      <error type=\"interrupted\" message=\"\(Escape.xmlAttribute(message))\"/>\n    </testcase>\n"
                }
                let reasons = reporter.gateReasons(gate, implementation: implementation.name)
                if !reasons.isEmpty {
                    xml +=
                        "    <testcase classname=\"\(Escape.xmlAttribute(run.model)).gate\" name=\"gate\" time=\"0.000\">\n"
                        + "      <failure type=\"gate\" message=\"\(Escape.xmlAttribute(reasons[0]))\">\(Escape.xml(reasons.joined(separator: "\n")))</failure>\n    </testcase>\n"
                }
                xml += "  </testsuite>\n"
            }
        }
        try emit(xml + "</testsuites>\n")
    }

    /// A testsuite's counts: its scenarios, the unfinished ones (errors), the gate's testcase.
    struct Counts {
        var tests = 0, failures = 0, errors = 0, skipped = 0, milliseconds = 0
    }

    /// The scenarios of `implementation` a signal left unfinished.
    static func unfinished(_ implementation: String, in run: RunRecord) -> [String] {
        (run.interruption?.unfinished ?? []).filter { $0.implementation == implementation }.map(\.scenario)
    }

    /// The gate's reasons about `implementation` (or the whole run) that no testcase shows as a
    /// failure or an error, in words.
    func gateReasons(_ gate: GateVerdict?, implementation: String) -> [String] {
        guard let gate else { return [] }
        return gate.reasons.filter { reason in
            guard reason.implementation == nil || reason.implementation == implementation else { return false }
            switch reason {
            case .failures, .broken, .interrupted: return false
            default: return true
            }
        }.map(words.reason)
    }

    /// Seconds with three decimals, as JUnit's `time` takes them.
    static func seconds(_ milliseconds: Int) -> String {
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// `model.file-stem`: the scenario file's name without its folder and extension, its own
    /// dots made underscores so that the class is the file wherever a consumer splits.
    static func classname(model: String, file: String) -> String {
        var name = Substring(file.split(separator: "/").last ?? Substring(file))
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = name[..<dot] }
        return model + "." + name.replacingOccurrences(of: ".", with: "_")
    }

    /// Skipped in JUnit's terms: skipped, and ran without a difference but not wholly checked.
    static func notPassed(_ summary: RunSummary) -> Int { summary.skipped + summary.partlyChecked + summary.notChecked }

    private func testcase(_ result: ScenarioRecord, model: String, rerun: String?, expected: Baseline.Entry?)
        -> String
    {
        let classname = Self.classname(model: model, file: result.location.file)
        var xml =
            "    <testcase classname=\"\(Escape.xmlAttribute(classname))\" name=\"\(Escape.xmlAttribute(result.id))\" time=\"\(Self.seconds(result.milliseconds))\">\n"
        // What the scenario is and what it stands for, on every testcase, whatever its outcome.
        let properties =
            [("title", result.title), ("spec", result.spec.joined(separator: ", "))]
            + (result.covers.isEmpty ? [] : [("covers", result.covers.joined(separator: ", "))])
        xml += "      <properties>\n"
        for (name, value) in properties {
            xml += "        <property name=\"\(name)\" value=\"\(Escape.xmlAttribute(value))\"/>\n"
        }
        xml += "      </properties>\n"
        let problem = result.firstProblem
        let location = problem.map { "\($0.location): step \($0.index + 1): \($0.input)" }
        // What broke and how to run it again close a failure's text and an error's.
        let covers = result.covers.isEmpty ? nil : "covers " + result.covers.joined(separator: ", ")
        let spec = result.spec.isEmpty ? nil : "spec " + result.spec.joined(separator: ", ")
        let closing = [
            [covers, spec].compactMap { $0 }.joined(separator: "; "),
            rerun.map { "rerun: " + $0 } ?? "",
        ].filter { !$0.isEmpty }
        switch result.outcome {
        case _ where expected != nil:
            // Expected by the baseline: skipped, with what it expects and where, never red.
            let entry = expected!
            let place = entry.divergence.map { " at \($0.description)" } ?? ""
            xml +=
                "      <skipped message=\"\(Escape.xmlAttribute("expected by the baseline (\(entry.location.file)): \(entry.outcome)\(place): \(entry.reason)"))\"/>\n"
        case .passed:
            break
        case .partlyChecked, .notChecked:
            // JUnit has no "checked in part": a case that was not wholly checked is not a pass.
            let keys = result.uncheckedKeys.joined(separator: ", ")
            xml +=
                "      <skipped message=\"\(Escape.xmlAttribute("\(result.outcome.rawValue): \(result.checked) of \(result.expectations) expectations checked" + (keys.isEmpty ? "" : "; not observed: \(keys)")))\"/>\n"
        case .failed:
            let keys = problem?.differences.map(\.key).joined(separator: ", ") ?? ""
            let body =
                ([location ?? ""]
                + (problem?.differences.map {
                    "\($0.key): expected \(formatter.format($0.expected, key: $0.key)), observed \(formatter.format($0.observed, key: $0.key))"
                } ?? []) + closing).joined(separator: "\n")
            xml +=
                "      <failure type=\"conformance\" message=\"\(Escape.xmlAttribute("step \((problem?.index ?? 0) + 1): \(keys) differ"))\">\(Escape.xml(body))</failure>\n"
        case .errored:
            let message = problem?.message ?? result.message ?? "errored"
            xml +=
                "      <error type=\"implementation\" message=\"\(Escape.xmlAttribute(firstLine(message)))\">\(Escape.xml(([location].compactMap { $0 } + [message] + closing).joined(separator: "\n")))</error>\n"
        case .skipped, .refused:
            // A refusal that the gate does not allow makes the gate's testcase red.
            xml +=
                "      <skipped message=\"\(Escape.xmlAttribute(firstLine(result.message ?? problem?.message ?? result.outcome.rawValue)))\"/>\n"
        }
        let trace = result.steps.map { step in
            "step \(step.index + 1) (\(step.location.file):\(step.location.line)) \(step.input)"
                + (step.repeatCount > 1 ? " ×\(step.repeatCount)" : "")
                + ": \(step.outcome.rawValue)"
                + (step.state.map { ", state \($0.string ?? "\($0)")" } ?? "")
        }
        // The classname keeps only the file's stem: where the scenario is comes first here.
        let out = ["scenario \(result.location.description)"] + trace
        xml += "      <system-out>\(Escape.xml(out.joined(separator: "\n")))</system-out>\n"
        return xml + "    </testcase>\n"
    }

    private func firstLine(_ text: String) -> String { String(text.split(separator: "\n").first ?? "") }
}
