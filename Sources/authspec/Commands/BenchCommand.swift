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
            .init(name: "trials", valueName: "n", help: "Measurements of each kind (default 5)."),
            .init(
                name: "explore", valueName: nil,
                help:
                    "Instead: the reference's steps per second inside explore against a raw loop feeding it the same inputs."
            ),
            .init(name: "runs", valueName: "n", help: "With --explore: probes per trial (default 300)."),
            .init(
                name: "min-steps", valueName: "n",
                help: "Input steps per trial at least (default 20000); the suite repeats until reached."),
        ] + SuiteArguments.modelOptions.filter { $0.name == "model" })

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        // Drivers to end: a signal stops this command in order.
        Interruption.stopInOrder()
        let trials = try number(arguments.value("trials") ?? "5", "trials")
        let minimumSteps = try number(arguments.value("min-steps") ?? "20000", "min-steps")
        if arguments.flag("explore") {
            let runs = try number(arguments.value("runs") ?? "300", "runs")
            return ExploreBench.run(package: try SuiteArguments.package(arguments), runs: runs, trials: trials)
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
        let bench = Bench(scenarios: loaded.scenarios, rounds: rounds, trials: trials, model: model)
        let floor = try bench.measure(label: "do-nothing driver", command: yardstick)
        if let other = arguments.value("driver") {
            let measured = try bench.measure(label: "driver", command: other)
            Console.out(
                "through authspec, as a fraction of the do-nothing driver alone: \(format(measured.throughAuthspec / floor.alone))"
            )
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

    struct Bench {
        var scenarios: [Scenario]
        var rounds: Int
        var trials: Int
        var model: ModelDeclaration

        struct Medians {
            var alone: Double
            var throughAuthspec: Double
        }

        /// Records one trial's requests, then alternates the driver alone and through authspec.
        func measure(label: String, command: String) throws -> Medians {
            Console.out("\n\(label): \(command)")
            let recording = try record(command: command)
            var alone: [Double] = []
            var through: [Double] = []
            var costs: [(driverAlone: Double, authspec: Double, driver: Double)] = []
            for trial in 1...trials {
                let replayStart = (CPU.children, CPU.own)
                let replay = try RequestReplay.replay(recording, into: command)
                let driverAlone = (CPU.children - replayStart.0) / Double(replay.inputs)
                let measured = try steps(command: command)
                alone.append(Double(replay.inputs) / seconds(replay.duration))
                through.append(measured.rate)
                costs.append((driverAlone, measured.ownCPU, measured.driverCPU))
                Console.out(
                    "  trial \(trial): alone \(Int(alone.last!)) input steps/s, through authspec \(Int(through.last!)) input steps/s, ratio \(format(through.last! / alone.last!))"
                )
            }
            let medians = Medians(alone: median(alone), throughAuthspec: median(through))
            Console.out(
                "  median: alone \(Int(medians.alone)) input steps/s, through authspec \(Int(medians.throughAuthspec)) input steps/s, ratio \(format(medians.throughAuthspec / medians.alone))"
            )
            Console.out(
                "  CPU per input step (medians): the driver alone \(micro(median(costs.map(\.driverAlone)))); through authspec, authspec \(micro(median(costs.map(\.authspec)))) and the driver \(micro(median(costs.map(\.driver))))"
            )
            return medians
        }

        /// The request lines of one trial, exactly as authspec writes them (a `tee` in front of
        /// the driver); this run is also the warm-up.
        func record(command: String) throws -> [[UInt8]] {
            let folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("authspec-bench-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("requests.jsonl").path
            let quoted = "'" + file.replacingOccurrences(of: "'", with: "'\\''") + "'"
            _ = try steps(command: "tee \(quoted) | \(command)")
            let lines = RequestReplay.lines(of: Array(try Data(contentsOf: URL(fileURLWithPath: file))))
            guard !lines.isEmpty else { throw InputError(message: "bench: no requests were recorded") }
            return lines
        }

        /// Input steps per second through authspec, the handshake and the bye not timed; and
        /// the CPU time per input step of authspec (from the first start to the last reset) and
        /// of the driver (its whole life).
        func steps(command: String) throws -> (rate: Double, ownCPU: Double, driverCPU: Double) {
            let driverStart = CPU.children
            var steps = 0
            var elapsed = Duration.zero
            var ownCPU = 0.0
            do {
                var driver = SubprocessDriver(options: DriverOptions(command: command, model: model))
                defer { driver.shutdown() }
                _ = try driver.connect()
                let runner = ScenarioRunner(model: model)
                let started = ContinuousClock.now
                let ownStart = CPU.own
                for _ in 0..<rounds {
                    for result in runner.run(scenarios, on: &driver) {
                        guard result.outcome.ranWithoutProblem else {
                            throw InputError(
                                message:
                                    "bench: scenario \(result.scenario.id) \(result.outcome.rawValue) against the driver; measure a driver that passes"
                            )
                        }
                        steps += result.steps.reduce(0) { $0 + $1.step.inputs.count * $1.step.repeatCount }
                    }
                }
                ownCPU = CPU.own - ownStart
                elapsed = ContinuousClock.now - started
            }
            let count = Double(max(steps, 1))
            return (Double(steps) / seconds(elapsed), ownCPU / count, (CPU.children - driverStart) / count)
        }
    }

    /// CPU seconds (user and system) of this process, and of its children ended and reaped.
    enum CPU {
        static var own: Double { seconds(RUSAGE_SELF.rawValue) }
        static var children: Double { seconds(RUSAGE_CHILDREN.rawValue) }

        private static func seconds(_ who: __rusage_who_t) -> Double {
            var usage = rusage()
            getrusage(who, &usage)
            return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
                + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        }
    }

    static func micro(_ seconds: Double) -> String { String(format: "%.1f µs", seconds * 1e6) }

    static func number(_ text: String, _ option: String) throws -> Int {
        guard let value = Int(text), value > 0 else {
            throw UsageError(message: "--\(option) takes a whole number above 0, not '\(text)'")
        }
        return value
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    static func format(_ ratio: Double) -> String { String(format: "%.2f", ratio) }
}
