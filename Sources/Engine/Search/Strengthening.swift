import Exploration
import Foundation
import Results
import Runner
import ScenarioModel
import SpecModel

/// `strengthen`: the suite run on every mutant of the reference; each survivor that
/// exploration tells apart from the reference gets a scenario made from its shrunk sequence,
/// and that scenario is kept only on evidence: its text loaded back, passing on the reference
/// and failing on its mutant. The rest of the survivors are listed with the search that found
/// nothing, never counted as closed.
package enum Strengthening {
    /// What became of one hole.
    package enum Closing: Sendable {
        /// The scenario was written to `file`, loaded back, passed on the reference and failed on the mutant.
        case closed(file: String, scenario: String)
        /// No scenario could be kept, and why: nothing was written for it.
        case open(Reason)
    }

    /// Why a hole stays open: each a value, with its words.
    package enum Reason: Sendable, CustomStringConvertible {
        /// The reference cannot run the sequence as a scenario (no expectations to write).
        case noScenario
        case doesNotLoad(String)
        case failsOnTheReference(String)
        case passesOnTheMutant
        /// Another file of the suite holds a scenario of the same id: the two would not load together.
        case idTaken(String)

        package var description: String {
            switch self {
            case .noScenario: return "the reference could not run its sequence as a scenario"
            case .doesNotLoad(let why): return "the scenario written for it does not load: \(why)"
            case .failsOnTheReference(let why): return "the scenario written for it fails on the reference: \(why)"
            case .passesOnTheMutant: return "the scenario written for it passes on the mutant"
            case .idTaken(let file): return "its scenario's id is taken by \(file)"
            }
        }
    }

    package struct Hole: Sendable {
        package var fate: MutantFate
        package var divergence: Divergence
        package var closing: Closing

        package var isClosed: Bool {
            if case .closed = closing { return true }
            return false
        }
    }

    package struct Outcome: Sendable {
        package var fates: [MutantFate]
        package var holes: [Hole]
        /// Survivors exploration could not tell apart from the reference, every pair sent.
        package var equivalents: [MutantFate] { fates.filter(\.isProbablyEquivalent) }
        /// Survivors whose exploration left input x state pairs unmet: no verdict either way.
        package var undecided: [MutantFate] { fates.filter(\.isUndecided) }
        package var killed: Int { fates.filter(\.killed).count }
        package var open: [Hole] { holes.filter { !$0.isClosed } }
    }

    /// A scenario's file name (without the folder) and text for a hole, as the reporters write it.
    package typealias ScenarioText =
        @Sendable (_ fate: MutantFate, _ divergence: Divergence) -> (
            name: String, text: String
        )?

    /// Measures the suite on `mutants`, then writes a scenario for each hole into `folder`,
    /// each loaded back and run first. The caller checks every mutant's path before: a refusal
    /// then costs nothing and writes nothing.
    package static func run(
        _ scenarios: [Scenario], mutants: [Mutant], package: ModelPackage, jobs: Int,
        exploration: ExplorationSettings, clock: SessionClock, folder: String, scenarioText: ScenarioText,
        write: (_ path: String, _ text: String) throws -> Void,
        progress: @escaping @Sendable (_ done: Int, _ of: Int) -> Void = { _, _ in }
    ) throws -> Outcome {
        let model = package.declaration
        let settings = (try? package.resolve(settings: [:]).get()) ?? [:]
        // Where each id of the suite is: a scenario written under an id another file holds would not load beside it.
        let taken = Dictionary(
            scenarios.map { ($0.id, Self.standardized($0.location.file)) }, uniquingKeysWith: { first, _ in first })
        let analysis = MutationAnalysis(model: model, jobs: jobs, exploration: exploration, clock: clock)
        let fates = analysis.run(
            scenarios, mutants: mutants, reference: { package.makeReference(settings) }, progress: progress)
        var holes: [Hole] = []
        var kept: [(path: String, text: String)] = []
        for fate in fates {
            guard case .hole(let divergence)? = fate.survival else { continue }
            guard let (name, text) = scenarioText(fate, divergence) else {
                holes.append(Hole(fate: fate, divergence: divergence, closing: .open(.noScenario)))
                continue
            }
            let path = folder + "/" + name
            var closing = check(text, file: path, against: fate.mutant, package: package, settings: settings)
            if let elsewhere = taken[fate.mutant.scenarioID], elsewhere != Self.standardized(path) {
                closing = .open(.idTaken(elsewhere))
            }
            if case .closed = closing { kept.append((path, text)) }
            holes.append(Hole(fate: fate, divergence: divergence, closing: closing))
        }
        for (path, text) in kept { try write(path, text) }
        return Outcome(fates: fates, holes: holes)
    }

    static func standardized(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }

    /// Whether `text` closes the hole `mutant` left: it loads, passes on the reference and fails on the mutant.
    static func check(
        _ text: String, file: String, against mutant: Mutant, package: ModelPackage, settings: [String: String]
    ) -> Closing {
        let model = package.declaration
        let loaded = ScenarioLoader(model: model).load(text: text, file: file)
        if let first = loaded.diagnostics.first { return .open(.doesNotLoad(first.description)) }
        guard let scenario = loaded.scenarios.first, loaded.scenarios.count == 1 else {
            return .open(.doesNotLoad("\(loaded.scenarios.count) scenarios where one was written"))
        }
        let runner = ScenarioRunner(model: model)
        var reference = package.makeReference(settings)
        let onReference = runner.run(scenario, on: &reference)
        guard onReference.outcome == .passed else {
            return .open(
                .failsOnTheReference(
                    onReference.firstProblem?.message ?? onReference.message ?? onReference.outcome.rawValue))
        }
        var mutated = mutant.make()
        let onMutant = runner.run(scenario, on: &mutated).outcome
        guard onMutant == .failed || onMutant == .errored else { return .open(.passesOnTheMutant) }
        return .closed(file: file, scenario: scenario.id)
    }
}
