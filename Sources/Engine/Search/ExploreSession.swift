import Exploration
import Foundation
import ScenarioModel
import SpecModel
import SubprocessDriver

/// `explore`: random state-aware runs of one driver (a process per worker) against the model's
/// reference, or of the reference alone against its invariants, as the options set it up.
package struct ExploreSession {
    package var package: ModelPackage
    package var referenceSettings: [String: String]
    package var settings: ExplorationSettings
    /// Compare only these keys (nil: every key the driver observes).
    package var keys: Set<String>?
    /// nil: the reference alone.
    package var driver: DriverOptions?
    package var jobs: Int
    /// What the budget and the time taken are read on.
    package var clock: SessionClock
    package var stop: @Sendable () -> Bool
    /// The implementation `settings.expected` (a baseline) is of: the driver must be it.
    package var baselineImplementation: String?
    /// The scenarios explore found before (`FoundBefore.load`), replayed before any search.
    package var foundBefore: [FoundBefore] = []

    package init(
        package: ModelPackage, referenceSettings: [String: String], settings: ExplorationSettings, keys: Set<String>?,
        driver: DriverOptions?, jobs: Int, clock: SessionClock, stop: @escaping @Sendable () -> Bool
    ) {
        self.clock = clock
        self.package = package
        self.referenceSettings = referenceSettings
        self.settings = settings
        self.keys = keys
        self.driver = driver
        self.jobs = jobs
        self.stop = stop
    }

    /// Why nothing was explored.
    package enum Refusal: Error {
        case driverDidNotStart(ImplementationError)
        /// The driver observes none of the keys to compare.
        case nothingToCompare(keys: [String])
        /// The baseline is another implementation's than the driver's.
        case baselineOfAnother(baseline: String, driver: String)
        /// The driver declares none of the model's inputs that are not skipped.
        case nothingToSend(skipped: [String])
    }

    /// What was explored and found, with the first worker's reference (the counterexample's
    /// expectations are its observations).
    package struct Outcome {
        package var found: Exploration
        package var seconds: Double
        /// The driver's hello name and version; nil for the reference alone.
        package var driverName: String?
        package var driverVersion: String?
        package var reference: any ImplementationUnderTest
        /// The scenarios found before, replayed first; when one diverged again, it is `found`'s
        /// counterexample and nothing was searched.
        package var replay = Replay()
    }

    /// Runs the exploration; `started` is told the keys compared and the driver's hello name
    /// and version (nil for the reference alone) before the first run.
    package func run(
        started: (_ compared: Set<String>, _ name: String?, _ version: String?) -> Void,
        progress: (ExplorationProgress) -> Void
    ) throws(Refusal) -> Outcome {
        var drivers: [SubprocessDriver] = []
        defer {
            for index in drivers.indices { drivers[index].shutdown() }
        }
        var workers: [ExplorationWorker] = []
        if let driver {
            // A driver process per worker, each with its own log.
            for worker in 0..<jobs {
                var process = SubprocessDriver(options: driver.forWorker(worker))
                do {
                    try process.connect()
                } catch {
                    throw .driverDidNotStart(error)
                }
                drivers.append(process)
            }
            workers = drivers.map {
                ExplorationWorker(reference: package.makeReference(referenceSettings), candidate: $0)
            }
        } else {
            workers = (0..<jobs).map { _ in
                ExplorationWorker(
                    reference: package.makeReference(referenceSettings),
                    candidate: package.makeReference(referenceSettings))
            }
        }
        let model = package.declaration
        let compared = DifferentialCheck(model: model, keys: keys).comparedKeys(workers[0].candidate)
        guard !compared.isEmpty else {
            throw .nothingToCompare(keys: keys.map { $0.sorted() } ?? model.observations.map(\.key))
        }
        if let baseline = baselineImplementation, let name = drivers.first?.name, baseline != name {
            throw .baselineOfAnother(baseline: baseline, driver: name)
        }
        let inputs = Set(model.inputs.map(\.name))
        if (workers[0].candidate.supportedInputs ?? inputs).intersection(inputs).subtracting(settings.skippedInputs)
            .isEmpty
        {
            throw .nothingToSend(skipped: settings.skippedInputs.sorted())
        }
        started(compared, drivers.first?.name, drivers.first?.identity.version)
        let began = clock.monotonic()
        let explorer = Explorer(model: model, settings: settings, keys: keys, clock: clock)
        let replay = explorer.replay(foundBefore, on: workers[0])
        var found: Exploration
        if let again = replay.failedAgain {
            found = Exploration()
            found.found = again.counterexample
        } else {
            found = explorer.explore(workers: workers, stop: stop, progress: progress)
        }
        return Outcome(
            found: found, seconds: clock.seconds(since: began),
            driverName: drivers.first?.name, driverVersion: drivers.first?.identity.version,
            reference: workers[0].reference, replay: replay)
    }
}

extension FoundBefore {
    /// The scenarios explore wrote before into the folder `out` is in: each `.yaml` file there
    /// that begins with explore's banner, in name order; nothing for `-`. A file that begins
    /// so and does not load as this model's (another model's find, or one edited since) is
    /// passed over, with its first problem, for the command to say.
    package static func load(besides out: String, model: ModelDeclaration, banner: String) -> (
        found: [FoundBefore], passedOver: [String]
    ) {
        guard out != "-" else { return ([], []) }
        let folder = (out as NSString).deletingLastPathComponent
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        var found: [FoundBefore] = []
        var passedOver: [String] = []
        for name in names.filter({ $0.hasSuffix(".yaml") }).sorted() {
            let path = folder.isEmpty ? name : folder + "/" + name
            guard case .success(let text) = SourceFiles.read(path, maxBytes: 1 << 20), text.hasPrefix(banner) else {
                continue
            }
            let loaded = ScenarioLoader(model: model).load(text: text, file: path)
            if let problem = loaded.diagnostics.first {
                passedOver.append(problem.description)
                continue
            }
            for scenario in loaded.scenarios {
                let steps = scenario.steps.flatMap { Array(repeating: $0.written, count: $0.repeatCount) }
                found.append(
                    FoundBefore(file: path, id: scenario.id, probe: Probe(given: scenario.given, steps: steps)))
            }
        }
        return (found, passedOver)
    }
}
