import CommandCatalog
import CommandLineKit
import Coverage
import Engine
import Foundation
import Reporters
import Results
import ScenarioModel
import SpecModel

enum TraceCommand: Command {
    static let spec = CommandCatalog.trace

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let request = try RequestArguments.request(.trace, arguments, spec: spec)
        let plan = try RequestArguments.plan(request)
        let outputs = ReportOutputs(plan.reports)
        let inputs = OutputGuard.inputs(arguments, paths: plan.suites.flatMap(\.paths))
        // A trace written to a file is an index and a part per document beside it, each small
        // enough for a pull request's comment; to standard output it is one document.
        let file = request.reports.first.flatMap { $0.path == "-" ? nil : URL(fileURLWithPath: $0.path) }
        let folder = file?.deletingLastPathComponent().path
        let stem = file?.deletingPathExtension().lastPathComponent ?? "trace"
        let plans = plan.suites
        let traced: (traces: [DocumentTrace], problems: [Diagnostic])
        do {
            // Each document's part is vetted before the suite runs on every mutant.
            traced = try TraceSession.trace(plans, statementsFile: request.statements, processors: plan.processors) {
                documents in
                guard let folder else { return nil }
                for document in documents {
                    let part = folder + "/" + TraceReport.partFile(document, stem: stem)
                    do { try OutputGuard.refuse(part, option: "markdown", inputs: inputs) } catch let error
                        as UsageError
                    {
                        return error.message
                    } catch {
                        return "\(error)"
                    }
                }
                return nil
            }
        } catch .vetted(let words) {
            throw UsageError(message: words)
        } catch {
            throw InputError(message: error.description)
        }
        // With an input error nothing was traced, and nothing is written.
        guard traced.problems.isEmpty else {
            for problem in traced.problems { Console.error(problem.description) }
            return .badInput
        }
        Console.out(String(TraceReport.text(traced.traces, implementation: "the reference").dropLast()))
        let files = TraceReport.markdownFiles(traced.traces, implementation: "the reference", stem: stem)
        var written = outputs.write { _ -> ReportBody in
            .text(file == nil ? TraceReport.markdown(traced.traces, implementation: "the reference") : files.index)
        }
        if let folder, written {
            for part in files.parts {
                let path = folder + "/" + part.file
                do {
                    try OutputTarget.resolve(path).write(part.text)
                } catch {
                    Console.error("Error: the --markdown report's part \(path) was not written: \(error)")
                    written = false
                }
            }
        }
        Console.out(TraceReport.verdict(traced.traces))
        if !written { return .badInput }
        // A falsifier that survived, or what a statement rests on failed: the trace does not
        // pass. A claim or a reading not pinned is a warning.
        let failing = traced.traces.flatMap(\.statements).filter(\.standing.failsTheTrace)
        return failing.isEmpty ? .success : .failures
    }
}
