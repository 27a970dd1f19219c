import CommandCatalog
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
    static let spec = CommandCatalog.doctor

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
        let runIt = DoctorReport.runIt(paths: arguments.positionals, command: options.command)
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
