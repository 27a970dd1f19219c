/// How a driver in another process failed, as a value: what happened, and the sentence that
/// says it (with the driver's last lines). Whoever advises on it (doctor) switches on the kind,
/// never on the words.
public struct DriverFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The command could not be run at all.
        case couldNotStart
        /// The process exited (with this status) while a reply was awaited.
        case exited(status: Int32)
        /// It was killed by this signal.
        case killed(signal: Int32)
        /// It closed its stdout without exiting.
        case closedOutput
        /// No reply in time, in the handshake or later.
        case timedOut(handshake: Bool)
        /// A stdout line that is not JSON.
        case notJSON
        /// A reply longer than the line limit.
        case lineTooLong
        /// It chose a protocol version the runner did not offer.
        case versionMismatch
        /// A reply with another id than its request's (a second reply, one ahead of its request).
        case wrongID
        /// Output on stdout while no request waited for a reply.
        case unrequestedOutput
        /// A message that does not have its schema's shape (or a reply missing a field).
        case malformed
        /// It stopped reading its stdin.
        case stoppedReading
        /// It answered a request with an error of its own.
        case reportedError
        /// Restarted, it declared something else than before.
        case declarationChanged
        /// Restarted as often as the budget allows.
        case restartBudgetSpent
        /// authspec itself was interrupted by a signal.
        case interrupted
        /// The process is not running (it went earlier).
        case notRunning
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
