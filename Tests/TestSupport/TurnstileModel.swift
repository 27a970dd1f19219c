import SpecModel

/// A second model for the engine's tests: a coin turnstile that relocks by itself after 10
/// seconds. It is one file and no registration beyond the package value, and every generic
/// part (loader, runner, engine, coverage, reporters, lint) must work with it unchanged.
package enum Turnstile {
    package static let declaration = ModelDeclaration(
        name: "turnstile", initialState: "Locked",
        states: [
            StateDeclaration("Locked", .spec("TURN-1 §1"), "The arm does not turn."),
            StateDeclaration("Unlocked", .spec("TURN-1 §2"), "One person may pass."),
        ],
        inputs: [
            InputDeclaration("coin", "A coin goes in."),
            InputDeclaration("push", "Someone pushes the arm."),
            InputDeclaration("wait", argument: .duration, "Time passes."),
        ],
        given: [KeyDeclaration("coins", .integer(0...1000), default: .int(0), "Coins already in the box.")],
        observations: [
            ObservationDeclaration("state", .state, .snapshot, "The state after the input."),
            ObservationDeclaration("states", .list(.state), .log, "The states entered during the input."),
            ObservationDeclaration("coins", .integer(0...100_000), .snapshot, "Coins in the box."),
        ],
        transitions: [
            TransitionDeclaration("Locked", "Unlocked", "coin", on: ["coin"], "TURN-1 §3"),
            TransitionDeclaration("Unlocked", "Locked", "push or 10 s", on: ["push", "wait"], "TURN-1 §3"),
        ],
        clockInput: "wait", diagramSource: "TURN-1 §3", exampleClause: "TURN-1 §3")

    package static let package = ModelPackage(
        declaration: declaration, makeReference: { _ in ReducerReference(Reducer()) },
        smokeScenario:
            "id: smoke\ntitle: a coin opens\nspec: [TURN-1 §3]\nsteps:\n  - coin:\n    expect: {state: Unlocked}\n"
    )

    /// The same turnstile observed through its state alone (and its coins): no key lists the
    /// states an input entered, so every reader of them falls back to the state's moves.
    package static let stateOnly: ModelPackage = {
        var declaration = Turnstile.declaration
        declaration.name = "turnstile-state-only"
        declaration.observations.removeAll { $0.key == declaration.statesKey }
        let observed = declaration
        return ModelPackage(
            declaration: declaration, makeReference: { _ in ReducerReference(Reducer(declaration: observed)) },
            smokeScenario: package.smokeScenario)
    }()

    /// The turnstile with a reference that cannot save its state (what the exhaustive walks need).
    package static let unsaved = ModelPackage(
        declaration: declaration, makeReference: { _ in Unsaved() }, smokeScenario: package.smokeScenario)

    package struct Unsaved: ImplementationUnderTest {
        var inner = ReducerReference(Reducer())
        package var name: String { inner.name }
        package var observedKeys: Set<String> { inner.observedKeys }
        package mutating func start(scenario: String, given: [String: Value]) throws(ImplementationError) {
            try inner.start(scenario: scenario, given: given)
        }
        package mutating func perform(_ input: Input, atMilliseconds now: Int) throws(ImplementationError)
            -> Observations
        { try inner.perform(input, atMilliseconds: now) }
        package mutating func finish() {}
    }

    package struct State: Hashable, Sendable {
        package var unlocked = false
        package var unlockedAt = 0
        package var coins = 0

        package init() {}
    }

    package enum Event: Equatable { case coinInserted, armPushed, timePassed }

    package enum Output: Equatable { case entered(String) }

    /// The turnstile's reducer; observed through its declaration's keys (with or without `states`).
    package struct Reducer: ReducerModel {
        package var declaration: ModelDeclaration

        package init(declaration: ModelDeclaration = Turnstile.declaration) { self.declaration = declaration }

        package func start(given: [String: Value]) -> (state: State, clockOrigin: Int) {
            var state = State()
            state.coins = given["coins"]?.int ?? 0
            return (state, 0)
        }

        package static func event(for input: Input) throws(ImplementationError) -> Event {
            switch input.name {
            case "coin": return .coinInserted
            case "push": return .armPushed
            case "wait": return .timePassed
            default: throw .unsupported("input '\(input)'")
            }
        }

        package func reduce(_ state: State, _ event: Event, now: Int) -> (State, [Output]) {
            var state = state
            var outputs: [Output] = []
            switch event {
            case .coinInserted:
                state.coins += 1
                if !state.unlocked { outputs.append(.entered("Unlocked")) }
                state.unlocked = true
                state.unlockedAt = now
            case .armPushed where state.unlocked:
                state.unlocked = false
                outputs.append(.entered("Locked"))
            case .timePassed where state.unlocked && now - state.unlockedAt >= 10_000:
                state.unlocked = false
                outputs.append(.entered("Locked"))
            default: break
            }
            return (state, outputs)
        }

        package func observe(_ state: State, outputs: [Output], now: Int) -> Observations {
            var seen: Observations = [
                "state": .string(state.unlocked ? "Unlocked" : "Locked"), "coins": .int(state.coins),
            ]
            if declaration.observations.contains(where: { $0.key == declaration.statesKey }) {
                seen[declaration.statesKey] = .list(
                    outputs.map { output in
                        switch output {
                        case .entered(let name): .string(name)
                        }
                    })
            }
            return seen
        }

        package func place(of state: State) -> String { state.unlocked ? "Unlocked" : "Locked" }
    }
}
