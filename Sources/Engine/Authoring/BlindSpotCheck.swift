import DriverProtocol
import Exploration
import ScenarioModel
import SpecModel

/// The blind spots of the keys a driver declares, over the inputs it declares: the model's
/// abstract machine over those inputs, minimised under those keys, when its first world closes
/// within `limit` states; past that, what `generate --complete` would need to build it whole.
package struct BlindSpotCheck: Sendable {
    package var keys: Set<String>
    /// The inputs kept, as `--inputs` names them (a shorthand kept when it sends declared inputs).
    package var inputs: Set<String>
    package var limit: Int
    package var outcome: Outcome
    /// The suite's requirements and statements: what rests on each key that would separate states.
    package var requirements: [Requirement] = []
    package var statements: [Statement] = []
    /// Where the requirements were read: the command that prints the blind spots names it too.
    package var requirementsFile: String?

    /// The machine, or why there is none.
    package enum Outcome: Sendable {
        case built(AbstractMachine)
        /// The model's first world passes `limit` states over these inputs: the rest would
        /// cost as much again, so the machine is left to `generate --complete`.
        case pastLimit
        case failed(AbstractMachine.Failure)
    }

    /// The most states a world's machine may add in a checkup.
    package static let limit = 2_000

    /// The check for a driver declaring `info`'s inputs and keys; nil when it declares every
    /// key the app reports (it has no blind spot) or none, or the reference cannot save its state.
    package static func check(_ info: DriverInfo, package: ModelPackage, requirementsFile: String? = nil)
        -> BlindSpotCheck?
    {
        check(keys: info.observations, inputs: info.inputs, package: package, requirementsFile: requirementsFile)
    }

    /// The check for an implementation observing `keys` and handling `inputs` (nil: every input).
    package static func check(
        keys observed: [String], inputs declaredInputs: [String]?, package: ModelPackage,
        requirementsFile: String? = nil, statements: [Statement] = []
    ) -> BlindSpotCheck? {
        let model = package.declaration
        let full = Set(model.profile(named: ConformanceProfile.full)?.keys ?? [])
        let keys = Set(observed).intersection(model.observations.map(\.key))
        guard !keys.isEmpty, !full.isSubset(of: keys) else { return nil }
        let declared = Set(declaredInputs ?? model.inputs.map(\.name))
        let inputs = Set(
            model.inputs.filter { input in
                guard let expansion = input.expansion else { return declared.contains(input.name) }
                return expansion(.string("0")).allSatisfy { declared.contains($0.name) }
            }.map(\.name))
        let settings = (try? package.resolve(settings: [:]).get()) ?? [:]
        guard var reference = package.makeReference(settings) as? any StateSaving else { return nil }
        let worlds = AbstractMachine.worlds(of: model)
        // A catalogue that does not load names nothing here: the run or the checkup says why.
        let requirements = requirementsFile.map { RequirementCatalogue.load(file: $0).requirements } ?? []
        var check = BlindSpotCheck(
            keys: keys, inputs: inputs, limit: limit, outcome: .pastLimit, requirements: requirements,
            statements: statements, requirementsFile: requirementsFile)
        do {
            // The first world alone first: past the limit there, the rest would cost as much again.
            let first = try AbstractMachine.build(
                &reference, model: model, worlds: Array(worlds.prefix(1)), limit: limit, inputs: inputs)
            guard first.leftOut.isEmpty else { return check }
            check.outcome = .built(
                try AbstractMachine.build(&reference, model: model, worlds: worlds, limit: limit, inputs: inputs))
        } catch .notClosed {
            check.outcome = .pastLimit
        } catch {
            check.outcome = .failed(error)
        }
        return check
    }
}
