import Exploration
import Foundation
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
        let found = Explorer(model: model, settings: settings, keys: keys, clock: clock).explore(
            workers: workers, stop: stop, progress: progress)
        return Outcome(
            found: found, seconds: clock.seconds(since: began),
            driverName: drivers.first?.name, driverVersion: drivers.first?.identity.version,
            reference: workers[0].reference)
    }
}
