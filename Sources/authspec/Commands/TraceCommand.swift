import Coverage
import Engine
import Reporters
import ScenarioModel

enum TraceCommand: Command {
    static let spec = CommandSpec(
        name: "trace",
        abstract: "Trace every normative statement of the spec documents to what verifies it.",
        discussion: """
            Reads the statement catalogue (statements.yaml: each statement of the spec \
            documents with its status: verified by requirements, modelled, not observable \
            through the driver protocol with the reason, part of the auth-flow model, or \
            contradicted with the reading that decides), runs the suite on the reference, and \
            prints per document how many statements there are and how many of those the suite \
            can check are verified: a statement counts as verified only when every requirement \
            it rests on was verified in this run. Then every statement not verified, with its \
            place and reason. Exit codes: 0 every claim holds, 1 a statement claimed verified \
            (or a reading claimed to decide a contradiction) was not verified in the run, 2 \
            usage or input errors.
            """,
        arguments: [.init(name: "paths", help: "Scenario files or folders (default: the manifest's, else Scenarios).")],
        options: [
            .init(
                name: "statements", valueName: "file",
                help: "The statement catalogue (default: the nearest statements.yaml to the scenarios)."),
            .init(
                name: "markdown", valueName: "file", help: "Also write the trace as Markdown (`-`: standard output)."),
        ] + SuiteArguments.modelOptions)

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let manifest = try SuiteArguments.manifest(arguments, from: arguments.positionals)
        let package = try SuiteArguments.package(arguments, manifest: manifest)
        let model = package.declaration
        let paths = SuiteArguments.paths(arguments, manifest: manifest)
        let outputs = try ReportOutputs(arguments, options: ["markdown"])
        let suite = Suite(
            paths: paths, requirementsFile: arguments.value("requirements") ?? manifest?.requirements, model: model,
            selection: SuiteSelection())
        guard
            let file = arguments.value("statements") ?? Suite.nearest(StatementCatalogue.fileName, from: paths)
        else {
            throw InputError(
                message:
                    "trace: no \(StatementCatalogue.fileName) found at or above \(paths.joined(separator: ", ")); give --statements FILE"
            )
        }
        let (statements, statementProblems) = StatementCatalogue.load(
            file: file, requirements: suite.requirements.map(\.id))
        let problems = statementProblems + suite.loaded.diagnostics
        for problem in problems { Console.error(problem.description) }
        guard !statements.isEmpty else { throw InputError(message: "trace: \(file) lists no statements") }
        guard !suite.scenarios.isEmpty else {
            throw InputError(
                message: "trace: no scenarios in \(paths.joined(separator: ", ")): nothing verifies anything")
        }
        let settings = try SuiteArguments.referenceSettings(arguments, package: package)
        let records = RunEngine(model: model).run(suite, on: [Candidate.reference(of: package, settings: settings)])
            .allRecords
        let traces = StatementTrace.trace(statements, records: records)
        Console.out(String(TraceReport.text(traces, implementation: "the reference").dropLast()))
        let written = outputs.write { _ in .text(TraceReport.markdown(traces, implementation: "the reference")) }
        if !problems.isEmpty || !written { return .badInput }
        let unmet = traces.flatMap(\.statements).filter { [.claimNotMet, .readingNotMet].contains($0.standing) }
        return unmet.isEmpty ? .success : .failures
    }
}
