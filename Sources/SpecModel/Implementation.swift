/// One input as a scenario gives it: the model's input name and its decoded argument.
public struct Input: Sendable, Equatable, CustomStringConvertible {
    public var name: String
    public var argument: Value?

    public init(_ name: String, _ argument: Value? = nil) {
        self.name = name
        self.argument = argument
    }

    /// `launch`, `biometric: cancel`, `enter_pin: "0000"`: words bare, other text quoted.
    public var description: String {
        guard let argument else { return name }
        if let word = argument.string, !word.isEmpty, word.allSatisfy({ $0.isLetter || $0 == "_" }) {
            return "\(name): \(word)"
        }
        return "\(name): \(argument)"
    }
}

/// Observed values by key, after one input.
public typealias Observations = [String: Value]

/// A failure inside the implementation under test, not a disagreement with the spec.
public enum ImplementationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The implementation does not handle this input or world (a skip, not a failure).
    case unsupported(String)
    /// The implementation broke: crashed, timed out, or reported an error of its own.
    case failed(String)
    /// A driver in another process broke, in one of the ways `DriverFailure` names.
    case driver(DriverFailure)

    public var description: String {
        switch self {
        case .unsupported(let why): return "unsupported: \(why)"
        case .failed(let why): return why
        case .driver(let failure): return failure.message
        }
    }

    /// How a driver failed, when it was one.
    public var driverFailure: DriverFailure? {
        if case .driver(let failure) = self { return failure }
        return nil
    }
}

/// The seam between the runner and whatever is under test: the reference machine, an
/// in-process Swift implementation, or a subprocess driver. One scenario at a time:
/// `start` with the world, `perform` each input at a virtual time, then `finish`.
public protocol ImplementationUnderTest {
    var name: String { get }
    /// The observation keys this implementation reports; checks on others are skipped.
    var observedKeys: Set<String> { get }
    /// The inputs it handles, or nil for every input of the model. A scenario that uses any
    /// other input is skipped before anything is sent.
    var supportedInputs: Set<String>? { get }

    /// Sets up the world (every given key present, defaults filled in) at virtual time 0.
    mutating func start(scenario: String, given: [String: Value]) throws(ImplementationError)
    /// Applies one input at `milliseconds` on the virtual clock; returns what it observed.
    mutating func perform(_ input: Input, atMilliseconds milliseconds: Int) throws(ImplementationError)
        -> Observations
    /// Applies inputs in order, each at its virtual time, and returns their observations.
    /// Stops at the first error, which is then the last element. An implementation in another
    /// process overrides it to keep several requests in flight; by default it calls `perform`.
    mutating func perform(_ inputs: [TimedInput]) -> [Result<Observations, ImplementationError>]
    mutating func finish()
    /// What went wrong in `finish` (a driver's reset after the scenario), once: the scenario
    /// just run errs with it. Nil by default.
    mutating func finishProblem() -> ImplementationError?

    /// Before the first scenario: a driver's process and handshake. A failure is remembered
    /// and errors every scenario with its reason, so it is not thrown here.
    mutating func prepare()
    /// After the last scenario: a driver's process is ended.
    mutating func close()
    /// What the implementation says of itself, for the reports.
    var identity: ImplementationIdentity { get }
    /// Where it stands now, abstracted (a reference's phase with its counts and which of its
    /// timers and stored fields are set), for exploration to tell new places from known ones;
    /// nil when it cannot say (a driver), and exploration abstracts the observations instead.
    var place: String? { get }
}

/// Who ran: a driver's command line, what its hello said, how often it was restarted, where
/// its stderr went. Empty for an implementation in this process.
public struct ImplementationIdentity: Sendable, Equatable {
    public var command: String?
    public var version: String?
    public var language: String?
    public var restarts: Int
    public var log: String?

    public init(
        command: String? = nil, version: String? = nil, language: String? = nil, restarts: Int = 0, log: String? = nil
    ) {
        self.command = command
        self.version = version
        self.language = language
        self.restarts = restarts
        self.log = log
    }
}

/// An input and the virtual time it happens at, in milliseconds since the scenario's time 0.
public struct TimedInput: Sendable, Equatable {
    public var input: Input
    public var milliseconds: Int

    public init(_ input: Input, atMilliseconds milliseconds: Int) {
        self.input = input
        self.milliseconds = milliseconds
    }
}

extension ImplementationUnderTest {
    public var supportedInputs: Set<String>? { nil }
    public var place: String? { nil }
    public mutating func prepare() {}
    public mutating func close() {}
    public var identity: ImplementationIdentity { ImplementationIdentity() }
    public mutating func finishProblem() -> ImplementationError? { nil }

    public mutating func perform(_ inputs: [TimedInput]) -> [Result<Observations, ImplementationError>] {
        var results: [Result<Observations, ImplementationError>] = []
        for timed in inputs {
            do {
                results.append(.success(try perform(timed.input, atMilliseconds: timed.milliseconds)))
            } catch {
                results.append(.failure(error))
                break
            }
        }
        return results
    }
}

/// An implementation whose whole state can be saved and put back, so that an exhaustive
/// search visits each state once (`check-model` on a reference).
public protocol StateSaving: ImplementationUnderTest {
    associatedtype Saved: Hashable
    /// The state now, or nil before `start`.
    func save() -> Saved?
    mutating func restore(_ saved: Saved)
    /// The state now as seen from virtual time `milliseconds` (see `RelativeState`); nil when
    /// the implementation gives no such form.
    func relativeState(atMilliseconds milliseconds: Int) -> RelativeState?
    /// `observations` as the relative form sees them: a value that counts from a moment the
    /// form leaves out (a time since the screen appeared) or past a count it caps, replaced by
    /// what it is in the form's terms.
    func relativeObservations(_ observations: Observations) -> Observations
}

extension StateSaving {
    public func relativeState(atMilliseconds milliseconds: Int) -> RelativeState? { nil }
    public func relativeObservations(_ observations: Observations) -> Observations { observations }
}

/// A state as seen from the present: every moment as its distance from now, one too far past
/// or too far ahead to matter as such, no wall clock. Two states with one form behave alike
/// from here on, if the form is sound (the abstract machine checks that it is).
public struct RelativeState: Hashable, @unchecked Sendable {
    /// The state's relative form, compared whole.
    public var form: AnyHashable
    /// Each instant ahead at which a rule acts or reads the clock differently (a timer's end,
    /// a lifetime's), as its distance from now in ms: where the clock is advanced to.
    public var moments: [Int]

    public init(form: AnyHashable, moments: [Int]) {
        self.form = form
        self.moments = moments
    }
}

extension Dictionary where Key == String, Value == SpecModel.Value {
    /// The same as `==`, but two observations made from one template (copies keep their
    /// original's hash seed and size, so their entries lie in the same order) are walked side
    /// by side with no key hashed; any other pair is compared by `==`.
    public func equals(_ other: Self) -> Bool {
        guard count == other.count else { return false }
        var mine = makeIterator()
        var theirs = other.makeIterator()
        while let (key, value) = mine.next(), let (otherKey, otherValue) = theirs.next() {
            // Laid out differently: the dictionary's own comparison finds each key.
            guard key == otherKey else { return self == other }
            // The keys are unique, so this key's values differ.
            guard value == otherValue else { return false }
        }
        return true
    }
}
