/// The places in a reducer's state where apps get behaviour wrong, declared once per model so
/// that behavioural mutation operators can be generated from them rather than written one by
/// one: the moments timers start from or end at, the counters, what outlives the process and
/// what must not, and the phase the state is in.
public struct StateSeams<State: Sendable>: Sendable {
    /// One whole-number field (a time in ms since 1970, a count, a flag as 0 or 1), or nil
    /// where the field is empty.
    public struct Field: Sendable {
        public var name: String
        public var get: @Sendable (State) -> Int?
        public var set: @Sendable (inout State, Int?) -> Void
        /// What a fresh install holds: the value the field falls back to when it is lost.
        public var fresh: Int?
        /// Whether other timers can be counted from it: a moment that lasts only while the app
        /// is away (a background's) is no origin for what the screen times.
        public var isOrigin = true

        public init(
            _ name: String, fresh: Int? = nil, get: @escaping @Sendable (State) -> Int?,
            set: @escaping @Sendable (inout State, Int?) -> Void
        ) {
            self.name = name
            self.fresh = fresh
            self.get = get
            self.set = set
        }

        /// This field, never an origin for other timers.
        public func notAnOrigin() -> Self {
            var field = self
            field.isOrigin = false
            return field
        }

        /// The same field seen from a state that holds this one (a parent reducer's).
        public func scoped<Outer: Sendable>(
            get outer: @escaping @Sendable (Outer) -> State, set inner: @escaping @Sendable (inout Outer, State) -> Void
        ) -> StateSeams<Outer>.Field {
            let get = self.get
            let set = self.set
            var field = StateSeams<Outer>.Field(
                name, fresh: fresh, get: { get(outer($0)) },
                set: { state, value in
                    var child = outer(state)
                    set(&child, value)
                    inner(&state, child)
                })
            field.isOrigin = isOrigin
            return field
        }
    }

    /// Starts of timers and deadlines, as times on the virtual clock.
    public var moments: [Field]
    public var counters: [Field]
    /// Fields that must outlive the process (the store).
    public var durable: [Field]
    /// Fields that must die with the process (the screen).
    public var volatile: [Field]
    public var phase: @Sendable (State) -> String
    public var phases: [String]
    /// The phase of a process that is not running.
    public var stopped: String

    public init(
        moments: [Field], counters: [Field], durable: [Field], volatile: [Field],
        phases: [String], stopped: String, phase: @escaping @Sendable (State) -> String
    ) {
        self.moments = moments
        self.counters = counters
        self.durable = durable
        self.volatile = volatile
        self.phases = phases
        self.stopped = stopped
        self.phase = phase
    }
}

/// A behavioural mutant's change to one reduce step: what `before` became (`next`) at `now`
/// is altered the way an app's bug would alter it.
public struct SeamAlteration<State: Sendable>: Sendable {
    public var id: String
    public var kind: String
    public var summary: String
    public var alter: @Sendable (_ before: State, _ now: Int, _ next: inout State) -> Void
}

extension StateSeams {
    /// Where `state` stands, abstracted: its phase, each counter up to 5 (more as `6+`), and
    /// which moments and stored fields are set.
    public func place(of state: State) -> String {
        // Bytes appended in room made once, one string made of them: explore asks at every step.
        var place: [UInt8] = []
        place.reserveCapacity(32 + 3 * (counters.count + moments.count + durable.count))
        place.append(contentsOf: phase(state).utf8)
        let bar = UInt8(ascii: "|")
        for counter in counters {
            place.append(bar)
            switch counter.get(state) {
            case nil: place.append(UInt8(ascii: "-"))
            case let count? where (0...5).contains(count): place.append(UInt8(ascii: "0") + UInt8(count))
            case let count? where count > 5: place.append(contentsOf: "6+".utf8)
            case let count?: place.append(contentsOf: String(count).utf8)
            }
        }
        // Two loops, not `moments + durable`: no array made per call.
        func mark(_ field: Field) {
            let value = field.get(state)
            place.append(bar)
            place.append(UInt8(ascii: value == nil ? "-" : value == field.fresh ? "0" : "+"))
        }
        for field in moments { mark(field) }
        for field in durable { mark(field) }
        return String(decoding: place, as: UTF8.self)
    }

    /// Every operator over every seam it applies to.
    public func alterations() -> [SeamAlteration<State>] {
        remeasured() + countersKept() + countersReset() + lostAtDeath() + keptAtDeath()
    }

    /// "PIN failures" as `pin-failures`, "BiometricPrompt" as `biometric-prompt`.
    static func slug(_ text: String) -> String {
        let characters = Array(text)
        var out = ""
        for (index, character) in characters.enumerated() {
            let previous = index > 0 ? characters[index - 1] : nil
            let following = index + 1 < characters.count ? characters[index + 1] : nil
            let startsWord =
                character.isUppercase
                && (previous?.isLowercase == true || (previous?.isUppercase == true && following?.isLowercase == true))
            if startsWord, out.last != "-" { out += "-" }
            if character.isLetter || character.isNumber {
                out += character.lowercased()
            } else if out.last != "-" {
                out += "-"
            }
        }
        return out
    }

    /// A timer measured from another moment: whenever a step sets `timer` (a start or a
    /// deadline), it is measured from `origin` instead of the step's own time.
    func remeasured() -> [SeamAlteration<State>] {
        moments.flatMap { timer in
            moments.filter { $0.name != timer.name && $0.isOrigin }.map { origin in
                SeamAlteration(
                    id: "\(Self.slug(timer.name))-measured-from-\(Self.slug(origin.name))",
                    kind: "timer measured from another moment",
                    summary: "\(timer.name) is counted from \(origin.name), not from the step that sets it"
                ) { before, now, next in
                    guard let value = timer.get(next), value != timer.get(before),
                        let from = origin.get(next) ?? origin.get(before), from != now
                    else { return }
                    timer.set(&next, value - now + from)
                }
            }
        }
    }

    /// A counter not reset on the path out of one phase: where the reference lowers it on a
    /// step from `phase`, the app keeps it.
    func countersKept() -> [SeamAlteration<State>] {
        counters.flatMap { counter in
            phases.map { phase in
                SeamAlteration(
                    id: "\(Self.slug(counter.name))-not-reset-from-\(Self.slug(phase))",
                    kind: "counter not reset",
                    summary: "\(counter.name) is not reset on a step from \(phase)"
                ) { before, _, next in
                    guard self.phase(before) == phase, let was = counter.get(before), let now = counter.get(next),
                        now < was
                    else { return }
                    counter.set(&next, was)
                }
            }
        }
    }

    /// A counter reset on entering a phase where the reference keeps it.
    func countersReset() -> [SeamAlteration<State>] {
        counters.flatMap { counter in
            phases.map { phase in
                SeamAlteration(
                    id: "\(Self.slug(counter.name))-reset-entering-\(Self.slug(phase))",
                    kind: "counter reset",
                    summary: "\(counter.name) starts again whenever \(phase) is entered"
                ) { before, _, next in
                    guard self.phase(next) == phase, self.phase(before) != phase, let count = counter.get(next),
                        count != counter.fresh
                    else { return }
                    counter.set(&next, counter.fresh)
                }
            }
        }
    }

    /// A stored field kept in memory only: process death loses it.
    func lostAtDeath() -> [SeamAlteration<State>] {
        durable.map { field in
            SeamAlteration(
                id: "\(Self.slug(field.name))-lost-at-kill", kind: "not persisted",
                summary: "\(field.name) is kept in memory only, so a kill loses it"
            ) { before, _, next in
                guard self.phase(before) != self.stopped, self.phase(next) == self.stopped else { return }
                field.set(&next, field.fresh)
            }
        }
    }

    /// A screen's field kept where it should die: the next launch starts with the value it had
    /// when the process died.
    func keptAtDeath() -> [SeamAlteration<State>] {
        volatile.map { field in
            SeamAlteration(
                id: "\(Self.slug(field.name))-kept-across-kill", kind: "volatile persisted",
                summary: "\(field.name) is persisted, so a relaunch starts from the value it had at the kill"
            ) { before, _, next in
                // At the kill the dead screen keeps it; at the launch the new screen takes it.
                if (self.phase(before) == self.stopped) != (self.phase(next) == self.stopped) {
                    field.set(&next, field.get(before))
                }
            }
        }
    }
}
