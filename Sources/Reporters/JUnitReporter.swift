import Results
import SpecModel

/// JUnit XML for CI gates: one testsuite per implementation, one testcase per scenario (the
/// scenario file as classname), a failure for a conformance failure, an error for a broken
/// implementation, skipped for unsupported, the step trace in system-out.
public struct JUnitReporter {
    let formatter: ValueFormatter

    public init(model: ModelDeclaration) {
        formatter = ValueFormatter(model: model)
    }

    /// An interrupted run says so in a property of every suite: only what finished is listed.
    public func document(_ run: RunRecord) -> String {
        var xml = ""
        write(run) { xml += $0 }
        return xml
    }

    /// The same text as `document`, a test case at a time.
    public func write<Failure: Error>(_ run: RunRecord, to emit: (String) throws(Failure) -> Void) throws(Failure) {
        let total = run.summary
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml +=
            "<testsuites name=\"authspec\" tests=\"\(total.total)\" failures=\"\(total.failed)\" errors=\"\(total.errored)\" skipped=\"\(Self.notPassed(total))\">\n"
        for implementation in run.implementations {
            let summary = implementation.summary
            xml +=
                "  <testsuite name=\"\(Escape.xmlAttribute(implementation.name))\" tests=\"\(summary.total)\" failures=\"\(summary.failed)\" errors=\"\(summary.errored)\" skipped=\"\(Self.notPassed(summary))\">\n"
            if let interruption = run.interruption {
                let unfinished = interruption.unfinished.filter { $0.implementation == implementation.name }.map(
                    \.scenario)
                xml += "    <properties>\n"
                xml += "      <property name=\"interrupted\" value=\"\(Escape.xmlAttribute(interruption.signal))\"/>\n"
                xml +=
                    "      <property name=\"unfinished\" value=\"\(Escape.xmlAttribute(unfinished.joined(separator: " ")))\"/>\n"
                xml += "    </properties>\n"
            }
            for record in implementation.records {
                xml += testcase(record)
                if xml.utf8.count >= 1 << 16 {
                    try emit(xml)
                    xml = ""
                }
            }
            xml += "  </testsuite>\n"
        }
        try emit(xml + "</testsuites>\n")
    }

    /// Skipped in JUnit's terms: skipped, and ran without a difference but not wholly checked.
    static func notPassed(_ summary: RunSummary) -> Int { summary.skipped + summary.partlyChecked + summary.notChecked }

    private func testcase(_ result: ScenarioRecord) -> String {
        var xml =
            "    <testcase classname=\"\(Escape.xmlAttribute(result.location.file))\" name=\"\(Escape.xmlAttribute(result.id))\">\n"
        let problem = result.firstProblem
        let location = problem.map { "\($0.location): step \($0.index + 1): \($0.input)" }
        switch result.outcome {
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
                } ?? [])).joined(separator: "\n")
            xml +=
                "      <failure type=\"conformance\" message=\"\(Escape.xmlAttribute("step \((problem?.index ?? 0) + 1): \(keys) differ"))\">\(Escape.xml(body))</failure>\n"
        case .errored:
            let message = problem?.message ?? result.message ?? "errored"
            xml +=
                "      <error type=\"implementation\" message=\"\(Escape.xmlAttribute(firstLine(message)))\">\(Escape.xml(([location].compactMap { $0 } + [message]).joined(separator: "\n")))</error>\n"
        case .skipped:
            xml +=
                "      <skipped message=\"\(Escape.xmlAttribute(firstLine(result.message ?? problem?.message ?? "skipped")))\"/>\n"
        }
        let trace = result.steps.map { step in
            "step \(step.index + 1) (\(step.location.file):\(step.location.line)) \(step.input)"
                + (step.repeatCount > 1 ? " ×\(step.repeatCount)" : "")
                + ": \(step.outcome.rawValue)"
                + (step.state.map { ", state \($0.string ?? "\($0)")" } ?? "")
        }
        if !trace.isEmpty { xml += "      <system-out>\(Escape.xml(trace.joined(separator: "\n")))</system-out>\n" }
        return xml + "    </testcase>\n"
    }

    private func firstLine(_ text: String) -> String { String(text.split(separator: "\n").first ?? "") }
}
