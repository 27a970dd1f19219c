import Coverage
import Results
import ScenarioModel
import SpecModel

/// `trace`: every suite run on its model's reference, and the statement catalogues (each
/// suite's, found beside it, or one named for all) judged on all of their records together.
package enum TraceSession {
    /// Why there is nothing to trace: each a value, with its words.
    package enum Refusal: Error, Equatable, CustomStringConvertible {
        /// A suite with no statement catalogue at or above its paths.
        case noCatalogue(paths: [String], model: String)
        case noScenarios(paths: [String])
        case emptyCatalogue(file: String)
        /// What the caller's `vet` refused once the documents were known (a report's part over
        /// an input), said in its words.
        case vetted(String)

        package var description: String {
            switch self {
            case .noCatalogue(let paths, let model):
                return
                    "trace: no \(StatementCatalogue.fileName) at or above \(paths.joined(separator: ", ")) (the \(model) model's suite): add one, or give --statements FILE"
            case .noScenarios(let paths):
                return "trace: no scenarios in \(paths.joined(separator: ", ")): nothing verifies anything"
            case .emptyCatalogue(let file): return "trace: \(file) lists no statements"
            case .vetted(let words): return words
            }
        }
    }

    /// The traces, and every input error found (the catalogues' first: an id in two catalogues
    /// would be counted twice). Inputs are checked before the suite runs on every mutant: with
    /// an input error there are no traces, only the errors; `vet` is given the documents the
    /// statements are of (the reports' parts) and may refuse with its words.
    package static func trace(
        _ suites: [SuitePlan], statementsFile: String?, processors: Int,
        vet: (_ documents: [String]) -> String? = { _ in nil }
    ) throws(Refusal) -> (
        traces: [DocumentTrace], problems: [Diagnostic]
    ) {
        var requirements: [String] = []
        var problems: [Diagnostic] = []
        var catalogues: [String] = []
        // Each suite with its plan and its statement catalogue.
        var loaded: [(Suite, SuitePlan, catalogue: String)] = []
        for plan in suites {
            let suite = Suite(
                paths: plan.paths, requirementsFile: plan.catalogueFile, model: plan.model, selection: SuiteSelection(),
                processors: processors)
            problems += suite.loaded.diagnostics
            requirements += suite.requirements.map(\.id)
            // A suite left out would leave its model's statements out of the counts, unsaid.
            guard let file = statementsFile ?? Suite.nearest(StatementCatalogue.fileName, from: plan.paths) else {
                throw .noCatalogue(paths: plan.paths, model: plan.package.name)
            }
            if !catalogues.contains(file) { catalogues.append(file) }
            guard !suite.scenarios.isEmpty else { throw .noScenarios(paths: plan.paths) }
            loaded.append((suite, plan, file))
        }
        var statements: [Statement] = []
        var catalogueProblems: [Diagnostic] = []
        for file in catalogues {
            let catalogue = StatementCatalogue.load(
                file: file, requirements: requirements, packages: loaded.map(\.1.package))
            guard !catalogue.statements.isEmpty || !catalogue.diagnostics.isEmpty else {
                throw .emptyCatalogue(file: file)
            }
            statements += catalogue.statements
            catalogueProblems += catalogue.diagnostics
        }
        catalogueProblems +=
            Diagnostic.firstOfEachID(statements, what: "statement", id: \.id, location: \.location).diagnostics
        // Each suite's scenarios in its contradicted statements' own documents' terms.
        var readings: [[Scenario]] = []
        for (_, plan, catalogue) in loaded {
            let found = Suite.readings(
                beside: catalogue, model: plan.model, pinning: statements.filter { $0.location.file == catalogue })
            readings.append(found.scenarios)
            catalogueProblems += found.diagnostics
        }
        let everyProblem = catalogueProblems + problems
        if !everyProblem.isEmpty { return ([], everyProblem) }
        var documents: [String] = []
        for statement in statements where !documents.contains(statement.document) {
            documents.append(statement.document)
        }
        if let refusal = vet(documents) { throw .vetted(refusal) }
        var records: [ScenarioRecord] = []
        var falsifiers: [Falsification.Falsifier] = []
        var terms: [String: OwnTerms] = [:]
        var covers: [String: [String]] = [:]
        var keys: [String: [String]] = [:]
        for ((suite, plan, _), readings) in zip(loaded, readings) {
            let reference = Candidate.reference(of: plan.package, settings: plan.referenceSettings)
            records += RunEngine(model: plan.model).run(suite, on: [reference]).allRecords
            // Every mutant of the model's reference through the model's suite: the falsifiers.
            let found = Falsifying.falsification(
                suite.scenarios, requirements: suite.requirements, package: plan.package, readings: readings,
                jobs: processors)
            falsifiers += found.falsifiers
            terms.merge(found.ownTerms) { first, _ in first }
            covers.merge(found.covers) { first, _ in first }
            keys.merge(found.keys) { first, _ in first }
        }
        var falsification = Falsification(falsifiers: falsifiers, covers: covers, keys: keys)
        falsification.ownTerms = terms
        var traces = StatementTrace.trace(statements, records: records, falsification: falsification)
        // The same facts `spec check` reads, from each traced model's package.
        var seen: Set<String> = []
        let facts = loaded.map(\.1.package).filter { seen.insert($0.name).inserted }.flatMap(\.facts)
        for index in traces.indices {
            let mine = facts.filter { $0.document == traces[index].document }
            traces[index].facts = (mine.count, mine.filter { $0.reading != nil }.count)
        }
        return (traces, catalogueProblems + problems)
    }
}
