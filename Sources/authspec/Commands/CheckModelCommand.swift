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
        let seed = try arguments.seed() ?? 1
        guard
            var reference = package.makeReference((try? package.resolve(settings: [:]).get()) ?? [:])
                as? any StateSaving
        else {
            throw UsageError(message: "the \(model.name) model's reference cannot save its state: no exhaustive check")
        }
        let folder = arguments.value("out")
        if let folder {
            try OutputGuard.checkFoundFolder(
                folder, option: "out", for: "the counterexamples",
                files: model.invariants.map(FoundScenarios.violationFileName),
                inputs: OutputGuard.inputs(arguments, paths: []),
                banner: FoundScenarios.violationBanner)
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
        for violation in report.violations {
            guard let folder else { break }
            var original = package.makeReference((try? package.resolve(settings: [:]).get()) ?? [:])
            guard let (name, text) = FoundScenarios(model: model).violation(violation, reference: &original) else {
                continue
            }
            try OutputTarget.resolve(folder + "/" + name).write(text)
        }
        if report.violations.isEmpty && report.deadEnds.isEmpty {
            Console.out(
                "PASS: every invariant holds on every sequence of up to \(depth) inputs, and no state is a dead end")
            return .success
        }
        Console.out("FAIL: \(report.violations.count) invariants broken, \(report.deadEnds.count) dead ends")
        return .failures
    }
}
