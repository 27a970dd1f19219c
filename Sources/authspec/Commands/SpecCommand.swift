import Coverage
import Engine
import Foundation
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
            document does not draw; and compares the tables the model keeps its rules in (for the \
            unlock model: the lock schedule of SCR-AUTH-006 §6.1.2 and UIF-AUTH-001 §10.3, the \
            session lifetime by tier of UIF-AUTH-001 §10.2, the analytics events of SCR-AUTH-006 \
            §11.1 and UIF-AUTH-001 §11.2, the delay from an unlock to the Dashboard) with the \
            documents' tables, naming the rule, the scenarios each disagreement touches and the \
            other documents' rows for the same key. Disagreements the mapping records as read \
            (each with its reading, found by its text) are listed as notes and do not fail the \
            check; one whose text is gone is a warning. Exit codes: 0 the documents agree with the model, 1 they \
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
                help:
                    "Scenarios run on the reference to name what a disagreement touches (default: the manifest's, else Scenarios)."
            ),
        ] + SuiteArguments.modelOptions.filter { ["manifest", "model"].contains($0.name) })

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        guard arguments.positionals.first == "check" else {
            throw UsageError(message: "Expected 'authspec spec check DOC...'")
        }
        let files = Array(arguments.positionals.dropFirst())
        guard !files.isEmpty else { throw UsageError(message: "Name at least one spec document to check") }
        let manifest = try SuiteArguments.manifest(arguments, from: [])
        let package = try SuiteArguments.package(arguments, manifest: manifest)
        let (checks, additions) = try check(
            files, package: package, mapping: arguments.value("mapping") ?? manifest?.specMapping,
            scenarioPath: arguments.value("scenarios") ?? manifest?.scenarios.first ?? "Scenarios")
        let model = package.declaration
        let tables = package.ruleTables.map(\.name)
        Console.out(
            "Checking \(files.count) document\(files.count == 1 ? "" : "s") against the \(model.name) model (\(model.transitions.count) transitions)"
                + (tables.isEmpty ? "" : " and the reference's " + tables.joined(separator: " and ")))
        let counts = report(checks, additions: additions)
        Console.out(
            "\n\(counts.disagreements) disagreement\(counts.disagreements == 1 ? "" : "s"), \(counts.warnings) warning\(counts.warnings == 1 ? "" : "s")"
                + (counts.recorded == 0
                    ? ""
                    : ", \(counts.recorded) recorded disagreement\(counts.recorded == 1 ? "" : "s") (read, each with its reading)")
        )
        return counts.disagreements > 0 ? .failures : .success
    }

    /// Reads the documents and checks them; the scenarios, run on the reference, name what each
    /// disagreement touches.
    static func check(
        _ files: [String], package: ModelPackage, mapping mappingPath: String?, scenarioPath: String,
        ran: (scenarios: [Scenario], records: [ScenarioRecord])? = nil
    ) throws -> (checks: [DocumentCheck], additions: [TransitionDeclaration]) {
        let model = package.declaration
        let mappingFile =
            mappingPath ?? package.specMapping.flatMap { FileManager.default.fileExists(atPath: $0) ? $0 : nil }
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
        var checker = SpecChecker(model: model, tables: package.ruleTables, mapping: mapping)
        var suite = ran
        if suite == nil, FileManager.default.fileExists(atPath: scenarioPath) {
            let loaded = Suite(
                paths: [scenarioPath], requirementsFile: nil, model: model, selection: SuiteSelection())
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

    /// Prints each document's findings, disagreements first; returns the counts.
    static func report(_ checks: [DocumentCheck], additions: [TransitionDeclaration]) -> (
        disagreements: Int, warnings: Int, recorded: Int
    ) {
        var disagreements = 0
        var warnings = 0
        var recorded = 0
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
            for (table, rows) in check.ruleRows { line += "; \(table) rows: \(rows)" }
            let disagreeing = check.findings.filter(\.isDisagreement)
            Console.out(line + (disagreeing.isEmpty ? ": agrees with the model" : ""))
            for finding in check.findings.sorted(by: {
                ($0.isDisagreement ? 0 : 1, $0.line ?? .max) < ($1.isDisagreement ? 0 : 1, $1.line ?? .max)
            }) {
                let place = finding.line.map { "\(finding.file):\($0): " } ?? ""
                let label =
                    finding.isDisagreement
                    ? "error: \(finding.kind.rawValue): "
                    : [.addedByReference, .recorded].contains(finding.kind)
                        ? "note: \(finding.kind.rawValue): " : "warning: \(finding.kind.rawValue): "
                Console.out("  " + place + label + finding.message)
                for detail in finding.details { Console.out("      " + detail) }
                if finding.isDisagreement {
                    disagreements += 1
                } else if finding.kind == .recorded {
                    recorded += 1
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
        return (disagreements, warnings, recorded)
    }
}

enum ModelCommand: Command {
    static let spec = CommandSpec(
        name: "model",
        abstract: "Print the model's states, inputs and transitions, for docs and other tools.",
        discussion: nil,
        arguments: [],
        options: [.init(name: "format", valueName: "format", help: "mermaid (a stateDiagram-v2) or json (default).")]
            + SuiteArguments.modelOptions.filter { $0.name == "model" })

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let model = try SuiteArguments.package(arguments).declaration
        switch arguments.value("format") ?? "json" {
        case "json": Console.out(ModelExport.json(model))
        case "mermaid": Console.out(ModelExport.mermaid(model))
        case let other: throw UsageError(message: "Unknown format '\(other)' (expected mermaid or json)")
        }
        return .success
    }
}
