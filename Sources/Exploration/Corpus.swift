import SpecModel

/// The prefixes that reached somewhere new, kept so that later runs start from them and go
/// further: a bug behind a long way in (a sign-in, then the code screen, then five codes) is
/// met by extending the run that first got there rather than by luck from the start. Where a
/// run stands is the reference's own abstraction of its state (`place`), else one made from
/// its observations: the state, and each count and time it shows in buckets (none, 0 to 5,
/// more; a time by its order of magnitude).
struct Corpus: Sendable {
    struct Entry: Sendable {
        var given: [String: Value]
        var steps: [Input]
        /// The state the prefix ends in.
        var state: String
    }

    /// A place a run reached first, with the length of the prefix that got there and its state.
    struct Novelty: Sendable {
        var place: String
        var length: Int
        var state: String
    }

    /// Entries at most: past this, a place reached first in a state that holds fewer entries
    /// than the fullest one takes the place of that state's oldest entry, so that the few
    /// prefixes into a rare state (the code screen a second time) are not crowded out by the
    /// many places of the first screens.
    static let capacity = 512
    /// How often a run starts from a kept prefix rather than from the start.
    static let startChance = 0.7

    private(set) var entries: [Entry] = []
    private(set) var known: Set<String> = []
    /// The entries by the state they end in, in the order kept.
    private(set) var byState: [String: [Int]] = [:]
    private(set) var states: [String] = []

    /// Where the reference stands after a step, as the corpus tells places apart.
    static func place(_ observations: Observations, model: ModelDeclaration) -> String {
        var parts = [observations[model.stateKey]?.string ?? "?"]
        for observation in model.observations where observation.key != model.stateKey {
            guard let value = observations[observation.key] else { continue }
            switch (observation.type, value) {
            case (_, .null): parts.append("-")
            case (.duration, .int(let milliseconds)), (.optional(.duration), .int(let milliseconds)):
                parts.append(timeBucket(milliseconds))
            case (_, .int(let count)): parts.append(count <= 5 ? String(count) : "6+")
            case (_, .bool(let flag)): parts.append(flag ? "t" : "f")
            default: continue
            }
        }
        return parts.joined(separator: "|")
    }

    static func timeBucket(_ milliseconds: Int) -> String {
        switch milliseconds {
        case ..<1_000: "ms"
        case ..<60_000: "s"
        case ..<3_600_000: "min"
        default: "h"
        }
    }

    /// Keeps the run's prefix up to each place it reached first.
    mutating func add(_ novelties: [Novelty], of probe: Probe) {
        for novelty in novelties where !known.contains(novelty.place) {
            known.insert(novelty.place)
            guard novelty.length > 0 else { continue }
            let entry = Entry(
                given: probe.given, steps: Array(probe.steps.prefix(novelty.length)), state: novelty.state)
            var slot = entries.count
            if entries.count >= Self.capacity {
                // The fullest state, the first of them in the order states were met.
                guard let fullest = states.max(by: { byState[$0]!.count < byState[$1]!.count }),
                    byState[fullest]!.count > (byState[novelty.state]?.count ?? 0) + 1
                else { continue }
                slot = byState[fullest]!.removeFirst()
            }
            if byState[novelty.state] == nil { states.append(novelty.state) }
            byState[novelty.state, default: []].append(slot)
            if slot == entries.count { entries.append(entry) } else { entries[slot] = entry }
        }
    }

    /// Of the starts from a prefix not drawn by state, half are from the newest few: the places
    /// found last are the deepest, and the ones least extended yet.
    static let newest = 32
    static let evenByStateChance = 1.0 / 3
    /// How often a start is aimed: from a prefix into a state where some input was never sent
    /// (`wanting`), when the corpus holds one. The last pairs of a large model sit in states few
    /// runs reach (a platform prompt's rarer error codes), and a verdict needs every one.
    static let aimedChance = 0.25

    /// A prefix to start from (nil: from the start), and whether it was drawn for a state in
    /// `wanting`.
    func pick(_ random: inout SeededRandom, wanting: Set<String> = []) -> (entry: Entry, aimed: Bool)? {
        guard !entries.isEmpty, random.chance(Self.startChance) else { return nil }
        if !wanting.isEmpty, random.chance(Self.aimedChance) {
            let aimedAt = states.filter { wanting.contains($0) }
            if !aimedAt.isEmpty {
                let kept = byState[aimedAt[Int(random.next() % UInt64(aimedAt.count))]] ?? []
                if !kept.isEmpty { return (entries[kept[Int(random.next() % UInt64(kept.count))]], true) }
            }
        }
        // A third of the starts are from a state drawn evenly among those the corpus ends in: a
        // state few runs reach (the code screen behind a sign-in) weighs as much as the first
        // screens that most prefixes end on.
        if random.chance(Self.evenByStateChance) {
            let kept = byState[states[Int(random.next() % UInt64(states.count))]] ?? []
            if !kept.isEmpty { return (entries[kept[Int(random.next() % UInt64(kept.count))]], false) }
        }
        let from = random.chance(0.5) ? max(0, entries.count - Self.newest) : 0
        return (entries[from + Int(random.next() % UInt64(entries.count - from))], false)
    }
}
