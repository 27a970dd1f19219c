import Coverage
import Foundation
import Results
import ScenarioModel
import SpecCheck
import SpecModel

/// `spec check`: the documents read as written and compared with the model (SpecChecker);
/// the suite, run on the reference, names the scenarios each disagreement touches.
package enum SpecReview {
    /// What `spec check --list-facts` prints of one document.
    package struct ListedDocument {
        package var file: String
        package var facts: [(fact: DocumentFact, line: Int?)]
        package var account: InventoryAccount
    }

    /// A file that could not be read, or a mapping that does not load, said at its place.
    package struct Problem: Error, CustomStringConvertible {
        package var description: String
    }

    /// Each document's facts, as the model takes them, with the line that writes each: the
    /// documents read and identified as `check` reads them.
    /// Each with how its parts are accounted for by the facts and exclusions of `packages`
    /// (this one's alone when empty).
    package static func listFacts(
        _ files: [String], package: ModelPackage, accountedBy packages: [ModelPackage] = []
    ) throws(Problem) -> [ListedDocument] {
        var checker = SpecChecker(model: package.declaration, tables: package.ruleTables, mapping: SpecMapping())
        checker.facts = package.facts
        let accounting = accounting(package, packages)
        return try documents(files, identifiedBy: checker).map { document in
            ListedDocument(
                file: document.file, facts: checker.listedFacts(in: document),
                account: SpecChecker.account(document, facts: accounting.facts, exclusions: accounting.exclusions))
        }
    }

    /// The facts and exclusions that account for a document's parts: every package's given,
    /// else this one's.
    static func accounting(_ package: ModelPackage, _ packages: [ModelPackage]) -> (
        facts: [DocumentFact], exclusions: [DocumentExclusion]
    ) {
        let accounting = packages.isEmpty ? [package] : packages
        return (accounting.flatMap(\.facts), accounting.flatMap(\.exclusions))
    }

    /// The documents read, each identified by the checker: a text that is not the document it
    /// is taken for would agree with the model on nothing, so any such is refused, all named.
    static func documents(_ files: [String], identifiedBy checker: SpecChecker) throws(Problem) -> [SpecDocument] {
        var documents: [SpecDocument] = []
        for file in files {
            documents.append(SpecDocument(file: file, text: try read(file, what: "the document", maxBytes: 1 << 20)))
        }
        var unidentified: [String] = []
        documents = documents.compactMap { document in
            switch checker.identify(document) {
            case .success(let identified): return identified
            case .failure(let problem):
                unidentified.append(problem.description)
                return nil
            }
        }
        if !unidentified.isEmpty { throw Problem(description: unidentified.joined(separator: "\n")) }
        return documents
    }

    /// Reads the mapping (the one named, else the package's if it is there) and the documents,
    /// and checks them. `ran` gives a suite already run on the reference (lint's); else the
    /// scenarios at `scenarioPath`, if given and there, are run. Each document's parts are
    /// accounted for by the facts and exclusions of `packages` (every model's; this one's alone
    /// when empty).
    package static func check(
        _ files: [String], package: ModelPackage, mapping mappingPath: String?, scenarioPath: String?,
        ran: (scenarios: [Scenario], records: [ScenarioRecord])? = nil, processors: Int,
        accountedBy packages: [ModelPackage] = []
    ) throws(Problem) -> (checks: [DocumentCheck], additions: [TransitionDeclaration]) {
        let model = package.declaration
        let mappingFile =
            mappingPath ?? package.specMapping.flatMap { FileManager.default.fileExists(atPath: $0) ? $0 : nil }
        var mapping = SpecMapping()
        if let mappingFile {
            let text = try read(mappingFile, what: "the mapping file", maxBytes: 16 << 20)
            do {
                mapping = try SpecMapping.load(text: text, file: mappingFile)
            } catch {
                throw Problem(description: error.description)
            }
        }
        var checker = SpecChecker(model: model, tables: package.ruleTables, mapping: mapping)
        checker.facts = package.facts
        checker.accounting = accounting(package, packages)
        let documents = try documents(files, identifiedBy: checker)
        var suite = ran
        if suite == nil, let scenarioPath, FileManager.default.fileExists(atPath: scenarioPath) {
            let loaded = Suite(
                paths: [scenarioPath], requirementsFile: nil, model: model, selection: SuiteSelection(),
                processors: processors)
            let settings = (try? package.resolve(settings: [:]).get()) ?? [:]
            let reference = Candidate.reference(of: package, settings: settings)
            suite = (loaded.scenarios, RunEngine(model: model).run(loaded, on: [reference]).allRecords)
        }
        if let suite {
            checker.scenariosByTransition = CoverageReport.scenariosByTransition(suite.records, model: model)
            for scenario in suite.scenarios {
                for requirement in scenario.covers {
                    checker.scenariosByRequirement[requirement.id, default: []].append(scenario.id)
                }
            }
        }
        let checks = checker.check(documents)
        return (checks, checker.additionsOutsideEveryDocument(checks))
    }

    private static func read(_ path: String, what: String, maxBytes: Int) throws(Problem) -> String {
        switch SourceFiles.read(path, maxBytes: maxBytes) {
        case .success(let text): return text
        case .failure(let problem):
            throw Problem(description: "\(problem.location): error: cannot read \(what): \(problem.message)")
        }
    }
}
