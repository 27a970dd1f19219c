import Runner
import ScenarioModel
import SpecModel

/// `record`: the reference's observations written into a scenario file as expect blocks, for
/// the steps marked `record: true` or every step of a scenario that expects nothing. Steps
/// written in flow style are first written one a line. What is written loads and passes, or
/// nothing is.
package enum Recording {
    /// Why nothing is written: each a value, with its words.
    package enum Refusal: Error, CustomStringConvertible {
        case doesNotLoad([Diagnostic])
        /// Steps in flow style that cannot be written one a line, and why.
        case cannotRewrite(String)
        case rewrittenDoesNotLoad(Diagnostic)
        case referenceCannotRun(Scenario, String)
        case cannotRecord(String)
        /// A bug of the recorder's, not the file's: what it would write does not load or pass.
        case wouldNotPass(String)

        package var description: String {
            switch self {
            case .doesNotLoad(let diagnostics): return diagnostics.map(\.description).joined(separator: "\n")
            case .cannotRewrite(let why): return "\(why); nothing written"
            case .rewrittenDoesNotLoad(let diagnostic):
                return "record: the steps written one a line do not load (\(diagnostic.description)); nothing written"
            case .referenceCannotRun(let scenario, let why):
                return "\(scenario.location): the reference could not run '\(scenario.id)': \(why)"
            case .cannotRecord(let why): return why
            case .wouldNotPass(let what): return "record: the recorded file would not pass (\(what)); nothing written"
            }
        }
    }

    /// The file as recorded, and how many steps of how many scenarios were (none: nothing to record).
    package struct Recorded {
        package var text: String
        package var steps: Int
        package var scenarios: Int
    }

    package static func record(_ original: String, file: String, package: ModelPackage, allKeys: Bool)
        throws(Refusal) -> Recorded
    {
        let model = package.declaration
        // Line by line on LF alone; what is written back takes the file's own line break.
        let (linefed, lineBreak) = LineBreaks.withLinefeeds(original)
        var text = linefed
        var loaded = ScenarioLoader(model: model).load(text: text, file: file)
        guard loaded.diagnostics.isEmpty else { throw .doesNotLoad(loaded.diagnostics) }
        if let blocked = try blockStyle(text, scenarios: loaded.scenarios) {
            text = blocked
            loaded = ScenarioLoader(model: model).load(text: text, file: file)
            if let first = loaded.diagnostics.first { throw .rewrittenDoesNotLoad(first) }
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
                throw .referenceCannotRun(scenario, result.firstProblem?.message ?? result.message ?? "")
            }
            plan.append((scenario, steps, result))
        }
        guard !plan.isEmpty else { return Recorded(text: original, steps: 0, scenarios: 0) }
        let recorded: String
        do {
            recorded = try ScenarioRecorder(model: model, allKeys: allKeys).record(text, results: plan)
        } catch {
            throw .cannotRecord(error.description)
        }
        // What is written must load and pass; anything else is a bug here, not in the file.
        let written = LineBreaks.withBreaks(recorded, lineBreak)
        let check = ScenarioLoader(model: model).load(text: written, file: file)
        let failures = check.scenarios.map { runner.run($0, on: &reference) }.filter { !$0.outcome.ranWithoutProblem }
        guard check.diagnostics.isEmpty, failures.isEmpty else {
            throw .wouldNotPass(check.diagnostics.first?.description ?? failures.first?.scenario.id ?? "")
        }
        return Recorded(text: written, steps: plan.reduce(0) { $0 + $1.steps.count }, scenarios: plan.count)
    }

    /// The text with the steps to record that are written in flow style (`steps: [launch]`, or
    /// `- {tap: use_pin}`) written one a line; nil when there are none. Last first, so that what
    /// is rewritten never moves what is still to be.
    static func blockStyle(_ text: String, scenarios: [Scenario]) throws(Refusal) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let toRecord = scenarios.filter { !ScenarioRecorder.stepsToRecord(in: $0).isEmpty }
        let sequences = toRecord.compactMap(\.steps.first?.location).filter {
            FlowSteps.isInFlowSequence(lines, at: $0)
        }
        let mappings = toRecord.flatMap(\.steps).map(\.location).filter { location in
            !FlowSteps.isInFlowSequence(lines, at: location)
                && lines[location.line - 1].dropFirst(location.column - 1).hasPrefix("{")
        }
        guard !sequences.isEmpty || !mappings.isEmpty else { return nil }
        var rewritten = text
        do {
            let edits = sequences.map { ($0, true) } + mappings.map { ($0, false) }
            for (location, sequence) in edits.sorted(by: { $0.0.line > $1.0.line }) {
                rewritten =
                    try sequence
                    ? FlowSteps.blockStyle(rewritten, sequenceOf: location)
                    : FlowSteps.blockMapping(rewritten, at: location)
            }
        } catch {
            throw .cannotRewrite(error.description)
        }
        return rewritten
    }
}
