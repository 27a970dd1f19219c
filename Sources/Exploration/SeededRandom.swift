/// SplitMix64: a small generator whose whole state is one number, so a seed gives the same
/// run on every machine and every Swift version (the standard library's is not seedable).
package struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    package init(seed: UInt64) {
        state = seed
    }

    /// A generator for the `index`-th run of a seed: runs are independent of each other, so a
    /// run can be replayed alone.
    package init(seed: UInt64, run index: Int) {
        var mixer = SeededRandom(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15))
        state = mixer.next()
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// True with probability `chance`.
    package mutating func chance(_ chance: Double) -> Bool {
        Double.random(in: 0..<1, using: &self) < chance
    }

    /// An index into `weights`, each chosen in proportion to its weight; nil when there is
    /// nothing to choose (no weights, or none above zero).
    package mutating func pick(weights: [Double]) -> Int? {
        let total = weights.reduce(0, +)
        guard total > 0, total.isFinite else { return nil }
        var point = Double.random(in: 0..<total, using: &self)
        for (index, weight) in weights.enumerated() {
            if point < weight { return index }
            point -= weight
        }
        return weights.count - 1
    }
}
