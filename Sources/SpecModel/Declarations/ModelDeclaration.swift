/// Everything a spec model declares about itself, as data: the states it can be in, the
/// inputs it accepts, the world it starts from, what can be observed, and its transitions
/// with the clauses they come from. The loader, the runner, the reporters and the coverage
/// graphs all read this one declaration.
public struct ModelDeclaration: Sendable {
    public var name: String
    /// The state before the first input, and the observation keys that report the current
    /// state and the states entered: coverage and traces read them.
    public var initialState: String
    public var stateKey = "state"
    public var statesKey = "states"
    public var states: [StateDeclaration]
    public var inputs: [InputDeclaration]
    public var given: [KeyDeclaration]
    public var observations: [ObservationDeclaration]
    /// The keys the reference can report as a driver would: every key but those whose values
    /// it states as bounds (`ObservationDeclaration.referenceStatesBounds`).
    public var keysTheReferenceServes: [String] {
        observations.filter { !$0.referenceStatesBounds }.map(\.key)
    }
    public var transitions: [TransitionDeclaration]
    /// Named sets of observation keys an implementation must observe to be gated on them
    /// (`--profile`), smallest first. `full`, every key the app reports, is always there; `ui`,
    /// every key with those measured on the rendered screen, follows it when the model has any.
    public var profiles: [ConformanceProfile]
    /// The input that moves the virtual clock (its argument a duration), if the model has one:
    /// the runner times inputs with it, the loader bounds the clock with it.
    public var clockInput: String?
    /// Durations after which the model acts by itself (a lock ends, a session expires), in
    /// milliseconds: exploration aims clock inputs and given durations at them, one tick either side.
    public var timers: [Int]
    /// Rules every step must keep, checked on every implementation whatever a scenario expects.
    public var invariants: [Invariant] = []
    /// The screens the model is made of, each a group of its states, for diagrams drawn a
    /// screen at a time; empty: one diagram of every state. Every state is in one group.
    public var screenGroups: [ScreenGroup] = []
    /// Worlds the abstract machine starts from besides each closed given key's values: values
    /// of open keys (a count, a duration) that a rule tells apart, one world each.
    public var worldClasses: [[String: Value]] = []
    /// Where the abstract machine advances the clock, in ms from the next deadline: 1 ms
    /// before, at and after it by default. A model whose timers run beside each other may
    /// keep only 0: every offset left behind by a timer that is then stopped shifts the others'
    /// time left by that much, a new state each time, and the machine does not close.
    public var deadlineOffsets: [Int] = [-1, 0, 1]
    /// Inputs whose argument means something only at the moment it is sent (a one-time code
    /// good now): the abstract machine sends each of their classes instead of fixed values.
    public var momentArguments: [MomentArgument] = []
    /// Where the model's diagram comes from, for legends: `SCR-AUTH-006 §5.1`.
    public var diagramSource: String
    /// A clause as scenarios cite it, for examples in messages.
    public var exampleClause: String
    /// Completes a world whose keys all have values (defaults filled in): derives what depends
    /// on other keys and checks what no single key's type can express (a PIN as long as its
    /// declared length). Each problem names the key it is about.
    public var resolveGiven:
        @Sendable ([String: Value]) -> (given: [String: Value], problems: [(key: String, message: String)])
    /// The digit strings that mean something in a world at a moment on the virtual clock (a
    /// one-time code good now, one just expired), for generated inputs to try beside the
    /// world's own (a right PIN). nil: only the world's own.
    public var meaningfulDigits: (@Sendable (_ given: [String: Value], _ elapsed: Int) -> [String])?

    public init(
        name: String, initialState: String, states: [StateDeclaration], inputs: [InputDeclaration],
        given: [KeyDeclaration], observations: [ObservationDeclaration],
        transitions: [TransitionDeclaration], profiles: [ConformanceProfile] = [], clockInput: String? = nil,
        timers: [Int] = [], diagramSource: String = "the spec",
        exampleClause: String = "DOC-1 §1.2",
        resolveGiven:
            @escaping @Sendable ([String: Value]) -> (
                given: [String: Value], problems: [(key: String, message: String)]
            ) = { ($0, []) }
    ) {
        self.name = name
        self.initialState = initialState
        self.states = states
        self.inputs = inputs
        self.given = given
        self.observations = observations
        self.transitions = transitions
        let rendered = observations.filter { $0.level == .ui }.map(\.key)
        self.profiles =
            profiles.filter { $0.name != ConformanceProfile.full && $0.name != ConformanceProfile.ui }
            + [
                ConformanceProfile(
                    ConformanceProfile.full, keys: observations.filter { $0.level == .app }.map(\.key),
                    rendered.isEmpty
                        ? "every observation the model declares"
                        : "every observation the app reports (the rendered screen's are profile \(ConformanceProfile.ui)'s)"
                )
            ]
            + (rendered.isEmpty
                ? []
                : [
                    ConformanceProfile(
                        ConformanceProfile.ui, keys: observations.map(\.key),
                        "every observation, with what a UI-level driver measures on the rendered app: "
                            + rendered.joined(separator: ", "))
                ])
        self.clockInput = clockInput
        self.timers = timers
        self.diagramSource = diagramSource
        self.exampleClause = exampleClause
        self.resolveGiven = resolveGiven
    }

    public var stateNames: [String] { states.map(\.name) }

    /// A world's own digit strings (a PIN): the values of the given keys declared as digits, in
    /// the declaration's order.
    public func ownDigits(_ given: [String: Value]) -> [String] {
        self.given.filter { $0.type == .digits || $0.type == .optional(.digits) }.compactMap { given[$0.key]?.string }
            .filter { !$0.isEmpty }
    }

    /// The states an input can arrive in: all but those the app only passes through within a
    /// step, whose every way out it takes by itself at once, waiting for no input and no time
    /// (a check, a count reached; not the 0.5 s success animation).
    public var waitingStates: [String] {
        stateNames.filter { state in
            let out = transitions.filter { $0.from == state }
            return out.isEmpty || !out.allSatisfy { $0.automatic && $0.inputs.isEmpty }
        }
    }

    /// The observation keys whose values are state names (`state`, `states`): a driver's own
    /// names are mapped to the model's in these.
    public var stateValuedKeys: [String] {
        observations.filter { $0.type == .state || $0.type == .list(.state) || $0.type == .optional(.state) }.map(\.key)
    }

    /// `state,states`: observation keys of the model, each checked; an unknown one is a usage
    /// problem, returned as one sentence.
    public func observationKeys(_ list: String) -> Result<Set<String>, SettingProblem> {
        let keys = NameList.items(list, keepingEmpty: false)
        let known = observations.map(\.key)
        if let unknown = keys.first(where: { !known.contains($0) }) {
            return .failure(
                SettingProblem(
                    message:
                        "'\(unknown)' is not an observation key of the \(name) model (\(known.joined(separator: ", ")))"
                ))
        }
        return .success(Set(keys))
    }

    public func input(named name: String) -> InputDeclaration? {
        inputs.first { $0.name == name }
    }

    public func observation(named key: String) -> ObservationDeclaration? {
        observations.first { $0.key == key }
    }

    public func profile(named name: String) -> ConformanceProfile? {
        profiles.first { $0.name == name }
    }

    public func givenKey(named key: String) -> KeyDeclaration? {
        given.first { $0.key == key }
    }

    /// How coverage names an input: inputs with a choice of arguments count once per choice
    /// (`tap: forgot_pin`); others by name.
    public func label(of input: Input) -> String {
        if case .oneOf? = self.input(named: input.name)?.argument, let word = input.argument?.string {
            return "\(input.name): \(word)"
        }
        return input.name
    }

    /// The state an implementation is in after an input, from what it observed: its state key,
    /// else the last state it entered, else the state it was in.
    public func state(after observations: Observations, from before: String) -> String {
        observations[stateKey]?.string ?? observations[statesKey]?.list?.compactMap(\.string).last ?? before
    }

    /// The states an input entered, in order: its states-entered key where that was observed,
    /// else the state it moved to from `before` when the model declares that move (a model or a
    /// driver that reports only its state shows no state entered and left within one input, so
    /// a move the model makes through other states is not guessed at). Every reader of states
    /// entered (coverage, generation, model checking, clauses) asks here.
    public func statesEntered(after observations: Observations, from before: String?) -> [String] {
        if let entered = observations[statesKey]?.list { return entered.compactMap(\.string) }
        guard let now = observations[stateKey]?.string, let before, now != before,
            transitions.contains(where: { ($0.from == before || $0.from == "*") && $0.to == now })
        else { return [] }
        return [now]
    }

    /// The declared transition (index into `transitions`) an observed move is, an exact one
    /// before a `*` one.
    public func declaredTransition(from: String, to: String) -> Int? {
        transitions.firstIndex { $0.from == from && $0.to == to }
            ?? transitions.firstIndex { $0.from == "*" && $0.to == to }
    }

    /// Every input label a scenario can send (shorthands excluded: they arrive expanded).
    public var inputLabels: [String] {
        inputs.filter { $0.expansion == nil }.flatMap { declaration -> [String] in
            if case .oneOf(let words)? = declaration.argument { return words.map { "\(declaration.name): \($0)" } }
            return [declaration.name]
        }
    }
}

/// What an implementation must observe to be gated on a set of keys: a scenario whose
/// expectations it cannot observe is not checked, so a run under a profile it does not meet
/// fails, however its scenarios end.
public struct ConformanceProfile: Sendable, Equatable {
    public static let full = "full"
    public static let ui = "ui"

    public var name: String
    public var keys: [String]
    public var summary: String

    public init(_ name: String, keys: [String], _ summary: String) {
        self.name = name
        self.keys = keys
        self.summary = summary
    }

    /// The profile's keys an implementation observing `observed` does not, in the profile's order.
    public func missing(from observed: some Sequence<String>) -> [String] {
        let observed = Set(observed)
        return keys.filter { !observed.contains($0) }
    }
}

/// Where a piece of the model comes from: a spec clause, or a reading of the reference's
/// own where the spec is silent or contradicts itself (an `INT-` id in docs/interpretations.md).
public enum Provenance: Sendable, Equatable {
    case spec(String)
    case interpretation(String)
}

public struct StateDeclaration: Sendable {
    public var name: String
    public var provenance: Provenance
    public var summary: String

    public init(_ name: String, _ provenance: Provenance, _ summary: String) {
        self.name = name
        self.provenance = provenance
        self.summary = summary
    }
}

public struct InputDeclaration: Sendable {
    public var name: String
    /// nil for an input written alone (`- launch`), else the type of its argument.
    public var argument: ValueType?
    public var summary: String
    /// For a shorthand such as `enter_pin: "1234"`: the inputs it stands for. Implementations
    /// only ever see the expanded inputs.
    public var expansion: (@Sendable (Value) -> [Input])?

    public init(
        _ name: String, argument: ValueType? = nil, _ summary: String,
        expandsTo expansion: (@Sendable (Value) -> [Input])? = nil
    ) {
        self.name = name
        self.argument = argument
        self.summary = summary
        self.expansion = expansion
    }

    /// The expansion of a `.digits` shorthand: one `input` per digit, its argument the digit.
    /// The loader has checked the text is ASCII digits, so it is read byte by byte.
    public static func oneInputPerDigit(_ input: String) -> @Sendable (Value) -> [Input] {
        { value in
            (value.string ?? "").utf8.compactMap { byte in
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    ? Input(input, .int(Int(byte - UInt8(ascii: "0")))) : nil
            }
        }
    }
}

public struct KeyDeclaration: Sendable {
    public var key: String
    public var type: ValueType
    public var defaultValue: Value
    public var summary: String

    public init(_ key: String, _ type: ValueType, default defaultValue: Value, _ summary: String) {
        self.key = key
        self.type = type
        self.defaultValue = defaultValue
        self.summary = summary
    }
}

public struct ObservationDeclaration: Sendable {
    /// `snapshot`: the value after the step. `log`: a list of everything that happened during
    /// the step, concatenated over a repeated step.
    public enum Kind: Sendable { case snapshot, log }
    /// `app`: what the app's own logic or platform calls show, which a driver over the app's
    /// code reports. `ui`: what is measured on the drawn screen (frames, an accessibility
    /// audit), which only a UI-level driver reports; outside `full`, in profile `ui`.
    public enum Level: Sendable { case app, ui }

    public var key: String
    public var type: ValueType
    public var kind: Kind
    public var level: Level
    public var summary: String
    /// The reference states some of its values as the documents' bounds (`{at_least: 450}`)
    /// rather than measuring them: compared against, never served as a driver's report, which
    /// the runner refuses (a bound where a measurement is due).
    public var referenceStatesBounds: Bool

    public init(
        _ key: String, _ type: ValueType, _ kind: Kind, level: Level = .app, referenceStatesBounds: Bool = false,
        _ summary: String
    ) {
        self.key = key
        self.type = type
        self.kind = kind
        self.level = level
        self.referenceStatesBounds = referenceStatesBounds
        self.summary = summary
    }
}

public struct TransitionDeclaration: Sendable, Hashable {
    public var from: String
    public var to: String
    /// What takes it, in words, for people.
    public var trigger: String
    /// What takes it, for tools: the inputs, named as coverage names them (`digit`,
    /// `tap: forgot_pin`), that take it from `from` as the first move of a step. Empty for a
    /// transition the app takes only by itself, after another one in the same step.
    public var inputs: [String]
    public var provenance: String
    /// True for a transition the spec's diagram lacks and the reference adds.
    public var addedByReference: Bool
    /// The label the spec's own diagram gives it (SCR-AUTH-006 §5.1), for comparing documents.
    public var specLabel: String?
    /// Taken by the app itself at once, with no input (a check, a count reached, the 0.5 s
    /// success animation): a document may draw straight past the state it leaves. A lock's
    /// cooldown is not: minutes pass, and the user sees the blocked screen.
    public var automatic: Bool

    public init(
        _ from: String, _ to: String, _ trigger: String, on inputs: [String] = [], _ provenance: String,
        added: Bool = false, label specLabel: String? = nil, automatic: Bool = false
    ) {
        self.from = from
        self.to = to
        self.trigger = trigger
        self.inputs = inputs
        self.provenance = provenance
        self.addedByReference = added
        self.specLabel = specLabel
        self.automatic = automatic
    }
}

/// A screen, or a few screens drawn together: a title and the states it holds.
public struct ScreenGroup: Sendable, Equatable {
    public var title: String
    public var states: [String]

    public init(_ title: String, states: [String]) {
        self.title = title
        self.states = states
    }
}

/// An input whose argument is what it is only at the moment it is sent: the abstract machine
/// sends one symbol per class (the code good now, the one before), each made concrete from
/// the world and the virtual time when sent, so a state sees the class, never the digits.
public struct MomentArgument: Sendable {
    public var input: String
    /// Each class as a reader names it.
    public var classes: [String]
    /// The argument of class `index` in a world (its given keys resolved) `elapsed` ms after it
    /// started.
    public var resolve: @Sendable (_ given: [String: Value], _ elapsed: Int, _ index: Int) -> Value

    public init(
        input: String, classes: [String],
        resolve: @escaping @Sendable (_ given: [String: Value], _ elapsed: Int, _ index: Int) -> Value
    ) {
        self.input = input
        self.classes = classes
        self.resolve = resolve
    }
}
