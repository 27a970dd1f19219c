import CommandLineKit
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
        let (lines, counts) = SpecCheckReport.lines(checks, additions: additions)
        for line in lines { Console.out(line) }
        Console.out(SpecCheckReport.summary(counts))
        return counts.disagreements > 0 ? .failures : .success
    }

    /// `SpecReview.check`, its problems as input errors.
    static func check(
        _ files: [String], package: ModelPackage, mapping: String?, scenarioPath: String,
        ran: (scenarios: [Scenario], records: [ScenarioRecord])? = nil
    ) throws -> (checks: [DocumentCheck], additions: [TransitionDeclaration]) {
        do {
            return try SpecReview.check(files, package: package, mapping: mapping, scenarioPath: scenarioPath, ran: ran)
        } catch {
            throw InputError(message: error.description)
        }
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
