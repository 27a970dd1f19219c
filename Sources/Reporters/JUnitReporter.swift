import Results
import SpecModel

/// JUnit XML for CI gates: one testsuite per implementation under test, one testcase per
/// scenario (classname `model.file-stem`, so a consumer that splits at the last dot shows the
/// file as the class), a failure for a conformance failure, an error for a broken
/// implementation, skipped for a scenario not run or not wholly checked, the step trace in
/// system-out. Only the elements and attributes docs/junit.xsd allows, which Jenkins' xunit
/// and GitLab both read. The model's reference is a suite only when asked for, or when it is
/// all that ran: it is the yardstick, and counting it would inflate what the gate reports.
public struct JUnitReporter {
    let formatter: ValueFormatter
    let includeReference: Bool

    public init(model: ModelDeclaration, includeReference: Bool = false) {
        formatter = ValueFormatter(model: model)
        self.includeReference = includeReference
    }

    /// An interrupted run says so in a property of every suite: only what finished is listed.
    public func document(_ run: RunRecord) -> String {
        var xml = ""
        write(run) { xml += $0 }
        return xml
    }

    /// The implementations that get a suite.
    public func suites(_ run: RunRecord) -> [ImplementationRecord] {
        let tested = run.implementations.filter { !$0.reference }
        return includeReference || tested.isEmpty ? run.implementations : tested
    }

    /// The same text as `document`, a test case at a time.
    public func write<Failure: Error>(_ run: RunRecord, to emit: (String) throws(Failure) -> Void) throws(Failure) {
        try Self.write([(self, run)], to: emit)
    }

    /// One document for the runs of several models (each with its own reporter): a suite per
    /// implementation and model, named `implementation (model)` when there is more than one model.
    public static func write<Failure: Error>(
        _ parts: [(reporter: JUnitReporter, run: RunRecord)], to emit: (String) throws(Failure) -> Void
    ) throws(Failure) {
        let all = parts.flatMap { part in part.reporter.suites(part.run) }
        let total = RunSummary(all.lazy.flatMap(\.records))
        let milliseconds = all.reduce(0) { $0 + $1.milliseconds }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml +=
            "<testsuites name=\"authspec\" tests=\"\(total.total)\" failures=\"\(total.failed)\" errors=\"\(total.errored)\" time=\"\(Self.seconds(milliseconds))\">\n"
        for (reporter, run) in parts {
            let suffix = parts.count > 1 ? " (\(run.model))" : ""
            for implementation in reporter.suites(run) {
                let summary = implementation.summary
                let timestamp = implementation.started.map { " timestamp=\"\(Escape.xmlAttribute($0))\"" } ?? ""
                xml +=
                    "  <testsuite name=\"\(Escape.xmlAttribute(implementation.name + suffix))\" tests=\"\(summary.total)\" failures=\"\(summary.failed)\" errors=\"\(summary.errored)\" skipped=\"\(Self.notPassed(summary))\" time=\"\(Self.seconds(implementation.milliseconds))\"\(timestamp)>\n"
                var properties = [("model", run.model), ("profile", run.profile.name)]
                if let interruption = run.interruption {
                    let unfinished = interruption.unfinished.filter { $0.implementation == implementation.name }.map(
                        \.scenario)
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
                    xml += reporter.testcase(record, model: run.model)
                    if xml.utf8.count >= 1 << 16 {
                        try emit(xml)
                        xml = ""
                    }
                }
                xml += "  </testsuite>\n"
            }
        }
        try emit(xml + "</testsuites>\n")
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

    private func testcase(_ result: ScenarioRecord, model: String) -> String {
        let classname = Self.classname(model: model, file: result.location.file)
        var xml =
            "    <testcase classname=\"\(Escape.xmlAttribute(classname))\" name=\"\(Escape.xmlAttribute(result.id))\" time=\"\(Self.seconds(result.milliseconds))\">\n"
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
        // The classname keeps only the file's stem: where the scenario is comes first here.
        let out = ["scenario \(result.location.description)"] + trace
        xml += "      <system-out>\(Escape.xml(out.joined(separator: "\n")))</system-out>\n"
        return xml + "    </testcase>\n"
    }

    private func firstLine(_ text: String) -> String { String(text.split(separator: "\n").first ?? "") }
}
