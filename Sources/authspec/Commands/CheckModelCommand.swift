import CommandCatalog
import CommandLineKit
import Dispatch
import Exploration
import Foundation
import Reporters
import ScenarioModel
import SpecModel

enum CheckModelCommand: Command {
    static let spec = CommandCatalog.checkModel

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let package = try SuiteArguments.package(arguments)
        let model = package.declaration
        let depth = try SharedOptions.checkDepth.read(arguments) ?? 4
        let count = try SharedOptions.checkWorlds.read(arguments) ?? 4
        let seed = try arguments.value("seed").map(ExploreCommand.seed) ?? 1
        guard
            var reference = package.makeReference((try? package.resolve(settings: [:]).get()) ?? [:])
                as? any StateSaving
        else {
            throw UsageError(message: "the \(model.name) model's reference cannot save its state: no exhaustive check")
        }
        let worlds = ProbeGenerator(model: model).worlds(count: count, seed: seed)
        let began = DispatchTime.now().uptimeNanoseconds
        let report = ModelChecker(model: model, depth: depth).check(&reference, worlds: worlds)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9
        Console.out(
            "Checked \(model.invariants.count) invariants of the \(model.name) model on its reference: "
                + "\(report.worlds) worlds, depth \(depth), \(report.states) states visited, \(report.steps) inputs"
                + String(format: " (%.1f s)", seconds))
        for line in FoundScenarios(model: model).modelCheck(report, depth: depth) { Console.out(line) }
        if let folder = arguments.value("out"), !report.violations.isEmpty {
            try write(
                report.violations, into: folder, model: model, reference: package,
                inputs: OutputGuard.inputs(arguments, paths: []))
        }
        if report.violations.isEmpty && report.deadEnds.isEmpty {
            Console.out(
                "PASS: every invariant holds on every sequence of up to \(depth) inputs, and no state is a dead end")
            return .success
        }
        Console.out("FAIL: \(report.violations.count) invariants broken, \(report.deadEnds.count) dead ends")
        return .failures
    }

    static func write(
        _ violations: [ModelChecker.Violation], into folder: String, model: ModelDeclaration,
        reference package: ModelPackage, inputs: ProtectedInputs
    ) throws {
        do {
            try OutputTarget.checkFolder(folder, for: "the counterexamples")
        } catch {
            throw UsageError(message: "--out: \(error.description)")
        }
        for violation in violations {
            var reference = package.makeReference((try? package.resolve(settings: [:]).get()) ?? [:])
            let id = "check-model-\(violation.invariant.id)"
            guard
                let text = FoundScenarios(model: model).text(
                    violation.probe, id: id, reference: &reference,
                    header: { _ in
                        ScenarioWriter.Header(
                            comments: [
                                "Found by authspec check-model: the reference breaks \(violation.invariant.id) (\(violation.invariant.clause)):",
                                violation.what,
                            ], id: id, title: "Breaks: \(violation.invariant.summary)",
                            spec: [violation.invariant.clause],
                            tags: ["check-model"])
                    })
            else { continue }
            try OutputGuard.refuse(
                folder + "/" + id + ".yaml", option: "out", inputs: inputs,
                rewritable: "# Found by authspec check-model")
            try OutputTarget.resolve(folder + "/" + id + ".yaml").write(text)
        }
    }
}
