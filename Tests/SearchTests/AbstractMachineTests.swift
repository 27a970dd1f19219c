import Testing

@testable import Exploration
@testable import SpecModel

/// The abstract machine on a small timed model: it closes, every state met by a second way is
/// checked, a relative form that forgets what a rule reads is caught naming both ways, and the
/// states a set of keys cannot tell apart are grouped with the keys that would.
@Suite struct AbstractMachineTests {
    /// A door with a code: the right code opens it for 10 s (or until pushed); `alarm_after`
    /// wrong codes in a row sound a 30 s alarm that ignores codes. `pushed` says whether the
    /// door was ever pushed, which nothing else reads.
    enum Door {
        static let declaration = ModelDeclaration(
            name: "door", initialState: "Closed",
            states: [
                StateDeclaration("Closed", .spec("DOOR §1"), "Shut."),
                StateDeclaration("Open", .spec("DOOR §2"), "Open for 10 s."),
                StateDeclaration("Alarm", .spec("DOOR §3"), "Sounding for 30 s."),
            ],
            inputs: [
                InputDeclaration("code", argument: .oneOf(["right", "wrong"]), "A code typed."),
                InputDeclaration("push", "Someone pushes the door."),
                InputDeclaration("wait", argument: .duration, "Time passes."),
            ],
            given: [
                KeyDeclaration("alarm_after", .integerIn([2, 3]), default: .int(2), "Wrong codes before the alarm.")
            ],
            observations: [
                ObservationDeclaration("state", .state, .snapshot, "The state after the input."),
                ObservationDeclaration("states", .list(.state), .log, "The states entered during the input."),
                ObservationDeclaration("tries_left", .integer(0...3), .snapshot, "Wrong codes left before the alarm."),
                ObservationDeclaration("alarm_remaining", .optional(.duration), .snapshot, "The alarm's time left."),
                ObservationDeclaration("pushed", .bool, .snapshot, "Whether the door was ever pushed."),
            ],
            transitions: [
                TransitionDeclaration("Closed", "Open", "right code", on: ["code"], "DOOR §2"),
                TransitionDeclaration("Closed", "Alarm", "wrong codes", on: ["code"], "DOOR §3"),
                TransitionDeclaration("Open", "Closed", "push or 10 s", on: ["push", "wait"], "DOOR §2"),
                TransitionDeclaration("Alarm", "Closed", "30 s", on: ["wait"], "DOOR §3"),
            ],
            clockInput: "wait", timers: [10_000, 30_000])

        struct State: Hashable {
            var phase = "Closed"
            var wrong = 0
            var alarmAfter = 2
            var openedAt: Int?
            var alarmUntil: Int?
            var pushed = false
        }

        struct Reducer: ReducerModel {
            /// False: a relative form that leaves out the wrong-code count (unsound).
            var formKeepsTheCount = true
            // What a mutant changes: how long the door stays open and the alarm sounds, whether
            // the alarm's end and a right code reset the count, whether a push is recorded.
            var openFor = 10_000
            var alarmFor = 30_000
            var alarmEndResets = true
            var rightCodeResets = true
            var recordsPushes = true
            var pushSilencesTheAlarm = false
            var rightCodeEndsTheAlarm = false
            var declaration: ModelDeclaration { Door.declaration }

            func start(given: [String: Value]) -> (state: State, clockOrigin: Int) {
                (State(alarmAfter: given["alarm_after"]?.int ?? 2), 1_000_000)
            }

            static func event(for input: Input) throws(ImplementationError) -> Input { input }

            func reduce(_ state: State, _ event: Input, now: Int) -> (State, [String]) {
                var state = state
                let was = state.phase
                // Time first: a door left open past 10 s, an alarm past its end.
                if state.phase == "Open", let opened = state.openedAt, now - opened >= openFor {
                    state.phase = "Closed"
                }
                if state.phase == "Alarm", let until = state.alarmUntil, now >= until {
                    state.phase = "Closed"
                    if alarmEndResets { state.wrong = 0 }
                }
                switch (event.name, event.argument?.string, state.phase) {
                case ("code", "right", "Closed"):
                    state.phase = "Open"
                    state.openedAt = now
                    if rightCodeResets { state.wrong = 0 }
                case ("code", "wrong", "Closed"):
                    state.wrong += 1
                    if state.wrong == state.alarmAfter {
                        state.phase = "Alarm"
                        state.alarmUntil = now + alarmFor
                    }
                case ("code", "right", "Alarm") where rightCodeEndsTheAlarm:
                    state.phase = "Closed"
                case ("push", _, let phase):
                    if recordsPushes { state.pushed = true }
                    if phase == "Open" || (phase == "Alarm" && pushSilencesTheAlarm) { state.phase = "Closed" }
                default: break
                }
                return (state, state.phase == was && event.name != "push" ? [] : [state.phase])
            }

            func observe(_ state: State, outputs: [String], now: Int) -> Observations {
                [
                    "state": .string(state.phase), "states": .list(outputs.map(Value.string)),
                    "tries_left": .int(state.alarmAfter - state.wrong),
                    "alarm_remaining": state.phase == "Alarm" ? .int((state.alarmUntil ?? now) - now) : .null,
                    "pushed": .bool(state.pushed),
                ]
            }

            func place(of state: State) -> String { state.phase }

            func relative(_ state: State, now: Int) -> RelativeState? {
                var form = state
                // Each timer as the time left to its end, none once it has passed.
                form.openedAt = state.openedAt.map { now - $0 >= openFor ? Int.min : $0 + openFor - now }
                form.alarmUntil = state.alarmUntil.map { $0 <= now ? Int.min : $0 - now }
                if !formKeepsTheCount { form.wrong = 0 }
                return RelativeState(
                    form: form, moments: [form.openedAt, form.alarmUntil].compactMap { $0 }.filter { $0 != .min })
            }
        }
    }

    @Test func aTimedModelClosesAndEverySecondWayIsChecked() throws {
        var reference = ReducerReference(Door.Reducer())
        let worlds = AbstractMachine.worlds(of: Door.declaration)
        #expect(worlds == [[:], ["alarm_after": .int(3)]])
        let machine = try AbstractMachine.build(&reference, model: Door.declaration, worlds: worlds)
        #expect(machine.roots.count == 2)
        #expect(
            machine.symbols.map(\.description) == [
                "code: right", "code: wrong", "push", "the clock to the next deadline -1ms",
                "the clock to the next deadline", "the clock to the next deadline +1ms",
            ])
        #expect(Set(machine.states.map(\.name)) == ["Closed", "Open", "Alarm"])
        #expect(machine.rechecked > 0)
        // From the start, three wrong codes sound the alarm on alarm_after 3 only.
        let wrong = try #require(machine.symbols.firstIndex(of: .input(Input("code", .string("wrong")))))
        func after(_ count: Int, from root: Int) -> Int {
            (0..<count).reduce(root) { state, _ in machine.edges[state][wrong]!.target }
        }
        #expect(machine.states[after(2, from: machine.roots[0])].name == "Alarm")
        #expect(machine.states[after(2, from: machine.roots[1])].name == "Closed")
        #expect(machine.states[after(3, from: machine.roots[1])].name == "Alarm")
        // The alarm's deadline is reached by the advance to it, not 1 ms before.
        let alarm = after(2, from: machine.roots[0])
        let beforeEnd = try #require(machine.edges[alarm][3])
        let atEnd = try #require(machine.edges[alarm][4])
        #expect(machine.states[beforeEnd.target].name == "Alarm")
        #expect(machine.outputs[beforeEnd.output].last?["alarm_remaining"] == .int(1))
        #expect(machine.states[atEnd.target].name == "Closed")
        // No deadline ahead while closed: nothing to advance to.
        #expect(machine.edges[machine.roots[0]][4] == nil)
    }

    @Test func aFormThatForgetsWhatARuleReadsIsUnsound() {
        var reference = ReducerReference(Door.Reducer(formKeepsTheCount: false))
        do {
            let machine = try AbstractMachine.build(&reference, model: Door.declaration, worlds: [[:]])
            Issue.record("built \(machine.states.count) states on an unsound form")
        } catch {
            guard case .unsound(let first, let second, _, let difference) = error else {
                Issue.record("not an unsoundness: \(error)")
                return
            }
            // Two ways into "Closed" with different wrong-code counts: the next wrong code
            // sounds the alarm after one of them only.
            #expect(first != second)
            #expect(difference == .outputs)
        }
    }

    @Test func aFormThatDoesNotCloseIsSaid() {
        var reference = ReducerReference(Door.Reducer())
        #expect(throws: AbstractMachine.Failure.notClosed(model: "door", limit: 3, last: [Input("push")])) {
            try AbstractMachine.build(&reference, model: Door.declaration, worlds: [[:]], limit: 3)
        }
    }

    /// A world whose machine does not close within the limit is left out whole and named; the
    /// others are built as if it had not been tried.
    @Test func aWorldThatDoesNotCloseIsLeftOutWhole() throws {
        let (two, three): ([String: Value], [String: Value]) = (["alarm_after": .int(2)], ["alarm_after": .int(3)])
        var reference = ReducerReference(Door.Reducer())
        let alone = try AbstractMachine.build(&reference, model: Door.declaration, worlds: [two])
        let larger = try AbstractMachine.build(&reference, model: Door.declaration, worlds: [three])
        #expect(larger.states.count > alone.states.count)
        for worlds in [[two, three], [three, two]] {
            let machine = try AbstractMachine.build(
                &reference, model: Door.declaration, worlds: worlds, limit: alone.states.count)
            #expect(machine.worlds == [two] && machine.roots.count == 1)
            #expect(machine.leftOut.map(\.world) == [three] && machine.leftOut[0].last?.isEmpty == false)
            #expect(machine.states.count == alone.states.count && machine.edges.count == alone.states.count)
            #expect(machine.states.allSatisfy { $0.world == 0 })
        }
        // A world the reference refuses is left out as refused (no last state); with no other,
        // the build fails.
        let refused: [String: Value] = ["alarm_after": .int(3)]
        var strict = Door.declaration
        strict.resolveGiven = { given in
            (given, given["alarm_after"] == .int(3) ? [(key: "alarm_after", message: "not 3")] : [])
        }
        let beside = try AbstractMachine.build(&reference, model: strict, worlds: [refused, two])
        #expect(beside.worlds == [two] && beside.leftOut == [AbstractMachine.LeftOut(world: refused, last: nil)])
        #expect(throws: AbstractMachine.Failure.noWorld(model: "door")) {
            try AbstractMachine.build(&reference, model: strict, worlds: [refused])
        }
    }

    @Test func statesOnlyAKeyTellsApartAreBlindSpotsOfTheOthers() throws {
        var reference = ReducerReference(Door.Reducer())
        let machine = try AbstractMachine.build(&reference, model: Door.declaration, worlds: [[:]])
        let keys = Door.declaration.observations.map(\.key)
        // State and states alone cannot see `pushed`, nor the alarm's time left (the clock
        // moves by deadlines); they do see the wrong codes left, by the alarm they lead to.
        let spots = machine.blindSpots(observing: ["state", "states"], among: keys)
        #expect(spots.contains { $0.separatedBy == ["pushed"] })
        #expect(spots.contains { $0.separatedBy == ["alarm_remaining"] })
        #expect(spots.allSatisfy { !$0.separatedBy.isEmpty })
        #expect(Set(spots.flatMap(\.separatedBy)) == ["pushed", "alarm_remaining"])
        #expect(spots.allSatisfy { spot in Set(spot.states.map { machine.states[$0].name }).count == 1 })
        #expect(Set(machine.blocks()).count > Set(machine.blocks(observing: ["state", "states"])).count)
        #expect(machine.blindSpots(observing: Set(keys), among: keys).isEmpty)
    }
}
