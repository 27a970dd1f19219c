import Coverage
import Engine
import Foundation
import ReferenceMachine
import Reporters
import Results
import Runner
import ScenarioModel
import SpecCheck
import SpecModel

enum SpecCommand: Command {
    static let spec = CommandSpec(
        name: "spec",
        abstract: "Check spec documents against the model: authspec spec check DOC...",
        discussion: """
            'spec check' reads spec documents as they are written (plain text with unfenced \
            diagrams, or Markdown with ```mermaid blocks), takes their stateDiagram-v2 and \
            flowchart diagrams in the sections the mapping names, translates their state names \
            (docs/spec-mapping.yaml), and compares them with the model's transitions: a document \
            arrow may pass straight over states the app leaves by itself (PINValidating, \
            BiometricSuccess). It reports, with file and line, arrows the model lacks, the same \
            source and trigger going elsewhere (a conflict), and transitions the model has that a \
            document does not draw; and compares progressive-lock tables (SCR-AUTH-006 §6.1.2, \
            UIF-AUTH-001 §10.3) with the reference's schedule, naming the rule and the scenarios \
            each disagreement touches. Exit codes: 0 the documents agree with the model, 1 they \
            disagree, 2 usage or input errors.
            """,
        arguments: [
            .init(
                name: "check", help: "The check to run (the only one for now).", optional: false, repeating: false,
                literal: true),
            .init(name: "documents", help: "The spec documents to read.", optional: false),
        ],
        options: [
            .init(
                name: "mapping", valueName: "file",
                help: "Sections and state names per document (default: docs/spec-mapping.yaml, if there)."),
            .init(
                name: "scenarios", valueName: "path",
                help: "Scenarios run on the reference to name what a disagreement touches (default: Scenarios)."),
        ])

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        guard arguments.positionals.first == "check" else {
            throw UsageError(message: "Expected 'authspec spec check DOC...'")
        }
        let files = Array(arguments.positionals.dropFirst())
        guard !files.isEmpty else { throw UsageError(message: "Name at least one spec document to check") }
        let (checks, additions) = try check(
            files, mapping: arguments.value("mapping"), scenarioPath: arguments.value("scenarios") ?? "Scenarios")
        let model = UnlockModel.declaration
        Console.out(
            "Checking \(files.count) document\(files.count == 1 ? "" : "s") against the \(model.name) model (\(model.transitions.count) transitions) and the reference's lock schedule"
        )
        let counts = report(checks, additions: additions)
        Console.out(
            "\n\(counts.disagreements) disagreement\(counts.disagreements == 1 ? "" : "s"), \(counts.warnings) warning\(counts.warnings == 1 ? "" : "s")"
        )
        return counts.disagreements > 0 ? .failures : .success
    }

    /// Reads the documents and checks them; the scenarios, run on the reference, name what each
    /// disagreement touches.
    static func check(
        _ files: [String], mapping mappingPath: String?, scenarioPath: String,
        ran: (scenarios: [Scenario], records: [ScenarioRecord])? = nil
    ) throws -> (checks: [DocumentCheck], additions: [TransitionDeclaration]) {
        let model = UnlockModel.declaration
        let mappingFile =
            mappingPath
            ?? (FileManager.default.fileExists(atPath: "docs/spec-mapping.yaml") ? "docs/spec-mapping.yaml" : nil)
        var mapping = SpecMapping()
        if let mappingFile {
            let text = try readText(mappingFile, what: "the mapping file")
            do {
                mapping = try SpecMapping.load(text: text, file: mappingFile)
            } catch {
                throw InputError(message: error.description)
            }
        }
        var documents: [SpecDocument] = []
        for file in files {
            documents.append(
                SpecDocument(file: file, text: try readText(file, what: "the document", maxBytes: 1 << 20)))
        }
        var checker = SpecChecker(model: model, lockSchedule: UnlockRules.spec.lockSchedule, mapping: mapping)
        var suite = ran
        if suite == nil, FileManager.default.fileExists(atPath: scenarioPath) {
            let loaded = Suite(
                paths: [scenarioPath], requirementsFile: nil, model: model, selection: SuiteSelection())
            let package = UnlockPackage.package
            let settings = (try? package.resolve(settings: [:]).get()) ?? [:]
            let reference = Candidate(label: "reference") { _ in package.makeReference(settings) }
            suite = (loaded.scenarios, RunEngine(model: model).run(loaded, on: [reference]).allRecords)
        }
        if let suite {
            checker.scenariosByTransition = CoverageReport.scenariosByTransition(suite.records, model: model)
            checker.scenariosByLockRow = scenariosByLockRow(
                suite.scenarios, catalogue: Suite.catalogue(nil, paths: [scenarioPath]).requirements)
        }
        let checks = checker.check(documents)
        return (checks, checker.additionsOutsideEveryDocument(checks))
    }

    /// Prints each document's findings, disagreements first; returns the counts.
    static func report(_ checks: [DocumentCheck], additions: [TransitionDeclaration]) -> (
        disagreements: Int, warnings: Int
    ) {
        var disagreements = 0
        var warnings = 0
        for check in checks {
            let name = check.document.identifier.map { " (\($0))" } ?? ""
            let compared = check.compared.map { "§\($0.section) \($0.kind.rawValue) (line \($0.line))" }.joined(
                separator: ", ")
            var line = "\n\(check.document.file)\(name): compared " + (compared.isEmpty ? "no diagram" : compared)
            if !check.skipped.isEmpty {
                line +=
                    "; not compared (another model): "
                    + check.skipped.map { "§\($0.section) \($0.kind.rawValue) (line \($0.line))" }.joined(
                        separator: ", ")
            }
            if !check.document.lockRows.isEmpty { line += "; lock table rows: \(check.document.lockRows.count)" }
            let disagreeing = check.findings.filter(\.isDisagreement)
            Console.out(line + (disagreeing.isEmpty ? ": agrees with the model" : ""))
            for finding in check.findings.sorted(by: {
                ($0.isDisagreement ? 0 : 1, $0.line ?? .max) < ($1.isDisagreement ? 0 : 1, $1.line ?? .max)
            }) {
                let place = finding.line.map { "\(finding.file):\($0): " } ?? ""
                let label =
                    finding.isDisagreement
                    ? "error: \(finding.kind.rawValue): "
                    : finding.kind == .addedByReference
                        ? "note: \(finding.kind.rawValue): " : "warning: \(finding.kind.rawValue): "
                Console.out("  " + place + label + finding.message)
                for detail in finding.details { Console.out("      " + detail) }
                if finding.isDisagreement {
                    disagreements += 1
                } else if finding.kind != .addedByReference {
                    warnings += 1
                }
            }
        }
        if !additions.isEmpty {
            Console.out("\nThe model also has, between states no compared document draws:")
            for transition in additions {
                let from = transition.from == "*" ? "any state" : transition.from
                Console.out(
                    "  note: added by the reference: \(from) → \(transition.to) (\(transition.trigger)), \(transition.provenance)"
                )
            }
        }
        return (disagreements, warnings)
    }

    /// Scenarios covering the requirement for each §6.1.2 row (`... §6.1.2 row 6`, `row 8+`).
    static func scenariosByLockRow(_ scenarios: [Scenario], catalogue: [Requirement]) -> [Int: [String]] {
        var rows: [Int: [String]] = [:]
        for requirement in catalogue {
            guard let match = requirement.clause.firstMatch(of: /§6\.1\.2 row (\d+)\+?$/), let row = Int(match.output.1)
            else { continue }
            rows[row] = scenarios.filter { $0.covers.contains { $0.id == requirement.id } }.map(\.id)
        }
        return rows
    }
}

enum ModelCommand: Command {
    static let spec = CommandSpec(
        name: "model",
        abstract: "Print the model's states, inputs and transitions, for docs and other tools.",
        discussion: nil,
        arguments: [],
        options: [.init(name: "format", valueName: "format", help: "mermaid (a stateDiagram-v2) or json (default).")])

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let model = UnlockModel.declaration
        switch arguments.value("format") ?? "json" {
        case "json": Console.out(ModelExport.json(model))
        case "mermaid": Console.out(ModelExport.mermaid(model))
        case let other: throw UsageError(message: "Unknown format '\(other)' (expected mermaid or json)")
        }
        return .success
    }
}
