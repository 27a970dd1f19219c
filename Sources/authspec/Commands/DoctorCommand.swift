import CommandLineKit
import DriverProtocol
import Engine
import Foundation
import Reporters
import Results
import Runner
import ScenarioModel
import SpecModel
import SubprocessDriver

enum DoctorCommand: Command {
    static let spec = CommandSpec(
        name: "doctor",
        abstract: "Check that a driver works, and say what is wrong with it across the whole suite.",
        discussion: """
            Starts the driver, shakes hands, compares what it declares with the model and the \
            --profile, runs the model's short smoke scenario (for the unlock model: launch, \
            cancel the biometric prompt, type the right PIN, reach the Dashboard), then runs \
            the whole suite and sums up what is wrong: failures grouped by the key that \
            differs, fields the spec's values have that the driver never reports (such as an \
            event's params), errors and skips by reason. Each problem is said in plain words. \
            Exit codes: 0 the driver works and passes the suite, 1 it does not, 2 usage or \
            input errors.
            """,
        arguments: [.init(name: "paths", help: "Scenario files or folders (default: the manifest's, else Scenarios).")],
        options: DriverArguments.options.filter { $0.name != "log-dir" && $0.name != "driver-mode" }
            + [
                SuiteArguments.profileOption,
                .init(name: "smoke-only", valueName: nil, help: "Stop after the smoke scenario: do not run the suite."),
            ] + SuiteArguments.modelOptions.filter { ["manifest", "model", "requirements"].contains($0.name) })

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        // Drivers to end and reports to write: a signal stops this command in order.
        Interruption.stopInOrder()
        let manifest = try SuiteArguments.manifest(arguments, from: arguments.positionals)
        let package = try SuiteArguments.package(arguments, manifest: manifest)
        let model = package.declaration
        let profile = try SuiteArguments.profile(arguments, model: model)
        let drivers = try DriverArguments.parse(arguments, model: model)
        guard drivers.count == 1, var options = drivers.first else {
            throw UsageError(message: "doctor checks one driver: give exactly one --driver <command>")
        }
        options.stderrLog = nil
        Console.out("Checking driver: \(Console.visible(options.command))")
        let paths = SuiteArguments.paths(arguments, manifest: manifest)
        let suite =
            arguments.flag("smoke-only")
            ? nil
            : SuitePlan(
                manifest: manifest, paths: paths, package: package, referenceSettings: [:], profile: profile,
                requirementsFile: arguments.value("requirements"))
        let checkup = DriverCheckup(
            package: package, options: options, profile: profile, suite: suite,
            stop: { Interruption.signal.map(Interruption.name(of:)) })
        var report = DoctorReport(model: model, handshakeTimeout: options.handshakeTimeout)
        let verdict = checkup.run { event in
            if case .suiteLoaded(_, let diagnostics) = event {
                for diagnostic in diagnostics { Console.error(diagnostic.description) }
            }
            for line in report.lines(event) { Console.out(line) }
        }
        let quoted = arguments.positionals.map { ExplorationReport.shellQuoted($0) + " " }.joined()
        let runIt = "authspec run \(quoted)--driver \(ExplorationReport.shellQuoted(options.command))"
        switch verdict {
        case .works(let suiteRan):
            Console.out(report.closing(works: true, suiteRan: suiteRan, runIt: runIt))
            return .success
        case .problems(_, let stoppedEarly):
            if !stoppedEarly { Console.out(report.closing(works: suite == nil, suiteRan: false, runIt: runIt)) }
            return .failures
        case .inputErrors:
            return .badInput
        case .noScenarios(let paths):
            throw InputError(message: "doctor: no scenarios to run in \(paths.joined(separator: ", "))")
        }
    }
}
