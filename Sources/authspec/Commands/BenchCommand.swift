import Benchmarking
import CommandLineKit
import DriverProtocol
import Foundation
import Runner
import ScenarioModel
import SpecModel
import SubprocessDriver

enum BenchCommand: Command {
    static let spec = CommandSpec(
        name: "bench",
        abstract: "Measure input steps per second through authspec against a driver's own ceiling.",
        discussion: """
            The yardstick is the do-nothing driver (Benchmarks/do-nothing-driver, built with \
            `swift build -c release --product do-nothing-driver`), which answers every request \
            with a fixed reply. The suite's requests are recorded once as authspec sends them; \
            then, --trials times, alternating: the driver alone is fed those exact lines by a \
            replayer that keeps input requests in flight as authspec does (up to 16, topped up \
            in one write once 8 or fewer are out; start and reset alone), and the suite runs \
            through authspec against the same driver. Both count input steps per second (start \
            and reset exchanges included, the process start and handshake not); the medians and \
            their ratio (authspec / driver alone) are printed, with the CPU time per input step \
            of the driver alone, of authspec, and of the driver under authspec. With --driver, \
            the same comparison is made for that driver too, and its throughput through \
            authspec is also given as a fraction of the do-nothing driver alone.
            """,
        arguments: [.init(name: "paths", help: "Scenario files or folders to run (default: Scenarios).")],
        options: [
            .init(
                name: "driver", valueName: "command",
                help: "Another driver to measure the same way (e.g. \"python3 Examples/python/driver.py\")."),
            trials.option,
            .init(
                name: "explore", valueName: nil,
                help:
                    "Instead: the reference's steps per second inside explore against a raw loop feeding it the same inputs."
            ),
            runs.option,
            .init(
                name: "min-steps", valueName: "n",
                help: "Input steps per trial at least (default 20000); the suite repeats until reached."),
        ] + SuiteArguments.modelOptions.filter { $0.name == "model" })

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        // Drivers to end: a signal stops this command in order.
        Interruption.stopInOrder()
        let trials = try Self.trials.read(arguments) ?? 5
        let minimumSteps = try arguments.number("min-steps", in: 1...Int.max, otherwise: 20_000)
        if arguments.flag("explore") {
            let runs = try Self.runs.read(arguments) ?? 300
            let result = ExploreBench.run(
                package: try SuiteArguments.package(arguments), runs: runs, trials: trials, emit: { Console.out($0) })
            if result.diverged {
                Console.error("bench: the reference diverged from itself")
                return .failures
            }
            Console.out(
                "raw loop (reference.perform only):  \(Int(result.raw)) reference steps/s (median of \(trials))")
            Console.out(
                "inside explore (reference vs itself): \(Int(result.inside)) reference steps/s (median of \(trials))")
            Console.out("ratio: \(ThroughputBench.format(result.inside / result.raw))")
            return .success
        }
        let model = try SuiteArguments.package(arguments).declaration
        let paths = SuiteArguments.paths(arguments)
        let loaded = ScenarioLoader(model: model).load(paths: paths)
        guard loaded.diagnostics.isEmpty, !loaded.scenarios.isEmpty else {
            for diagnostic in loaded.diagnostics { Console.error(diagnostic.description) }
            throw InputError(message: "bench needs scenarios that load")
        }
        let yardstick = try doNothingDriver()
        let stepsPerSuite = loaded.scenarios.reduce(0) { total, scenario in
            total + scenario.steps.reduce(0) { $0 + $1.inputs.count * $1.repeatCount }
        }
        let rounds = max(1, (minimumSteps + stepsPerSuite - 1) / stepsPerSuite)
        Console.out(
            "Per trial: \(rounds) runs of the \(loaded.scenarios.count) scenarios = \(rounds * stepsPerSuite) input steps, up to \(SubprocessDriver.window) input requests in flight"
        )
        let bench = ThroughputBench(
            scenarios: loaded.scenarios, rounds: rounds, trials: trials, model: model, emit: { Console.out($0) })
        do {
            let floor = try bench.measure(label: "do-nothing driver", command: yardstick)
            if let other = arguments.value("driver") {
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

    static let trials = NumberOption("trials", "Measurements of each kind", in: 1...Int.max, default: 5)
    static let runs = NumberOption("runs", "With --explore: probes per trial", in: 1...Int.max, default: 300)
}
