import DriverProtocol
import Foundation
import ReferenceMachine
import Runner
import ScenarioModel
import SpecModel
import SubprocessDriver

enum BenchCommand: Command {
    static let spec = CommandSpec(
        name: "bench",
        abstract: "Measure input steps per second through a driver against the pipe's own limit.",
        discussion: """
            Runs the suite through the driver and counts input steps per second (start and reset \
            exchanges included, as in a real run); and, side by side in the same run, times raw \
            JSON-lines round trips to a Python process that only echoes each line back over the \
            same kind of pipe: the physical limit. Each is measured --trials times, alternating; \
            the medians and their ratio are printed.
            """,
        arguments: [.init(name: "paths", help: "Scenario files or folders to run (default: Scenarios).")],
        options: [
            .init(name: "driver", valueName: "command", help: "The driver to measure (default: the Python example)."),
            .init(name: "trials", valueName: "n", help: "Measurements of each kind (default 5)."),
            .init(
                name: "min-steps", valueName: "n",
                help: "Input steps per driver trial at least (default 5000); the suite repeats until reached."),
        ])

    static let echo =
        "python3 -u -c 'import sys\nfor line in sys.stdin:\n    sys.stdout.write(line)\n    sys.stdout.flush()'"

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        // Drivers to end and reports to write: a signal stops this command in order.
        Interruption.stopInOrder()
        let command = arguments.value("driver") ?? "python3 Examples/python/driver.py"
        let trials = try number(arguments.value("trials") ?? "5", "trials")
        let minimumSteps = try number(arguments.value("min-steps") ?? "5000", "min-steps")
        let model = UnlockModel.declaration
        let paths = arguments.positionals.isEmpty ? ["Scenarios"] : arguments.positionals
        let loaded = ScenarioLoader(model: model).load(paths: paths)
        guard loaded.diagnostics.isEmpty, !loaded.scenarios.isEmpty else {
            for diagnostic in loaded.diagnostics { Console.error(diagnostic.description) }
            throw InputError(message: "bench needs scenarios that load")
        }
        let stepsPerSuite = loaded.scenarios.reduce(0) { total, scenario in
            total + scenario.steps.reduce(0) { $0 + $1.inputs.count * $1.repeatCount }
        }
        let suiteRounds = max(1, (minimumSteps + stepsPerSuite - 1) / stepsPerSuite)
        // A line the size and shape of a real input request.
        let sample = JSONCodec.encode(
            DriverRequest.input(Input("biometric", .string("failure")), timeMilliseconds: 120_000).message(id: 1234))

        Console.out("Driver: \(command)")
        Console.out("Echo:   a Python process that writes each line back (the pipe's limit)")
        Console.out(
            "Per trial: \(suiteRounds) runs of the suite = \(suiteRounds * stepsPerSuite) input steps; \(suiteRounds * stepsPerSuite) echo round trips\n"
        )
        var echoRates: [Double] = []
        var driverRates: [Double] = []
        for trial in 1...trials {
            let echoRate = try echoRoundTrips(count: suiteRounds * stepsPerSuite, line: sample)
            let driverRate = try driverSteps(
                command: command, scenarios: loaded.scenarios, rounds: suiteRounds, model: model)
            echoRates.append(echoRate)
            driverRates.append(driverRate)
            Console.out(
                "trial \(trial): echo \(Int(echoRate)) round trips/s, driver \(Int(driverRate)) steps/s, ratio \(format(driverRate / echoRate))"
            )
        }
        let echoMedian = median(echoRates)
        let driverMedian = median(driverRates)
        Console.out(
            "\nmedian: echo \(Int(echoMedian)) round trips/s, driver \(Int(driverMedian)) input steps/s, ratio \(format(driverMedian / echoMedian))"
        )
        return .success
    }

    static func echoRoundTrips(count: Int, line: String) throws -> Double {
        let channel = try LineChannel(command: echo)
        defer { channel.close() }
        guard channel.send(line), channel.receiveLine(within: .seconds(10)) == line else {
            throw InputError(message: "the echo process did not answer")
        }
        let started = ContinuousClock.now
        for _ in 0..<count {
            guard channel.send(line), channel.receiveLine(within: .seconds(10)) != nil else {
                throw InputError(message: "the echo process stopped answering")
            }
        }
        return Double(count) / seconds(ContinuousClock.now - started)
    }

    static func driverSteps(command: String, scenarios: [Scenario], rounds: Int, model: ModelDeclaration) throws
        -> Double
    {
        var driver = SubprocessDriver(options: DriverOptions(command: command, model: UnlockModel.declaration))
        defer { driver.shutdown() }
        _ = try driver.connect()
        let runner = ScenarioRunner(model: model)
        var steps = 0
        let started = ContinuousClock.now
        for _ in 0..<rounds {
            for result in runner.run(scenarios, on: &driver) {
                guard result.outcome == .passed else {
                    throw InputError(
                        message:
                            "bench: scenario \(result.scenario.id) \(result.outcome.rawValue) against the driver; measure a driver that passes"
                    )
                }
                steps += result.steps.reduce(0) { $0 + $1.step.inputs.count * $1.step.repeatCount }
            }
        }
        return Double(steps) / seconds(ContinuousClock.now - started)
    }

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
