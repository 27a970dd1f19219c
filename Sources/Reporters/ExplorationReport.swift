import Exploration
import Foundation
import Results
import SpecModel

/// What is explored, as the output and the counterexample's header name it.
package struct ExploredSubject: Sendable {
    package var name: String
    /// The driver's command; nil for the reference alone.
    package var command: String?
    package var line: String

    package init(name: String, command: String?, line: String) {
        self.name = name
        self.command = command
        self.line = line
    }

    /// The driver run by `command`, by its hello `name` and `version`; without them, the
    /// model's reference alone.
    package init(_ model: ModelDeclaration, command: String?, name: String?, version: String?) {
        guard let command, let name else {
            self.init(
                name: "the \(model.name) reference", command: nil,
                line:
                    "No driver: the \(model.name) reference alone, checked against its \(model.invariants.count) invariants"
            )
            return
        }
        self.init(name: name, command: command, line: "Driver: \(command) (\(name)\(version.map { " \($0)" } ?? ""))")
    }
}

/// What `explore` says and writes of an exploration: the counterexample as a scenario file,
/// the divergence in words, the command that gives the same run again, and the JSON summary.
package struct ExplorationReport {
    package let model: ModelDeclaration
    package let settings: ExplorationSettings
    package let keys: Set<String>?
    package let subject: ExploredSubject
    /// The model `--model` need not name.
    package let defaultModel: String

    /// How the first line of every counterexample explore writes begins.
    package static let foundBy = "Found by authspec explore: "

    package init(
        model: ModelDeclaration, settings: ExplorationSettings, keys: Set<String>?, subject: ExploredSubject,
        defaultModel: String
    ) {
        self.model = model
        self.settings = settings
        self.keys = keys
        self.subject = subject
        self.defaultModel = defaultModel
    }

    /// `Exploring ... seed N, comparing ... and the invariants`.
    /// The first line: what is explored against what, and where a divergence found is written.
    package func opening(comparing compared: Set<String>, writingTo out: String? = nil) -> String {
        let what =
            subject.command == nil
            ? "Exploring \(subject.name) alone against its \(model.invariants.count) invariants, seed \(settings.seed)"
            : "Exploring \(VisibleText.oneLine(subject.name)) against the \(model.name) reference, seed \(settings.seed), "
                + "comparing \(compared.sorted().joined(separator: ", ")) and the invariants"
        return what + (out.map { "; a divergence found is written to \(VisibleText.oneLine($0))" } ?? "")
    }

    /// The progress line: runs, inputs, speed, pairs met; or that a divergence is being shrunk.
    package func progress(_ progress: ExplorationProgress, seconds: Double) -> String {
        progress.shrinking
            ? "divergence found in run \(progress.runs); shrinking…"
            : "\(progress.runs) runs, \(progress.steps) inputs, \(Int(Double(progress.steps) / max(seconds, 0.001))) inputs/s, "
                + "\(progress.met) of \(progress.pairs) input x state pairs met"
    }

    /// The last line: what was found (or the interruption), and how much was tried.
    package func verdict(_ found: Exploration, seconds: Double, interrupted: Bool) -> String {
        let tried = tried(found, seconds: seconds)
        if interrupted { return "INTERRUPTED: \(tried)" }
        return found.found != nil ? "DIVERGENCE: \(tried)" : "NO DIVERGENCE FOUND (not a proof): \(tried)"
    }

    /// How much was tried, for the verdict line.
    package func tried(_ found: Exploration, seconds: Double) -> String {
        "\(found.runs) runs, \(found.steps) inputs, \(found.met.count) of \(found.pairs) input x state pairs met, "
            + (found.passedOver == 0
                ? ""
                : "\(found.passedOver) run\(found.passedOver == 1 ? "" : "s") diverging as the baseline expects passed over, ")
            + String(format: "%.1f s", seconds)
    }

    /// The divergence in words: where, and each differing key as the reference and the driver
    /// observe it.
    package func divergence(_ counterexample: Counterexample) -> [String] {
        let smallest = counterexample.smallest
        let step = smallest.result.steps[smallest.step]
        var lines = [
            "Divergence: \(smallest.signature) at step \(smallest.step + 1) of \(smallest.probe.steps.count)"
                + (counterexample.flaky
                    ? " (flaky: failed \(counterexample.failedReplays) of \(counterexample.replays) replays)" : "")
        ]
        let formatter = ValueFormatter(model: model)
        for difference in step.differences {
            if difference.key.hasPrefix("invariant ") {
                lines.append(
                    "  \(difference.key) broken: \(VisibleText.oneLine(difference.observed?.string ?? ""))")
                continue
            }
            lines.append(
                "  \(difference.key): the reference observes \(formatter.format(difference.expected, key: difference.key)), "
                    + "the driver \(formatter.format(difference.observed, key: difference.key))")
        }
        if let message = step.message { lines.append("  \(VisibleText.oneLine(message))") }
        return lines
    }

    /// The command that gives the same run again.
    package func reproduce(_ counterexample: Counterexample) -> String {
        var words = ["authspec", "explore"]
        if model.name != defaultModel { words += ["--model", model.name] }
        if let command = subject.command { words += ["--driver", ShellWords.quoted(command)] }
        words += [
            "--seed", String(settings.seed), "--depth", String(settings.depth), "--runs",
            String(counterexample.run + 1),
        ]
        if let keys { words += ["--keys", keys.sorted().joined(separator: ",")] }
        return words.joined(separator: " ")
    }

    /// The smallest probe as a scenario file: its header says where it came from and what
    /// differs; its expectations are the reference's, with the differing keys kept at the
    /// step where they differ.
    package func counterexample<Reference: ImplementationUnderTest>(
        _ counterexample: Counterexample, reference: inout Reference
    ) -> String {
        let smallest = counterexample.smallest
        let id = "explore-\(settings.seed)-\(counterexample.run)"
        let check = DifferentialCheck(model: model)
        let traced = check.expectations(
            for: smallest.probe, id: id, reference: &reference, keys: Set(model.observations.map(\.key)))
        let header = ScenarioWriter.Header(
            comments: [
                Self.foundBy + "seed \(settings.seed), run \(counterexample.run + 1), depth \(settings.depth); "
                    + "shrunk from \(counterexample.original.probe.steps.count) steps in \(counterexample.tries) tries.",
                subject.line,
                "Differs: \(smallest.signature) at step \(smallest.step + 1)"
                    + (counterexample.flaky
                        ? "; flaky, failed \(counterexample.failedReplays) of \(counterexample.replays) replays" : ""),
                "Reproduce: \(reproduce(counterexample))",
                "Expectations are the reference's observations: review them before committing.",
            ], id: id, title: "Found by exploration: \(smallest.signature)",
            spec: traced.map { model.clauses(along: $0) } ?? [model.diagramSource], tags: ["explored"],
            model: model.name == defaultModel ? nil : model.name)
        var kept: [Int: Set<String>] = [:]
        kept[smallest.step] = smallest.signature.keys
        return ScenarioWriter(model: model).text(
            header, given: smallest.probe.given, steps: smallest.result.scenario.steps, kept: kept)
    }

    /// What was tried and found, as JSON.
    package func summary(_ found: Exploration, seconds: Double, written: String?) -> JSON {
        var fields: [(String, JSON)] = [
            ("seed", .string(String(settings.seed))), ("runs", .number(found.runs)), ("inputs", .number(found.steps)),
            ("pairs_met", .number(found.met.count)), ("pairs", .number(found.pairs)),
            ("milliseconds", .number(Int(seconds * 1000))), ("interrupted", .bool(found.interrupted)),
            (
                "first_divergence_milliseconds",
                found.firstDivergenceAfter.map { .number(Int($0 / .milliseconds(1))) } ?? .null
            ),
        ]
        if let counterexample = found.found {
            let smallest = counterexample.smallest
            fields.append(
                (
                    "divergence",
                    .object([
                        ("run", .number(counterexample.run + 1)), ("input", .string(smallest.signature.input)),
                        ("keys", .array(smallest.signature.keys.sorted().map(JSON.string))),
                        ("errored", .bool(smallest.signature.errored)), ("step", .number(smallest.step + 1)),
                        ("steps", .number(smallest.probe.steps.count)),
                        ("original_steps", .number(counterexample.original.probe.steps.count)),
                        ("shrink_tries", .number(counterexample.tries)),
                        ("replays", .number(counterexample.replays)),
                        ("failed_replays", .number(counterexample.failedReplays)),
                        ("file", written.map(JSON.string) ?? .null),
                    ])
                ))
        } else {
            fields.append(("divergence", .null))
        }
        return .object(fields)
    }
}
