import CommandCatalog
import CommandLineKit
import Engine
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
        let folder = arguments.value("out")
        if let folder {
            try OutputGuard.checkFoundFolder(
                folder, option: "out", for: "the counterexamples",
                files: model.invariants.map(FoundScenarios.violationFileName),
                inputs: OutputGuard.inputs(arguments, paths: []),
                banner: FoundScenarios.violationBanner)
        }
        let checked: (report: ModelChecker.Report, seconds: Double)
        do {
            checked = try ModelCheckSession(
                package: package, depth: depth, worlds: count, seed: seed, clock: SessionClock.machine
            ).run()
        } catch {
            throw UsageError(message: error.description)
        }
        let (report, seconds) = checked
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
            try OutputTarget.resolve(folder + "/" + name).write(FoundFile.sealed(text))
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
