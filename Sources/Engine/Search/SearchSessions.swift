import Exploration
import Results
import ScenarioModel
import SpecModel

/// `mutate`: the suite run on every mutant of the model's reference with every key, then with
/// each set of keys asked (what a driver observing only them would catch); each survivor
/// explored to tell a hole from an equivalent mutant.
package struct MutateSession: Sendable {
    package var package: ModelPackage
    package var scenarios: [Scenario]
    package var mutants: [Mutant]
    /// After every key (nil), each of these.
    package var keySets: [Set<String>]
    package var jobs: Int
    package var exploration: ExplorationSettings
    package var clock: SessionClock

    package init(
        package: ModelPackage, scenarios: [Scenario], mutants: [Mutant], keySets: [Set<String>], jobs: Int,
        exploration: ExplorationSettings, clock: SessionClock
    ) {
        self.package = package
        self.scenarios = scenarios
        self.mutants = mutants
        self.keySets = keySets
        self.jobs = jobs
        self.exploration = exploration
        self.clock = clock
    }

    /// The reference as every mutant's run compares with it (its default settings: the suite's
    /// verdicts, not its costs, are measured).
    package var reference: @Sendable () -> any ImplementationUnderTest {
        let package = package
        let settings = (try? package.resolve(settings: [:]).get()) ?? [:]
        return { package.makeReference(settings) }
    }

    /// Each key set's fates, every key's first, and the seconds it all took; `progress` is told
    /// the key set (nil: every key) and how many mutants are done.
    package func run(progress: @escaping @Sendable (_ keys: Set<String>?, _ done: Int, _ of: Int) -> Void) -> (
        fates: [(keys: Set<String>?, fates: [MutantFate])], seconds: Double
    ) {
        let began = clock.monotonic()
        var all: [(keys: Set<String>?, fates: [MutantFate])] = []
        for keys in [nil] + keySets.map(Optional.init) {
            let analysis = MutationAnalysis(
                model: package.declaration, keys: keys, jobs: jobs, exploration: exploration, clock: clock)
            all.append(
                (keys, analysis.run(scenarios, mutants: mutants, reference: reference) { progress(keys, $0, $1) }))
        }
        return (all, clock.seconds(since: began))
    }
}

/// `check-model`: every invariant of the model checked on its reference over every input
/// sequence up to a depth, from the default world and seeded random ones, and its dead ends.
package struct ModelCheckSession: Sendable {
    package var package: ModelPackage
    package var depth: Int
    package var worlds: Int
    package var seed: UInt64
    package var clock: SessionClock

    package init(package: ModelPackage, depth: Int, worlds: Int, seed: UInt64, clock: SessionClock) {
        self.package = package
        self.depth = depth
        self.worlds = worlds
        self.seed = seed
        self.clock = clock
    }

    package enum Refusal: Error, Equatable, CustomStringConvertible {
        /// A reference that cannot save and restore its state cannot be searched exhaustively.
        case cannotSaveState(model: String)

        package var description: String {
            switch self {
            case .cannotSaveState(let model):
                return "the \(model) model's reference cannot save its state: no exhaustive check"
            }
        }
    }

    package func run() throws(Refusal) -> (report: ModelChecker.Report, seconds: Double) {
        let model = package.declaration
        guard
            var reference = package.makeReference((try? package.resolve(settings: [:]).get()) ?? [:])
                as? any StateSaving
        else { throw .cannotSaveState(model: model.name) }
        let worlds = ProbeGenerator(model: model).worlds(count: worlds, seed: seed)
        let began = clock.monotonic()
        let report = ModelChecker(model: model, depth: depth).check(&reference, worlds: worlds)
        return (report, clock.seconds(since: began))
    }
}
