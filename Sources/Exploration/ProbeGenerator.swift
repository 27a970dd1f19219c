import Results
import SpecModel

/// Makes probes from the model's declaration alone: worlds from the given keys' types, inputs
/// weighted toward those the current state takes (the declared transitions' triggers) and
/// toward input x state pairs not met yet, clock inputs aimed at the model's timers and at the
/// durations the reference is counting down, one tick either side.
package struct ProbeGenerator: Sendable {
    package let model: ModelDeclaration
    /// Inputs the implementation handles (nil: all); others are never generated.
    package let supported: Set<String>?
    /// Words of one input that each weigh in full (see `Choice.share`).
    static let wordsAtFullWeight = 8
    /// What an input weighs, against its usual weight, in a state where it was met and never
    /// changed what the reference shows or holds (time is always live: it moves timers).
    static let idleWeight = 0.2
    /// Chance that a given key keeps its default in a generated world.
    var keepDefault = 0.6
    /// The longest a probe's clock may run, so a generated probe is always a valid scenario.
    var longestElapsed = 90 * 86_400_000

    /// The input labels that take a transition out of each state (a `*` source's in every one).
    let taken: [String: Set<String>]
    /// Input names and labels some transition names: any other input is a modifier.
    let named: Set<String>
    /// The observation keys that show a duration (a lock's time left): clock inputs aim at them.
    let durationKeys: [String]
    /// The model's states and input labels numbered, so that the pairs met are a table
    /// (`MetPairs`) the generator reads at every input without hashing names.
    let stateIndex: [String: Int]
    let labelIndex: [String: Int]
    let labels: [String]
    let states: [String]
    /// Each input's choices, worked out once in the default world (a shorthand's may differ in
    /// another world: its label is checked each time).
    private(set) var fixedChoices: [String: [Choice]]
    /// Given keys every world keeps at these values.
    package var fixed: [String: Value] = [:]

    package init(model: ModelDeclaration, supported: Set<String>? = nil) {
        self.model = model
        self.supported = supported
        let everywhere = Set(model.transitions.filter { $0.from == "*" }.flatMap(\.inputs))
        var taken: [String: Set<String>] = [:]
        for state in model.stateNames {
            taken[state] = everywhere.union(model.transitions.filter { $0.from == state }.flatMap(\.inputs))
        }
        self.taken = taken
        named = Set(model.transitions.flatMap(\.inputs))
        durationKeys = model.observations.filter { $0.type == .duration || $0.type == .optional(.duration) }.map(\.key)
        states = model.stateNames
        labels = model.inputLabels
        stateIndex = Dictionary(uniqueKeysWithValues: states.enumerated().map { ($1, $0) })
        labelIndex = Dictionary(labels.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        fixedChoices = [:]
        var fixed: [String: [Choice]] = [:]
        for declaration in model.inputs {
            fixed[declaration.name] = choices(of: declaration, given: [:])
        }
        fixedChoices = fixed
    }

    /// The default world (no given key changed) and `count - 1` random ones from `seed`: where
    /// the exhaustive walks start.
    package func worlds(count: Int, seed: UInt64) -> [[String: Value]] {
        [[:]]
            + (1..<max(count, 1)).map { index in
                var random = SeededRandom(seed: seed, run: index)
                return world(&random)
            }
    }

    /// A world: each given key its default or, sometimes, a value of its type chosen to reach
    /// the model's edges (counts near zero, durations at the timers).
    package func world(_ random: inout SeededRandom) -> [String: Value] {
        var world: [String: Value] = [:]
        // Digit strings and instants keep their defaults: the model derives or checks them
        // against other keys (a PIN as long as its declared length).
        for key in model.given where key.type.isChosenFreely && !random.chance(keepDefault) {
            if let value = value(of: key.type, random: &random, observed: []), value != key.defaultValue {
                world[key.key] = value
            }
        }
        world.merge(fixed) { _, kept in kept }
        return world
    }

    /// `world` with one given key drawn again (or put back to its default): a kept prefix
    /// tried in a world next to its own, where the same inputs mostly lead the same way (a
    /// PIN lock reached on Pro, then a sign-in on Perfect, which asks for a code).
    func varied(_ world: [String: Value], _ random: inout SeededRandom) -> [String: Value] {
        let keys = model.given.filter { $0.type.isChosenFreely && fixed[$0.key] == nil }
        guard !keys.isEmpty else { return world }
        let key = keys[Int(random.next() % UInt64(keys.count))]
        var varied = world
        if let value = value(of: key.type, random: &random, observed: []), value != key.defaultValue,
            value != world[key.key]
        {
            varied[key.key] = value
        } else {
            varied[key.key] = nil
        }
        return varied
    }

    /// One choice of input: a declared input (and, for a choice of words, one word).
    /// A class: the generator hands choices around at every input, and a reference is all a
    /// copy costs.
    final class Choice: Sendable {
        let declaration: InputDeclaration
        let word: String?
        /// The label coverage counts it under (a shorthand: its expansion's first input's).
        let label: String
        /// The label's number (nil: not one of the model's input labels).
        let labelNumber: Int?
        /// The states in which it takes a transition, and the same by state number.
        let takenIn: Set<String>
        let takenInNumbered: [Bool]
        /// Every state takes it (`*`: a kill).
        let takenEverywhere: Bool
        let isClock: Bool
        /// No transition names it: it changes what the states do not show (the app in the
        /// background, digits typed), so it is tried as often as a trigger.
        let isModifier: Bool
        /// The part of its input's weight the choice gets: an input with more than
        /// `ProbeGenerator.wordsAtFullWeight` words (a platform's error codes) weighs as much
        /// as that many, so that one input's long list does not crowd out the others.
        let share: Double

        init(
            declaration: InputDeclaration, word: String?, label: String, labelNumber: Int?, takenIn: Set<String>,
            takenInNumbered: [Bool], isClock: Bool, isModifier: Bool
        ) {
            self.declaration = declaration
            self.word = word
            self.label = label
            self.labelNumber = labelNumber
            self.takenIn = takenIn
            self.takenInNumbered = takenInNumbered
            takenEverywhere = !takenInNumbered.isEmpty && takenInNumbered.allSatisfy { $0 }
            self.isClock = isClock
            self.isModifier = isModifier
            if case .oneOf(let words)? = declaration.argument, words.count > ProbeGenerator.wordsAtFullWeight {
                share = Double(ProbeGenerator.wordsAtFullWeight) / Double(words.count)
            } else {
                share = 1
            }
        }
    }

    /// Every input the generator may choose, with the label each is counted under.
    func choices(given: [String: Value]) -> [Choice] {
        model.inputs.flatMap { declaration in
            declaration.expansion == nil
                ? fixedChoices[declaration.name] ?? [] : choices(of: declaration, given: given)
        }
    }

    private func choices(of declaration: InputDeclaration, given: [String: Value]) -> [Choice] {
        let sent = declaration.expansion == nil ? [declaration.name] : sentNames(of: declaration, given: given)
        if let supported, !sent.allSatisfy(supported.contains) { return [] }
        let made: [(word: String?, label: String)]
        if case .oneOf(let words)? = declaration.argument {
            made = words.map { ($0, "\(declaration.name): \($0)") }
        } else {
            let label =
                declaration.expansion == nil
                ? declaration.name
                : sample(of: declaration, given: given).map { model.label(of: $0) } ?? declaration.name
            made = [(nil, label)]
        }
        return made.map { word, label in
            // A shorthand's choice is the same in every world that sends it under the same label.
            if let known = fixedChoices[declaration.name]?.first(where: { $0.word == word && $0.label == label }) {
                return known
            }
            let isClock = declaration.name == model.clockInput
            let takenIn = Set(
                taken.filter { $0.value.contains(label) || (word == nil && $0.value.contains(declaration.name)) }.keys)
            return Choice(
                declaration: declaration, word: word, label: label, labelNumber: labelIndex[label], takenIn: takenIn,
                takenInNumbered: states.map(takenIn.contains), isClock: isClock,
                isModifier: !isClock && !named.contains(label) && !named.contains(declaration.name))
        }
    }

    private func sample(of declaration: InputDeclaration, given: [String: Value]) -> Input? {
        guard let expansion = declaration.expansion, let type = declaration.argument else { return nil }
        var random = SeededRandom(seed: 0)
        guard let argument = value(of: type, random: &random, observed: [], given: given) else { return nil }
        return expansion(argument).first
    }

    private func sentNames(of declaration: InputDeclaration, given: [String: Value]) -> [String] {
        guard let expansion = declaration.expansion, let type = declaration.argument else { return [] }
        var random = SeededRandom(seed: 0)
        guard let argument = value(of: type, random: &random, observed: [], given: given) else { return [] }
        return Array(Set(expansion(argument).map(\.name)))
    }

    /// The next input in `state`, after `observations`, given the pairs met so far. `recent`
    /// holds the virtual times of the latest inputs other than clock inputs: a clock input may
    /// be aimed so that a timer runs out, one tick either side, counted from any of them (a
    /// lock from the failure that set it, an absence from leaving the app).
    func next(
        in state: String, observations: Observations, given: [String: Value], elapsed: Int, recent: [Int],
        choices: [Choice], met: MetPairs, random: inout SeededRandom
    ) -> (input: Input, choice: Choice)? {
        // Just after the clock moved (a timer may have run out), the state's triggers are what
        // tells whether it did.
        let afterClock = (recent.last ?? 0) < elapsed
        let row = stateIndex[state]
        let weights = choices.map { choice -> Double in
            var weight = 1.0
            // A trigger of this state's, not one every state takes (a kill): those lose the way in.
            if !choice.takenEverywhere, row.map({ choice.takenInNumbered[$0] }) ?? choice.takenIn.contains(state) {
                weight += afterClock ? 12 : 4
            }
            if choice.isModifier { weight += 4 }
            if !met.contains(state: row, label: choice.labelNumber, InputInState(state: state, input: choice.label)) {
                weight += 6
            } else if !choice.isClock,
                !met.isLive(state: row, label: choice.labelNumber, InputInState(state: state, input: choice.label))
            {
                // Met here and never changed a thing: still tried, less often.
                weight *= Self.idleWeight
            }
            if choice.isClock { weight += 3 }
            return weight * choice.share
        }
        guard let picked = random.pick(weights: weights) else { return nil }
        let choice = choices[picked]
        return nextInput(
            choice, observations: observations, given: given, elapsed: elapsed, recent: recent, random: &random
        ).map { ($0, choice) }
    }

    /// The input `choice` makes now: its word, or an argument drawn for this moment.
    func nextInput(
        _ choice: Choice, observations: Observations, given: [String: Value], elapsed: Int, recent: [Int],
        random: inout SeededRandom
    ) -> Input? {
        if let word = choice.word { return Input(choice.declaration.name, .string(word)) }
        guard let type = choice.declaration.argument else { return Input(choice.declaration.name) }
        // Durations the screen shows (a lock's time left), for an input that takes a duration.
        var durations =
            type == .duration || type == .optional(.duration) ? durationKeys.compactMap { observations[$0]?.int } : []
        // Half the time a clock input ends a timer started by the latest input (an absence
        // from leaving the app, a lock from the failure that set it), one tick either side.
        if choice.isClock, let latest = recent.last, random.chance(0.5) {
            let ends = model.timers.map { latest + $0 - elapsed }.filter { $0 > 0 }
            // A third of those, one advance to the last timer's end that any recent input
            // started, one tick either side: every earlier end falls inside it, where each must
            // act at its own instant, in time order (a clock that acts only at the end of an
            // advance differs here, and nowhere a probe splits the advance).
            let spanned = recent.flatMap { time in model.timers.map { time + $0 - elapsed } }.filter { $0 > 0 }
            if spanned.count > 1, random.chance(1.0 / 3), let last = spanned.max() {
                let tick = random.chance(0.5) ? 0 : (random.chance(0.5) ? -1 : 1)
                return Input(choice.declaration.name, .int(max(1, last + tick)))
            }
            if !ends.isEmpty {
                let end = ends[Int(random.next() % UInt64(ends.count))]
                let tick = random.chance(0.5) ? 0 : (random.chance(0.5) ? -1 : 1)
                return Input(choice.declaration.name, .int(max(1, end + tick)))
            }
        }
        if choice.isClock {
            durations += recent.flatMap { time in model.timers.map { time + $0 - elapsed } }.filter { $0 > 0 }
        }
        guard var argument = value(of: type, random: &random, observed: durations, given: given, elapsed: elapsed)
        else { return nil }
        if choice.declaration.name == model.clockInput, let milliseconds = argument.int,
            elapsed + milliseconds > longestElapsed
        {
            argument = .int(1 + Int(random.next() % 1000))
        }
        return Input(choice.declaration.name, argument)
    }

    /// A value of `type`: durations at a timer or an `observed` duration (one tick either side,
    /// or the time itself), else a short random time; whole numbers near the bottom of their
    /// range; digit strings the world's own (a right PIN) or one digit off it.
    func value(
        of type: ValueType, random: inout SeededRandom, observed: [Int], given: [String: Value] = [:], elapsed: Int = 0
    ) -> Value? {
        switch type {
        case .bool: return .bool(random.chance(0.5))
        case .oneOf(let words): return words.isEmpty ? nil : .string(words[Int(random.next() % UInt64(words.count))])
        case .integerIn(let choices):
            return choices.isEmpty ? nil : .int(choices[Int(random.next() % UInt64(choices.count))])
        case .integer(let range):
            if random.chance(0.1) { return .int(random.chance(0.5) ? range.lowerBound : range.upperBound) }
            let span = min(range.upperBound - range.lowerBound, 9)
            return .int(range.lowerBound + Int(random.next() % UInt64(span + 1)))
        case .duration:
            let marks = model.timers + observed
            if !marks.isEmpty && random.chance(0.7) {
                let mark = marks[Int(random.next() % UInt64(marks.count))]
                // The mark itself half the time, else a tick before or after it.
                let tick = random.chance(0.5) ? 0 : (random.chance(0.5) ? -1 : 1)
                return .int(max(1, mark + tick))
            }
            return .int(1 + Int(random.next() % 120_000))
        case .digits:
            // The world's own digit strings (its keys declared as digits, in order), then
            // those the model says mean something now: one of them, or one digit off it.
            let known = model.ownDigits(given) + (model.meaningfulDigits?(given, elapsed) ?? [])
            guard !known.isEmpty else { return .string(String(repeating: "0", count: 4)) }
            // One string draws nothing, so a model with no more than its PIN keeps its sequences.
            let right = known.count == 1 ? known[0] : known[Int(random.next() % UInt64(known.count))]
            if random.chance(0.6) { return .string(right) }
            let last = (right.last?.wholeNumberValue ?? 0) + 1 + Int(random.next() % 8)
            return .string(String(right.dropLast()) + String(last % 10))
        case .optional(let wrapped):
            return random.chance(0.5)
                ? .null : value(of: wrapped, random: &random, observed: observed, given: given, elapsed: elapsed)
        case .string, .instant, .state, .list, .event, .record, .table, .partial: return nil
        }
    }
}

extension ValueType {
    var isChosenFreely: Bool {
        switch self {
        case .bool, .oneOf, .integerIn, .integer, .duration: return true
        case .optional(let wrapped): return wrapped.isChosenFreely
        case .digits, .string, .instant, .state, .list, .event, .record, .table, .partial: return false
        }
    }
}
