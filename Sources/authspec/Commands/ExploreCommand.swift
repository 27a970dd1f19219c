import CommandCatalog
import CommandLineKit
import Dispatch
import Engine
import Exploration
import Foundation
import Models
import Reporters
import ScenarioModel
import SpecModel
import SubprocessDriver

enum ExploreCommand: Command {
    static let spec = CommandCatalog.explore

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        Interruption.stopInOrder()
        var request = try RequestArguments.request(.explore, arguments, spec: spec)
        // The scenario file is one of explore's outputs: no two may write to one place.
        if let out = arguments.value("out") { request.reports.append(.init(option: "out", path: out)) }
        let plan = try RequestArguments.plan(request)
        let package = plan.suites[0].package
        let model = package.declaration
        let settings = plan.suites[0].referenceSettings
        let drivers = plan.suites[0].drivers
        let seed = try arguments.seed() ?? UInt64.random(in: 0...999_999)
        var exploration = ExplorationSettings(seed: seed)
        if let text = arguments.value("budget") {
            guard case .milliseconds(let milliseconds) = VirtualDuration.read(text), milliseconds > 0,
                milliseconds <= 86_400_000
            else {
                throw UsageError(message: "--budget takes a duration from 1ms to 24h, such as 30s or 5m, not '\(text)'")
            }
            exploration.budget = .milliseconds(milliseconds)
        }
        exploration.runs = try SharedOptions.exploreRuns.read(arguments)
        exploration.depth = try SharedOptions.exploreDepth.read(arguments) ?? exploration.depth
        exploration.allowRefusals = arguments.flag(SharedOptions.allowRefusals.name)
        let keys = try arguments.value("keys").map { try Self.keys($0, model: model) }
        switch ScenarioLoader.world(given: arguments.all("given"), model: model) {
        case .success(let world): exploration.given = world
        case .failure(let problem): throw UsageError(message: problem.message)
        }
        for input in arguments.all("skip-input") {
            guard model.input(named: input) != nil else {
                throw UsageError(
                    message:
                        "--skip-input: the \(model.name) model has no input '\(input)' (it has \(model.inputs.map(\.name).joined(separator: ", ")))"
                )
            }
            exploration.skippedInputs.insert(input)
        }
        if !exploration.skippedInputs.isEmpty && Set(model.inputs.map(\.name)).isSubset(of: exploration.skippedInputs) {
            throw UsageError(message: "--skip-input leaves none of the \(model.name) model's inputs to send")
        }
        var baselineImplementation: String?
        if let file = arguments.value("baseline") {
            let (baseline, problems) = Baseline.load(file: file)
            guard let baseline, problems.isEmpty else {
                throw InputError(message: problems.map(\.description).joined(separator: "\n"))
            }
            baselineImplementation = baseline.implementation
            // Only what an entry says of where it went wrong can be matched; an expired entry
            // excuses nothing, here as in run.
            let today = plan.clock.today
            exploration.expected = baseline.entries.compactMap { entry in
                guard !entry.expired(on: today), entry.outcome == "failed" || entry.outcome == "errored" else {
                    return nil
                }
                return entry.divergence.map {
                    KnownDivergence(
                        state: $0.state, written: $0.input, keys: Set($0.keys), errored: entry.outcome == "errored",
                        model: model)
                }
            }
        }
        // Nothing is written into the current folder unasked: the first line names where a
        // divergence goes.
        let out = arguments.value("out") ?? RunPlan.temporaryFolder("explore") + "/explore-\(seed).yaml"
        let inputs = OutputGuard.inputs(arguments, paths: [])
        try OutputGuard.refuseUnlessFound(out, option: "out", inputs: inputs, banner: "# " + ExplorationReport.foundBy)
        if let json = arguments.value("json") { try OutputGuard.refuse(json, option: "json", inputs: inputs) }
        let target: OutputTarget
        let json: OutputTarget?
        do {
            target = try OutputTarget.resolve(out)
            json = try arguments.value("json").map { path throws(OutputError) in try OutputTarget.resolve(path) }
        } catch {
            throw UsageError(message: error.description)
        }
        let quiet = arguments.flag("quiet")
        // What explore found before beside its file is looked for first.
        let (foundBefore, passedOver) = FoundBefore.load(
            besides: out, model: model, banner: "# " + ExplorationReport.foundBy)
        for problem in passedOver {
            Console.error(ExplorationReport.notReplayed(problem, model: model.name))
        }
        var session = ExploreSession(
            package: package, referenceSettings: settings, settings: exploration, keys: keys, driver: drivers.first,
            jobs: plan.jobs, clock: plan.clock, stop: { Interruption.signal != nil })
        session.baselineImplementation = baselineImplementation
        session.foundBefore = foundBefore
        var report: ExplorationReport?
        let began = DispatchTime.now().uptimeNanoseconds
        var lastShown = began
        var outcome: ExploreSession.Outcome
        do {
            outcome = try session.run(
                started: { compared, name, version in
                    let subject = ExploredSubject(model, command: drivers.first?.command, name: name, version: version)
                    report = ExplorationReport(
                        model: model, settings: exploration, keys: keys, subject: subject,
                        defaultModel: ModelRegistry.defaultModel)
                    report?.baseline = arguments.value("baseline")
                    if !quiet, let report { Console.out(report.opening(comparing: compared, writingTo: out)) }
                },
                progress: { progress in
                    let now = DispatchTime.now().uptimeNanoseconds
                    // A line that counts up on a terminal; elsewhere (CI logs) a line every 10 s.
                    let every: UInt64 = Console.isTerminal ? 250_000_000 : 10_000_000_000
                    guard !quiet, let report, progress.shrinking || now - lastShown > every else { return }
                    lastShown = now
                    let line = report.progress(progress, seconds: Double(now - began) / 1e9)
                    if Console.isTerminal { Console.status(line) } else { Console.out(line) }
                })
        } catch {
            Console.error(ExplorationReport.refusal(error, model: model))
            if case .baselineOfAnother = error { return .badInput }
            return .failures
        }
        Console.endStatus()
        guard let report else { return .failures }
        var written: String?
        if let line = report.replayed(outcome.replay) { Console.out(line) }
        if let again = outcome.replay.failedAgain {
            // The file that reproduces it is there already: not written again.
            written = again.file
            for line in report.divergence(again.counterexample) { Console.out(line) }
            Console.out(report.foundBefore(in: again.file))
        } else if let counterexample = outcome.found.found {
            do {
                try target.write(FoundFile.sealed(report.counterexample(counterexample, reference: &outcome.reference)))
                written = out
            } catch {
                Console.error("explore: \(error.description)")
            }
            for line in report.divergence(counterexample) { Console.out(line) }
            if let written { Console.out("Written to \(written); reproduce with: \(report.reproduce(counterexample))") }
        }
        if let json {
            do {
                try json.write(report.summary(outcome.found, seconds: outcome.seconds, written: written).rendered())
            } catch {
                Console.error("explore: \(error.description)")
                return .badInput
            }
        }
        // Before the verdict, which is the last line.
        for line in report.details(outcome.found) { Console.out(line) }
        let verdict = outcome.found.verdict(allowRefusals: exploration.allowRefusals)
        if let kept = plan.settleLogs(passed: verdict == .noDivergence && Interruption.signal == nil) {
            Console.out(TerminalReporter.logsKept(kept))
        }
        Console.out(report.verdict(outcome.found, seconds: outcome.seconds, interrupted: Interruption.signal != nil))
        if let signal = Interruption.signal { return ExitCode.interrupted(by: signal) }
        switch verdict {
        case .diverged: return written == nil ? .badInput : .failures
        case .refused, .inconclusive, .interrupted: return .failures
        case .noDivergence: return .success
        }
    }

    /// `--keys state,states`: observation keys of the model, each checked.
    static func keys(_ text: String, model: ModelDeclaration) throws -> Set<String> {
        do { return try model.observationKeys(text).get() } catch {
            throw UsageError(message: "--keys: " + error.message)
        }
    }
}
