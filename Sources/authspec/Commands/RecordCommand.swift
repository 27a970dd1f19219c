import CommandLineKit
import Foundation
import Reporters
import Runner
import ScenarioModel
import SpecModel

enum RecordCommand: Command {
    static let spec = CommandSpec(
        name: "record",
        abstract: "Write the reference's observations into a scenario file as expectations.",
        discussion: """
            Runs the reference on the scenarios of a file and writes what it observed as expect \
            blocks: for the steps marked 'record: true', or for every step of a scenario that \
            expects nothing. Only those steps' lines change; the rest of the file stays as \
            written. The result is loaded and run again before it is written, so what is written \
            passes. Review it before committing: it records what the reference does, right or wrong.
            """,
        arguments: [.init(name: "file", help: "The scenario file to record.", optional: false, repeating: false)],
        options: [
            .init(
                name: "output", valueName: "file", help: "Where to write the recorded file (default: standard output)."),
            .init(name: "in-place", valueName: nil, help: "Rewrite the scenario file itself."),
            .init(name: "all-keys", valueName: nil, help: "Record every observation key, not only what changed."),
        ] + SuiteArguments.modelOptions.filter { $0.name == "model" })

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
        let model = package.declaration
        var text = try readText(file, what: "the file")
        var loaded = ScenarioLoader(model: model).load(text: text, file: file)
        if !loaded.diagnostics.isEmpty {
            throw InputError(message: loaded.diagnostics.map(\.description).joined(separator: "\n"))
        }
        // Steps written as a flow sequence (`steps: [launch]`) are first written one a line: an
        // expect block needs a line of its own under its step. Last first, so lines stay put.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let toRecord = loaded.scenarios.filter { !ScenarioRecorder.stepsToRecord(in: $0).isEmpty }
        let flowing = toRecord.compactMap(\.steps.first?.location).filter {
            FlowSteps.isInFlowSequence(lines, at: $0)
        }
        // And steps of a block sequence written as flow mappings (`- {tap: use_pin}`).
        let mappings = toRecord.flatMap(\.steps).map(\.location).filter { location in
            !FlowSteps.isInFlowSequence(lines, at: location)
                && lines[location.line - 1].dropFirst(location.column - 1).hasPrefix("{")
        }
        if !flowing.isEmpty || !mappings.isEmpty {
            do {
                // From the end of the file back, so that what is rewritten never moves what is still to be.
                let edits = flowing.map { ($0, true) } + mappings.map { ($0, false) }
                for (location, sequence) in edits.sorted(by: { $0.0.line > $1.0.line }) {
                    text =
                        try sequence
                        ? FlowSteps.blockStyle(text, sequenceOf: location) : FlowSteps.blockMapping(text, at: location)
                }
            } catch {
                throw InputError(message: "\(error.description); nothing written")
            }
            loaded = ScenarioLoader(model: model).load(text: text, file: file)
            if !loaded.diagnostics.isEmpty {
                throw InputError(
                    message:
                        "record: the steps written one a line do not load (\(loaded.diagnostics[0].description)); nothing written"
                )
            }
        }
        let runner = ScenarioRunner(model: model)
        var reference = package.makeReference((try? package.resolve(settings: [:]).get()) ?? [:])
        var plan: [(scenario: Scenario, steps: [Int], result: ScenarioResult)] = []
        for scenario in loaded.scenarios {
            let steps = ScenarioRecorder.stepsToRecord(in: scenario)
            guard !steps.isEmpty else { continue }
            var bare = scenario
            bare.steps = scenario.steps.map {
                var step = $0
                step.expectations = []
                return step
            }
            let result = runner.run(bare, on: &reference)
            guard result.outcome.ranWithoutProblem else {
                throw InputError(
                    message:
                        "\(scenario.location): the reference could not run '\(scenario.id)': \(result.firstProblem?.message ?? result.message ?? "")"
                )
            }
            plan.append((scenario, steps, result))
        }
        guard !plan.isEmpty else {
            Console.error(
                "record: nothing to record in \(file) (mark steps with 'record: true', or leave a scenario without expectations)"
            )
            return .success
        }
        let recorded: String
        do {
            recorded = try ScenarioRecorder(model: model, allKeys: arguments.flag("all-keys")).record(
                text, results: plan)
        } catch {
            throw InputError(message: error.description)
        }
        // What is written must load and pass; anything else is a bug here, not in the file.
        let check = ScenarioLoader(model: model).load(text: recorded, file: file)
        let failures = check.scenarios.map { runner.run($0, on: &reference) }.filter { !$0.outcome.ranWithoutProblem }
        guard check.diagnostics.isEmpty, failures.isEmpty else {
            throw InputError(
                message:
                    "record: the recorded file would not pass (\(check.diagnostics.first?.description ?? failures.first?.scenario.id ?? "")); nothing written"
            )
        }
        let steps = plan.reduce(0) { $0 + $1.steps.count }
        if arguments.flag("in-place") || arguments.value("output") != nil {
            let target = arguments.value("output") ?? file
            try OutputTarget.resolve(target).write(recorded)
            Console.error("record: \(steps) steps in \(plan.count) scenarios recorded into \(target)")
        } else {
            Console.out(recorded.hasSuffix("\n") ? String(recorded.dropLast()) : recorded)
        }
        return .success
    }
}
