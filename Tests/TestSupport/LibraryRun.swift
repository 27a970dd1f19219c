import Coverage
import Engine
import Exploration
import Foundation
import Models
import Reporters
import Results
import ScenarioModel
import SpecCheck
import SpecModel
import SubprocessDriver
import Testing
import UnlockScreen

/// A run through the engine's own API, planned as the command line plans one (the suites the
/// paths' manifests name, the reference and a driver per command, the gate's policy), with
/// the reports and the terminal's closing made by the same reporters: the logic reached
/// without the built binary, whose own mapping of arguments the command tests check.
package struct LibraryRun {
    /// What to run: a request, as the command line would make it (every field of it reads
    /// through, `options.ids = [...]`), and what a test does that a request cannot say.
    @dynamicMemberLookup
    package struct Options {
        package var request: RunRequest
        /// Each driver's options once planned (timeouts below the command line's bounds, a
        /// fresh process per scenario): the test's own changes.
        package var driver: @Sendable (inout DriverOptions) -> Void = { _ in }

        package init(paths: [String], model: String? = nil, drivers: [String] = [], logFolder: String) {
            request = RunRequest(.run, paths: paths)
            request.model = model
            request.drivers = drivers
            request.logFolder = logFolder
        }

        package subscript<Value>(dynamicMember path: WritableKeyPath<RunRequest, Value>) -> Value {
            get { request[keyPath: path] }
            set { request[keyPath: path] = newValue }
        }
    }

    package var outcomes: [ModelOutcome]
    /// What each suite said before it ran (input errors, unknown requirements), in order.
    package var diagnostics: [Diagnostic]
    /// Each scenario record as the session finished it, in the order the terminal shows them.
    package var finished: [ScenarioRecord]
    /// How the reports are written, as the request says (`--junit-include-reference`,
    /// `--markdown-max-bytes`).
    package var settings = ReportSettings()

    /// The most serious ending: what the command line maps to its exit code.
    package var severity: RunSeverity { RunConclusion(outcomes, settings: ReportSettings()).severity }

    /// The single model's outcome.
    package var outcome: ModelOutcome { outcomes[0] }

    /// A report's whole text, as `--json`, `--junit`, `--markdown` or `--coverage` write it.
    package func report(_ kind: ReportKind, settings given: ReportSettings? = nil) -> String {
        switch RunConclusion(outcomes, settings: given ?? settings).documents.body(kind) {
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
        RunConclusion(outcomes, settings: settings).lines(quiet: quiet, timed: false) { text += $0.text + "\n" }
        return text
    }

    /// The shards' results files put back together and judged, as `merge` does; a refusal
    /// throws `MergeSession.Refusal` (or the plan's `RunPlanError`).
    package static func merge(_ files: [String], statements: String? = nil, baselines: [String] = []) throws
        -> LibraryRun
    {
        var request = RunRequest(.merge, paths: files)
        request.statements = statements
        request.baselines = baselines
        let checked = try RunPlan.make(request, models: ModelRegistry.catalogue, clock: TestSupport.clock)
        let merged = try MergeSession.merge(files, package: ModelRegistry.package(named:))
        let plan = try checked.merging(merged)
        let outcomes = zip(merged, plan.suites).map { merged, suite in
            MergeSession.outcome(merged.run, suite: suite, policy: plan.policy, processors: plan.processors)
        }
        return LibraryRun(outcomes: outcomes, diagnostics: outcomes.flatMap(\.problems), finished: [])
    }

    /// The words of the merge's refusal of `files`, or nil when they merge.
    /// Why `files` do not merge, as the case the engine refuses them with.
    package static func mergeRefusal(_ files: [String]) -> MergeSession.Refusal? {
        do {
            _ = try merge(files)
            return nil
        } catch {
            return error as? MergeSession.Refusal
        }
    }

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
    package func write(_ kind: ReportKind, to file: String, settings: ReportSettings? = nil) throws {
        try report(kind, settings: settings).write(toFile: file, atomically: true, encoding: .utf8)
    }

    /// Plans and runs `options` as `run` does; a plan that cannot start throws its typed reason.
    package static func run(_ options: Options) throws -> LibraryRun {
        var plan = try RunPlan.make(options.request, models: ModelRegistry.catalogue, clock: TestSupport.clock)
        for suite in plan.suites.indices {
            for driver in plan.suites[suite].drivers.indices {
                plan.suites[suite].drivers[driver].workingDirectory = TestSupport.root.path
                options.driver(&plan.suites[suite].drivers[driver])
            }
        }
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
        var run = LibraryRun(outcomes: outcomes, diagnostics: prepared.flatMap(\.diagnostics), finished: finished)
        run.settings = ReportSettings(
            includeReference: plan.request.junitIncludeReference, markdownLimit: plan.markdownLimit)
        return run
    }
}

/// `spec check` through the engine: the documents read against a model with its mapping and
/// suite, in the words the command prints.
package struct LibrarySpecCheck {
    /// Everything `spec check` prints on standard output.
    package var text: String
    package var counts: SpecCheckReport.Counts
    /// Every finding of every document, as values.
    package var findings: [SpecFinding]
    /// What each document's check compared: its diagrams, the rule rows it holds, its facts.
    package var checks: [DocumentCheck]

    /// The kinds of finding at `line` of the document whose path ends in `file`.
    package func kinds(at line: Int, in file: String? = nil) -> [SpecFinding.Kind] {
        findings.filter { $0.line == line && (file.map($0.file.hasSuffix) ?? true) }.map(\.kind)
    }

    /// The rule-table findings, as (table, row key, line).
    package var tableRows: [(table: String, key: String, line: Int?)] {
        findings.compactMap { finding in finding.row.map { ($0.table, $0.key, finding.line) } }
    }

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
            scenarioPath: TestSupport.root.appendingPathComponent(suite).path, ran: ran, processors: 2,
            accountedBy: ModelRegistry.packages)
        let (lines, counts) = SpecCheckReport.lines(checks, additions: additions)
        let heading = SpecCheckReport.heading(
            documents: files.count, model: package.declaration, tables: package.ruleTables.map(\.name))
        return LibrarySpecCheck(
            text: ([heading] + lines + [SpecCheckReport.summary(counts)]).map { $0 + "\n" }.joined(), counts: counts,
            findings: checks.flatMap(\.findings), checks: checks)
    }
}

/// `trace` through the engine: every suite the paths' manifests name, run on its reference and
/// on every falsifier, the statements judged, in the words and Markdown the command writes.
package struct LibraryTrace: Sendable {
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
    /// The last line `trace` prints.
    package var verdict: String { TraceReport.verdict(traces) }
    /// The gaps `trace` fails on (the others are warnings).
    package var failing: Int { traces.flatMap(\.statements).filter(\.standing.failsTheTrace).count }

    package static func trace(_ paths: [String], statements: String? = nil, requirements: String? = nil) throws
        -> LibraryTrace
    {
        var request = RunRequest(.trace, paths: paths)
        request.statements = statements
        request.requirements = requirements
        let plans = try RunPlan.make(request, models: ModelRegistry.catalogue, clock: TestSupport.clock).suites
        let (traces, problems) = try TraceSession.trace(plans, statementsFile: statements, processors: 2)
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
    /// The files beside `--out` not replayed, each as the problem that kept it out.
    package var notReplayed: [String] = []
    /// The observation keys compared, as the session told them when it started.
    package var compared: Set<String> = []

    package var diverged: Bool { outcome.found.found != nil }
    /// How the command would end, as its exit code follows it.
    package var verdict: Exploration.Verdict { outcome.found.verdict(allowRefusals: report.settings.allowRefusals) }

    package static func explore(
        driver: String?, model: String = ModelRegistry.defaultModel, seed: UInt64 = 1, runs: Int? = nil,
        keys: Set<String>? = nil, jobs: Int = 1, logFolder: String, out: String? = nil,
        change: (inout ExplorationSettings) -> Void = { _ in }
    ) throws -> LibraryExplore {
        var request = RunRequest(.explore)
        request.model = model
        request.drivers = driver.map { [$0] } ?? []
        request.logFolder = logFolder
        let planned = try RunPlan.make(request, models: ModelRegistry.catalogue, clock: TestSupport.clock).suites[0]
        let package = planned.package
        let declaration = package.declaration
        var options = planned.drivers.first
        options?.workingDirectory = TestSupport.root.path
        var settings = ExplorationSettings(seed: seed)
        settings.runs = runs
        change(&settings)
        var session = ExploreSession(
            package: package, referenceSettings: planned.referenceSettings, settings: settings, keys: keys,
            driver: options, jobs: jobs, clock: TestSupport.clock, stop: { false })
        // As the command does: what explore found before beside `out` is replayed first.
        let before = out.map {
            FoundBefore.load(besides: $0, model: declaration, banner: "# " + ExplorationReport.foundBy)
        }
        session.foundBefore = before?.found ?? []
        var opening = ""
        var comparedKeys: Set<String> = []
        var subject: ExploredSubject?
        var outcome = try session.run(
            started: { compared, name, version in
                comparedKeys = compared
                subject = ExploredSubject(declaration, command: driver, name: name, version: version)
                opening = ExplorationReport(
                    model: declaration, settings: settings, keys: keys, subject: subject!,
                    defaultModel: ModelRegistry.defaultModel
                ).opening(comparing: compared)
            }, progress: { _ in })
        let report = ExplorationReport(
            model: declaration, settings: settings, keys: keys, subject: try #require(subject),
            defaultModel: ModelRegistry.defaultModel)
        var lines =
            [opening] + (before?.passedOver.map { ExplorationReport.notReplayed($0, model: declaration.name) } ?? [])
        if let replayed = report.replayed(outcome.replay) { lines.append(replayed) }
        var counterexample: String?
        var written = out
        if let again = outcome.replay.failedAgain {
            // Found again in its file: nothing new to write.
            written = again.file
            lines += report.divergence(again.counterexample) + [report.foundBefore(in: again.file)]
        } else if let found = outcome.found.found {
            counterexample = report.counterexample(found, reference: &outcome.reference)
            lines += report.divergence(found)
        }
        lines += report.details(outcome.found)
        lines.append(report.verdict(outcome.found, seconds: outcome.seconds, interrupted: false))
        return LibraryExplore(
            outcome: outcome, report: report, counterexample: counterexample,
            text: lines.map { $0 + "\n" }.joined(),
            summary: report.summary(
                outcome.found, seconds: outcome.seconds, written: outcome.found.found == nil ? nil : written
            ).rendered(), notReplayed: before?.passedOver ?? [], compared: comparedKeys)
    }
}

/// `doctor` through the engine: one driver checked (handshake, declarations, the smoke
/// scenario, then the committed suite unless `smokeOnly`), in the reporter's words.
package struct LibraryDoctor {
    package var verdict: CheckupVerdict
    /// What the checkup went through, stage by stage, as values.
    package var events: [CheckupEvent]
    /// What `doctor` prints after its first line.
    package var text: String

    package static func check(
        _ command: String, smokeOnly: Bool = false, handshakeTimeout: Duration? = nil
    ) throws -> LibraryDoctor {
        var request = RunRequest(.doctor, paths: [TestSupport.scenariosFolder])
        request.drivers = [command]
        request.smokeOnly = smokeOnly
        if let handshakeTimeout { request.handshakeTimeout = "\(handshakeTimeout.components.seconds * 1000)ms" }
        let planned = try RunPlan.make(request, models: ModelRegistry.catalogue, clock: TestSupport.clock).suites[0]
        let package = planned.package
        let model = package.declaration
        var options = planned.drivers[0]
        options.workingDirectory = TestSupport.root.path
        let checkup = DriverCheckup(
            package: package, options: options, profile: planned.profile, suite: smokeOnly ? nil : planned,
            clock: TestSupport.clock, processors: 2, stop: { nil })
        var report = DoctorReport(model: model, handshakeTimeout: options.handshakeTimeout, doctor: request)
        var lines: [String] = []
        var events: [CheckupEvent] = []
        let verdict = checkup.run { event in
            events.append(event)
            lines += report.lines(event)
        }
        let runIt = DoctorReport.runIt(request)
        switch verdict {
        case .works(let suiteRan): lines.append(report.closing(works: true, suiteRan: suiteRan, runIt: runIt))
        case .problems(_, let stoppedEarly):
            if !stoppedEarly { lines.append(report.closing(works: smokeOnly, suiteRan: false, runIt: runIt)) }
        case .inputErrors, .noScenarios: break
        }
        return LibraryDoctor(verdict: verdict, events: events, text: lines.map { $0 + "\n" }.joined())
    }
}
