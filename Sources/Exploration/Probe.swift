import ScenarioModel
import SpecModel

/// An input sequence to try on an implementation: the world it starts from (only the given
/// keys that differ from the model's defaults) and one input per step, written as a scenario
/// writes them (a shorthand such as `enter_pin: "1234"` stays one step).
package struct Probe: Sendable, Equatable {
    package var given: [String: Value]
    package var steps: [Input]

    package init(given: [String: Value] = [:], steps: [Input]) {
        self.given = given
        self.steps = steps
    }

    /// The probe as a scenario with no expectations, or nil when the model rejects its world.
    package func scenario(id: String, model: ModelDeclaration) -> Scenario? {
        var world: [String: Value] = [:]
        for key in model.given { world[key.key] = given[key.key] ?? key.defaultValue }
        let resolved = model.resolveGiven(world)
        guard resolved.problems.isEmpty else { return nil }
        let file = "<\(id)>"
        let steps = self.steps.enumerated().map { index, input in
            Step(
                written: input, inputs: Self.expanded(input, model: model),
                location: SourceLocation(file: file, line: index + 1, column: 1))
        }
        return Scenario(
            id: id, title: id, spec: [], tags: [], given: resolved.given, steps: steps,
            location: SourceLocation(file: file, line: 0, column: 0))
    }

    /// What implementations receive for one written input.
    static func expanded(_ input: Input, model: ModelDeclaration) -> [Input] {
        guard let expansion = model.input(named: input.name)?.expansion, let argument = input.argument else {
            return [input]
        }
        return expansion(argument)
    }

    /// The virtual time the probe's clock inputs add up to.
    func elapsed(model: ModelDeclaration) -> Int {
        steps.reduce(0) { $0 + ($1.name == model.clockInput ? $1.argument?.int ?? 0 : 0) }
    }
}
