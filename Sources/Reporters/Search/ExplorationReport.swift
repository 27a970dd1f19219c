import Engine
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
    /// The `--baseline` file, for the reproduce line.
    package var baseline: String?

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

    /// What replaying the scenarios found before showed, or nil when there were none.
    package func replayed(_ replay: Replay) -> String? {
        guard replay.replayed > 0 else { return nil }
        let what = "Replayed \(counted(replay.replayed, "scenario")) explore found before"
        guard let again = replay.failedAgain else { return what + ": none diverges now; searching" }
        return what + ": \(VisibleText.oneLine(again.file)) diverges again; not searched"
    }

    /// A file beside `--out` that is not replayed, and why.
    package static func notReplayed(_ problem: String, model: String) -> String {
        "explore: not replayed (not a scenario of the \(model) model as it stands): \(problem)"
    }

    /// Where a divergence found again by replaying a file is, and the run of that file that
    /// shows it: `authspec run FILE`, on the driver explored, for the model explored.
    package func foundBefore(in file: String) -> String {
        var words = ["authspec", "run", ShellWords.quoted(file)]
        if let command = subject.command { words += ["--driver", ShellWords.quoted(command)] }
        if model.name != defaultModel { words += ["--model", model.name] }
        return "Found before, in \(VisibleText.oneLine(file)); reproduce with: " + words.joined(separator: " ")
    }

    /// The progress line: runs, inputs, speed, pairs met; or that a divergence is being shrunk.
    package func progress(_ progress: ExplorationProgress, seconds: Double) -> String {
        progress.shrinking
            ? "divergence found in run \(progress.runs); shrinking…"
            : "\(progress.runs) runs, \(progress.steps) inputs, \(Int(Double(progress.steps) / max(seconds, 0.001))) inputs/s, "
                + "\(progress.met) of \(progress.pairs) input x state pairs met"
    }

    /// The last line: what was found (or the interruption, the refusals, the pairs never run),
    /// and how much was tried.
    package func verdict(_ found: Exploration, seconds: Double, interrupted: Bool) -> String {
        let tried = tried(found, seconds: seconds)
        if interrupted { return "INTERRUPTED: \(tried)" }
        switch found.verdict(allowRefusals: settings.allowRefusals) {
        case .diverged: return "DIVERGENCE: \(tried)"
        case .interrupted: return "INTERRUPTED: \(tried)"
        case .refused:
            return "REFUSED: the driver refused \(refused(found.refusals, of: found.runs)); what it refused was never "
                + "compared (--allow-refusals lets refusals pass): \(tried)"
        case .inconclusive:
            let unmet = found.unmet
            let unreached = found.unreached
            let refusedOut = unmet.filter { !unreached.contains($0) }
            var what: [String] = []
            if found.accepted.isEmpty {
                what.append("nothing ran on the driver")
            } else if !refusedOut.isEmpty {
                let shown = refusedOut.prefix(3).map { "\($0.input) in \($0.state)" }.joined(separator: ", ")
                what.append(
                    "\(counted(refusedOut.count, "input x state pair")) the reference reached never ran on the driver ("
                        + shown + (refusedOut.count > 3 ? " and \(refusedOut.count - 3) more" : "") + ")")
            }
            if !unreached.isEmpty && !found.accepted.isEmpty {
                what.append(
                    "\(counted(unreached.count, "input x state pair")) not reached in \(counted(found.runs, "run")) "
                        + "(more runs, by --budget or --runs, or out of reach under --given)")
            }
            return "INCONCLUSIVE: \(what.joined(separator: "; ")): \(tried)"
                + (found.refusals.isEmpty
                    ? "" : "; \(refused(found.refusals, of: found.runs)) refused, let through by --allow-refusals")
        case .noDivergence:
            return "NO DIVERGENCE FOUND (not a proof): \(tried)"
                + (found.refusals.isEmpty
                    ? "" : "; \(refused(found.refusals, of: found.runs)) refused, let through by --allow-refusals")
        }
    }

    /// What was refused, by value: `1203 of 9200 runs' worlds (never accepted: tier=perfect in 1203),
    /// input 'biometric' in 20 runs`.
    package func refused(_ refusals: Refusals, of runs: Int) -> String {
        var parts: [String] = []
        if refusals.worlds > 0 && refusals.worlds == runs {
            parts.append("every one of its \(runs) runs' worlds")
        } else if refusals.worlds > 0 {
            let never = refusals.neverAccepted.prefix(4).map { "\($0.value) in \($0.runs)" }
            parts.append(
                "\(refusals.worlds) of \(runs) runs' worlds"
                    + (never.isEmpty
                        ? " (no given value sets them apart from the worlds accepted)"
                        : " (never accepted: \(VisibleText.oneLine(never.joined(separator: ", "))))"))
        }
        for (input, count) in refusals.inputs.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
            parts.append("input '\(VisibleText.oneLine(input))' in \(count) run\(count == 1 ? "" : "s")")
        }
        return parts.joined(separator: ", ")
    }

    /// Every pair the reference reached that never ran on the driver, and the driver's first
    /// refusal in its words: said before the verdict.
    package func details(_ found: Exploration) -> [String] {
        var lines: [String] = []
        if let search = found.stateSearch { lines.append(stateSearch(search)) }
        if let message = found.refusals.firstMessage {
            lines.append("The driver's first refusal: \(VisibleText.oneLine(message))")
        }
        let unmet = found.unmet
        if !unmet.isEmpty && found.found == nil && !found.interrupted {
            lines.append("Input x state pairs that never ran on the driver (\(unmet.count) of \(found.pairs)):")
            let unreached = found.unreached
            lines += unmet.prefix(Self.unmetListed).map {
                "  \($0.input) in \($0.state)" + (unreached.contains($0) ? " (not reached)" : "")
            }
            if unmet.count > Self.unmetListed {
                lines.append("  and \(unmet.count - Self.unmetListed) more (every one in --json's unmet_pairs)")
            }
        }
        return lines
    }

    /// Whether the search that followed a first divergence in counters or texts found one in
    /// the state, and what it was given.
    func stateSearch(_ search: StateSearch) -> String {
        let spent = String(format: "%.1f s", Double(search.spent / .milliseconds(1)) / 1000)
        let given =
            search.bound.map { String(format: ", bounded at %.1f s", Double($0 / .milliseconds(1)) / 1000) } ?? ""
        return search.found
            ? "The first divergence was in counters or texts alone; looking for one in the state found the one above "
                + "(\(counted(search.runs, "run")), \(spent)\(given))"
            : "The first divergence was in counters or texts alone; no divergence in the state was found in "
                + "\(counted(search.runs, "run")) (\(spent)\(given)), so the first is the one above"
    }

    func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    /// Unmet pairs listed on the terminal; the JSON lists them all.
    static let unmetListed = 40

    /// How much was tried, for the verdict line.
    package func tried(_ found: Exploration, seconds: Double) -> String {
        "\(found.runs) runs, \(found.steps) inputs, \(found.accepted.count) of \(found.pairs) input x state pairs met, "
            + (found.passedOver == 0
                ? ""
                : "\(found.passedOver) run\(found.passedOver == 1 ? "" : "s") diverging as the baseline expects passed over, ")
            + String(format: "%.1f s", seconds)
    }

    /// The divergence in words: where, and each differing key as the reference and the driver
    /// observe it.
    package func divergence(_ counterexample: Counterexample) -> [String] {
        let smallest = counterexample.smallest
        var lines = [
            "Divergence: \(smallest.signature) at step \(smallest.step + 1) of \(smallest.probe.steps.count)"
                + (counterexample.flaky
                    ? " (flaky: failed \(counterexample.failedReplays) of \(counterexample.replays) replays)" : "")
        ]
        if let cut = counterexample.cutShort { lines.append("  " + Self.shrinking(cut)) }
        // An implementation that could not start erred before any step.
        guard smallest.result.steps.indices.contains(smallest.step) else {
            return lines + ["  \(VisibleText.oneLine(smallest.result.message ?? "it could not start"))"]
        }
        let step = smallest.result.steps[smallest.step]
        let formatter = ValueFormatter(model: model)
        for difference in step.differences {
            if difference.subject.isInvariant {
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

    /// Why shrinking ended before it was done, and what that means for the probe shown.
    package static func shrinking(_ cut: ShrinkingCut) -> String {
        switch cut {
        case .timeLimit(let limit):
            return
                "shrinking stopped at its time limit (\(String(format: "%g", limit.inSeconds)) s, as long as the budget): "
                + "a smaller probe may show the same divergence."
        case .stopped:
            return "shrinking stopped by a signal: a smaller probe may show the same divergence."
        }
    }

    /// A given value as `--given` reads it back: as a scenario's given writes it.
    package static func written(_ value: Value, key: String, model: ModelDeclaration) -> String {
        ScenarioRecorder(model: model).scalar(value, as: model.given.first { $0.key == key }?.type)
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
        // Everything that shapes the runs: the same worlds, the same inputs, the same passing over.
        for key in settings.given.keys.sorted() {
            words += [
                "--given", ShellWords.quoted("\(key)=\(Self.written(settings.given[key]!, key: key, model: model))"),
            ]
        }
        for input in settings.skippedInputs.sorted() { words += ["--skip-input", ShellWords.quoted(input)] }
        if let baseline { words += ["--baseline", ShellWords.quoted(baseline)] }
        if settings.allowRefusals { words.append("--allow-refusals") }
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
                    + "shrunk from \(counterexample.original.probe.steps.count) steps in \(counterexample.tries) tries"
                    + (counterexample.cutShort.map { "; " + Self.shrinking($0) } ?? "."),
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

    /// The verdict as the JSON summary names it.
    package static func verdictWord(_ verdict: Exploration.Verdict) -> String {
        switch verdict {
        case .diverged: return "divergence"
        case .interrupted: return "interrupted"
        case .refused: return "refused"
        case .inconclusive: return "inconclusive"
        case .noDivergence: return "no divergence found"
        }
    }

    /// Why shrinking stopped early, as the JSON summary names it; nil when it was done.
    static func cutWord(_ cut: ShrinkingCut?) -> String? {
        switch cut {
        case .timeLimit?: "time limit"
        case .stopped?: "signal"
        case nil: nil
        }
    }

    /// What was tried and found, as JSON.
    package func summary(_ found: Exploration, seconds: Double, written: String?) -> JSON {
        var fields: [(String, JSON)] = [
            ("seed", .string(String(settings.seed))), ("runs", .number(found.runs)), ("inputs", .number(found.steps)),
            ("verdict", .string(Self.verdictWord(found.verdict(allowRefusals: settings.allowRefusals)))),
            ("pairs_met", .number(found.accepted.count)), ("pairs_reached_by_reference", .number(found.met.count)),
            ("pairs", .number(found.pairs)),
            ("unmet_pairs", .array(found.unmet.map { .string("\($0.input) in \($0.state)") })),
            (
                "refusals",
                .object([
                    ("worlds", .number(found.refusals.worlds)),
                    (
                        "inputs",
                        .object(found.refusals.inputs.sorted { $0.key < $1.key }.map { ($0.key, .number($0.value)) })
                    ),
                    (
                        "never_accepted",
                        .object(found.refusals.neverAccepted.map { ($0.value, .number($0.runs)) })
                    ),
                    ("allowed", .bool(settings.allowRefusals)),
                ])
            ),
            ("milliseconds", .number(Int(seconds * 1000))), ("interrupted", .bool(found.interrupted)),
            (
                "first_divergence_milliseconds",
                found.firstDivergenceAfter.map { .number(Int($0 / .milliseconds(1))) } ?? .null
            ),
            (
                "state_search",
                found.stateSearch.map { search in
                    .object([
                        ("found", .bool(search.found)), ("runs", .number(search.runs)),
                        ("milliseconds", .number(Int(search.spent / .milliseconds(1)))),
                        ("bound_milliseconds", search.bound.map { .number(Int($0 / .milliseconds(1))) } ?? .null),
                    ])
                } ?? .null
            ),
        ]
        if let counterexample = found.found {
            let smallest = counterexample.smallest
            fields.append(
                (
                    "divergence",
                    .object([
                        // A divergence found again by replaying a file was not found in a run.
                        ("run", counterexample.run >= 0 ? .number(counterexample.run + 1) : .null),
                        ("input", .string(smallest.signature.input)),
                        ("keys", .array(smallest.signature.keys.sorted().map(JSON.string))),
                        ("errored", .bool(smallest.signature.errored)), ("step", .number(smallest.step + 1)),
                        ("steps", .number(smallest.probe.steps.count)),
                        ("original_steps", .number(counterexample.original.probe.steps.count)),
                        ("shrink_tries", .number(counterexample.tries)),
                        ("shrink_cut_short", Self.cutWord(counterexample.cutShort).map(JSON.string) ?? .null),
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

extension ExplorationReport {
    /// Why nothing was explored, as `explore` says it on standard error.
    package static func refusal(_ refusal: ExploreSession.Refusal, model: ModelDeclaration) -> String {
        switch refusal {
        case .driverDidNotStart(let error): return "explore: the driver did not start: \(error)"
        case .nothingToCompare(let keys): return "explore: nothing to compare: the driver observes none of \(keys)"
        case .baselineOfAnother(let baseline, let driver):
            return
                "explore: --baseline: the baseline is \(VisibleText.oneLine(baseline))'s; the driver calls itself \(VisibleText.oneLine(driver))"
        case .nothingToSend(let skipped):
            return "explore: nothing to send: the driver declares none of the \(model.name) model's inputs"
                + (skipped.isEmpty ? "" : " but those --skip-input leaves out (\(skipped.joined(separator: ", ")))")
        }
    }
}
