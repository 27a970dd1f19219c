import SpecModel

/// How to run and watch one external driver.
package struct DriverOptions: Sendable {
    /// A shell command line, run as `/bin/sh -c "exec COMMAND"`.
    package var command: String
    /// Start a new process for every scenario, for drivers that cannot reset.
    package var freshProcessPerScenario = false
    /// From spawning to the hello reply: long, since a JVM can take seconds to start.
    package var handshakeTimeout: Duration = .seconds(30)
    /// For each reply to start, input and reset.
    package var stepTimeout: Duration = .seconds(5)
    /// For a whole scenario, from its start request to its last reply.
    package var scenarioTimeout: Duration = .seconds(60)
    package var maxLineBytes = 1 << 20
    /// Restarts after a crash, a timeout or a protocol error before the driver is given up.
    package var restartBudget = 5
    /// The driver's own state names → the spec's, applied to the values of `stateKeys`.
    package var stateMap: [String: String] = [:]
    /// The observation keys that hold state names (the model's `stateValuedKeys`).
    package var stateKeys: [String] = []
    /// Check every message against the published JSON Schemas.
    package var validateProtocol = false
    /// Where the driver's stderr goes; nil to keep only its last lines.
    package var stderrLog: String?
    /// The spec model named in the hello request.
    package var model: String
    package var workingDirectory: String?

    /// The declared type of each observation key that can hold a whole number or a duration, to
    /// refuse a bound where a measurement is due: only these are looked into, reply by reply.
    package var observationTypes: [String: ValueType] = [:]

    package init(command: String, model: ModelDeclaration) {
        self.init(command: command, modelName: model.name, stateKeys: model.stateValuedKeys)
        observationTypes = Dictionary(
            model.observations.filter { $0.type.canHoldBound }.map { ($0.key, $0.type) },
            uniquingKeysWith: { first, _ in first })
    }

    init(command: String, modelName: String, stateKeys: [String]) {
        self.command = command
        self.model = modelName
        self.stateKeys = stateKeys
    }

    /// Every option at its default: what help texts say they are.
    package static let defaults = DriverOptions(command: "", modelName: "", stateKeys: [])
}
