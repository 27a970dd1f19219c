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
            traced = try TraceSession.trace(plans, statementsFile: request.statements, processors: plan.processors)
        } catch {
            throw InputError(message: error.description)
        }
        for problem in traced.problems { Console.error(problem.description) }
        Console.out(String(TraceReport.text(traced.traces, implementation: "the reference").dropLast()))
        let files = TraceReport.markdownFiles(traced.traces, implementation: "the reference", stem: stem)
        if let folder {
            for part in files.parts {
                try OutputGuard.refuse(folder + "/" + part.file, option: "markdown", inputs: inputs)
            }
        }
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
        if !traced.problems.isEmpty || !written { return .badInput }
        // A falsifier that survived, or what a statement rests on failed: the trace does not
        // pass. A claim or a reading not pinned is a warning.
        let failing = traced.traces.flatMap(\.statements).filter(\.standing.failsTheTrace)
        return failing.isEmpty ? .success : .failures
    }
}
