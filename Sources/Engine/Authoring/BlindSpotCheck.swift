import DriverProtocol
import Exploration
import SpecModel

/// The blind spots of the keys a driver declares, over the inputs it declares: the model's
/// abstract machine over those inputs, minimised under those keys, when its first world closes
/// within `limit` states; past that, what `generate --complete` would need to build it whole.
package struct BlindSpotCheck: Sendable {
    package var keys: Set<String>
    /// The inputs kept, as `--inputs` names them (a shorthand kept when it sends declared inputs).
    package var inputs: Set<String>
    package var limit: Int
    /// nil: the model's first world passes `limit` states over these inputs.
    package var machine: AbstractMachine?

    /// The most states a world's machine may add in a checkup.
    package static let limit = 2_000

    /// The check for a driver declaring `info`'s inputs and keys; nil when it declares every
    /// key the app reports (it has no blind spot) or none, or the reference cannot save its state.
    package static func check(_ info: DriverInfo, package: ModelPackage) -> BlindSpotCheck? {
        let model = package.declaration
        let full = Set(model.profile(named: ConformanceProfile.full)?.keys ?? [])
        let keys = Set(info.observations).intersection(model.observations.map(\.key))
        guard !keys.isEmpty, !full.isSubset(of: keys) else { return nil }
        let declared = Set(info.inputs)
        let inputs = Set(
            model.inputs.filter { input in
                guard let expansion = input.expansion else { return declared.contains(input.name) }
                return expansion(.string("0")).allSatisfy { declared.contains($0.name) }
            }.map(\.name))
        let settings = (try? package.resolve(settings: [:]).get()) ?? [:]
        guard var reference = package.makeReference(settings) as? any StateSaving else { return nil }
        var check = BlindSpotCheck(keys: keys, inputs: inputs, limit: limit)
        let worlds = AbstractMachine.worlds(of: model)
        // The first world alone first: past the limit there, the rest would cost as much again.
        guard
            (try? AbstractMachine.build(
                &reference, model: model, worlds: Array(worlds.prefix(1)), limit: limit, inputs: inputs))?.leftOut
                .isEmpty == true
        else { return check }
        check.machine = try? AbstractMachine.build(
            &reference, model: model, worlds: worlds, limit: limit, inputs: inputs)
        return check
    }
}
