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
}
