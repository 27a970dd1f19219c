import CommandCatalog
import CommandLineKit
import Coverage
import Engine
import Foundation
import Models
import Reporters
import Results
import Runner
import ScenarioModel
import SpecCheck
import SpecModel

enum SpecCommand: Command {
    static let spec = CommandCatalog.spec

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        guard arguments.positionals.first == "check" else {
            let word = arguments.positionals.first
            let guess = word.flatMap { closestMatch(to: $0, among: ["check"]) }.map { " (did you mean '\($0)'?)" }
            throw UsageError(
                message: (word.map { "Unknown subcommand 'spec \($0)'\(guess ?? ""): " } ?? "")
                    + "Expected 'authspec spec check DOC...'")
        }
        let files = Array(arguments.positionals.dropFirst())
        guard !files.isEmpty else { throw UsageError(message: "Name at least one spec document to check") }
        let found = try SuiteArguments.manifest(arguments, from: [])
        let package = try SuiteArguments.package(arguments, manifest: found)
        // A manifest of another model's suite (the one above, with --model naming this one)
        // names that model's mapping and scenarios: the model's own mapping is read instead,
        // and no scenarios unless --scenarios names them.
        let manifest = found.flatMap { $0.model == nil || $0.model == package.name ? $0 : nil }
        if arguments.flag("list-facts") {
            let listed: [SpecReview.ListedDocument]
            do {
                listed = try SpecReview.listFacts(files, package: package, accountedBy: ModelRegistry.packages)
            } catch {
                throw InputError(message: error.description)
            }
            for document in listed {
                for line in SpecCheckReport.factLines(file: document.file, facts: document.facts) { Console.out(line) }
                for line in SpecCheckReport.exclusionLines(file: document.file, account: document.account) {
                    Console.out(line)
                }
            }
            Console.out(SpecCheckReport.factSummary(listed.map { ($0.file, $0.facts) }, model: package.name))
            for document in listed {
                Console.out(SpecCheckReport.accountLine(file: document.file, account: document.account))
            }
            return .success
        }
        let (checks, additions) = try check(
            files, package: package, mapping: arguments.value("mapping") ?? manifest?.specMapping,
            scenarioPath: arguments.value("scenarios") ?? manifest?.scenarios.first
                ?? (found == nil ? "Scenarios" : nil))
        Console.out(
            SpecCheckReport.heading(
                documents: files.count, model: package.declaration, tables: package.ruleTables.map(\.name)))
        let (lines, counts) = SpecCheckReport.lines(checks, additions: additions)
        for line in lines { Console.out(line) }
        Console.out(SpecCheckReport.summary(counts))
        return counts.disagreements > 0 ? .failures : .success
    }

    /// `SpecReview.check`, its problems as input errors.
    static func check(
        _ files: [String], package: ModelPackage, mapping: String?, scenarioPath: String?,
        ran: (scenarios: [Scenario], records: [ScenarioRecord])? = nil
    ) throws -> (checks: [DocumentCheck], additions: [TransitionDeclaration]) {
        do {
            return try SpecReview.check(
                files, package: package, mapping: mapping, scenarioPath: scenarioPath, ran: ran,
                processors: ProcessInfo.processInfo.activeProcessorCount, accountedBy: ModelRegistry.packages)
        } catch {
            throw InputError(message: error.description)
        }
    }
}

enum ModelCommand: Command {
    static let spec = CommandCatalog.model

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        if arguments.flag("list") {
            for package in ModelRegistry.packages { Console.out(package.name) }
            return .success
        }
        let model = try SuiteArguments.package(arguments).declaration
        switch arguments.value("format") ?? "json" {
        case "json": Console.out(ModelExport.json(model))
        case "mermaid": Console.out(ModelExport.mermaid(model))
        case let other: throw UsageError(message: "Unknown format '\(other)' (expected mermaid or json)")
        }
        return .success
    }
}
