import Coverage
import Engine
import Exploration
import Foundation
import Models
import ReferenceMachine
import Reporters
import Results
import ScenarioModel
import SpecModel
import SubprocessDriver
import Testing

/// A run through the engine's own API, planned as the command line plans one (the suites the
/// paths' manifests name, the reference and a driver per command, the gate's policy), with
/// the reports and the terminal's closing made by the same reporters: the logic reached
/// without the built binary, whose own mapping of arguments the command tests check.
package struct LibraryRun {
    /// What to run; the defaults are the command line's.
    package struct Options {
        package var paths: [String]
        package var model: String?
        package var drivers: [String] = []
        package var profile = ConformanceProfile.full
        package var allowSkips = false
        package var strictBaseline = false
        package var baselines: [String] = []
        package var statements: String?
        package var shard: Shard?
        package var tags: [String] = []
        package var ids: [String] = []
        package var jobs = 1
        package var recordsHeld = Int.max
        /// Where the drivers' stderr logs go (a temporary folder of the test's).
        package var logFolder: String
        package var validateProtocol = false
        /// The drivers' own state names → the model's (`--state-map`).
        package var stateMap: [String: String] = [:]
        /// Timeouts, restart budget, a fresh process per scenario: the driver options' own.
        package var driver: @Sendable (inout DriverOptions) -> Void = { _ in }
        package var today = "2026-12-01"

        package init(paths: [String], model: String? = nil, drivers: [String] = [], logFolder: String) {
            self.paths = paths
            self.model = model
            self.drivers = drivers
            self.logFolder = logFolder
        }
    }

    package var outcomes: [ModelOutcome]
    /// What each suite said before it ran (input errors, unknown requirements), in order.
    package var diagnostics: [Diagnostic]
    /// Each scenario record as the session finished it, in the order the terminal shows them.
    package var finished: [ScenarioRecord]

    /// The most serious ending: what the command line maps to its exit code.
    package var severity: RunSeverity { outcomes.map(\.severity).max() ?? .passed }

    /// The single model's outcome.
    package var outcome: ModelOutcome { outcomes[0] }

    /// A report's whole text, as `--json`, `--junit`, `--markdown` or `--coverage` write it.
    package func report(_ kind: ReportKind, settings: ReportSettings = ReportSettings()) -> String {
        let documents = RunDocuments(
            outcomes.map {
                ReportedRun(
                    model: $0.plan.model, run: $0.run, gate: $0.gate, statements: $0.statements,
                    falsification: $0.falsification)
            }, settings: settings)
        switch documents.body(kind) {
        case .text(let text): return text
        case .pieces(let produce):
            var text = ""
            try? produce { (piece: String) throws(OutputError) in text += piece }
            return text
        }
    }

    /// The terminal's closing of each model, as `run` prints it after the scenarios.
    package func closing(quiet: Bool = true) -> String {
        var text = ""
        for outcome in outcomes {
            TerminalReporter(model: outcome.plan.model).closing(
                outcome.run, gate: outcome.gate, uncovered: outcome.uncovered, inputErrors: outcome.inputErrors,
                quiet: quiet, elapsed: nil
            ) { text += $0.text + "\n" }
        }
        if outcomes.count > 1 {
            text +=
                TerminalReporter.modelsVerdict(outcomes.map { ($0.plan.package.name, $0.severity == .passed) }).text
                + "\n"
        }
        return text
    }

    /// The shards' results files put back together and judged, as `merge` does; a refusal
    /// throws `MergeSession.Refusal`.
    package static func merge(_ files: [String], statements: String? = nil, baselines: [String] = []) throws
        -> LibraryRun
    {
        let outcomes = try MergeSession.merge(files, package: ModelRegistry.package(named:)).map {
            MergeSession.outcome(
                $0.run, package: $0.package, policy: GatePolicy(today: "2026-12-01"), baselineFiles: baselines,
                statementsFile: statements)
        }
        return LibraryRun(outcomes: outcomes, diagnostics: outcomes.flatMap(\.problems), finished: [])
    }

    /// The words of the merge's refusal of `files`, or nil when they merge.
    package static func refusal(merging files: [String]) -> String? {
        do {
            _ = try merge(files)
            return nil
        } catch let refusal as MergeSession.Refusal {
            return refusal.description
        } catch {
            return "\(error)"
        }
    }

    /// Writes a report into `file`, for what reads files (merge, schema checks).
    package func write(_ kind: ReportKind, to file: String, settings: ReportSettings = ReportSettings()) throws {
        try report(kind, settings: settings).write(toFile: file, atomically: true, encoding: .utf8)
    }

    /// Plans and runs `options`; a plan that cannot start throws its typed reason.
    package static func run(_ options: Options) throws -> LibraryRun {
        let pinned = options.model != nil
        let suites = try SuiteLocator.suitesByModel(
            explicit: nil, paths: options.paths, pinned: pinned, defaultModel: ModelRegistry.defaultModel)
        var plans: [SuitePlan] = []
        for (manifest, paths) in suites {
            let name = options.model ?? manifest?.model ?? ModelRegistry.defaultModel
            let package = try #require(ModelRegistry.package(named: name))
            let model = package.declaration
            let drivers = options.drivers.enumerated().map { index, command in
                var driver = DriverOptions(command: command, model: model)
                driver.workingDirectory = TestSupport.root.path
                driver.validateProtocol = options.validateProtocol
                driver.stateMap = options.stateMap
                options.driver(&driver)
                let prefix = suites.count > 1 ? package.name + "-" : ""
                driver.stderrLog = "\(options.logFolder)/\(prefix)driver-\(index + 1).stderr.log"
                return driver
            }
            plans.append(
                SuitePlan(
                    manifest: manifest, paths: paths, package: package,
                    referenceSettings: try package.resolve(settings: [:]).get(),
                    profile: try #require(model.profile(named: options.profile)),
                    statementsFile: options.statements, drivers: drivers, baselineFiles: options.baselines))
        }
        var plan = RunPlan(
            suites: plans, selection: SuiteSelection(tags: options.tags, ids: options.ids, shard: options.shard),
            policy: GatePolicy(
                allowSkips: options.allowSkips, strictBaseline: options.strictBaseline, today: options.today))
        plan.jobs = options.jobs
        plan.recordsHeld = options.recordsHeld
        let session = RunSession(plan)
        let prepared = try plan.suites.map { try session.prepare($0) }
        var outcomes: [ModelOutcome] = []
        var finished: [ScenarioRecord] = []
        for suite in prepared {
            outcomes.append(
                session.run(suite) { event in
                    if case .finished(let record, _, _) = event { finished.append(record) }
                })
        }
        return LibraryRun(outcomes: outcomes, diagnostics: prepared.flatMap(\.diagnostics), finished: finished)
    }
}

/// `spec check` through the engine: the documents read against a model with its mapping and
/// suite, in the words the command prints.
package struct LibrarySpecCheck {
    /// Everything `spec check` prints on standard output.
    package var text: String
    package var counts: SpecCheckReport.Counts

    /// Checks `files` against the model `model` (its mapping and suite the committed ones
    /// unless named); a problem with the inputs throws its words.
    package static func check(
        _ files: [String], model: String = ModelRegistry.defaultModel, mapping: String? = nil,
        ran: (scenarios: [Scenario], records: [ScenarioRecord])? = nil
    ) throws -> LibrarySpecCheck {
        let package = try #require(ModelRegistry.package(named: model))
        let suite = model == ModelRegistry.defaultModel ? "Scenarios" : "AuthFlow/Scenarios"
        let (checks, additions) = try SpecReview.check(
            files, package: package,
            mapping: mapping ?? package.specMapping.map { TestSupport.root.appendingPathComponent($0).path },
            scenarioPath: TestSupport.root.appendingPathComponent(suite).path, ran: ran)
        let (lines, counts) = SpecCheckReport.lines(checks, additions: additions)
        let heading = SpecCheckReport.heading(
            documents: files.count, model: package.declaration, tables: package.ruleTables.map(\.name))
        return LibrarySpecCheck(
            text: ([heading] + lines + [SpecCheckReport.summary(counts)]).map { $0 + "\n" }.joined(), counts: counts)
    }
}

/// `trace` through the engine: every suite the paths' manifests name, run on its reference and
/// on every falsifier, the statements judged, in the words and Markdown the command writes.
package struct LibraryTrace {
    package var traces: [DocumentTrace]
    package var problems: [Diagnostic]
    /// What `trace` prints on standard output.
    package var text: String { TraceReport.text(traces, implementation: "the reference") }
    package var markdown: String { TraceReport.markdown(traces, implementation: "the reference") }
    /// The files `trace --markdown DIR/trace.md` writes: the index, then each document's part.
    package var markdownFiles: [(file: String, text: String)] {
        let files = TraceReport.markdownFiles(traces, implementation: "the reference", stem: "trace")
        return [("trace.md", files.index)] + files.parts
    }
    /// What a problem or a gap makes `trace` say on standard error, one per line.
    package var problemText: String { problems.map { $0.description + "\n" }.joined() }
    /// Checkable statements claimed or not demonstrated: each makes `trace` exit 1.
    package var gaps: Int { traces.flatMap(\.statements).filter(\.standing.isGap).count }

    package static func trace(_ paths: [String], statements: String? = nil, requirements: String? = nil) throws
        -> LibraryTrace
    {
        let suites = try SuiteLocator.suitesByModel(
            explicit: nil, paths: paths, pinned: false, defaultModel: ModelRegistry.defaultModel)
        let plans = try suites.map { manifest, paths in
            let package = try #require(ModelRegistry.package(named: manifest?.model ?? ModelRegistry.defaultModel))
            return SuitePlan(
                manifest: manifest, paths: paths, package: package,
                referenceSettings: try package.resolve(settings: [:]).get(),
                profile: package.declaration.profiles[package.declaration.profiles.count - 1],
                requirementsFile: requirements)
        }
        let (traces, problems) = try TraceSession.trace(plans, statementsFile: statements)
        return LibraryTrace(traces: traces, problems: problems)
    }
}

/// `explore` through the engine: an exploration of one driver (or the reference alone) and
/// what the command writes of it, in the reporter's words.
package struct LibraryExplore {
    package var outcome: ExploreSession.Outcome
    package var report: ExplorationReport
    /// The counterexample as the scenario file `--out` holds; nil when nothing diverged.
    package var counterexample: String?
    /// What the command prints: the opening, the divergence, the verdict.
    package var text: String
    /// The `--json` summary.
    package var summary: String

    package var diverged: Bool { outcome.found.found != nil }

    package static func explore(
        driver: String?, model: String = ModelRegistry.defaultModel, seed: UInt64 = 1, runs: Int? = nil,
        keys: Set<String>? = nil, jobs: Int = 1, logFolder: String, out: String? = nil
    ) throws -> LibraryExplore {
        let package = try #require(ModelRegistry.package(named: model))
        let declaration = package.declaration
        var options = driver.map { DriverOptions(command: $0, model: declaration) }
        options?.workingDirectory = TestSupport.root.path
        options?.stderrLog = logFolder + "/driver-1.stderr.log"
        var settings = ExplorationSettings(seed: seed)
        settings.runs = runs
        let session = ExploreSession(
            package: package, referenceSettings: try package.resolve(settings: [:]).get(), settings: settings,
            keys: keys, driver: options, jobs: jobs, stop: { false })
        var opening = ""
        var subject: ExploredSubject?
        var outcome = try session.run(
            started: { compared, name, version in
                subject = ExploredSubject(declaration, command: driver, name: name, version: version)
                opening = ExplorationReport(
                    model: declaration, settings: settings, keys: keys, subject: subject!,
                    defaultModel: ModelRegistry.defaultModel
                ).opening(comparing: compared)
            }, progress: { _ in })
        let report = ExplorationReport(
            model: declaration, settings: settings, keys: keys, subject: try #require(subject),
            defaultModel: ModelRegistry.defaultModel)
        var lines = [opening]
        var counterexample: String?
        if let found = outcome.found.found {
            counterexample = report.counterexample(found, reference: &outcome.reference)
            lines += report.divergence(found)
        }
        lines.append(report.verdict(outcome.found, seconds: outcome.seconds, interrupted: false))
        return LibraryExplore(
            outcome: outcome, report: report, counterexample: counterexample,
            text: lines.map { $0 + "\n" }.joined(),
            summary: report.summary(outcome.found, seconds: outcome.seconds, written: counterexample == nil ? nil : out)
                .rendered())
    }
}

/// `doctor` through the engine: one driver checked (handshake, declarations, the smoke
/// scenario, then the committed suite unless `smokeOnly`), in the reporter's words.
package struct LibraryDoctor {
    package var verdict: CheckupVerdict
    /// What `doctor` prints after its first line.
    package var text: String

    package static func check(
        _ command: String, smokeOnly: Bool = false, handshakeTimeout: Duration? = nil
    ) throws -> LibraryDoctor {
        let package = UnlockPackage.package
        let model = package.declaration
        let profile = try #require(model.profile(named: ConformanceProfile.full))
        var options = DriverOptions(command: command, model: model)
        options.workingDirectory = TestSupport.root.path
        if let handshakeTimeout { options.handshakeTimeout = handshakeTimeout }
        let manifest = Manifest.load(file: TestSupport.root.appendingPathComponent("authspec.yaml").path).manifest
        let suite =
            smokeOnly
            ? nil
            : SuitePlan(
                manifest: manifest, paths: [TestSupport.scenariosFolder], package: package, referenceSettings: [:],
                profile: profile)
        let checkup = DriverCheckup(package: package, options: options, profile: profile, suite: suite, stop: { nil })
        var report = DoctorReport(model: model, handshakeTimeout: options.handshakeTimeout)
        var lines: [String] = []
        let verdict = checkup.run { event in lines += report.lines(event) }
        let runIt = DoctorReport.runIt(paths: [], command: command)
        switch verdict {
        case .works(let suiteRan): lines.append(report.closing(works: true, suiteRan: suiteRan, runIt: runIt))
        case .problems(_, let stoppedEarly):
            if !stoppedEarly { lines.append(report.closing(works: smokeOnly, suiteRan: false, runIt: runIt)) }
        case .inputErrors, .noScenarios: break
        }
        return LibraryDoctor(verdict: verdict, text: lines.map { $0 + "\n" }.joined())
    }
}
