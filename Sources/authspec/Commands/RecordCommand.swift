import CommandCatalog
import CommandLineKit
import Engine
import Foundation
import Reporters
import Runner
import ScenarioModel
import SpecModel

enum RecordCommand: Command {
    static let spec = CommandCatalog.record

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        guard arguments.positionals.count == 1, let file = arguments.positionals.first else {
            throw UsageError(message: "record takes exactly one scenario file")
        }
        if arguments.flag("in-place") && arguments.value("output") != nil {
            throw UsageError(message: "Give --output or --in-place, not both")
        }
        if let output = arguments.value("output") {
            if ProtectedInputs.same(output, file) {
                throw UsageError(message: "--output \(output) is the scenario file itself: --in-place rewrites it")
            }
            try OutputGuard.refuse(output, option: "output", inputs: OutputGuard.inputs(arguments, paths: [file]))
        }
        let package = try SuiteArguments.package(arguments)
        let text = try readText(file, what: "the file")
        let recorded: Recording.Recorded
        do {
            recorded = try Recording.record(text, file: file, package: package, allKeys: arguments.flag("all-keys"))
        } catch {
            throw InputError(message: error.description)
        }
        guard recorded.scenarios > 0 else {
            Console.error(
                "record: nothing to record in \(file) (mark steps with 'record: true', or leave a scenario without expectations)"
            )
            return .success
        }
        if arguments.flag("in-place") || arguments.value("output") != nil {
            let target = arguments.value("output") ?? file
            try OutputTarget.resolve(target).write(recorded.text)
            Console.error("record: \(recorded.steps) steps in \(recorded.scenarios) scenarios recorded into \(target)")
        } else {
            Console.out(recorded.text.hasSuffix("\n") ? String(recorded.text.dropLast()) : recorded.text)
        }
        return .success
    }
}
