import Exploration
import ScenarioModel
import SpecModel

/// `generate`: every input sequence up to a depth walked on the model's reference from seeded
/// worlds, and the fewest of them that meet each target of a coverage goal.
package struct GenerateSession: Sendable {
    package var package: ModelPackage
    package var goal: CoverageGoal
    package var depth: Int
    package var worlds: Int
    package var seed: UInt64
    /// The requirements to cover, for `--cover requirements`.
    package var requirements: [RequirementTarget]
    package var clock: SessionClock

    package init(
        package: ModelPackage, goal: CoverageGoal, depth: Int, worlds: Int, seed: UInt64,
        requirements: [RequirementTarget] = [], clock: SessionClock
    ) {
        self.clock = clock
        self.package = package
        self.goal = goal
        self.depth = depth
        self.worlds = worlds
        self.seed = seed
        self.requirements = requirements
    }

    /// Why nothing can be walked.
    package enum Refusal: Error, CustomStringConvertible {
        case cannotSaveState(model: String)

        package var description: String {
            switch self {
            case .cannotSaveState(let model):
                return "the \(model) model's reference cannot save its state: nothing to walk"
            }
        }
    }

    /// The walk's plan and how long it took.
    package func plan() throws(Refusal) -> (plan: CoverageGenerator.Plan, seconds: Double) {
        let model = package.declaration
        let settings = (try? package.resolve(settings: [:]).get()) ?? [:]
        guard var reference = package.makeReference(settings) as? any StateSaving else {
            throw .cannotSaveState(model: model.name)
        }
        let worlds = ProbeGenerator(model: model).worlds(count: worlds, seed: seed)
        let generator = CoverageGenerator(model: model, goal: goal, depth: depth, requirements: requirements)
        let began = clock.monotonic()
        let plan = generator.plan(&reference, worlds: worlds)
        return (plan, clock.seconds(since: began))
    }

    /// A fresh reference, for the generated file's expectations.
    package func reference() -> any ImplementationUnderTest {
        package.makeReference((try? package.resolve(settings: [:]).get()) ?? [:])
    }
}
