import Engine
import Exploration
import Foundation
import ScenarioModel
import SpecModel

/// Scenario files authspec writes from sequences it found on the reference (`generate`'s
/// coverage, `mutate`'s holes, `check-model`'s broken invariants), and what those commands
/// say: each file's expectations are the reference's observations, its header says where it
/// came from.
package struct FoundScenarios {
    package let model: ModelDeclaration

    package init(model: ModelDeclaration) {
        self.model = model
    }

    /// One probe as a scenario, its expectations the reference's observations (every key), or
    /// nil where the reference cannot run it.
    package func text(
        _ probe: Probe, id: String, reference: inout some ImplementationUnderTest, kept: [Int: Set<String>] = [:],
        keys: Set<String>? = nil, everyValue: Bool = false, header: (_ expected: Scenario) -> ScenarioWriter.Header
    ) -> String? {
        guard
            let expected = DifferentialCheck(model: model).expectations(
                for: probe, id: id, reference: &reference, keys: keys ?? Set(model.observations.map(\.key)))
        else { return nil }
        return ScenarioWriter(model: model).text(
            header(expected), given: probe.given, steps: expected.steps, kept: kept, everyValue: everyValue)
    }

    /// What `generate --cover` writes: a banner, then one scenario per sequence of the plan.
    package func generated(
        _ plan: CoverageGenerator.Plan, goal: CoverageGoal, banner: [String],
        reference: inout some ImplementationUnderTest
    ) -> (text: String, scenarios: Int) {
        var ids: Set<String> = []
        var documents: [String] = []
        for (probe, covers) in plan.sequences {
            var id = "\(goal.rawValue)-" + Self.slug(covers.last ?? "")
            if ids.contains(id) { id += "-\(documents.count + 1)" }
            ids.insert(id)
            let title =
                covers.count == 1
                ? "Covers \(covers[0])"
                : "Covers \(covers.count) \(goal.rawValue), from \(covers[0]) to \(covers[covers.count - 1])"
            let document = text(probe, id: id, reference: &reference) { expected in
                ScenarioWriter.Header(
                    comments: Self.wrapped("The first to cover: " + covers.joined(separator: "; ") + "."), id: id,
                    title: title, spec: model.clauses(along: expected), tags: ["generated", goal.rawValue])
            }
            if let document { documents.append(document) }
        }
        return (banner.joined(separator: "\n") + "\n" + documents.joined(separator: "---\n"), documents.count)
    }

    /// What `generate --complete` writes: one or more files, each a banner and the guarantee,
    /// then scenarios of the suite, one per test, their expectations on `keys` only; a file
    /// takes scenarios while it stays within `partBytes` (the loader's limit leaves a margin
    /// below that), so the suite loads back whatever its size. Nil where the reference cannot
    /// run a test the machine planned (an unsound machine: nothing is written).
    package func complete(
        _ planned: CompleteSession.Planned, keys: Set<String>?, label: String, defaultModel: String,
        reference: inout some ImplementationUnderTest, saving: inout some StateSaving, partBytes: Int = .max
    ) -> (parts: [String], scenarios: Int, steps: Int)? {
        let banner = completeBanner(
            planned, keys: keys, label: label, defaultModel: defaultModel, guarantee: guarantee(planned, keys: keys))
        let machine = planned.machine
        let tests = planned.suite.tests
        var documents: [String] = []
        var steps = 0
        for (index, test) in tests.enumerated() {
            guard let probe = machine.probe(test, on: &saving, model: model) else { return nil }
            let id = "complete-\(index + 1)"
            let reached = machine.states[machine.stateReached(by: test)].name
            // Every key at every step: an output the reference keeps from one step to the next is
            // an output too, and the machine tells states apart by it.
            let document = text(probe, id: id, reference: &reference, keys: keys, everyValue: true) { expected in
                ScenarioWriter.Header(
                    comments: [], id: id,
                    title: "Wp test \(index + 1) of \(tests.count): \(probe.steps.count) inputs, ending in \(reached)",
                    spec: model.clauses(along: expected), tags: ["generated", "complete"])
            }
            guard let document else { return nil }
            documents.append(document)
            steps += probe.steps.count
        }
        let head = banner.joined(separator: "\n") + "\n"
        // Room for the line that says which part a file is.
        let headBytes = head.utf8.count + 160
        var groups: [[String]] = [[]]
        var bytes = headBytes
        for document in documents {
            let size = document.utf8.count + 4
            if !groups[groups.count - 1].isEmpty, bytes + size > partBytes {
                groups.append([])
                bytes = headBytes
            }
            groups[groups.count - 1].append(document)
            bytes += size
        }
        let files = Self.completeFiles(groups.count)
        let parts = groups.enumerated().map { index, group in
            // One part alone guarantees nothing: a run of it is not a run of the suite.
            let part =
                groups.count == 1
                ? ""
                : "# Part \(index + 1) of \(groups.count): the guarantee above is of \(files[0]) to "
                    + "\(files[files.count - 1]) run together, never of this file alone.\n"
            return head + part + group.joined(separator: "---\n")
        }
        return (parts, documents.count, steps)
    }

    /// A planned complete suite as the files `generate --complete` writes into `folder`.
    package struct CompleteFiles {
        package var folder: String
        /// Each file's name in the folder and its text (unsealed).
        package var files: [(name: String, text: String)]
        /// An earlier suite's parts in the folder that these do not write over: taken away.
        package var stale: [String]
        package var scenarios: Int
        package var steps: Int

        /// Takes the earlier parts away, then writes the files, sealed; the first error stops it
        /// (taking them away first, no part of two suites is ever loaded together).
        package func write() throws(OutputError) {
            for file in stale {
                do { try FileManager.default.removeItem(atPath: folder + "/" + file) } catch {
                    throw OutputError(description: "an earlier suite's \(file) cannot be taken away: \(error)")
                }
            }
            for (file, text) in files { try OutputTarget.resolve(folder + "/" + file).write(FoundFile.sealed(text)) }
        }

        /// What is said once they are written.
        package var line: String {
            files.count == 1
                ? "Written to \(folder)/\(files[0].name)"
                : "Written to \(folder): \(files[0].name) to \(files.last!.name) (\(files.count) files, each within half the loader's limit)"
        }
    }

    /// `planned` made into files for `folder` on fresh references of `session`, each file
    /// within half the loader's limit; nil where the reference cannot run a planned test.
    package func completeFiles(
        _ planned: CompleteSession.Planned, session: CompleteSession, label: String, defaultModel: String,
        folder: String
    ) -> CompleteFiles? {
        var reference = session.reference()
        guard var saving = session.reference() as? any StateSaving,
            let written = complete(
                planned, keys: session.keys, label: label, defaultModel: defaultModel, reference: &reference,
                saving: &saving, partBytes: ScenarioLoader(model: model).limits.maxBytes / 2)
        else { return nil }
        let names = Self.completeFiles(written.parts.count)
        let stale = Self.completeFilesPresent(in: folder).filter { !names.contains($0) }
        return CompleteFiles(
            folder: folder, files: zip(names, written.parts).map { ($0, $1) }, stale: stale,
            scenarios: written.scenarios, steps: written.steps)
    }

    /// The files a complete suite of `parts` files is written to: complete.yaml alone, else
    /// complete-1.yaml on.
    package static func completeFiles(_ parts: Int) -> [String] {
        parts == 1 ? ["complete.yaml"] : (1...parts).map { "complete-\($0).yaml" }
    }

    /// The regular files in `folder` named as an earlier suite's parts (a link or a folder of
    /// that name is none: never taken away), in order.
    package static func completeFilesPresent(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { name in
            let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)
            return isCompleteFile(name) && attributes?[.type] as? FileAttributeType == .typeRegular
        }.sorted()
    }

    /// Whether `file` is a name `completeFiles` gives: an earlier suite's part.
    package static func isCompleteFile(_ file: String) -> Bool {
        guard file.hasPrefix("complete"), file.hasSuffix(".yaml") else { return false }
        let middle = file.dropFirst("complete".count).dropLast(".yaml".count)
        return middle.isEmpty || (middle.first == "-" && middle.dropFirst().allSatisfy(\.isNumber) && middle.count > 1)
    }

    /// The guarantee a complete suite gives, with every assumption it rests on, and what its
    /// random tests and the worlds left out do not give.
    package func guarantee(_ planned: CompleteSession.Planned, keys: Set<String>?) -> String {
        let machine = planned.machine
        let suite = planned.suite
        let observed = keys.map { $0.sorted().joined(separator: ", ") } ?? "every key"
        let bound = suite.blocks + suite.extraStates
        var sentences: [String] = []
        if suite.exhaustive {
            sentences.append(
                "An implementation that differs from the reference on \(observed) (where the model reads a value "
                    + "as a relation, such as a time since a moment no rule reads or a count past the last its rules "
                    + "tell apart, as that relation: its exact values are checked only where these scenarios meet "
                    + "them), in any of these \(machine.worlds.count) worlds, after any sequence of "
                    + alphabet(machine) + ", fails one of these scenarios if, as these scenarios drive it (its "
                    + "states paired with the reference's, whose deadlines the advances go to), it has at most "
                    + "\(bound) states (the reference's \(suite.blocks) as \(observed) tells them apart, plus "
                    + "\(suite.extraStates)), is deterministic, starts afresh at each scenario's launch and takes "
                    + "every input sent; a driver "
                    + "that skips or refuses an input voids it.")
        }
        if let random = suite.randomised {
            let drawn =
                "\(random.count) randomised Wp draws (seed \(random.seed): each the shortest way to a random one of "
                + "the \(suite.blocks) states \(observed) tells apart, about \(random.meanWalk) random inputs or "
                + "advances, then one sequence of the identifying set of the state reached; draws alike, and each "
                + "the start of another, merged)"
            sentences.append(
                suite.exhaustive
                    ? "The \(drawn) go further at random and add nothing to that guarantee."
                    : "Not m-complete: these \(suite.tests.count) scenarios are \(drawn), in \(machine.worlds.count) worlds"
                        + Self.restriction(machine) + "; an "
                        + "implementation that differs on \(observed) fails one only if a test meets the difference, "
                        + "whatever its number of states.")
        }
        let unclosed = machine.leftOut.filter { $0.last != nil }
        if !unclosed.isEmpty {
            sentences.append(
                "Not covered: \(Self.worlds(unclosed)), "
                    + (unclosed.count == 1 ? "whose machine does not close." : "whose machines do not close."))
        }
        let refused = machine.leftOut.filter { $0.last == nil }
        if !refused.isEmpty { sentences.append("Not covered: \(Self.worlds(refused)), which the reference refused.") }
        return sentences.joined(separator: " ")
    }

    /// Worlds the machine left out, as a reader writes them.
    static func worlds(_ leftOut: [AbstractMachine.LeftOut]) -> String {
        let worlds = leftOut.map { leftOut in
            leftOut.world.isEmpty
                ? "the default world"
                : leftOut.world.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        }
        return (worlds.count == 1 ? "the world " : "the worlds ") + worlds.joined(separator: "; ")
    }

    /// The machine's symbols as a reader says them: each input (a shorthand's is sent input by
    /// input, each a step), and the advances when it has any.
    func alphabet(_ machine: AbstractMachine) -> String {
        // Each input by its name and what it says (a moment's argument by its class).
        let written = machine.symbols.compactMap { symbol -> (name: String, said: String)? in
            switch symbol {
            case .input(let input): return (input.name, input.description)
            case .moment(let name, _, _): return (name, symbol.description)
            case .toDeadline: return nil
            }
        }
        var shorthands: [String] = []
        for (name, _) in written where model.input(named: name)?.expansion != nil && !shorthands.contains(name) {
            shorthands.append(name)
        }
        let advances = Self.offsets(machine)
        return "these \(written.count) inputs (\(written.map(\.said).joined(separator: "; ")))"
            + (shorthands.isEmpty
                ? ""
                : ", with \(shorthands.joined(separator: " and ")) sent as the inputs "
                    + (shorthands.count == 1 ? "it stands" : "they stand") + " for, one step each,")
            + (advances.isEmpty ? "" : " and advances to the next deadline (\(advances))")
    }

    /// The inputs the machine was kept to as `--inputs` takes them: `tap:google`, no space.
    static func optionList(_ inputs: Set<String>) -> String {
        inputs.sorted().map { $0.replacing(": ", with: ":") }.joined(separator: ",")
    }

    /// The inputs the machine was kept to, as a reader says it (nothing when it has every input).
    static func restriction(_ machine: AbstractMachine) -> String {
        machine.inputs.map { " (from the inputs \($0.sorted().joined(separator: ", ")) only)" } ?? ""
    }

    /// Where the machine's advances land beside each deadline, as a reader says it.
    static func offsets(_ machine: AbstractMachine) -> String {
        let offsets = machine.symbols.compactMap { symbol -> Int? in
            if case .toDeadline(let offset) = symbol { return offset }
            return nil
        }
        if offsets == [0] { return "exactly at it" }
        return offsets.map { $0 == 0 ? "at" : "\(abs($0)) ms \($0 < 0 ? "before" : "after")" }.joined(separator: ", ")
    }

    /// The lines a complete suite's file begins with: how it was made, what its expectations
    /// hold, its guarantee.
    package func completeBanner(
        _ planned: CompleteSession.Planned, keys: Set<String>?, label: String, defaultModel: String, guarantee: String
    ) -> [String] {
        let suite = planned.suite
        let observed = keys.map { $0.sorted().joined(separator: ",") }
        // The command that writes this file again: the keys as they were named, and the cap,
        // which decides whether the exhaustive part is in.
        let named = observed.map { $0 == label ? " --observe \($0)" : " --profile \(label)" } ?? ""
        return [
            Self.generationBannerStart + " --complete --extra-states \(suite.extraStates)" + named
                + " --cap \(planned.cap)"
                + (suite.randomised.map { " --random-tests \($0.count) --seed \($0.seed)" } ?? "")
                + (planned.machine.inputs.map { " --inputs " + Self.optionList($0) } ?? "")
                + (model.name == defaultModel ? "" : " --model \(model.name)") + ".",
            "# Expectations are the reference's observations on \(label); regenerate rather than edit.",
        ] + Self.wrapped(guarantee).map { "# " + $0 }
    }

    /// What `generate --complete` says of the machine and the suite, ending with where it went.
    package func completeSummary(
        _ planned: CompleteSession.Planned, _ made: CompleteFiles, keys: Set<String>?, requirements: [Requirement] = []
    ) -> [String] {
        let machine = planned.machine
        return [
            "Abstract machine of the \(model.name) model: \(machine.states.count) states, \(machine.transitions) "
                + "transitions, \(machine.symbols.count) inputs, \(machine.worlds.count) worlds, "
                + "\(machine.rechecked) states met again and rechecked"
                + String(format: " (%.1f s with the suite's plan)", planned.seconds)
                + (machine.leftOut.allSatisfy { $0.last == nil }
                    ? ""
                    : "; left out, not closing within \(planned.stateLimit) states: "
                        + Self.worlds(machine.leftOut.filter { $0.last != nil }))
                + (machine.leftOut.allSatisfy { $0.last != nil }
                    ? "" : "; refused by the reference: " + Self.worlds(machine.leftOut.filter { $0.last == nil })),
            "Wp-method suite: \(planned.suite.blocks) states told apart, "
                + "\(planned.suite.characterising.count) characterising sequences, "
                + (planned.suite.exhaustive
                    ? "\(planned.suite.extraStates) extra states" : "the exhaustive part past --cap")
                + (planned.suite.randomised.map { ", \($0.count) random tests" } ?? "")
                + ": \(made.scenarios) scenarios, \(made.steps) steps",
            "Guarantee: " + guarantee(planned, keys: keys),
        ] + stuck(machine) + blindSpots(machine, keys: keys, resting: (requirements, [])) + [made.line]
    }

    /// A warning when no state of the machine leaves the model's first state: a true guarantee
    /// about nothing past the start (an alphabet kept to inputs that never start anything).
    func stuck(_ machine: AbstractMachine) -> [String] {
        guard machine.states.allSatisfy({ $0.name == model.initialState }) else { return [] }
        return [
            "Warning: none of the machine's inputs leaves \(model.initialState) in any world: the suite checks only "
                + "what they do there (name an input that leaves it in --inputs)"
        ]
    }

    /// The states `keys` cannot tell apart though other keys can (by the machine's inputs and
    /// advances), and which keys would: nothing when every key is observed. Each key is said
    /// with the requirements and statements of `resting` that declare it and none of `keys`:
    /// what those keys can never check in the states it would separate.
    package func blindSpots(
        _ machine: AbstractMachine, keys: Set<String>?,
        resting: (requirements: [Requirement], statements: [Statement]) = ([], [])
    ) -> [String] {
        guard let keys else { return [] }
        let observed = keys.sorted().joined(separator: ", ")
        let spots = machine.blindSpots(observing: keys, among: model.observations.map(\.key))
        guard !spots.isEmpty else {
            return ["Blind spots: none: states any key tells apart, \(observed) tell apart too"]
        }
        let states = spots.reduce(0) { $0 + $1.states.count }
        let groups = spots.count == 1 ? "1 group" : "\(spots.count) groups"
        var separating: [String: Int] = [:]
        for spot in spots { for key in spot.separatedBy { separating[key, default: 0] += 1 } }
        // Declaring the key and none of those observed: only that key could show them.
        func unchecked(_ declared: [String], _ key: String) -> Bool {
            declared.contains(key) && keys.isDisjoint(with: declared)
        }
        return [
            "Blind spots: with \(observed), \(states) states in \(groups) look alike after any of the "
                + "machine's inputs and advances, though other keys tell states of each group apart:"
        ]
            + separating.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { key, count in
                let requirements = resting.requirements.filter { unchecked($0.keys, key) }.map(\.id)
                let statements = resting.statements.filter { unchecked($0.keys, key) }.map(\.id)
                let rest = [
                    requirements.isEmpty ? nil : Self.someOf(requirements, "requirement"),
                    statements.isEmpty ? nil : Self.someOf(statements, "statement"),
                ].compactMap { $0 }
                let among =
                    count == spots.count ? (count == 1 ? "the group" : "every group") : "\(count) of the \(groups)"
                let declare = requirements.count + statements.count == 1 ? " declares" : " declare"
                return "  observe \(key) to separate states in \(among)"
                    + (rest.isEmpty ? "" : "; " + rest.joined(separator: " and ") + declare + " it and no key observed")
            }
    }

    /// `3 requirements (A, B, C)`, or the first five and how many more.
    static func someOf(_ ids: [String], _ noun: String) -> String {
        let shown = ids.prefix(5).joined(separator: ", ") + (ids.count > 5 ? " and \(ids.count - 5) more" : "")
        return "\(ids.count) \(noun)\(ids.count == 1 ? "" : "s") (\(shown))"
    }

    /// The blind spots of the keys `subject` observes over the inputs it declares, or the
    /// command that builds the machine whole and prints them (`doctor`, `run --gate-strength`).
    package func blindSpots(_ check: BlindSpotCheck, subject: String) -> [String] {
        let every = check.inputs.count == model.inputs.count
        // A shorthand kept is not one it declares: it is sent as the inputs it stands for.
        let shorthands = model.inputs.filter { $0.expansion != nil && check.inputs.contains($0.name) }.map(\.name)
        let declared = check.inputs.count - shorthands.count
        let over =
            every
            ? "every input"
            : "the \(declared) input\(declared == 1 ? "" : "s") \(subject) declares"
                + (shorthands.isEmpty ? "" : " (and \(shorthands.joined(separator: ", ")), sent as them)")
        switch check.outcome {
        case .built(let machine):
            let left = machine.leftOut.filter { $0.last != nil }.count
            return [
                "  - the keys \(subject) observes, over \(over), in \(machine.worlds.count) worlds"
                    + (left > 0 ? " (\(left) left out, past \(check.limit) states each)" : "") + ":"
            ]
                + blindSpots(machine, keys: check.keys, resting: (check.requirements, check.statements)).map {
                    "    " + $0
                }
        case .pastLimit:
            // One random test: the exhaustive suite may be past the cap, and the blind spots
            // are the machine's, printed whatever the suite.
            let command =
                ["authspec", "generate", "--complete", "--model", model.name, "--observe"]
                + [check.keys.sorted().joined(separator: ",")]
                + (every ? [] : ["--inputs", Self.optionList(check.inputs)])
                + (check.requirementsFile.map { ["--requirements", $0] } ?? [])
                + ["--random-tests", "1", "--out", "complete"]
            return [
                "  - blind spots of the keys \(subject) observes not shown: over \(over), the model's first world passes \(check.limit) states; this builds the machine whole and prints them:",
                "    " + command.map(ShellWords.quoted).joined(separator: " "),
            ]
        case .failed(let failure):
            return ["  - blind spots of the keys \(subject) observes not shown: \(failure)"]
        }
    }

    /// The two comment lines a generated file begins with: how it was made, and not to edit it.
    package func generationBanner(goal: CoverageGoal, depth: Int, worlds: Int, seed: UInt64, defaultModel: String)
        -> [String]
    {
        [
            Self.generationBannerStart + " --cover \(goal.rawValue) --depth \(depth) --worlds \(worlds) --seed \(seed)"
                + (model.name == defaultModel ? "" : " --model \(model.name)") + ".",
            "# Expectations are the reference's observations; regenerate rather than edit.",
        ]
    }

    /// What `generate` says of its plan: what it covered, then each target not covered with why.
    package func generationSummary(
        _ plan: CoverageGenerator.Plan, goal: CoverageGoal, scenarios: Int, depth: Int, seconds: Double
    ) -> [String] {
        let steps = plan.sequences.reduce(0) { $0 + $1.probe.steps.count }
        var lines = [
            "Covered \(plan.reachable) of \(plan.targets.count) \(goal.rawValue) of the \(model.name) model "
                + "in \(scenarios) scenarios, \(steps) steps (walked \(plan.states) reference states, "
                + "\(plan.worlds) worlds, depth \(depth)" + String(format: ", %.1f s", seconds) + ")"
        ]
        if !plan.unreachable.isEmpty {
            lines.append("Not covered:")
            lines += plan.unreachable.map { "  \($0.target): \($0.reason)" }
        }
        return lines
    }

    /// What `check-model` found, in lines: each invariant held or broken (with the shortest
    /// sequence and world that break it), each dead end, the states not reached.
    package func modelCheck(_ report: ModelChecker.Report, depth: Int) -> [String] {
        let formatter = ValueFormatter(model: model)
        var lines: [String] = []
        for invariant in model.invariants {
            guard let violation = report.violations.first(where: { $0.invariant.id == invariant.id }) else {
                lines.append("  ✓ \(invariant.id): \(invariant.summary)")
                continue
            }
            let inputs = violation.probe.steps.map { formatter.format(input: $0) }.joined(separator: ", ")
            let world = violation.probe.given.keys.sorted().map {
                "\($0): \(formatter.format(violation.probe.given[$0]!, as: model.givenKey(named: $0)?.type))"
            }
            lines.append(
                "  ✗ \(invariant.id) (\(invariant.clause)): \(VisibleText.oneLine(violation.what))\n"
                    + "    after \(inputs)" + (world.isEmpty ? "" : " from {\(world.joined(separator: ", "))}"))
        }
        for (state, probe) in report.deadEnds {
            let inputs = probe.steps.map { formatter.format(input: $0) }.joined(separator: ", ")
            lines.append(
                "  ✗ dead end: from \(state) no sequence of up to \(depth) inputs leads anywhere but "
                    + "\(model.initialState), though the model declares a way out\n    reached by \(inputs)")
        }
        if report.deadEnds.isEmpty {
            lines.append(
                "  ✓ no dead end: from each state reached that the model declares a way out of, some sequence "
                    + "of up to \(depth) inputs leads out (not through \(model.initialState))")
        }
        let unreached = model.stateNames.filter { !report.reached.contains($0) && $0 != model.initialState }
        if !unreached.isEmpty { lines.append("States not reached at this depth: \(unreached.joined(separator: ", "))") }
        return lines
    }

    /// How every file `check-model` writes begins.
    package static let violationBanner = "# Found by authspec check-model"
    /// How a generated suite's first line begins.
    package static let generationBannerStart = "# Written by authspec generate"

    /// The file `check-model --out` writes for a broken invariant.
    package static func violationFileName(_ invariant: Invariant) -> String { "check-model-\(invariant.id).yaml" }

    /// A broken invariant's shortest sequence as a scenario: its file name and text, or nil
    /// where the reference cannot run it.
    package func violation(_ violation: ModelChecker.Violation, reference: inout some ImplementationUnderTest)
        -> (name: String, text: String)?
    {
        let invariant = violation.invariant
        let id = "check-model-\(invariant.id)"
        let header = ScenarioWriter.Header(
            comments: [
                "Found by authspec check-model: the reference breaks \(invariant.id) (\(invariant.clause)):",
                violation.what,
            ], id: id, title: "Breaks: \(invariant.summary)", spec: [invariant.clause], tags: ["check-model"])
        return text(violation.probe, id: id, reference: &reference, header: { _ in header }).map {
            (Self.violationFileName(invariant), $0)
        }
    }

    /// Words in lines of at most 96 characters.
    package static func wrapped(_ text: String) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + word.count >= 96 {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return line.isEmpty ? lines : lines + [line]
    }

    /// `tap: forgot_pin in PINInput` → `tap-forgot-pin-in-pininput`.
    static func slug(_ text: String) -> String {
        var slug = ""
        for character in text.lowercased() {
            if character.isASCII && (character.isLetter || character.isNumber) {
                slug.append(character)
            } else if !slug.isEmpty && slug.last != "-" {
                slug.append("-")
            }
        }
        return slug.hasSuffix("-") ? String(slug.dropLast()) : slug
    }
}
