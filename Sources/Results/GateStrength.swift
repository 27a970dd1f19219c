/// How much of the suite's power an implementation's keys keep: of the mutants of the model's
/// reference the suite kills compared on every key, how many it kills compared on only the keys
/// the implementation declares (Engine's `GateStrength.measure`).
package struct GateStrength: Sendable, Equatable {
    package var implementation: String
    /// Its place among the implementations measured: two drivers may share a name.
    package var position = 0
    /// The model's keys it declares, and those it does not.
    package var keys: [String]
    package var missing: [String]
    package var killed: Int
    package var killedWithEveryKey: Int
    package var mutants: Int
    /// The undeclared keys (at most two) that would catch the most of the mutants these keys
    /// let through, and at least how many mutants the suite would kill with them declared too:
    /// each such mutant differed on one of them where a scenario first failed on it.
    package var bestAdded: [String] = []
    package var killedWithBestAdded = 0

    package init(
        implementation: String, keys: [String], missing: [String], killed: Int, killedWithEveryKey: Int, mutants: Int
    ) {
        self.implementation = implementation
        self.keys = keys
        self.missing = missing
        self.killed = killed
        self.killedWithEveryKey = killedWithEveryKey
        self.mutants = mutants
    }

    /// The share of what the suite kills with every key that these keys still kill.
    package var share: Double { killedWithEveryKey == 0 ? 1 : Double(killed) / Double(killedWithEveryKey) }
}
