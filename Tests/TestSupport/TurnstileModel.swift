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
        declaration: declaration, makeReference: { _ in Reference() },
        smokeScenario:
            "id: smoke\ntitle: a coin opens\nspec: [TURN-1 §3]\nsteps:\n  - coin:\n    expect: {state: Unlocked}\n"
    )

    /// The same turnstile observed through its state alone (and its coins): no key lists the
    /// states an input entered, so every reader of them falls back to the state's moves.
    package static let stateOnly: ModelPackage = {
        var declaration = Turnstile.declaration
        declaration.name = "turnstile-state-only"
        declaration.observations.removeAll { $0.key == declaration.statesKey }
        return ModelPackage(
            declaration: declaration, makeReference: { _ in Reference(reportsStatesEntered: false) },
            smokeScenario: package.smokeScenario)
    }()

    /// The turnstile with a reference that cannot save its state (what the exhaustive walks need).
    package static let unsaved = ModelPackage(
        declaration: declaration, makeReference: { _ in Unsaved() }, smokeScenario: package.smokeScenario)

    package struct Unsaved: ImplementationUnderTest {
        var inner = Reference()
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

    package struct Reference: ImplementationUnderTest, StateSaving {
        package let name = "reference"
        let reportsStatesEntered: Bool
        package var observedKeys: Set<String> {
            reportsStatesEntered ? ["state", "states", "coins"] : ["state", "coins"]
        }
        package init(reportsStatesEntered: Bool = true) { self.reportsStatesEntered = reportsStatesEntered }
        var started = false
        var unlocked = false
        var unlockedAt = 0
        var coins = 0

        package struct Saved: Hashable {
            var unlocked: Bool
            var unlockedAt: Int
            var coins: Int
        }

        package func save() -> Saved? {
            started ? Saved(unlocked: unlocked, unlockedAt: unlockedAt, coins: coins) : nil
        }

        package mutating func restore(_ saved: Saved) {
            started = true
            unlocked = saved.unlocked
            unlockedAt = saved.unlockedAt
            coins = saved.coins
        }

        package mutating func start(scenario: String, given: [String: Value]) throws(ImplementationError) {
            started = true
            unlocked = false
            coins = given["coins"]?.int ?? 0
        }

        package mutating func perform(_ input: Input, atMilliseconds now: Int) throws(ImplementationError)
            -> Observations
        {
            var entered: [String] = []
            switch input.name {
            case "coin":
                coins += 1
                if !unlocked { entered.append("Unlocked") }
                unlocked = true
                unlockedAt = now
            case "push" where unlocked:
                unlocked = false
                entered.append("Locked")
            case "wait" where unlocked && now - unlockedAt >= 10_000:
                unlocked = false
                entered.append("Locked")
            default: break
            }
            let state = Value.string(unlocked ? "Unlocked" : "Locked")
            guard reportsStatesEntered else { return ["state": state, "coins": .int(coins)] }
            return ["state": state, "states": .list(entered.map(Value.string)), "coins": .int(coins)]
        }

        package mutating func finish() {}
    }
}
