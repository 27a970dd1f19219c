import Benchmarking
import CommandCatalog
import CommandLineKit
import DriverProtocol
import Engine
import Foundation
import Runner
import ScenarioModel
import SpecModel
import SubprocessDriver

enum BenchCommand: Command {
    static let spec = CommandCatalog.bench

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        // Drivers to end: a signal stops this command in order.
        Interruption.stopInOrder()
        let plan = try RequestArguments.plan(try RequestArguments.request(.bench, arguments, spec: spec))
        let package = plan.suites[0].package
        let trials = try SharedOptions.trials.read(arguments) ?? 5
        let minimumSteps = try arguments.number("min-steps", in: 1...Int.max, otherwise: 20_000)
        if arguments.flag("explore") {
            let runs = try SharedOptions.benchRuns.read(arguments) ?? 300
            let result = ExploreBench.run(
                package: package, runs: runs, trials: trials, emit: { Console.out($0) })
            if result.diverged {
                Console.error("bench: the reference diverged from itself")
                return .failures
            }
            for line in result.lines(trials: trials) { Console.out(line) }
            return .success
        }
        let model = package.declaration
        let loaded = ScenarioLoader(model: model).load(paths: plan.suites[0].paths)
        guard loaded.diagnostics.isEmpty, !loaded.scenarios.isEmpty else {
            for diagnostic in loaded.diagnostics { Console.error(diagnostic.description) }
            throw InputError(message: "bench needs scenarios that load")
        }
        let yardstick = try doNothingDriver()
        let bench = ThroughputBench(
            scenarios: loaded.scenarios, minimumSteps: minimumSteps, trials: trials, model: model,
            emit: { Console.out($0) })
        do {
            let floor = try bench.measure(label: "do-nothing driver", command: yardstick)
            if let other = plan.request.drivers.first {
                let measured = try bench.measure(label: "driver", command: other)
                Console.out(
                    "through authspec, as a fraction of the do-nothing driver alone: \(ThroughputBench.format(measured.throughAuthspec / floor.alone))"
                )
            }
        } catch let error as BenchError {
            throw InputError(message: error.message)
        }
        return .success
    }

    /// The do-nothing driver built beside this authspec executable.
    static func doNothingDriver() throws -> String {
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        let path = URL(fileURLWithPath: executable).deletingLastPathComponent()
            .appendingPathComponent("do-nothing-driver").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw InputError(
                message:
                    "bench needs the do-nothing driver beside authspec (\(path)); build it with: swift build -c release --product do-nothing-driver"
            )
        }
        return "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

}
