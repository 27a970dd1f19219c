import Dispatch
import Exploration
import Results
import SpecModel

/// `bench --explore`: the reference's steps per second inside `explore` (generating each probe
/// on the reference, then the candidate, here a second reference, judged by the runner with
/// the invariants) against a raw loop that only feeds the same probes' inputs to the
/// reference, side by side, alternating trials.
package enum ExploreBench {
    /// Counts the inputs an implementation performs; copies share the count.
    final class Counter: @unchecked Sendable {
        var steps = 0
    }

    struct Counted: ImplementationUnderTest {
        var inner: any ImplementationUnderTest
        let counter: Counter
        var name: String { inner.name }
        var observedKeys: Set<String> { inner.observedKeys }
        // Forwarded: explore abstracts the reference's own place, not its observations.
        var place: String? { inner.place }
        mutating func start(scenario: String, given: [String: Value]) throws(ImplementationError) {
            try inner.start(scenario: scenario, given: given)
        }
        mutating func perform(_ input: Input, atMilliseconds milliseconds: Int) throws(ImplementationError)
            -> Observations
        {
            counter.steps += 1
            return try inner.perform(input, atMilliseconds: milliseconds)
        }
        mutating func finish() { inner.finish() }
    }

    /// The two medians, and whether the reference agreed with itself throughout.
    package struct Result: Sendable {
        /// Reference steps per second of wall time.
        package var raw: Double
        package var inside: Double
        /// Reference steps per second of this process's CPU time: the figure a busy machine keeps.
        package var rawPerCPUSecond: Double
        package var insidePerCPUSecond: Double
        package var diverged: Bool

        package func lines(trials: Int) -> [String] {
            [
                "raw loop (reference.perform only):  \(Int(raw)) reference steps/s wall, \(Int(rawPerCPUSecond)) per CPU second (medians of \(trials))",
                "inside explore (reference vs itself): \(Int(inside)) reference steps/s wall, \(Int(insidePerCPUSecond)) per CPU second (medians of \(trials))",
                "ratio: \(ThroughputBench.format(inside / raw)) by wall time, \(ThroughputBench.format(insidePerCPUSecond / rawPerCPUSecond)) by CPU time",
            ]
        }
    }

    package static func run(package: ModelPackage, runs: Int, trials: Int, emit: (String) -> Void) -> Result {
        let model = package.declaration
        let settings = (try? package.resolve(settings: [:]).get()) ?? [:]
        var exploration = ExplorationSettings(seed: 1, budget: .seconds(3600), depth: 40)
        exploration.runs = runs
        // Time is what a benchmark measures: it reads the machine's clock itself.
        let start = ContinuousClock.now
        let clock = SessionClock(monotonic: { ContinuousClock.now - start }, wall: { 0 })
        let explorer = Explorer(model: model, settings: exploration, clock: clock)
        // The probes explore will make, for the raw loop.
        var reference = package.makeReference(settings)
        var met: Set<InputInState> = []
        let generator = ProbeGenerator(model: model)
        let probes = (0..<runs).compactMap { run -> Probe? in
            var random = SeededRandom(seed: exploration.seed, run: run)
            return explorer.generate(&random, generator: generator, reference: &reference, met: &met)
        }
        emit(
            "Per trial: \(probes.count) probes of \(exploration.depth) inputs, seed \(exploration.seed), the reference on both sides"
        )
        var raw: [Double] = []
        var inside: [Double] = []
        var rawCPU: [Double] = []
        var insideCPU: [Double] = []
        func result(diverged: Bool) -> Result {
            Result(
                raw: median(raw), inside: median(inside), rawPerCPUSecond: median(rawCPU),
                insidePerCPUSecond: median(insideCPU), diverged: diverged)
        }
        for _ in 0..<trials {
            let counter = Counter()
            var counted = Counted(inner: package.makeReference(settings), counter: counter)
            var cpuBegan = CPU.own
            var began = DispatchTime.now().uptimeNanoseconds
            for (index, probe) in probes.enumerated() {
                guard let scenario = probe.scenario(id: "raw-\(index)", model: model) else { continue }
                do {
                    try counted.start(scenario: scenario.id, given: scenario.given)
                    var clock = 0
                    for step in scenario.steps {
                        for input in step.inputs {
                            if input.name == model.clockInput { clock += input.argument?.int ?? 0 }
                            _ = try counted.perform(input, atMilliseconds: clock)
                        }
                    }
                } catch {}
                counted.finish()
            }
            raw.append(Double(counter.steps) / (Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9))
            rawCPU.append(Double(counter.steps) / max(CPU.own - cpuBegan, 1e-6))

            let explored = Counter()
            var first = Counted(inner: package.makeReference(settings), counter: explored)
            var second = Counted(inner: package.makeReference(settings), counter: explored)
            cpuBegan = CPU.own
            began = DispatchTime.now().uptimeNanoseconds
            let report = explorer.explore(reference: &first, candidate: &second)
            inside.append(Double(explored.steps) / (Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9))
            insideCPU.append(Double(explored.steps) / max(CPU.own - cpuBegan, 1e-6))
            if report.found != nil { return result(diverged: true) }
        }
        return result(diverged: false)
    }
}
