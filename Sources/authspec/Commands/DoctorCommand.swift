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
        let request = try RequestArguments.request(.doctor, arguments, spec: spec)
        let plan = try RequestArguments.plan(request)
        let planned = plan.suites[0]
        let package = planned.package
        let model = package.declaration
        let profile = planned.profile
        let options = planned.drivers[0]
        Console.out("Checking driver: \(Console.visible(options.command))")
        let suite = request.smokeOnly ? nil : planned
        let checkup = DriverCheckup(
            package: package, options: options, profile: profile, suite: suite, clock: plan.clock,
            processors: plan.processors,
            stop: { Interruption.signal.map(Interruption.name(of:)) })
        var report = DoctorReport(model: model, handshakeTimeout: options.handshakeTimeout, doctor: request)
        let verdict = checkup.run { event in
            if case .suiteLoaded(_, let diagnostics) = event {
                for diagnostic in diagnostics { Console.error(diagnostic.description) }
            }
            for line in report.lines(event) { Console.out(line) }
        }
        let runIt = DoctorReport.runIt(request)
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
