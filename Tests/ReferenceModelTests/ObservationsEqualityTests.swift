import AuthFlowMachine
import AuthSpecTestSupport
import SpecModel
import Testing
import UnlockScreen

/// `Observations.equals` walks two observations side by side when they share a layout and
/// falls back to `==` otherwise: it must say exactly what `==` says either way.
@Suite struct ObservationsEqualityTests {
    static let keys = [
        "state", "states", "message", "events", "pin_entered", "lock_remaining", "countdown", "navigation",
    ]

    /// Made from one template, as the references make theirs.
    static func fromTemplate(_ changes: [String: Value]) -> Observations {
        var made = template
        for (key, value) in changes { made[key] = value }
        return made
    }
    static let template = Observations(uniqueKeysWithValues: keys.map { ($0, Value.null) })

    /// Built key by key in another order: another layout.
    static func builtAnew(_ changes: [String: Value]) -> Observations {
        var made: Observations = [:]
        for key in keys.reversed() { made[key] = changes[key] ?? .null }
        return made
    }

    @Test func saysWhatEqualitySays() {
        let variants: [[String: Value]] = [
            [:], ["state": .string("PinInput")], ["state": .string("PinBlocked")],
            ["states": .list([.string("PinInput")]), "pin_entered": .int(2)], ["message": .string("x")],
            ["events": .list([AnalyticsEventValue.make(name: "pin_attempt", params: [:])])],
        ]
        var sameLayoutPairs = 0
        for first in variants {
            for second in variants {
                let pairs = [
                    (Self.fromTemplate(first), Self.fromTemplate(second)),
                    (Self.fromTemplate(first), Self.builtAnew(second)),
                    (Self.builtAnew(first), Self.fromTemplate(second)),
                ]
                for (left, right) in pairs {
                    #expect(left.equals(right) == (left == right), "\(first) vs \(second)")
                    if Array(left.keys) == Array(right.keys) { sameLayoutPairs += 1 }
                }
            }
        }
        // Differing counts and a missing key are unequal too.
        var fewer = Self.fromTemplate([:])
        fewer["countdown"] = nil
        #expect(!fewer.equals(Self.fromTemplate([:])) && !Self.fromTemplate([:]).equals(fewer))
        var renamed = fewer
        renamed["other"] = .null
        #expect(!renamed.equals(Self.fromTemplate([:])))
        // The side-by-side walk was taken, not only the fallback.
        #expect(sameLayoutPairs >= variants.count * variants.count)
    }

    /// The reference's observations of two runs share one layout, so exploration compares them
    /// without hashing; and they hold exactly the declared keys.
    @Test func theReferencesObservationsShareOneLayout() throws {
        var first = UnlockReference()
        var second = UnlockReference()
        try first.start(scenario: "a", given: [:])
        try second.start(scenario: "b", given: ["pin_length": .int(6)])
        let one = try first.perform(Input("launch"), atMilliseconds: 0)
        let other = try second.perform(Input("launch"), atMilliseconds: 0)
        #expect(Array(one.keys) == Array(other.keys))
        #expect(Set(one.keys) == Set(UnlockModel.declaration.observations.map(\.key)))
    }

    /// A value written at a position of the layout lands on its key in every copy of the blank,
    /// reads back there, leaves every other key null, and a position the layout lacks writes
    /// nothing.
    @Test func aLayoutWritesEachKeyAtItsPosition() throws {
        let layout = ObservationLayout(keys: Self.keys)
        #expect(layout.blank == Self.template)
        #expect(layout.position(of: "frames") == nil)
        for (offset, key) in Self.keys.enumerated() {
            var made = layout.blank
            made[at: layout.position(of: key)] = .int(offset)
            made[at: layout.position(of: "frames")] = .int(-1)
            var expected = Self.template
            expected[key] = .int(offset)
            #expect(made == expected, "\(key)")
            #expect(made[at: layout.position(of: key)] == .int(offset))
            #expect(made.equals(expected) && Array(made.keys) == Array(layout.blank.keys))
        }
    }

    /// Each model finds every key it writes in its own layout, and the flow's observations hold
    /// exactly its declared keys: the unlock screen's platform and UI-level keys, which the flow
    /// does not declare, are not built for it.
    @Test func eachModelWritesExactlyItsDeclaredKeys() throws {
        #expect(UnlockReducer.positions.missing.isEmpty)
        let flowKeys = Set(AuthFlowModel.declaration.observations.map(\.key))
        let unlockOnly = Set(UnlockModel.declaration.observations.map(\.key)).subtracting(flowKeys)
        #expect(Set(UnlockReducer.Positions(in: ObservationLayout(keys: Array(flowKeys))).missing) == unlockOnly)
        #expect(unlockOnly.isSuperset(of: ["frames", "store", "a11y_audit"]))
        var flow = AuthFlowReference()
        try flow.start(scenario: "a", given: [:])
        var seen: [Observations] = []
        for input in [Input("launch"), Input("advance", .int(3_000))] {
            seen.append(try flow.perform(input, atMilliseconds: 0))
        }
        for observations in seen { #expect(Set(observations.keys) == flowKeys) }
    }

    /// A shared value is made once per key and handed out again (the same storage, so equal by
    /// identity); past its capacity it starts again and still gives the right value.
    @Test func sharedValuesAreMadeOncePerKey() {
        let shared = SharedValues<Int, Value>(capacity: 2)
        var made = 0
        func value(_ key: Int) -> Value {
            shared.value(for: key) {
                made += 1
                return .list([.int(key)])
            }
        }
        #expect(value(1) == .list([.int(1)]) && value(1) == .list([.int(1)]) && made == 1)
        #expect(value(2) == .list([.int(2)]) && made == 2)
        #expect(value(3) == .list([.int(3)]) && made == 3)
        #expect(value(1) == .list([.int(1)]) && made == 4)
    }
}
