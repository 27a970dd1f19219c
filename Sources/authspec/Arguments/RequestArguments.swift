import CommandCatalog
import CommandLineKit
import Engine
import Foundation
import Models
import Results
import SpecModel
import SubprocessDriver

/// The command line's part of planning a run: the options of a command as a request (each read
/// as the request's one list of fields names it, where the command declares it), and the plan
/// the engine makes of it, its refusals said as usage or input errors.
enum RequestArguments {
    static func request(_ command: RunRequest.Command, _ arguments: ParsedArguments, spec: CommandSpec) throws
        -> RunRequest
    {
        var request = RunRequest(command, paths: arguments.positionals)
        let declared = Set(spec.options.map(\.name))
        for field in RunRequest.fields where declared.contains(field.option) {
            switch field {
            case .text(let name, let path): request[keyPath: path] = arguments.value(name)
            case .texts(let name, let path): request[keyPath: path] = arguments.all(name)
            case .number(let name, let path):
                // A whole number here; the planner says what range it takes.
                request[keyPath: path] = try arguments.number(name, in: Int.min...Int.max)
            case .flag(let name, let path): request[keyPath: path] = arguments.flag(name)
            case .word(let name, let path, let words):
                request[keyPath: path] = arguments.flag(name) ? arguments.value(name) ?? words[0] : nil
            }
        }
        for setting in SharedOptions.referenceSettingsOnce where declared.contains(setting.name) {
            if let value = arguments.value(setting.name) { request.referenceSettings[setting.name] = value }
        }
        for option in RunReports.optionNames where declared.contains(option) {
            if let path = arguments.value(option) { request.reports.append(.init(option: option, path: path)) }
        }
        // Only a run holds records.
        if command == .run { request.recordsHeld = try recordsHeld() }
        request.processors = ProcessInfo.processInfo.activeProcessorCount
        return request
    }

    /// The engine's plan of `request`, stopped by a signal; a refusal is said as the engine words it.
    static func plan(_ request: RunRequest) throws -> RunPlan {
        do {
            return try RunPlan.make(
                request, models: ModelRegistry.catalogue, clock: SessionClock.machine, builtIn: BuiltInSuites.carried,
                stop: { Interruption.signal.map(Interruption.name(of:)) })
        } catch {
            throw said(error)
        }
    }

    /// A refusal of the engine's as the command line says it: with the usage, or as bad input.
    static func said(_ error: RunPlanError) -> any Error {
        error.isUsage ? UsageError(message: error.description) : InputError(message: error.description)
    }

    /// The most scenarios an implementation runs with its records held in memory (about 4 KiB
    /// each); in a larger run they go to a temporary file and the reports read them back.
    /// `AUTHSPEC_RECORDS_HELD` sets another number (the tests set 0: every record goes through
    /// the file).
    static func recordsHeld() throws -> Int? {
        guard let text = ProcessInfo.processInfo.environment["AUTHSPEC_RECORDS_HELD"] else { return 2_000 }
        guard let number = Int(text), number >= 0 else {
            throw UsageError(
                message: "AUTHSPEC_RECORDS_HELD must be a whole number of records, 0 or more; found '\(text)'")
        }
        return number
    }
}

extension BuiltInSuites {
    /// The suites this authspec carries: in the release, `share/authspec/suites` beside its
    /// `bin/`; built from a checkout, the checkout's own (the folder above the build that holds
    /// Package.swift and the default model's manifest). Nil when neither is there.
    static let carried: BuiltInSuites? = {
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        let version = CommandCatalog.program.version
        let released = folder.deletingLastPathComponent().appendingPathComponent("share/authspec/suites")
        if FileManager.default.fileExists(atPath: released.appendingPathComponent("authspec.yaml").path) {
            return BuiltInSuites(root: released.path, version: version)
        }
        for _ in 0..<5 {
            folder.deleteLastPathComponent()
            let manifest = folder.appendingPathComponent("authspec.yaml").path
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path),
                FileManager.default.fileExists(atPath: manifest)
            {
                return BuiltInSuites(root: folder.path, version: version)
            }
        }
        return nil
    }()
}

extension SessionClock {
    /// The machine's own clocks: the one place authspec reads them.
    static let machine: SessionClock = {
        let start = ContinuousClock.now
        return SessionClock(monotonic: { ContinuousClock.now - start }, wall: { Date().timeIntervalSince1970 })
    }()
}
