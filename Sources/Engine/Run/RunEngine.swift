import Foundation
import Results
import Runner
import ScenarioModel
import SpecModel

/// One implementation to run the suite on. `make` is called once per worker, on that
/// worker's thread, so each worker has its own copy (a driver: its own process).
package struct Candidate: Sendable {
    /// Its name until it has run (a driver's command; a driver then goes by its hello's name).
    package var label: String
    /// The model's reference (reports for CI leave it out unless asked).
    package var reference: Bool
    package var make: @Sendable (_ worker: Int) -> any ImplementationUnderTest

    package init(
        label: String, reference: Bool = false, make: @escaping @Sendable (_ worker: Int) -> any ImplementationUnderTest
    ) {
        self.label = label
        self.reference = reference
        self.make = make
    }
}

extension Candidate {
    /// The model's reference with these settings.
    package static func reference(of package: ModelPackage, settings: [String: String]) -> Candidate {
        Candidate(label: "reference", reference: true) { _ in package.makeReference(settings) }
    }
}

/// What a run reports as it goes, in suite order whatever the number of workers.
package enum RunEvent {
    case starting(Candidate)
    case finished(ScenarioRecord, number: Int, of: Int)
}

/// Runs a suite on each candidate in turn, each with `jobs` workers pulling scenarios in
/// order, and hands every scenario's record on as it finishes, in suite order: a run with
/// many workers reports exactly what a run with one does. `stop` is asked before and after
/// each scenario; a reason (a signal's name) ends the run, and the record says what did not
/// finish.
package struct RunEngine: Sendable {
    package var model: ModelDeclaration
    package var jobs: Int
    /// Keep every step's states entered, passing ones too (else only problems keep them).
    package var trace: Bool
    /// What every implementation must observe for the run to pass (the model's `full` if nil).
    package var profile: ConformanceProfile
    package var stop: @Sendable () -> String?
    /// How the message of a scenario that could not be read again begins (its file changed or
    /// went during the run): an error of the suite, not of the implementation.
    package static let notRun = "not run: "

    /// The scenarios of `run` whose files changed or went while it ran, each as an input error
    /// at the scenario: a run with one is not a conformance verdict, and no baseline takes it.
    package static func suiteChanges(in run: RunRecord) -> [Diagnostic] {
        run.suiteChanges.map { Diagnostic(.scenarioNotRun(id: $0.scenario, reason: $0.reason), at: $0.location) }
    }

    /// An implementation that runs more scenarios than this keeps its records in a temporary
    /// file (`RecordSpill`), read back by the reports: memory stays flat however large the suite.
    package var recordsHeld: Int
    /// What each implementation's start and each scenario's time are read on; none: neither
    /// is recorded (a run whose reports are compared byte for byte).
    package var clock: SessionClock?

    package init(
        model: ModelDeclaration, jobs: Int = 1, trace: Bool = false, profile: ConformanceProfile? = nil,
        recordsHeld: Int = .max, clock: SessionClock? = nil, stop: @escaping @Sendable () -> String? = { nil }
    ) {
        self.clock = clock
        self.recordsHeld = recordsHeld
        self.model = model
        self.jobs = max(1, jobs)
        self.trace = trace
        // Unless told: `full`, what the app reports (a model without one: its widest profile).
        self.profile =
            profile ?? model.profile(named: ConformanceProfile.full) ?? model.profiles[model.profiles.count - 1]
        self.stop = stop
    }

    package func run(_ suite: Suite, on candidates: [Candidate], events: (RunEvent) -> Void = { _ in }) -> RunRecord {
        var copy = suite
        return run(releasing: &copy, on: candidates, events: events)
    }

    /// Runs `suite` and empties its scenarios (the selected and the loaded ones): once the last
    /// candidate has run a scenario nothing holds it any more, so a large suite is not kept
    /// whole until the reports are written.
    package func run(
        releasing suite: inout Suite, on candidates: [Candidate], events: (RunEvent) -> Void = { _ in }
    ) -> RunRecord {
        // A streamed suite keeps its entries through the run, so its ids are read from them
        // when needed rather than held beside them; a held suite's go with its scenarios.
        let heldIDs = suite.entries == nil ? suite.runIDs : nil
        let changes = SuiteChangeLog()
        var run = RunRecord(
            model: model.name, modelDigest: model.digest, suite: suite.identity(), shard: suite.shard,
            expected: suite.runAccount,
            requirements: suite.requirements.map { RequirementEntry(id: $0.id, clause: $0.clause, text: $0.text) },
            profile: profile)
        // A held suite's scenarios move out of it, so the last candidate lets go of each as it
        // runs it; a streamed suite's are read again from their files for each candidate.
        var held = Self.take(&suite.scenarios)
        suite.loaded.scenarios = []
        let streamed = suite
        let model = self.model
        func supply(last: Bool) -> ScenarioSupply {
            if streamed.entries != nil { return streamed.supply(model: model, releasing: true) }
            return ScenarioSupply(held: last ? Self.take(&held) : held, releasing: last)
        }
        if jobs > 1 && candidates.count > 1 {
            let supplies = candidates.indices.map { supply(last: $0 == candidates.count - 1) }
            run.implementations = together(
                supplies, positions: suite.positions, candidates, changes: changes, events: events)
        } else {
            for (index, candidate) in candidates.enumerated() {
                if stop() != nil { break }
                events(.starting(candidate))
                let work = Work(
                    supply: supply(last: index == candidates.count - 1), positions: suite.positions, workers: jobs,
                    recordsHeld: recordsHeld, changes: changes)
                run.implementations.append(self.run(work, on: candidate, events: events))
            }
        }
        run.suiteChanges = changes.changes
        if let reason = stop() {
            let ids = heldIDs ?? streamed.runIDs
            var unfinished: [RunInterruption.Unfinished] = []
            for (index, candidate) in candidates.enumerated() {
                let ran = index < run.implementations.count ? run.implementations[index] : nil
                let finished = Set(ran?.records.map(\.id) ?? [])
                unfinished += ids.filter { !finished.contains($0) }.map {
                    .init(implementation: ran?.name ?? candidate.label, scenario: $0)
                }
            }
            run.interruption = RunInterruption(signal: reason, unfinished: unfinished)
        }
        return run
    }

    /// Runs every candidate at once, each on `jobs` workers of its own, so that waiting on a
    /// slow driver overlaps the reference's computing. The first candidate reports as it goes;
    /// the others' events are held and handed on after it, in candidate order, so the events
    /// are exactly those of a run of one candidate after the other.
    private func together(
        _ supplies: [ScenarioSupply], positions: [Int], _ candidates: [Candidate], changes: SuiteChangeLog,
        events: (RunEvent) -> Void
    ) -> [ImplementationRecord] {
        let queues = candidates.dropFirst().map { _ in HeldEvents() }
        for (index, (candidate, queue)) in zip(candidates.dropFirst(), queues).enumerated() {
            let work = Work(
                supply: supplies[index + 1], positions: positions, workers: jobs, recordsHeld: recordsHeld,
                changes: changes)
            let thread = Thread {
                queue.finish(self.run(work, on: candidate) { queue.append($0) })
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        events(.starting(candidates[0]))
        let first = Work(
            supply: supplies[0], positions: positions, workers: jobs, recordsHeld: recordsHeld, changes: changes)
        var records = [run(first, on: candidates[0], events: events)]
        for (candidate, queue) in zip(candidates.dropFirst(), queues) {
            events(.starting(candidate))
            records.append(queue.drain(events))
        }
        return records
    }

    /// The array, leaving an empty one behind, so the caller holds no second reference.
    private static func take(_ scenarios: inout [Scenario]) -> [Scenario] {
        defer { scenarios = [] }
        return scenarios
    }

    private func run(_ work: Work, on candidate: Candidate, events: (RunEvent) -> Void) -> ImplementationRecord {
        let started = clock?.timestamp
        let runner = ScenarioRunner(model: model)
        let stop = self.stop
        let model = self.model
        let trace = self.trace
        for worker in 1..<jobs {
            let thread = Thread {
                work.serve(
                    worker: worker, candidate: candidate, runner: runner, model: model, trace: trace, clock: clock,
                    stop: stop)
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        // Worker 0 is this thread, so one job runs with no thread at all.
        work.serve(
            worker: 0, candidate: candidate, runner: runner, model: model, trace: trace, clock: clock, stop: stop,
            deliver: events, handsOn: true)
        let (records, identities, names, observed, handled) = work.finish(deliver: events)
        let identity = identities[0]
        // A worker whose driver never said hello declares nothing: the others' answer holds.
        // Every input a driver can be sent declared (a shorthand is sent as the inputs it
        // stands for) is as good as none named.
        let sendable = model.inputs.filter { $0.expansion == nil }.map(\.name)
        let inputs = handled.compactMap { $0 }.first.map { declared in sendable.filter(declared.contains) }
            .flatMap { $0.count == sendable.count ? nil : $0 }
        return ImplementationRecord(
            name: names[0] ?? candidate.label, command: identity.command, version: identity.version,
            language: identity.language, restarts: identities.reduce(0) { $0 + $1.restarts }, log: identity.log,
            observes: model.observations.map(\.key).filter { key in observed.contains { $0.contains(key) } },
            inputs: inputs,
            reference: candidate.reference, started: started, records: records)
    }
}

/// The scenarios of one candidate shared among workers: each takes the next index, runs it,
/// and leaves its record; records are handed on strictly in index order.
final class Work: @unchecked Sendable {
    private let positions: [Int]
    private let workers: Int
    private let total: Int
    private let condition = NSCondition()
    // Guarded by `condition`.
    private let supply: ScenarioSupply
    private var next = 0
    private var ready: [Int: ScenarioRecord] = [:]
    private var delivered = 0
    private var records: [ScenarioRecord] = []
    /// Where the records go instead, in a run of more than `recordsHeld` scenarios.
    private let spill: RecordSpill?
    private var done = 0
    private var identities: [ImplementationIdentity]
    private var names: [String?]
    private var observed: [Set<String>]
    private var handled: [Set<String>?]
    /// Where the scenarios that could not be read again from their files are told.
    private let changes: SuiteChangeLog

    init(
        supply: ScenarioSupply, positions: [Int], workers: Int, recordsHeld: Int = .max,
        changes: SuiteChangeLog = SuiteChangeLog()
    ) {
        self.supply = supply
        self.changes = changes
        total = supply.count
        // No temporary file to be had: the records are held, as in a small run.
        spill = supply.count > recordsHeld ? RecordSpill() : nil
        self.positions = positions
        self.workers = workers
        identities = Array(repeating: ImplementationIdentity(), count: workers)
        names = Array(repeating: nil, count: workers)
        observed = Array(repeating: [], count: workers)
        handled = Array(repeating: nil, count: workers)
    }

    /// Runs scenarios until none is left or `stop` says so. The worker on the calling thread
    /// also hands on the records that are ready, in order, as it goes.
    func serve(
        worker: Int, candidate: Candidate, runner: ScenarioRunner, model: ModelDeclaration, trace: Bool,
        clock: SessionClock?, stop: () -> String?, deliver: (RunEvent) -> Void = { _ in }, handsOn: Bool = false
    ) {
        var implementation = candidate.make(worker)
        implementation.prepare()
        while stop() == nil, let (index, scenario, unavailable) = claim() {
            let began = clock?.monotonic()
            let result =
                unavailable.map {
                    // Never run, never passed: an error of the suite, said in the scenario's report.
                    ScenarioResult(
                        scenario: scenario, implementation: implementation.name, outcome: .errored, steps: [],
                        message: RunEngine.notRun + $0)
                } ?? runner.run(scenario, on: &implementation)
            let took = began.flatMap { start in clock.map { $0.seconds(since: start) } } ?? 0
            if stop() != nil { break }
            var record = result.record(position: positions[index], model: model, trace: trace)
            record.milliseconds = Int(took * 1000)
            condition.lock()
            ready[index] = record
            condition.broadcast()
            condition.unlock()
            if handsOn { handOn(deliver) }
        }
        let keys = implementation.observedKeys
        let inputs = implementation.supportedInputs
        implementation.close()
        condition.lock()
        identities[worker] = implementation.identity
        names[worker] = implementation.name
        observed[worker] = keys
        handled[worker] = inputs
        done += 1
        condition.broadcast()
        condition.unlock()
    }

    private func claim() -> (Int, Scenario, unavailable: String?)? {
        condition.lock()
        defer { condition.unlock() }
        guard next < total else { return nil }
        let taken = supply.take(next)
        next += 1
        if let reason = taken.unavailable {
            changes.add(SuiteChange(scenario: taken.scenario.id, location: taken.scenario.location, reason: reason))
        }
        return (next - 1, taken.scenario, taken.unavailable)
    }

    /// Hands on every record ready in order, outside the lock.
    private func handOn(_ deliver: (RunEvent) -> Void) {
        while true {
            condition.lock()
            guard let record = ready.removeValue(forKey: delivered) else {
                condition.unlock()
                return
            }
            delivered += 1
            keep(record)
            let number = delivered
            condition.unlock()
            deliver(.finished(record, number: number, of: total))
        }
    }

    /// Waits for every worker, handing records on as they become ready; a record after a gap
    /// left by a stopped worker is handed on too, still in order.
    private func keep(_ record: ScenarioRecord) {
        if let spill { spill.append(record) } else { records.append(record) }
    }

    func finish(
        deliver: (RunEvent) -> Void
    ) -> (ScenarioRecords, [ImplementationIdentity], [String?], [Set<String>], [Set<String>?]) {
        while true {
            handOn(deliver)
            condition.lock()
            if done == workers {
                condition.unlock()
                break
            }
            // Every worker broadcasts a record it leaves and its end; both are checked under the
            // lock before waiting, so no broadcast is missed.
            if ready[delivered] == nil { condition.wait() }
            condition.unlock()
        }
        condition.lock()
        let rest = ready.keys.sorted().map { ready[$0]! }
        ready = [:]
        condition.unlock()
        for record in rest {
            keep(record)
            delivered += 1
            deliver(.finished(record, number: delivered, of: total))
        }
        return (
            spill.map { ScenarioRecords(store: $0) } ?? ScenarioRecords(records), identities, names, observed, handled
        )
    }
}

/// One candidate's events while another reports: held until `drain` hands them on, in order,
/// as they come, and returns the candidate's record once it has finished.
final class HeldEvents: @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var held: [RunEvent] = []
    private var record: ImplementationRecord?

    func append(_ event: RunEvent) {
        condition.lock()
        held.append(event)
        condition.broadcast()
        condition.unlock()
    }

    func finish(_ record: ImplementationRecord) {
        condition.lock()
        self.record = record
        condition.broadcast()
        condition.unlock()
    }

    func drain(_ deliver: (RunEvent) -> Void) -> ImplementationRecord {
        while true {
            condition.lock()
            while held.isEmpty && record == nil { condition.wait() }
            let events = held
            held = []
            let finished = record
            condition.unlock()
            for event in events { deliver(event) }
            if let finished { return finished }
        }
    }
}

/// Scenarios whose files changed or went under a run, told by every worker; each once.
final class SuiteChangeLog: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: Set<String> = []
    private var found: [SuiteChange] = []

    func add(_ change: SuiteChange) {
        lock.lock()
        defer { lock.unlock() }
        if seen.insert(change.scenario).inserted { found.append(change) }
    }

    var changes: [SuiteChange] {
        lock.lock()
        defer { lock.unlock() }
        return found
    }
}
