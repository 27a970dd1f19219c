import AuthSpecTestSupport
import Foundation
import Testing

@testable import Engine
@testable import Exploration
@testable import Reporters
@testable import Runner
@testable import ScenarioModel
@testable import SpecModel
@testable import UnlockScreen

/// The Wp-method suite on the door model: every mutant that some sequence tells from the
/// reference on the observed keys fails one of its tests, and every mutant it lets pass is one
/// no sequence tells apart (the pair search closes on it).
@Suite struct CompleteSuiteTests {
    typealias Door = AbstractMachineTests.Door

    /// The door's mutants: each one rule changed.
    static let mutants: [(name: String, reducer: Door.Reducer)] = [
        ("open 1 ms short", Door.Reducer(openFor: 9_999)),
        ("open 1 ms long", Door.Reducer(openFor: 10_001)),
        ("alarm 10 s", Door.Reducer(alarmFor: 10_000)),
        ("the alarm's end keeps the count", Door.Reducer(alarmEndResets: false)),
        ("a right code keeps the count", Door.Reducer(rightCodeResets: false)),
        ("pushes not recorded", Door.Reducer(recordsPushes: false)),
        ("a push silences the alarm", Door.Reducer(pushSilencesTheAlarm: true)),
        ("a right code ends the alarm", Door.Reducer(rightCodeEndsTheAlarm: true)),
    ]

    /// Runs each test of the suite on the reference and on `mutant`: whether some step's
    /// observations differ on `keys`.
    static func kills(
        _ suite: CompleteSuite, of machine: AbstractMachine, mutant: Door.Reducer, keys: Set<String>?
    ) throws -> Bool {
        try suite.tests.contains { test in
            try observations(test, of: machine, on: Door.Reducer(), keys: keys)
                != observations(test, of: machine, on: mutant, keys: keys)
        }
    }

    /// A test of `machine` made concrete on the reference, then run on `reducer`: what each
    /// input showed on `keys` (nil: every key).
    static func observations(
        _ test: CompleteSuite.Test, of machine: AbstractMachine, on reducer: Door.Reducer, keys: Set<String>?
    ) throws -> [Observations] {
        var reference = ReducerReference(Door.Reducer())
        let probe = try #require(machine.probe(test, on: &reference, model: Door.declaration))
        let given = try #require(probe.scenario(id: "t", model: Door.declaration)?.given)
        var implementation = ReducerReference(reducer)
        try implementation.start(scenario: "t", given: given)
        defer { implementation.finish() }
        var clock = 0
        return try probe.steps.map { input in
            if input.name == Door.declaration.clockInput { clock += input.argument?.int ?? 0 }
            let observed = try implementation.perform(input, atMilliseconds: clock)
            return keys.map { keys in observed.filter { keys.contains($0.key) } } ?? observed
        }
    }

    @Test(arguments: [nil, ["state", "states"]] as [Set<String>?])
    func everyMutantSomeSequenceTellsApartFailsTheSuite(keys: Set<String>?) throws {
        var reference = ReducerReference(Door.Reducer())
        let machine = try AbstractMachine.build(
            &reference, model: Door.declaration, worlds: AbstractMachine.worlds(of: Door.declaration))
        let suite = CompleteSuite.plan(machine, observing: keys, extraStates: 1)
        #expect(suite.blocks == Set(machine.blocks(observing: keys)).count)
        #expect(!suite.tests.isEmpty)
        var distinguished: [String] = []
        for (name, mutant) in Self.mutants {
            var other = ReducerReference(mutant)
            let verdict = machine.distinguish(&reference, from: &other, model: Door.declaration, keys: keys)
            let killed = try Self.kills(suite, of: machine, mutant: mutant, keys: keys)
            switch verdict {
            case .distinguished:
                distinguished.append(name)
                #expect(killed, "\(name): some sequence tells it apart, yet the suite lets it pass")
            case .equivalent:
                #expect(!killed, "\(name): no sequence tells it apart, yet a test failed")
            case .undecided:
                Issue.record("\(name): undecided")
            }
        }
        // Every key sees every mutant; state and states do not see the pushes.
        #expect(distinguished == Self.mutants.map(\.name).filter { keys == nil || $0 != "pushes not recorded" })
    }

    /// Blind spots under state and states: states those keys cannot tell apart though another
    /// key can. From two states of each group, random sequences of the machine's inputs and
    /// advances, made concrete on the reference, give the same observations on those keys.
    @Test func blindSpotsLookAlikeOnTheKeysWhateverIsSent() throws {
        var reference = ReducerReference(Door.Reducer())
        let machine = try AbstractMachine.build(&reference, model: Door.declaration, worlds: [[:]])
        let keys: Set<String> = ["state", "states"]
        let spots = machine.blindSpots(observing: keys, among: Door.declaration.observations.map(\.key))
        #expect(!spots.isEmpty && spots.allSatisfy { $0.states.count > 1 && !$0.separatedBy.isEmpty })
        #expect(Set(spots.flatMap(\.separatedBy)).isSubset(of: ["tries_left", "alarm_remaining", "pushed"]))
        #expect(spots.contains { Set($0.separatedBy).isSuperset(of: ["pushed"]) })
        let access = CompleteSuite.accessSequences(machine)
        var random = SeededRandom(seed: 7, run: 0)
        var compared = 0
        for spot in spots {
            let (first, second) = (spot.states[0], spot.states[1])
            for _ in 0..<10 {
                var (one, other) = (first, second)
                var sent: [Int] = []
                for _ in 0..<6 {
                    let symbol = Int(random.next() % UInt64(machine.symbols.count))
                    let edges = (machine.edges[one][symbol], machine.edges[other][symbol])
                    #expect((edges.0 == nil) == (edges.1 == nil))
                    guard let to = edges.0, let alsoTo = edges.1 else { continue }
                    sent.append(symbol)
                    (one, other) = (to.target, alsoTo.target)
                }
                let firstWay = CompleteSuite.Test(world: access[first].world, symbols: access[first].symbols + sent)
                let secondWay = CompleteSuite.Test(world: access[second].world, symbols: access[second].symbols + sent)
                let seen = { (test: CompleteSuite.Test) in
                    try Self.observations(test, of: machine, on: Door.Reducer(), keys: keys).suffix(sent.count)
                }
                #expect(try seen(firstWay) == seen(secondWay))
                compared += 1
            }
        }
        #expect(compared == spots.count * 10)
        // generate --complete says them, one line per key that separates some.
        let lines = FoundScenarios(model: Door.declaration).blindSpots(machine, keys: keys)
        #expect(lines.count == 1 + Set(spots.flatMap(\.separatedBy)).count)
        #expect(FoundScenarios(model: Door.declaration).blindSpots(machine, keys: nil).isEmpty)
        // Each key is said with the requirements and statements that declare it and no key
        // observed; one that declares an observed key too is checked through it, so not named.
        let requirements = RequirementCatalogue.load(
            text: """
                - {id: R-PUSHED, clause: "D §1", text: "t", keys: [pushed]}
                - {id: R-PUSHED-AND-STATE, clause: "D §1", text: "t", keys: [pushed, state]}
                """, file: "requirements.yaml")
        let statements = StatementCatalogue.load(
            text: """
                - {id: S-PUSHED, document: D, clause: "§1", text: "t", status: verified, by: [R-PUSHED], keys: [pushed]}
                """, file: "statements.yaml")
        #expect(requirements.diagnostics.isEmpty && statements.diagnostics.isEmpty, "\(statements.diagnostics)")
        let said = FoundScenarios(model: Door.declaration).blindSpots(
            machine, keys: keys, resting: (requirements.requirements, statements.statements))
        let pushed = try #require(said.first { $0.starts(with: "  observe pushed ") })
        #expect(
            pushed.firstMatch(
                of: /; 1 requirement \(R-PUSHED\) and 1 statement \(S-PUSHED\) declare it and no key observed$/)
                != nil, "\(pushed)")
        #expect(said.filter { $0.firstMatch(of: /declares? it/) != nil }.count == 1, "\(said)")
    }

    /// A test is never a prefix of another of its world; the suite grows with extra states.
    @Test func prefixesAreMergedAndExtraStatesGrowTheSuite() throws {
        var reference = ReducerReference(Door.Reducer())
        let machine = try AbstractMachine.build(&reference, model: Door.declaration, worlds: [[:]])
        let small = CompleteSuite.plan(machine, observing: nil, extraStates: 0)
        let large = CompleteSuite.plan(machine, observing: nil, extraStates: 2)
        #expect(large.tests.count > small.tests.count)
        for suite in [small, large] {
            for test in suite.tests {
                #expect(!suite.tests.contains { $0 != test && $0.symbols.starts(with: test.symbols) })
            }
        }
        #expect(CompleteSuite.Basis(machine, observing: nil).bound(extraStates: 0) >= small.tests.count)
    }

    /// What generate --complete writes, in process on the door: the file loads back, passes on
    /// the reference, expects only the observed keys, and fails on every mutant some sequence
    /// tells apart on them.
    @Test func aCompleteFileLoadsPassesAndFailsEveryMutantItCan() throws {
        let package = ModelPackage(
            declaration: Door.declaration, makeReference: { _ in ReducerReference(Door.Reducer()) },
            smokeScenario: "")
        let keys: Set<String> = ["state", "states"]
        let session = CompleteSession(
            package: package, keys: keys, extraStates: 1, cap: 100_000, stateLimit: 1_000,
            clock: .frozen(at: 0))
        let planned = try session.plan()
        let found = FoundScenarios(model: Door.declaration)
        var reference = session.reference()
        var saving = ReducerReference(Door.Reducer())
        let written = try #require(
            found.complete(
                planned, keys: keys, label: "state,states", defaultModel: "door", reference: &reference,
                saving: &saving))
        #expect(written.parts.count == 1)
        let loaded = ScenarioLoader(model: Door.declaration).load(text: written.parts[0], file: "complete.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        #expect(loaded.scenarios.count == written.scenarios && written.scenarios == planned.suite.tests.count)
        // Past a part's bytes, the suite is cut into files that each load alone, each within
        // the bytes, each with the banner, the ids unique over all of them.
        let split = try #require(
            found.complete(
                planned, keys: keys, label: "state,states", defaultModel: "door", reference: &reference,
                saving: &saving, partBytes: 4_000))
        #expect(split.parts.count > 2 && split.scenarios == written.scenarios)
        let banner = written.parts[0].prefix { $0 != "\n" }
        var ids: [String] = []
        for (index, part) in split.parts.enumerated() {
            #expect(part.utf8.count <= 4_000 && part.hasPrefix(banner))
            // No part alone claims the guarantee.
            let count = split.parts.count
            #expect(
                part.split(separator: "\n").contains {
                    $0 == "# Part \(index + 1) of \(count): the guarantee above is of complete-1.yaml to "
                        + "complete-\(count).yaml run together, never of this file alone."
                })
            let file = FoundScenarios.completeFiles(split.parts.count)[index]
            let each = ScenarioLoader(model: Door.declaration).load(text: part, file: file)
            #expect(each.diagnostics.isEmpty, "\(file): \(each.diagnostics)")
            ids += each.scenarios.map(\.id)
        }
        #expect(ids == loaded.scenarios.map(\.id))
        #expect(FoundScenarios.completeFiles(1) == ["complete.yaml"])
        #expect(FoundScenarios.completeFiles(3) == ["complete-1.yaml", "complete-2.yaml", "complete-3.yaml"])
        #expect(
            ["complete.yaml", "complete-1.yaml", "complete-12.yaml"].allSatisfy(FoundScenarios.isCompleteFile)
                && !["complete-.yaml", "complete-x.yaml", "completed.yaml", "complete.yml", "cover-states.yaml"]
                    .contains(where: FoundScenarios.isCompleteFile)
        )
        let expected = loaded.scenarios.flatMap { $0.steps.map { Set($0.expectations.map(\.key)) } }
        #expect(
            expected.allSatisfy { $0.isSubset(of: keys) && $0.contains(Door.declaration.stateKey) }, "\(Set(expected))")
        let runner = ScenarioRunner(model: Door.declaration)
        var door = ReducerReference(Door.Reducer())
        #expect(loaded.scenarios.allSatisfy { runner.run($0, on: &door).outcome == .passed })
        for (name, mutant) in Self.mutants where name != "pushes not recorded" {
            var other = ReducerReference(mutant)
            #expect(loaded.scenarios.contains { runner.run($0, on: &other).outcome == .failed }, "\(name)")
        }
        // Past the cap: said with the bound, nothing planned.
        var capped = session
        capped.cap = 3
        #expect(throws: CompleteSession.Refusal.self) { try capped.plan() }
    }

    /// Past the cap with --random-tests: randomised Wp tests only, said not to be m-complete,
    /// the same for a seed; on the door they still fail every mutant some sequence tells apart
    /// (with every key), and the file loads back and passes on the reference.
    @Test func randomTestsPastTheCapAreWrittenAndSaidNotComplete() throws {
        let package = ModelPackage(
            declaration: Door.declaration, makeReference: { _ in ReducerReference(Door.Reducer()) },
            smokeScenario: "")
        var session = CompleteSession(
            package: package, keys: nil, extraStates: 2, cap: 5, stateLimit: 1_000, clock: .frozen(at: 0))
        #expect(throws: CompleteSession.Refusal.self) { try session.plan() }
        // The cap holds the exact size, prefixes merged, not the bound: at it the suite is
        // written, one under it refused with that size.
        var roomy = session
        roomy.cap = 1_000_000
        let whole = try roomy.plan()
        let size = whole.suite.tests.count
        #expect(CompleteSuite.Basis(whole.machine, observing: nil).bound(extraStates: 2) > size)
        roomy.cap = size
        #expect(try roomy.plan().suite.tests.count == size)
        roomy.cap = size - 1
        do {
            _ = try roomy.plan()
            Issue.record("a suite one scenario past the cap was planned")
        } catch {
            guard case .overCap(let scenarios, let exact, _, _, _) = error else { throw error }
            #expect(scenarios == size && exact)
        }
        session.randomTests = (300, 1)
        let planned = try session.plan()
        let suite = planned.suite
        #expect(!suite.exhaustive && suite.randomised == CompleteSuite.Randomised(count: 300, seed: 1, meanWalk: 3))
        #expect(!suite.tests.isEmpty && suite.tests.count <= 300)
        #expect(try session.plan().suite.tests == suite.tests)
        session.randomTests = (300, 2)
        #expect(try session.plan().suite.tests != suite.tests)
        for test in suite.tests {
            #expect(
                !suite.tests.contains { $0 != test && $0.world == test.world && $0.symbols.starts(with: test.symbols) })
        }
        var reference = ReducerReference(Door.Reducer())
        for (name, mutant) in Self.mutants {
            var other = ReducerReference(mutant)
            guard
                case .distinguished = planned.machine.distinguish(
                    &reference, from: &other, model: Door.declaration, keys: nil)
            else { continue }
            #expect(try Self.kills(suite, of: planned.machine, mutant: mutant, keys: nil), "\(name)")
        }
        let found = FoundScenarios(model: Door.declaration)
        let guarantee = found.guarantee(planned, keys: nil)
        #expect(
            guarantee.starts(
                with: "Not m-complete: these \(suite.tests.count) scenarios are 300 randomised Wp draws (seed 1: "))
        var any = session.reference()
        var saving = ReducerReference(Door.Reducer())
        let written = try #require(
            found.complete(planned, keys: nil, label: "full", defaultModel: "door", reference: &any, saving: &saving))
        #expect(written.parts.count == 1)
        #expect(
            written.parts[0].split(separator: "\n")[0]
                == "# Written by authspec generate --complete --extra-states 2 --cap 5 --random-tests 300 --seed 1.")
        let loaded = ScenarioLoader(model: Door.declaration).load(text: written.parts[0], file: "complete.yaml")
        #expect(loaded.diagnostics.isEmpty && loaded.scenarios.count == suite.tests.count)
        let runner = ScenarioRunner(model: Door.declaration)
        var door = ReducerReference(Door.Reducer())
        #expect(loaded.scenarios.allSatisfy { runner.run($0, on: &door).outcome == .passed })
        // Within the cap, the exhaustive suite stays whole and the random tests come on top.
        session.cap = 100_000
        session.extraStates = 1
        let both = try session.plan()
        let exhaustive = CompleteSuite.plan(both.machine, observing: nil, extraStates: 1)
        #expect(both.suite.exhaustive)
        #expect(
            exhaustive.tests.allSatisfy { test in
                both.suite.tests.contains { $0.world == test.world && $0.symbols.starts(with: test.symbols) }
            })
        var alone = both
        alone.suite.randomised = nil
        #expect(
            found.guarantee(both, keys: nil)
                == found.guarantee(alone, keys: nil) + " The 300 randomised Wp draws (seed 2: each the shortest way to "
                + "a random one of the \(both.suite.blocks) states every key tells apart, about 3 random inputs or "
                + "advances, then one sequence of the identifying set of the state reached; draws alike, and each the "
                + "start of another, merged) go further at random and add nothing to that guarantee.")
    }

    /// The figures docs/usage.md gives for the models' complete suites are the committed
    /// reports' (written by `Benchmarks/complete-suite`, plain, `--pin-only` and `--flow`): each
    /// sentence of a "Measured by" paragraph quotes figures of one section of its report, each
    /// with the word after it ("8 holes", "94.4%"), so a figure said of the wrong run fails.
    @Test(arguments: [
        ("Benchmarks\\/complete-suite`", "Reports/complete.md"),
        ("Benchmarks\\/complete-suite --pin-only`", "Reports/complete-pin-only.md"),
        ("Benchmarks\\/complete-suite --flow`", "Reports/complete-auth-flow.md"),
    ])
    func theQuotedFiguresAreTheCommittedReports(paragraph start: String, report file: String) throws {
        let usage = try String(contentsOf: TestSupport.root.appendingPathComponent("docs/usage.md"), encoding: .utf8)
        let paragraph = try #require(usage.firstMatch(of: try Regex("Measured by `" + start + "[^\\n]*(\\n[^\\n]+)*")))
        let report = try String(contentsOf: TestSupport.root.appendingPathComponent(file), encoding: .utf8)
        let quoted = String(usage[paragraph.range])
        let unheld = Self.figuresNotInOneSection(of: quoted, report: report)
        #expect(unheld.isEmpty, "docs/usage.md quotes these where no one section of \(file) prints them")
        #expect(Self.figures(in: quoted).count >= 15)
    }

    /// Each figure of `text`, commas taken out, with the word or sign right after it (and
    /// "wall" or "CPU" after that).
    static func figures(in text: String) -> [String] {
        // "427.0 s wall" and "426.6 s CPU" keep the word that tells the two times apart.
        text.replacing(",", with: "").matches(of: /\d+(\.\d+)?(%| [A-Za-z]+( wall| CPU)?)?/).map {
            String($0.output.0)
        }
    }

    /// The sentences of `text` whose figures no one section of `report` (its "## " parts)
    /// prints together, each figure whole (not a part of a longer number).
    static func figuresNotInOneSection(of text: String, report: String) -> [String] {
        let sections = report.replacing(",", with: "").split(separator: "\n## ").map(String.init)
        func prints(_ figure: String, _ section: String) -> Bool {
            section.ranges(of: figure).contains { range in
                let before =
                    range.lowerBound == section.startIndex ? nil : section[section.index(before: range.lowerBound)]
                let rest = section[range.upperBound...]
                // Not a part of a longer number: no digit before it, nor a digit or a fraction after.
                return !(before?.isNumber ?? false) && before != "."
                    && !(rest.first?.isNumber ?? false) && rest.firstMatch(of: /^\.\d/) == nil
            }
        }
        return text.replacing("\n", with: " ").split(separator: ". ").map(String.init).filter { sentence in
            let figures = figures(in: sentence)
            return !figures.isEmpty && !sections.contains { section in figures.allSatisfy { prints($0, section) } }
        }
    }

    /// The unlock model's relative form, every world to three inputs: each state met by a
    /// second way behaves as by the first (the build fails otherwise), and the form forgets
    /// the wall clock: two worlds a day apart reach the same states.
    @Test func theUnlockFormIsSoundToThreeInputsInEveryWorld() throws {
        var reference = UnlockReference()
        let model = UnlockModel.declaration
        let worlds = AbstractMachine.worlds(of: model)
        #expect(worlds.contains(["session_age": .int(30 * 86_400_000 - 400)]))
        let machine = try AbstractMachine.build(&reference, model: model, worlds: worlds, depth: 3)
        #expect(!machine.closed)
        // Its clock moves exactly to each deadline (1 ms either side never closes), and the
        // guarantee says so; the door's moves 1 ms either side too.
        let advances = machine.symbols.compactMap { symbol -> Int? in
            if case .toDeadline(let offset) = symbol { return offset }
            return nil
        }
        #expect(advances == [0])
        #expect(FoundScenarios.offsets(machine) == "exactly at it")
        var door = ReducerReference(Door.Reducer())
        let doorMachine = try AbstractMachine.build(&door, model: Door.declaration, worlds: [[:]], depth: 1)
        #expect(FoundScenarios.offsets(doorMachine) == "1 ms before, at, 1 ms after")
        #expect(machine.rechecked > 100)
        let later = try AbstractMachine.build(
            &reference, model: model, worlds: [["clock": .int(UnlockModel.defaultClock + 86_400_000)]], depth: 3)
        let first = try AbstractMachine.build(&reference, model: model, worlds: [[:]], depth: 3)
        #expect(later.states.count == first.states.count)
        // The near-expiry world reaches Login by waiting out the session on the PIN screen.
        let near = try #require(machine.worlds.firstIndex(of: ["session_age": .int(30 * 86_400_000 - 400)]))
        #expect(machine.states.contains { $0.world == near && $0.name == "Login" })
    }
}
