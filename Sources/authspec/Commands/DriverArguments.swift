import CommandCatalog
import CommandLineKit
import Foundation
import Reporters
import ScenarioModel
import SpecModel
import SubprocessDriver

/// The options that say how to run external drivers, shared by `run` and `doctor`.
enum DriverArguments {
    /// One options value per `--driver`, in order. Every option is checked, drivers or not.
    static func parse(_ arguments: ParsedArguments, model: ModelDeclaration, logPrefix: String = "") throws
        -> [DriverOptions]
    {
        let mode = arguments.value("driver-mode") ?? "long"
        guard ["long", "fresh"].contains(mode) else {
            throw UsageError(message: "Unknown driver mode '\(mode)' (expected long or fresh)")
        }
        var shared = DriverOptions(command: "", model: model)
        shared.freshProcessPerScenario = mode == "fresh"
        shared.validateProtocol = arguments.flag("validate-protocol")
        if let value = arguments.value("handshake-timeout") {
            shared.handshakeTimeout = try duration(value, "handshake-timeout")
        }
        if let value = arguments.value("step-timeout") { shared.stepTimeout = try duration(value, "step-timeout") }
        if let value = arguments.value("scenario-timeout") {
            shared.scenarioTimeout = try duration(value, "scenario-timeout")
        }
        shared.maxLineBytes = try arguments.number(
            "max-line-bytes", in: 1024...(256 << 20), otherwise: shared.maxLineBytes)
        shared.restartBudget = try SharedOptions.restartBudget.read(arguments) ?? shared.restartBudget
        if let file = arguments.value("state-map") {
            switch StateMap.load(file: file) {
            case .success(let map): shared.stateMap = map
            case .failure(let problem): throw InputError(message: problem.description)
            }
        }
        let logFolder = arguments.value("log-dir") ?? SharedOptions.defaultLogFolder
        return arguments.all("driver").enumerated().map { index, command in
            var options = shared
            options.command = command
            options.stderrLog = "\(logFolder)/\(logPrefix)driver-\(index + 1).stderr.log"
            return options
        }
    }

    /// The folder for drivers' stderr logs, made and proved writable before anything runs.
    static func checkLogFolder(_ arguments: ParsedArguments) throws {
        do {
            try OutputTarget.checkFolder(
                arguments.value("log-dir") ?? SharedOptions.defaultLogFolder, for: "the drivers' logs")
        } catch {
            throw UsageError(message: "--log-dir: \(error.description)")
        }
    }

    /// Timeouts run from 1 ms to a day: longer is a typo, and the deadlines stay exact.
    static let longestTimeout = 86_400_000

    private static func duration(_ text: String, _ option: String) throws -> Duration {
        guard case .milliseconds(let milliseconds) = VirtualDuration.read(text), milliseconds > 0,
            milliseconds <= longestTimeout
        else {
            throw UsageError(
                message: "--\(option) takes a duration from 1ms to 24h, such as 500ms, 5s or 2m, not '\(text)'")
        }
        return .milliseconds(milliseconds)
    }
}

/// A text file named on the command line, read as scenario files are (regular files only, the
/// size checked first, bad bytes located); a problem is an input error naming the file.
func readText(_ path: String, what: String, maxBytes: Int = 16 << 20) throws -> String {
    switch SourceFiles.read(path, maxBytes: maxBytes) {
    case .success(let text): return text
    case .failure(let problem):
        throw InputError(message: "\(problem.location): error: cannot read \(what): \(problem.message)")
    }
}

/// Bad input found by a command (not a usage mistake): printed as is, exit code 2.
struct InputError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
