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
        let package = try SuiteArguments.package(arguments)
        let model = package.declaration
        let settings = try SuiteArguments.referenceSettings(arguments, package: package)
        let drivers = try DriverArguments.parse(arguments, model: model)
        guard drivers.count <= 1 else {
            throw UsageError(
                message:
                    "explore drives one implementation: give one --driver <command> (or none, for the reference alone)")
        }
        let seed = try arguments.value("seed").map(Self.seed) ?? UInt64.random(in: 0...999_999)
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
        let keys = try arguments.value("keys").map { try Self.keys($0, model: model) }
        let out = arguments.value("out") ?? "Reports/explore/explore-\(seed).yaml"
        try Self.refuseToOverwrite(out)
        let inputs = OutputGuard.inputs(arguments, paths: [])
        try OutputGuard.refuse(out, option: "out", inputs: inputs, rewritable: "# " + ExplorationReport.foundBy)
        if let json = arguments.value("json") { try OutputGuard.refuse(json, option: "json", inputs: inputs) }
        let target: OutputTarget
        let json: OutputTarget?
        do {
            target = try OutputTarget.resolve(out)
            json = try arguments.value("json").map { path throws(OutputError) in try OutputTarget.resolve(path) }
        } catch {
            throw UsageError(message: error.description)
        }
        try DriverArguments.checkLogFolder(arguments)
        let quiet = arguments.flag("quiet")
        let session = ExploreSession(
            package: package, referenceSettings: settings, settings: exploration, keys: keys, driver: drivers.first,
            jobs: try SuiteArguments.jobs(arguments), stop: { Interruption.signal != nil })
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
                    if !quiet, let report { Console.out(report.opening(comparing: compared)) }
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
        } catch .driverDidNotStart(let error) {
            Console.error("explore: the driver did not start: \(error)")
            return .failures
        } catch .nothingToCompare(let keys) {
            Console.error("explore: nothing to compare: the driver observes none of \(keys)")
            return .failures
        }
        Console.endStatus()
        guard let report else { return .failures }
        var written: String?
        if let counterexample = outcome.found.found {
            do {
                try target.write(report.counterexample(counterexample, reference: &outcome.reference))
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
        Console.out(report.verdict(outcome.found, seconds: outcome.seconds, interrupted: Interruption.signal != nil))
        if let signal = Interruption.signal { return ExitCode.interrupted(by: signal) }
        if outcome.found.found != nil { return written == nil ? .badInput : .failures }
        return .success
    }

    static func seed(_ text: String) throws -> UInt64 {
        guard let seed = UInt64(text) else {
            throw UsageError(message: "--seed takes a whole number from 0 to \(UInt64.max), not '\(text)'")
        }
        return seed
    }

    /// `state,states`: observation keys of the model, each checked.
    static func keys(_ text: String, model: ModelDeclaration) throws -> Set<String> {
        let keys = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let known = model.observations.map(\.key)
        if let unknown = keys.first(where: { !known.contains($0) }) {
            throw UsageError(
                message:
                    "--keys: '\(unknown)' is not an observation key of the \(model.name) model (\(known.joined(separator: ", ")))"
            )
        }
        return Set(keys)
    }

    /// `--out` may name a new file or one explore wrote before (its own counterexample, written
    /// again); any other file (a suite's scenario, a report) is refused before anything runs.
    static func refuseToOverwrite(_ out: String) throws {
        var info = stat()
        guard stat(out, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return }
        guard !ProtectedInputs.begins(out, with: "# " + ExplorationReport.foundBy) else { return }
        throw UsageError(
            message:
                "--out \(out) is a file explore did not write; name a new file for the counterexample (or remove that one)"
        )
    }
}
