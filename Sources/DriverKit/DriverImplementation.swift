import DriverProtocol
import SpecModel

/// What a Swift codebase writes to be tested by authspec: one value per scenario, built from
/// the scenario's world, that applies inputs and reports observations. The kit does the rest:
/// `DriverHost` serves it over stdin/stdout as a driver executable, `InProcessDriver` hands it
/// to the runner directly.
public protocol DriverImplementation {
    /// Name, version and language for the handshake.
    static var identity: DriverIdentity { get }
    /// The spec model it implements, as the handshake names it; nil (the default) for any.
    static var model: String? { get }
    /// The inputs it handles; scenarios using others are skipped.
    static var inputs: [String] { get }
    /// The observation keys it reports; expectations on others are not checked.
    static var observations: [String] { get }

    /// A new scenario starts from this world (every given key present) at virtual time 0.
    init(scenario: String, given: [String: Value]) throws(ImplementationError)
    /// Applies one input at `milliseconds` on the virtual clock.
    mutating func perform(_ input: Input, atMilliseconds milliseconds: Int) throws(ImplementationError) -> Observations
}

public struct DriverIdentity: Sendable {
    public var name: String
    public var version: String
    public var language: String

    public init(name: String, version: String, language: String = "swift") {
        self.name = name
        self.version = version
        self.language = language
    }
}

extension DriverImplementation {
    public static var model: String? { nil }

    static var driverInfo: DriverInfo {
        DriverInfo(
            name: identity.name, version: identity.version, language: identity.language,
            protocolVersion: ProtocolVersion.supported.last ?? 1, inputs: inputs, observations: observations)
    }
}

/// In-process mode: the implementation runs inside the authspec process, with no subprocess
/// and no JSON, through the same seam as every other implementation.
public struct InProcessDriver<Implementation: DriverImplementation>: ImplementationUnderTest {
    private var current: Implementation?

    public init(_ type: Implementation.Type = Implementation.self) {}

    public var name: String { Implementation.identity.name }
    public var observedKeys: Set<String> { Set(Implementation.observations) }
    public var supportedInputs: Set<String>? { Set(Implementation.inputs) }

    public mutating func start(scenario: String, given: [String: Value]) throws(ImplementationError) {
        current = try Implementation(scenario: scenario, given: given)
    }

    public mutating func perform(_ input: Input, atMilliseconds milliseconds: Int) throws(ImplementationError)
        -> Observations
    {
        guard current != nil else { throw .failed("perform before start") }
        return try current!.perform(input, atMilliseconds: milliseconds)
    }

    public mutating func finish() { current = nil }
}
