import Coverage
import Engine
import Reporters
import Results
import ScenarioModel
import SpecModel

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
        arguments: [
            .init(
                name: "paths",
                help:
                    "Scenario files or folders (default: the manifest's, else Scenarios); several models' suites are each run on their own reference."
            )
        ],
        options: [
            .init(
                name: "statements", valueName: "file",
                help: "The statement catalogue (default: the nearest statements.yaml to the scenarios)."),
            .init(
                name: "markdown", valueName: "file", help: "Also write the trace as Markdown (`-`: standard output)."),
        ] + SuiteArguments.modelOptions)

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let outputs = try ReportOutputs(arguments, options: ["markdown"])
        try outputs.refuse(OutputGuard.inputs(arguments, paths: SuiteArguments.paths(arguments)))
        // Each model's suite runs on its own reference; the statements are judged on them all.
        var records: [ScenarioRecord] = []
        var requirements: [String] = []
        var problems: [Diagnostic] = []
        var catalogues: [String] = []
        var runs: [(Suite, ModelPackage, [String: String])] = []
        let suites = try SuiteArguments.suitesByModel(arguments)
        if suites.count > 1, arguments.value("requirements") != nil {
            throw UsageError(
                message:
                    "--requirements names one model's catalogue, and these paths hold suites of \(suites.count) models: each suite's manifest names its own"
            )
        }
        for (manifest, paths) in suites {
            let package = try SuiteArguments.package(arguments, manifest: manifest)
            let explicit = suites.count == 1 ? arguments.value("requirements") : nil
            let suite = Suite(
                paths: paths, requirementsFile: explicit ?? manifest?.requirements, model: package.declaration,
                selection: SuiteSelection())
            problems += suite.loaded.diagnostics
            requirements += suite.requirements.map(\.id)
            // Each model's suite has its own catalogue beside it; --statements names one for all.
            guard let file = arguments.value("statements") ?? Suite.nearest(StatementCatalogue.fileName, from: paths)
            else {
                // A suite left out would leave its model's statements out of the counts, unsaid.
                throw InputError(
                    message:
                        "trace: no \(StatementCatalogue.fileName) at or above \(paths.joined(separator: ", ")) (the \(package.name) model's suite): add one, or give --statements FILE"
                )
            }
            if !catalogues.contains(file) { catalogues.append(file) }
            guard !suite.scenarios.isEmpty else {
                throw InputError(
                    message: "trace: no scenarios in \(paths.joined(separator: ", ")): nothing verifies anything")
            }
            runs.append((suite, package, try SuiteArguments.referenceSettings(arguments, package: package)))
        }
        guard !catalogues.isEmpty else {
            let paths = suites.flatMap(\.paths).joined(separator: ", ")
            throw InputError(
                message: "trace: no \(StatementCatalogue.fileName) found at or above \(paths); give --statements FILE")
        }
        var statements: [Statement] = []
        var statementProblems: [Diagnostic] = []
        for file in catalogues {
            let (listed, catalogueProblems) = StatementCatalogue.load(file: file, requirements: requirements)
            guard !listed.isEmpty || !catalogueProblems.isEmpty else {
                throw InputError(message: "trace: \(file) lists no statements")
            }
            statements += listed
            statementProblems += catalogueProblems
        }
        // An id in two catalogues would be counted twice.
        statementProblems +=
            Diagnostic.firstOfEachID(statements, what: "statement", id: \.id, location: \.location)
            .diagnostics
        problems = statementProblems + problems
        for problem in problems { Console.error(problem.description) }
        for (suite, package, settings) in runs {
            records +=
                RunEngine(model: package.declaration).run(
                    suite, on: [Candidate.reference(of: package, settings: settings)]
                ).allRecords
        }
        let traces = StatementTrace.trace(statements, records: records)
        Console.out(String(TraceReport.text(traces, implementation: "the reference").dropLast()))
        let written = outputs.write { _ in .text(TraceReport.markdown(traces, implementation: "the reference")) }
        if !problems.isEmpty || !written { return .badInput }
        let unmet = traces.flatMap(\.statements).filter { [.claimNotMet, .readingNotMet].contains($0.standing) }
        return unmet.isEmpty ? .success : .failures
    }
}
