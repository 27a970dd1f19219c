import DriverProtocol
import Foundation
import Results
import Runner
import ScenarioModel
import SpecModel
import SubprocessDriver

/// What a checkup of one driver went through, stage by stage, for `doctor` to say.
package enum CheckupEvent {
    /// The handshake failed: nothing else can be checked.
    case handshakeFailed(ImplementationError)
    case shookHands(DriverInfo, milliseconds: Int)
    /// What it declares of the model's inputs or observations (`what`), and what it leaves out
    /// or names that the model does not have.
    case declared(what: String, count: Int, missing: [String], unknown: [String])
    /// It declares no observation: nothing it does could be checked.
    case observesNothing(modelKeys: [String])
    case profileNotMet(ConformanceProfile, lacking: [String])
    /// The states the keys it declares cannot tell apart, over the inputs it declares.
    case blindSpots(BlindSpotCheck)
    /// The model's smoke scenario, as it ran.
    case smoke(Scenario, ScenarioResult)
    /// The suite loaded, with the problems found in its files.
    case suiteLoaded(scenarios: Int, diagnostics: [Diagnostic])
    /// The suite as it ran on the driver: its record, what went wrong grouped for a person, and
    /// what the gate fails that the findings do not already say.
    case suiteRan(ImplementationRecord, seconds: Int, diagnosis: Diagnosis, unsaid: [GateReason])
}

/// How a checkup ended.
package enum CheckupVerdict: Equatable {
    /// The driver works: it passed the smoke scenario (and, when the suite ran, the suite).
    case works(suiteRan: Bool)
    /// Problems were found, in this many kinds; `stoppedEarly` when a stage left nothing to go on.
    case problems(kinds: Int, stoppedEarly: Bool)
    /// A scenario file of the suite did not load.
    case inputErrors
    /// The paths hold no scenario to run.
    case noScenarios(paths: [String])
}

/// A driver checked as `doctor` does: the handshake, what it declares against the model and
/// the profile, the model's smoke scenario, then (unless `smokeOnly`) the whole suite.
package struct DriverCheckup {
    package var package: ModelPackage
    package var options: DriverOptions
    package var profile: ConformanceProfile
    package var suite: SuitePlan?
    package var stop: @Sendable () -> String?
    /// What the handshake and the suite are timed on.
    package var clock: SessionClock
    /// Processors the suite's loading may use.
    package var processors: Int

    package init(
        package: ModelPackage, options: DriverOptions, profile: ConformanceProfile, suite: SuitePlan?,
        clock: SessionClock, processors: Int, stop: @escaping @Sendable () -> String?
    ) {
        self.clock = clock
        self.processors = processors
        self.package = package
        self.options = options
        self.profile = profile
        self.suite = suite
        self.stop = stop
    }

    package func run(events: (CheckupEvent) -> Void) -> CheckupVerdict {
        let model = package.declaration
        var driver = SubprocessDriver(options: options)
        defer { driver.shutdown() }
        let started = clock.monotonic()
        let info: DriverInfo
        do {
            info = try driver.connect()
        } catch {
            events(.handshakeFailed(error))
            return .problems(kinds: 1, stoppedEarly: true)
        }
        events(.shookHands(info, milliseconds: Int(clock.seconds(since: started) * 1000)))
        for (what, declared, known) in [
            ("inputs", info.inputs, model.inputs.map(\.name)),
            ("observations", info.observations, model.observations.map(\.key)),
        ] {
            events(
                .declared(
                    what: what, count: declared.count,
                    missing: known.filter { !declared.contains($0) && model.input(named: $0)?.expansion == nil },
                    unknown: declared.filter { !known.contains($0) }))
        }
        if info.observations.isEmpty {
            events(.observesNothing(modelKeys: model.observations.map(\.key)))
            return .problems(kinds: 1, stoppedEarly: true)
        }
        var problems = 0
        let lacking = profile.keys.filter { !info.observations.contains($0) }
        if !lacking.isEmpty {
            events(.profileNotMet(profile, lacking: lacking))
            problems += 1
        }
        // The suite's requirements say what rests on each key that would separate states.
        let catalogue = suite.flatMap {
            Suite.catalogueFile($0.requirementsFile ?? $0.manifest?.requirements, paths: $0.paths)
        }
        if let check = BlindSpotCheck.check(info, package: package, requirementsFile: catalogue) {
            events(.blindSpots(check))
        }
        let loaded = ScenarioLoader(model: model).load(text: package.smokeScenario, file: "(doctor)")
        guard let scenario = loaded.scenarios.first else {
            preconditionFailure("the \(model.name) model's smoke scenario does not load: \(loaded.diagnostics)")
        }
        let result = ScenarioRunner(model: model).run(scenario, on: &driver)
        events(.smoke(scenario, result))
        switch result.outcome {
        case .passed, .skipped: break
        case .partlyChecked, .notChecked, .failed, .errored, .refused:
            return .problems(kinds: problems + 1, stoppedEarly: true)
        }
        guard let suite else {
            return problems > 0 ? .problems(kinds: problems, stoppedEarly: false) : .works(suiteRan: false)
        }
        driver.shutdown()
        return checkSuite(suite, problems: problems, events: events)
    }

    /// Runs the suite on the driver and sums up what is wrong.
    func checkSuite(_ plan: SuitePlan, problems: Int, events: (CheckupEvent) -> Void) -> CheckupVerdict {
        let model = package.declaration
        let suite = Suite(
            paths: plan.paths, requirementsFile: plan.requirementsFile ?? plan.manifest?.requirements, model: model,
            selection: SuiteSelection(), processors: processors)
        events(.suiteLoaded(scenarios: suite.scenarios.count, diagnostics: suite.loaded.diagnostics))
        guard !suite.scenarios.isEmpty else { return .noScenarios(paths: plan.paths) }
        let started = clock.monotonic()
        let engine = RunEngine(model: model, profile: profile, clock: clock, stop: stop)
        let run = engine.run(suite, on: [Candidate.driver(options)])
        guard let implementation = run.implementations.first else { return .problems(kinds: 1, stoppedEarly: true) }
        let diagnosis = Diagnosis(implementation.records)
        // The gate's verdict as a run would give it: what the findings do not already say.
        let unsaid = run.gate(GatePolicy()).reasons.filter { reason in
            switch reason {
            case .failures, .notChecked, .skipped, .refused, .broken: return false
            default: return true
            }
        }
        events(
            .suiteRan(
                implementation, seconds: Int(clock.seconds(since: started)), diagnosis: diagnosis,
                unsaid: unsaid))
        if !suite.loaded.diagnostics.isEmpty { return .inputErrors }
        let unchecked = implementation.records.contains { $0.outcome == .partlyChecked || $0.outcome == .notChecked }
        let kinds =
            problems
            + [
                !diagnosis.failedKeys.isEmpty, !diagnosis.errors.isEmpty, !diagnosis.skips.isEmpty,
                !diagnosis.refusals.isEmpty, unchecked,
                !unsaid.isEmpty,
            ].filter { $0 }.count
        return kinds == 0 ? .works(suiteRan: true) : .problems(kinds: kinds, stoppedEarly: false)
    }
}
