import Foundation
import Results
import ScenarioModel
import SpecModel
import SubprocessDriver

/// One suite loaded and checked, ready to run: what was found wrong on the way, the gate's
/// policy with its baselines, the statement catalogue.
package struct PreparedSuite: Sendable {
    package var plan: SuitePlan
    package var suite: Suite
    package var policy: GatePolicy
    package var statements: [Statement]
    /// The scenarios beside the statement catalogue in its contradicted statements' own
    /// documents' terms.
    package var readings: [Scenario] = []
    /// Every input error found while loading, in the order found.
    package var diagnostics: [Diagnostic]
}

/// What a run went through, as it happens, in suite order whatever the number of workers.
package enum RunSessionEvent {
    /// A suite is about to run: how many scenarios (of how many selected, for a shard), from
    /// how many files, against how many implementations.
    case running(model: String, scenarios: Int, selected: Int, files: Int, implementations: Int, reference: String)
    case starting(Candidate)
    case finished(ScenarioRecord, number: Int, of: Int)
    /// Scenario files that changed or went while the run read them: input errors.
    case suiteChanged([Diagnostic])
    /// Drivers that call themselves alike, or by the reference's name: input errors (results
    /// and merge key everything by an implementation's name).
    case namesClash([Diagnostic])
}

/// How serious the worst ending of a run is; the command line maps it to an exit code.
package enum RunSeverity: Comparable, Sendable {
    case passed
    case failed
    case badInput
    case interrupted(signal: String)
}

/// One model's run, with all its reports need.
package struct ModelOutcome: Sendable {
    package var plan: SuitePlan
    package var run: RunRecord
    package var gate: GateVerdict
    package var policy: GatePolicy
    package var statements: [Statement]
    /// Input errors found (loading, baselines, statements, files changed under the run).
    package var inputErrors: Int
    /// Scenario files that changed or went while the run read them.
    package var suiteChanges: [Diagnostic]
    /// Requirements no loaded scenario covers (said for a whole suite only).
    package var uncovered: [String]
    /// Wall time of the run, in seconds (none for a merged run).
    package var seconds: Double?
    /// Input errors found once the run was loaded (a merged run's baselines and statements), to
    /// be said before its closing.
    package var problems: [Diagnostic] = []
    /// With a statement catalogue: the suite run on every mutant of the reference, what the
    /// statements' verification rests on.
    package var falsification: Falsification?
    /// With `gateStrength`: each driver that declares fewer keys than the model, measured.
    package var strengths: [GateStrength] = []
    /// With `gateStrength`: the blind spots of each measured driver's keys, by its strength's
    /// `position`.
    package var blindSpots: [Int: BlindSpotCheck] = [:]
    /// Every scenario id the suite holds (selected or not): what a baseline may name.
    package var known: [String] = []

    package var severity: RunSeverity {
        if let signal = run.interruption?.signal { return .interrupted(signal: signal) }
        if inputErrors > 0 { return .badInput }
        return gate.passes ? .passed : .failed
    }
}

/// A run of a plan: each suite loaded and checked (`prepare`), then run (`run`), its gate
/// judged and its baselines updated if asked. The command line renders the events and the
/// outcome and maps the severity to an exit code; everything else is here.
package struct RunSession: Sendable {
    package var plan: RunPlan

    package init(_ plan: RunPlan) {
        self.plan = plan
    }

    /// Loads one suite (streamed: its scenarios are read again from their files as the run
    /// reaches them), its baselines and statements. A selection of nothing is never a pass.
    package func prepare(_ suitePlan: SuitePlan) throws(RunPlanError) -> PreparedSuite {
        var suite = Suite(
            paths: suitePlan.paths, requirementsFile: suitePlan.catalogueFile, model: suitePlan.model,
            selection: plan.selection, streamed: true, processors: plan.processors)
        var policy = plan.policy
        var diagnostics = suite.loaded.diagnostics
        let known = suite.loadedIDs
        let baselineProblems = policy.loadBaselines(
            suitePlan.allBaselines, known: Set(known), suite: Baseline.suiteDigest(of: known))
        var statements: [Statement] = []
        var statementProblems: [Diagnostic] = []
        var readings: [Scenario] = []
        if let file = suitePlan.statementsFile {
            let catalogue = StatementCatalogue.load(
                file: file, requirements: suite.requirements.map(\.id),
                packages: [suitePlan.package])
            statements = catalogue.statements
            let found = Suite.readings(beside: file, model: suitePlan.model, pinning: statements)
            readings = found.scenarios
            statementProblems = catalogue.diagnostics + found.diagnostics
        }
        // A baseline, a requirements or a statement catalogue that does not load judges the
        // whole run, not a scenario: nothing runs and nothing is written. A baseline updated
        // from a run it does not fit would lose what it held.
        let wholeRun = suite.catalogueProblems + baselineProblems.files + statementProblems
        if !wholeRun.isEmpty { throw .inputs(wholeRun) }
        if plan.request.updateBaseline != nil && !baselineProblems.entries.isEmpty {
            throw .inputs(baselineProblems.entries)
        }
        diagnostics += baselineProblems.entries
        suite.loaded.diagnostics = diagnostics
        // A baseline updated from a run with bad input would lose entries (a scenario that did
        // not load looks gone): nothing runs.
        if plan.request.updateBaseline != nil && !diagnostics.isEmpty { throw .inputs(diagnostics) }
        var inputs = ProtectedInputs()
        inputs.add(
            suite.loaded.files
                + [Suite.catalogueFile(suitePlan.catalogueFile, paths: suitePlan.paths)].compactMap { $0 })
        try plan.reports.refuse(inputs)
        if suite.selected.isEmpty && diagnostics.isEmpty {
            let selection = plan.selection
            if selection.tags.isEmpty && selection.ids.isEmpty { throw .noScenarios(paths: suitePlan.paths) }
            throw .nothingSelected(tags: selection.tags, ids: selection.ids, loaded: suite.loadedCount)
        }
        return PreparedSuite(
            plan: suitePlan, suite: suite, policy: policy, statements: statements, readings: readings,
            diagnostics: diagnostics)
    }

    /// Runs a prepared suite on the reference and the drivers, and judges it.
    package func run(_ prepared: PreparedSuite, events: (RunSessionEvent) -> Void) -> ModelOutcome {
        var suite = prepared.suite
        let suitePlan = prepared.plan
        let package = suitePlan.package
        let candidates =
            [Candidate.reference(of: package, settings: suitePlan.referenceSettings)]
            + suitePlan.drivers.map(Candidate.driver)
        events(
            .running(
                model: package.name, scenarios: suite.positions.count, selected: suite.selected.count,
                files: suite.loaded.files.count, implementations: candidates.count,
                reference: package.describeReference(suitePlan.referenceSettings)))
        let engine = RunEngine(
            model: suitePlan.model, jobs: plan.jobs, trace: plan.trace, profile: suitePlan.profile,
            recordsHeld: plan.recordsHeld, clock: plan.request.noTimes ? nil : plan.clock, stop: plan.stop)
        // A streamed suite keeps its entries through the run: its ids are read after it, not
        // held beside them.
        let heldIDs = suite.entries == nil ? suite.loadedIDs : nil
        // Some files of a suite leave most requirements to the others: not worth saying.
        let uncovered = suitePlan.isWholeSuite ? suite.uncoveredRequirements.map(\.id) : []
        let began = plan.clock.monotonic()
        var run = engine.run(releasing: &suite, on: candidates) { event in
            switch event {
            case .starting(let candidate): events(.starting(candidate))
            case .finished(let record, let number, let total): events(.finished(record, number: number, of: total))
            }
        }
        let seconds = plan.clock.seconds(since: began)
        let known = heldIDs ?? suite.loadedIDs
        // A run of several models' suites reruns each scenario from its own model's paths.
        run.request = plan.request.asRecorded
        run.suite.version = suitePlan.builtIn?.name(of: package.name)
        if plan.suites.count > 1 { run.request?.paths = suitePlan.paths }
        // A scenario file that changed or went under the run is bad input, said at the scenario.
        let changed = RunEngine.suiteChanges(in: run)
        if !changed.isEmpty { events(.suiteChanged(changed)) }
        let clashes = Self.nameClashes(run.implementations)
        if !clashes.isEmpty { events(.namesClash(clashes)) }
        let inputErrors = prepared.diagnostics.count + changed.count + clashes.count
        var gate = run.gate(prepared.policy)
        if inputErrors > 0 { gate.reasons.insert(.inputErrors(count: inputErrors), at: 0) }
        var outcome = ModelOutcome(
            plan: suitePlan, run: run, gate: gate, policy: prepared.policy, statements: prepared.statements,
            inputErrors: inputErrors, suiteChanges: changed, uncovered: uncovered, seconds: seconds)
        outcome.known = known
        guard plan.gateStrength || !prepared.statements.isEmpty else { return outcome }
        // Both rest on the suite run on every mutant: the selection, held in memory.
        let held = Suite(
            paths: suitePlan.paths, requirementsFile: suitePlan.catalogueFile, model: suitePlan.model,
            selection: plan.selection, processors: plan.processors)
        if plan.gateStrength {
            let drivers = run.implementations.filter { !$0.reference }.map { ($0.name, $0.observes) }
            outcome.strengths = GateStrength.measure(
                held.scenarios, package: package, implementations: drivers,
                jobs: max(plan.jobs, plan.processors))
            // What each measured driver's keys cannot tell apart, over the inputs it declares.
            let measured = run.implementations.filter { !$0.reference }
            for strength in outcome.strengths {
                let implementation = measured[strength.position]
                outcome.blindSpots[strength.position] = BlindSpotCheck.check(
                    keys: implementation.observes, inputs: implementation.inputs, package: package,
                    requirementsFile: Suite.catalogueFile(suitePlan.catalogueFile, paths: suitePlan.paths),
                    statements: prepared.statements)
            }
        }
        if !prepared.statements.isEmpty {
            // The statements rest on the suite's falsifiers.
            outcome.falsification = Falsifying.falsification(
                held.scenarios, requirements: held.requirements, package: package,
                readings: prepared.readings, jobs: max(plan.jobs, plan.processors))
        }
        return outcome
    }
}

extension RunSession {
    /// A driver whose name an earlier implementation has (the reference's included): each is
    /// one input error, said at `--driver`.
    static func nameClashes(_ implementations: [ImplementationRecord]) -> [Diagnostic] {
        var first: [String: Int] = [:]
        var clashes: [Diagnostic] = []
        for (index, implementation) in implementations.enumerated() {
            if let earlier = first[implementation.name] {
                clashes.append(
                    Diagnostic(
                        .driverNameTaken(
                            index: index, command: implementation.command ?? "", name: implementation.name,
                            other: implementations[earlier].reference ? nil : earlier),
                        at: SourceLocation(file: "--driver", line: 0, column: 0)))
            } else {
                first[implementation.name] = index
            }
        }
        return clashes
    }
}

extension ModelOutcome {
    /// Each baseline as this run leaves it (`Baseline.updated`; `all`: failures and errors
    /// added too), with its implementation's records; nil for a baseline whose implementation
    /// did not run. None when the suite changed under the run: its outcomes are not a verdict
    /// to keep.
    package func updatedBaselines(all: Bool) -> [(before: Baseline, after: Baseline.Update?)]? {
        guard suiteChanges.isEmpty else { return nil }
        return policy.baselines.map { ($0, updated($0, all: all)) }
    }

    /// `baseline` updated from this run's records of its implementation (nil: none ran).
    func updated(_ baseline: Baseline, all: Bool) -> Baseline.Update? {
        run.implementations.first { $0.name == baseline.implementation }.map {
            baseline.updated(from: $0.records, all: all, known: Set(known), suite: Baseline.suiteDigest(of: known))
        }
    }

    /// Each baseline updated from this run and written, each under a lock on its folder: the
    /// file is read again there (another run may have updated it since this one read it) and
    /// this run's update made on what it holds now, so runs updating one baseline at once lose
    /// no entry. Nil when the suite changed under the run (nothing is updated); an entry's
    /// `after` is nil when its implementation did not run, and its `problems` when the file no
    /// longer loads (it is left as it is).
    package func writeUpdatedBaselines(all: Bool, write: (Baseline) throws -> Void) rethrows -> [(
        before: Baseline, after: Baseline.Update?, problems: [Diagnostic]
    )]? {
        guard suiteChanges.isEmpty else { return nil }
        return try policy.baselines.map { loaded in
            try OutputTarget.whileLocking(folderOf: loaded.file) {
                let (now, problems) = Baseline.load(file: loaded.file)
                guard let now, problems.isEmpty else { return (loaded, nil, problems) }
                let update = updated(now, all: all)
                if let update { try write(update.baseline) }
                return (now, update, [])
            }
        }
    }
}

extension Candidate {
    /// A driver in a process of its own per worker.
    package static func driver(_ options: DriverOptions) -> Candidate {
        Candidate(label: options.command) { worker in SubprocessDriver(options: options.forWorker(worker)) }
    }
}
