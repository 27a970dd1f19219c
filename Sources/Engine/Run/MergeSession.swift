import DriverProtocol
import Results
import ScenarioModel
import SpecModel

/// `merge`: the shards' results files read back and put together as the whole run would have
/// recorded them, checked against the model this authspec has.
package enum MergeSession {
    /// Why the shards do not make a run: each a value, with its file and place in words.
    package enum Refusal: Error, CustomStringConvertible {
        case unreadable(Diagnostic)
        case notJSON(file: String, line: Int, column: Int, message: String)
        case notResults(file: String, problem: ResultsCodec.Problem)
        case inconsistent(MergeProblem)
        case unknownModel(file: String, model: String)
        case otherModelVersion(model: String, digest: String, ours: String)

        package var description: String {
            switch self {
            case .unreadable(let problem):
                return "\(problem.location): error: cannot read the results: \(problem.message)"
            case .notJSON(let file, let line, let column, let message):
                return "\(file):\(line):\(column): error: not JSON: \(message)"
            case .notResults(let file, let problem): return "\(file): error: \(problem.description)"
            case .inconsistent(let problem): return "merge: error: \(problem.message)"
            case .unknownModel(let file, let model):
                return "merge: error: \(file) is a run of the '\(model)' model, which this authspec does not have"
            case .otherModelVersion(let model, let digest, let ours):
                return
                    "merge: error: the shards ran another version of the \(model) model (digest \(digest); this authspec has \(ours)): merge them with the authspec that ran them"
            }
        }
    }

    /// A results file can hold a large suite's every step.
    package static let maxBytes = 1 << 30

    /// Each model's merged run and its package, from `package(named:)`, in the order the files
    /// first hold them: a file holds one model's run, or one per model of a run over several.
    package static func merge(_ files: [String], package: (String) -> ModelPackage?) throws(Refusal) -> [(
        run: RunRecord, package: ModelPackage
    )] {
        var byModel: [(model: String, parts: [(name: String, run: RunRecord)])] = []
        for file in files {
            let text: String
            switch SourceFiles.read(file, maxBytes: maxBytes) {
            case .success(let read): text = read
            case .failure(let problem): throw .unreadable(problem)
            }
            let document: Value
            do {
                document = try JSONCodec.decode(text)
            } catch {
                let (line, column) = lineAndColumn(ofByte: error.column - 1, in: text)
                throw .notJSON(file: file, line: line, column: column, message: error.message)
            }
            let runs: [RunRecord]
            do {
                runs = try ResultsCodec.decodeRuns(document)
            } catch {
                throw .notResults(file: file, problem: error)
            }
            for run in runs {
                if let index = byModel.firstIndex(where: { $0.model == run.model }) {
                    byModel[index].parts.append((file, run))
                } else {
                    byModel.append((run.model, [(file, run)]))
                }
            }
        }
        var merged: [(run: RunRecord, package: ModelPackage)] = []
        for (_, parts) in byModel {
            let run: RunRecord
            do {
                run = try RunRecord.merge(parts)
            } catch {
                throw .inconsistent(error)
            }
            guard let found = package(run.model) else { throw .unknownModel(file: parts[0].name, model: run.model) }
            guard found.declaration.digest == run.modelDigest else {
                throw .otherModelVersion(model: run.model, digest: run.modelDigest, ours: found.declaration.digest)
            }
            merged.append((run, found))
        }
        return merged
    }

    /// The merged run judged as the whole run would have been: its baselines (an entry for a
    /// scenario it did not run is an input error) and statement catalogue loaded beside it.
    package static func outcome(_ merged: RunRecord, suite: SuitePlan, policy base: GatePolicy, processors: Int)
        -> ModelOutcome
    {
        // Judged by the merge's gate options: its rerun lines say them, not the shards'.
        var run = merged
        run.request?.baselines = suite.baselineFiles
        run.request?.strictBaseline = base.strictBaseline
        run.request?.allowSkips = base.allowSkips
        run.request?.allowRefusals = base.allowRefusals
        let package = suite.package
        let baselineFiles = suite.baselineFiles
        let statementsFile = suite.statementsFile
        var policy = base
        let ran = Set(run.allRecords.map(\.id))
        let baselineProblems = policy.loadBaselines(baselineFiles, known: ran, suite: Baseline.suiteDigest(of: ran))
        var problems = baselineProblems.files + baselineProblems.entries
        var statements: [Statement] = []
        var readings: [Scenario] = []
        if let file = statementsFile {
            let catalogue = StatementCatalogue.load(
                file: file, requirements: run.requirements.map(\.id), packages: [package])
            statements = catalogue.statements
            let found = Suite.readings(beside: file, model: package.declaration, pinning: statements)
            readings = found.scenarios
            problems += catalogue.diagnostics + found.diagnostics
        }
        var gate = run.gate(policy)
        if !problems.isEmpty { gate.reasons.insert(.inputErrors(count: problems.count), at: 0) }
        let covered = Set(run.allRecords.flatMap(\.covers))
        // The statements rest on the suite's falsifiers: the scenarios the shards ran, read from
        // their files (where the merge runs beside the suite), through every mutant.
        var falsification: Falsification?
        if statementsFile != nil {
            let ids = Set(run.allRecords.map(\.id))
            let files = Array(Set(run.allRecords.map(\.location.file))).sorted()
            let loaded = ScenarioLoader(model: package.declaration).load(files: PathList(files))
            let scenarios = loaded.scenarios.filter { ids.contains($0.id) }
            if scenarios.count == run.suite.scenarios {
                // The keys each requirement constrains are the catalogue's, beside the files.
                let requirements = Suite.catalogue(nil, paths: files).requirements
                falsification = Falsifying.falsification(
                    scenarios, requirements: requirements, package: package, readings: readings, jobs: processors)
            }
        }
        var outcome = ModelOutcome(
            plan: suite, run: run, gate: gate, policy: policy, statements: statements, inputErrors: problems.count,
            suiteChanges: [], uncovered: run.requirements.filter { !covered.contains($0.id) }.map(\.id), seconds: nil,
            problems: problems)
        outcome.falsification = falsification
        return outcome
    }

    /// 1-based line and column (in bytes) of a byte offset.
    static func lineAndColumn(ofByte offset: Int, in text: String) -> (Int, Int) {
        var line = 1
        var column = 1
        for byte in text.utf8.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }
}
