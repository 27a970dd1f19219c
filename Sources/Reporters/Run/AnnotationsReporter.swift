import Foundation
import Results
import ScenarioModel
import SpecModel

/// GitHub Actions' workflow commands for a run, to print in a step: one `::error` per new
/// failure or error on an implementation under test, at its scenario's file and line when the
/// scenario is a file of the checkout (`workspace`), so the pull request shows it beside the
/// line; a `::notice` naming the scenario and its rerun line when it is one of a suite authspec
/// carries (no file of the team's to point at). What a baseline expects is not annotated.
package struct AnnotationsReporter {
    let terminal: TerminalReporter
    /// The checkout's folder: absolute paths under it are given relative to it.
    package var workspace: String?

    package init(model: ModelDeclaration, workspace: String?) {
        terminal = TerminalReporter(model: model)
        self.workspace = workspace
    }

    package func lines(_ run: RunRecord, gate: GateVerdict?) -> [String] {
        let tested = run.implementations.filter { !$0.reference }
        var lines: [String] = []
        for implementation in tested.isEmpty ? run.implementations : tested {
            for record in implementation.records where !record.outcome.ranWithoutProblem {
                if gate?.expectation(of: record.id, on: implementation.name) != nil { continue }
                let step = record.firstProblem
                let title =
                    "authspec: \(record.id) \(record.outcome.rawValue) on \(VisibleText.oneLine(implementation.name))"
                var message = VisibleText.oneLine(record.title)
                if let step {
                    message += "\nstep \(step.index + 1): \(step.input)"
                    if let text = step.message { message += "\n" + VisibleText.oneLine(text) }
                    for difference in step.differences {
                        message +=
                            "\n\(difference.key): expected \(terminal.formatter.format(difference.expected, key: difference.key)), "
                            + "observed \(terminal.formatter.format(difference.observed, key: difference.key))"
                    }
                } else if let text = record.message {
                    message += "\n" + VisibleText.oneLine(text)
                }
                if let rerun = run.rerun(record, on: implementation) { message += "\nrerun: " + rerun }
                let kind = record.outcome == .skipped ? "warning" : "error"
                guard run.suite.version == nil, let file = relative(record.location.file) else {
                    lines.append("::notice title=\(Self.property(title))::\(Self.data(message))")
                    continue
                }
                let line = step?.location.line ?? record.location.line
                lines.append(
                    "::\(kind) file=\(Self.property(file)),line=\(line),title=\(Self.property(title))::\(Self.data(message))"
                )
            }
        }
        return lines
    }

    /// The scenario's file as the checkout names it, or nil when it is not in the checkout.
    func relative(_ file: String) -> String? {
        guard file.hasPrefix("/") else { return file }
        guard let workspace, file.hasPrefix(workspace.hasSuffix("/") ? workspace : workspace + "/") else {
            return nil
        }
        return String(file.dropFirst(workspace.count)).drop { $0 == "/" }.description
    }

    /// A command's message, as the runner reads it back: `%`, CR and LF escaped.
    static func data(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.append(character)
            }
        }
        return out
    }

    /// A property's value: a message's escapes, and `:` and `,`, which end it.
    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
