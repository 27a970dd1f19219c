/// A model's observation keys laid out once in a blank set of observations (every key null). A
/// step's observations start as a copy of the blank, which keeps its hash seed and size, so its
/// keys lie where the blank's do: each value is written at a position found once, with no key
/// hashed per step, and two such copies are compared side by side (`Observations.equals`).
package struct ObservationLayout: Sendable {
    package let blank: Observations
    private let positions: [String: Observations.Index]

    package init(keys: [String]) {
        let blank = Observations(uniqueKeysWithValues: keys.map { ($0, Value.null) })
        self.blank = blank
        positions = Dictionary(uniqueKeysWithValues: blank.indices.map { (blank[$0].key, $0) })
    }

    /// Where `key` lies in the blank and in every copy of it; nil when it is not laid out.
    package func position(of key: String) -> Observations.Index? { positions[key] }
}

extension Dictionary where Key == String, Value == SpecModel.Value {
    /// The value at a position of the layout this was copied from (`ObservationLayout`); writing
    /// to nil leaves out a key the layout does not hold.
    @inlinable package subscript(at position: Index?) -> SpecModel.Value {
        get { position.map { values[$0] } ?? .null }
        set { if let position { values[position] = newValue } }
    }
}
