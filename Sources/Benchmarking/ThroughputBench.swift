import Foundation
import Runner
import ScenarioModel
import SpecModel
import SubprocessDriver

/// Why a measurement could not be made.
package struct BenchError: Error, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}

/// `authspec bench`: input steps per second through authspec against a driver alone, fed the
/// exact requests authspec sends, alternating trials, with the CPU time per input step of each.
package struct ThroughputBench {
    package var scenarios: [Scenario]
    package var rounds: Int
    package var trials: Int
    package var model: ModelDeclaration
    /// Where each line of what is measured goes.
    package var emit: @Sendable (String) -> Void

    package init(
        scenarios: [Scenario], rounds: Int, trials: Int, model: ModelDeclaration,
        emit: @escaping @Sendable (String) -> Void
    ) {
        self.scenarios = scenarios
        self.rounds = rounds
        self.trials = trials
        self.model = model
        self.emit = emit
    }

    /// Enough runs of the scenarios for at least `minimumSteps` input steps a trial.
    package init(
        scenarios: [Scenario], minimumSteps: Int, trials: Int, model: ModelDeclaration,
        emit: @escaping @Sendable (String) -> Void
    ) {
        let perSuite = scenarios.reduce(0) { total, scenario in
            total + scenario.steps.reduce(0) { $0 + $1.inputs.count * $1.repeatCount }
        }
        let rounds = max(1, (minimumSteps + perSuite - 1) / max(1, perSuite))
        self.init(scenarios: scenarios, rounds: rounds, trials: trials, model: model, emit: emit)
        emit(
            "Per trial: \(rounds) runs of the \(scenarios.count) scenarios = \(rounds * perSuite) input steps, up to \(SubprocessDriver.window) input requests in flight"
        )
    }

    package struct Medians: Sendable {
        package var alone: Double
        package var throughAuthspec: Double
    }

    /// Records one trial's requests, then alternates the driver alone and through authspec.
    package func measure(label: String, command: String) throws -> Medians {
        emit("\n\(label): \(command)")
        let recording = try record(command: command)
        var alone: [Double] = []
        var through: [Double] = []
        var costs: [(driverAlone: Double, authspec: Double, driver: Double)] = []
        for trial in 1...trials {
            let replayStart = (CPU.children, CPU.own)
            let replay = try RequestReplay.replay(recording, into: command)
            let driverAlone = (CPU.children - replayStart.0) / Double(replay.inputs)
            let measured = try steps(command: command)
            alone.append(Double(replay.inputs) / replay.duration.inSeconds)
            through.append(measured.rate)
            costs.append((driverAlone, measured.ownCPU, measured.driverCPU))
            emit(
                "  trial \(trial): alone \(Int(alone.last!)) input steps/s, through authspec \(Int(through.last!)) input steps/s, ratio \(Self.format(through.last! / alone.last!)); CPU per input step: the driver alone \(micro(driverAlone)), authspec \(micro(measured.ownCPU)) (\(Self.format(measured.ownCPU / max(driverAlone, 1e-9)))x)"
            )
        }
        let medians = Medians(alone: median(alone), throughAuthspec: median(through))
        emit(
            "  median: alone \(Int(medians.alone)) input steps/s, through authspec \(Int(medians.throughAuthspec)) input steps/s, ratio \(Self.format(medians.throughAuthspec / medians.alone))"
        )
        emit(
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
        guard !lines.isEmpty else { throw BenchError(message: "bench: no requests were recorded") }
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
                        throw BenchError(
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
        return (Double(steps) / elapsed.inSeconds, ownCPU / count, (CPU.children - driverStart) / count)
    }

    /// A ratio as the output gives it.
    package static func format(_ ratio: Double) -> String { String(format: "%.2f", ratio) }
}

/// CPU seconds (user and system) of this process, and of its children ended and reaped.
package enum CPU {
    package static var own: Double { seconds(RUSAGE_SELF.rawValue) }
    package static var children: Double { seconds(RUSAGE_CHILDREN.rawValue) }

    private static func seconds(_ who: __rusage_who_t) -> Double {
        var usage = rusage()
        getrusage(who, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}

private func micro(_ seconds: Double) -> String { String(format: "%.1f µs", seconds * 1e6) }

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}
