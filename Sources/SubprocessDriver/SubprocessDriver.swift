import DriverProtocol
import Foundation
import SpecModel

/// An implementation in another process, driven through the line-delimited JSON protocol
/// (docs/protocol.md). One long-lived process reset between scenarios, or a fresh one per
/// scenario. A crash, a timeout or a protocol error ends that scenario as errored, kills the
/// process (a late reply is never read as the next one), and the next scenario restarts it
/// with the handshake replayed, within a restart budget.
package struct SubprocessDriver: ImplementationUnderTest {
    package let options: DriverOptions
    /// The first handshake's answer; every restart must give the same.
    package private(set) var info: DriverInfo? {
        didSet {
            observedKeys = Set(info?.observations ?? [])
            supportedInputs = info.map { Set($0.inputs) }
        }
    }
    package private(set) var restarts = 0
    /// Why the first handshake failed: every scenario errors with it, without respawning.
    package private(set) var handshakeFailure: ImplementationError?
    private var connection: LineChannel?
    /// The driver's stderr log for the whole run, across restarts and fresh processes.
    private var log: StderrLog?
    /// The process was lost to a crash, a timeout or a protocol error (not ended on purpose):
    /// the next start is a restart and counts against the budget.
    private var lostProcess = false
    private var nextID = 0
    /// The id of the last reply read, and what it answered: no request is outstanding when it
    /// is the last id sent, and then anything on stdout is a line nobody asked for.
    private var answeredID = -1
    private var answeredStep = Activity.text("")
    /// Why the reset after the last scenario failed: that scenario's, said by `finishProblem`.
    private var resetProblem: ImplementationError?
    /// The scenario under way, for messages about its reset.
    private var scenario = ""
    private var scenarioDeadline: ContinuousClock.Instant?
    /// What is being done, for messages: made text only when one is written.
    private var currentStep = Activity.text("")
    /// Bytes of the requests being written, kept between batches.
    private var outgoing: [UInt8] = []
    /// Reads the replies, keeping its working storage between them.
    private var decoder = JSONCodec.Decoder()

    package init(options: DriverOptions) {
        self.options = options
    }

    package var name: String { info?.name ?? options.command }
    /// What the driver declared it observes (none before the handshake).
    package private(set) var observedKeys: Set<String> = []
    /// Unknown until the handshake; then what the driver declared.
    package private(set) var supportedInputs: Set<String>?

    // MARK: Lifecycle

    /// Starts the process and shakes hands, if no process is running; returns what it declared.
    @discardableResult
    package mutating func connect() throws(ImplementationError) -> DriverInfo {
        if connection != nil, let info { return info }
        if info == nil, let handshakeFailure { throw handshakeFailure }
        do {
            return try handshake()
        } catch {
            if info == nil { handshakeFailure = error }
            throw error
        }
    }

    /// The log starts empty with the first process of a run; restarts append to it.
    private mutating func openLog() -> StderrLog? {
        if log == nil, let path = options.stderrLog { log = StderrLog(path: path) }
        return log
    }

    private mutating func handshake() throws(ImplementationError) -> DriverInfo {
        let log = openLog()
        do {
            connection = try LineChannel(
                command: options.command, workingDirectory: options.workingDirectory,
                maxLineBytes: options.maxLineBytes, stderrLog: log)
        } catch {
            throw Self.fail(.couldNotStart, "could not start the driver '\(options.command)': \(error)")
        }
        currentStep = .text("the handshake")
        let reply = try exchange(
            .hello(versions: ProtocolVersion.supported, model: options.model), within: options.handshakeTimeout)
        var declared: DriverInfo
        do {
            declared = try DriverInfo(helloReply: try okFields(reply))
        } catch let error as ImplementationError {
            disconnect()
            throw error
        } catch {
            disconnect()
            throw Self.fail(.malformed, "protocol error in the hello reply: \(error)")
        }
        // What a driver calls itself goes into every report: cut to a bound first.
        declared.name = Self.bounded(declared.name)
        declared.version = Self.bounded(declared.version)
        declared.language = Self.bounded(declared.language)
        guard ProtocolVersion.supported.contains(declared.protocolVersion) else {
            disconnect()
            throw Self.fail(
                .versionMismatch,
                "protocol version mismatch: the driver chose version \(declared.protocolVersion); this runner speaks "
                    + ProtocolVersion.supported.map(String.init).joined(separator: ", "))
        }
        if let info, info != declared {
            disconnect()
            throw Self.fail(
                .declarationChanged,
                "the restarted driver declared something else than before: \(declared) instead of \(info)")
        }
        info = declared
        return declared
    }

    /// The most characters of a name a driver gives (its implementation's name, version and
    /// language) that reach a report; a longer one is cut, with `…`.
    package static let nameBound = 100

    static func bounded(_ text: String) -> String {
        text.count <= nameBound ? text : String(text.prefix(nameBound - 1)) + "…"
    }

    /// Says bye and ends the process.
    package mutating func shutdown() {
        if connection != nil {
            currentStep = .text("bye")
            _ = try? exchange(.bye, within: .seconds(2))
        }
        // A driver ends by itself after bye; whatever it leaves behind is ended with it.
        connection?.process.observeTermination(within: .milliseconds(500))
        let lost = lostProcess
        disconnect()
        lostProcess = lost
    }

    /// Kills the process after a failure; the next scenario restarts it.
    private mutating func disconnect() {
        connection?.process.end()
        connection = nil
        lostProcess = true
    }

    // MARK: ImplementationUnderTest

    package mutating func start(scenario: String, given: [String: Value]) throws(ImplementationError) {
        if connection == nil {
            if info != nil, lostProcess {
                guard restarts < options.restartBudget else {
                    throw Self.fail(
                        .restartBudgetSpent,
                        "the driver was restarted \(restarts) times, its whole budget; not restarting again")
                }
                restarts += 1
            }
            try connect()
            lostProcess = false
        }
        scenarioDeadline = ContinuousClock.now + options.scenarioTimeout
        connection?.pipes.forgetRecentLines()
        self.scenario = scenario
        currentStep = .text("the start of scenario '\(scenario)'")
        _ = try okFields(try exchange(.start(scenario: scenario, given: given), within: options.stepTimeout))
    }

    package mutating func perform(_ input: Input, atMilliseconds milliseconds: Int) throws(ImplementationError)
        -> Observations
    {
        guard let first = perform([TimedInput(input, atMilliseconds: milliseconds)]).first else {
            throw Self.fail(.malformed, "no reply to input '\(input)'")
        }
        return try first.get()
    }

    /// Requests in flight at most: enough to hide the pipe's latency, few enough that neither
    /// side can fill a pipe while the other waits (16 input requests are a few KiB).
    package static let window = 16

    /// When no more than this many requests are in flight, the window is topped up in one
    /// write: the driver has the new requests to work on while the replies still owed are
    /// judged, and each write carries several.
    package static let refill = window / 2

    /// Pipelined: up to `window` input requests go out ahead of their replies, which are read
    /// in order, each against the step timeout from when it became the oldest outstanding.
    package mutating func perform(_ inputs: [TimedInput]) -> [Result<Observations, ImplementationError>] {
        var results: [Result<Observations, ImplementationError>] = []
        results.reserveCapacity(inputs.count)
        // Ids are consecutive: inputs[i] goes out with id firstID + i.
        let firstID = nextID
        var next = 0
        while results.count < inputs.count {
            if next < inputs.count, next - results.count <= Self.refill {
                let end = min(inputs.count, results.count + Self.window)
                do {
                    try sendInputs(inputs[next..<end])
                } catch {
                    return results + [.failure(error)]
                }
                next = end
            }
            let oldest = results.count
            currentStep = .input(inputs[oldest])
            do {
                let reply = try receive(id: firstID + oldest, answering: "input", within: options.stepTimeout)
                results.append(.success(try observations(in: reply)))
            } catch {
                results.append(.failure(error))
                // The driver answered with an error but is still in step: read what it owes.
                if connection != nil { skipReplies(inputs[(oldest + 1)..<next], firstID: firstID) }
                return results
            }
        }
        return results
    }

    /// Writes input requests in one write; a failure names the request it stopped in.
    private mutating func sendInputs(_ batch: ArraySlice<TimedInput>) throws(ImplementationError) {
        guard !options.validateProtocol else {
            for timed in batch {
                currentStep = .input(timed)
                _ = try send(.input(timed.input, timeMilliseconds: timed.milliseconds))
            }
            return
        }
        guard let connection else { throw Self.fail(.notRunning, "the driver is not running") }
        currentStep = .input(batch[batch.startIndex])
        try refuseUnrequested(before: connection)
        outgoing.removeAll(keepingCapacity: true)
        var ends: [Int] = []
        ends.reserveCapacity(batch.count)
        for timed in batch {
            DriverRequest.input(timed.input, timeMilliseconds: timed.milliseconds).appendLine(id: nextID, to: &outgoing)
            nextID += 1
            ends.append(outgoing.count)
        }
        currentStep = .input(batch[batch.startIndex])
        do {
            try connection.send(bytes: outgoing, until: deadline(within: options.stepTimeout))
        } catch .stoppedReading(let written, _) {
            disconnect()
            // The request the write stopped in, and how much of it was not taken.
            let stopped = ends.firstIndex { $0 > written } ?? ends.count - 1
            let start = stopped == 0 ? 0 : ends[stopped - 1]
            currentStep = .input(batch[batch.startIndex + stopped])
            throw stoppedReading(untaken: ends[stopped] - max(written, start), of: ends[stopped] - start, connection)
        } catch .interrupted {
            disconnect()
            throw interrupted()
        } catch {
            throw crashed(connection, while: "writing the request for \(currentStep)")
        }
    }

    private func observations(in reply: DriverReply) throws(ImplementationError) -> Observations {
        let fields = try okFields(reply)
        guard case .map(let received)? = fields["observations"] else {
            throw Self.fail(.malformed, "protocol error: the reply to \(currentStep) has no \"observations\" object")
        }
        // Kept bounded from the moment it arrives: a scenario's replies are all held until judged.
        var observations = received.keptForReports()
        for (key, value) in observations {
            guard let type = options.observationTypes[key],
                let path = ExpectedValue.boundReported(in: value, as: type, at: key)
            else { continue }
            throw Self.fail(
                .malformed,
                "protocol error: the reply to \(currentStep) reports a bound (at_least, at_most) at \(path), where "
                    + "a measured value is due: \(type.summary)")
        }
        if !options.stateMap.isEmpty {
            let map = options.stateMap
            func mapped(_ value: Value) -> Value {
                switch value {
                case .string(let name): return .string(map[name] ?? name)
                case .list(let items): return .list(items.map(mapped))
                default: return value
                }
            }
            for key in options.stateKeys { observations[key] = observations[key].map(mapped) }
        }
        return observations
    }

    /// Reads and drops the replies still owed; if that fails, the process goes.
    private mutating func skipReplies(_ owed: ArraySlice<TimedInput>, firstID: Int) {
        for index in owed.indices {
            currentStep = .input(owed[index])
            if (try? receive(id: firstID + index, answering: "input", within: options.stepTimeout)) == nil {
                disconnect()
                return
            }
        }
    }

    package mutating func finish() {
        scenarioDeadline = nil
        guard connection != nil else { return }
        if options.freshProcessPerScenario {
            shutdown()
            return
        }
        currentStep = .text("the reset after scenario '\(scenario)'")
        do {
            _ = try okFields(try exchange(.reset, within: options.stepTimeout))
        } catch {
            resetProblem = error
            disconnect()
        }
    }

    /// The reset after a scenario is part of it: a driver that fails it, or writes what was not
    /// asked for, errs in the scenario it just ran, not in the next.
    package mutating func finishProblem() -> ImplementationError? {
        defer { resetProblem = nil }
        return resetProblem
    }

    // MARK: Exchange

    /// Sends one request and reads its reply. Any failure kills the process before it throws.
    private mutating func exchange(_ request: DriverRequest, within limit: Duration) throws(ImplementationError)
        -> DriverReply
    {
        let id = try send(request)
        return try receive(id: id, answering: request.type, within: limit)
    }

    /// Writes one request; returns its id.
    private mutating func send(_ request: DriverRequest) throws(ImplementationError) -> Int {
        guard let connection else { throw Self.fail(.notRunning, "the driver is not running") }
        if request.type != "hello" { try refuseUnrequested(before: connection) }
        let id = nextID
        nextID += 1
        if options.validateProtocol {
            let message = request.message(id: id)
            let problems = ProtocolSchemas.problems(in: message, schema: ProtocolSchemas.requestSchema(request.type))
            if !problems.isEmpty {
                throw Self.fail(
                    .malformed, "runner sent an invalid \(request.type) request: \(problems.joined(separator: "; "))")
            }
        }
        outgoing.removeAll(keepingCapacity: true)
        request.appendLine(id: id, to: &outgoing)
        do {
            try connection.send(bytes: outgoing, until: deadline(within: options.stepTimeout))
        } catch .stoppedReading(let written, let total) {
            disconnect()
            throw stoppedReading(untaken: total - written, of: total, connection)
        } catch .interrupted {
            disconnect()
            throw interrupted()
        } catch {
            throw crashed(connection, while: "writing the request for \(currentStep)")
        }
        return id
    }

    /// Reads the reply to request `id`, which must come next.
    private mutating func receive(id: Int, answering requestType: String, within limit: Duration)
        throws(ImplementationError) -> DriverReply
    {
        guard let connection else { throw Self.fail(.notRunning, "the driver is not running") }
        let deadline = deadline(within: limit)
        // The reply is decoded from the bytes read; only a line that is not JSON becomes text.
        let decoded: Result<Value, JSONSyntaxError>
        let notJSON: String?
        do {
            (decoded, notJSON) = try connection.receive(until: deadline) { bytes in
                do throws(JSONSyntaxError) {
                    return (.success(try decoder.decode(bytes)), nil)
                } catch {
                    // Said of the line as text (bad UTF-8 replaced), as every message shows it:
                    // decoded again, its column and character are those of that text.
                    let text = String(decoding: bytes, as: UTF8.self)
                    return (.failure(textError(text) ?? error), text)
                }
            }
        } catch .timedOut {
            disconnect()
            let which = deadline == scenarioDeadline ? "the scenario's \(options.scenarioTimeout)" : "\(limit)"
            throw Self.fail(
                .timedOut(handshake: currentStep.isHandshake),
                "timed out after \(which) waiting for the reply to \(currentStep); the driver was killed"
                    + tails(connection))
        } catch .interrupted {
            disconnect()
            throw interrupted()
        } catch .lineTooLong(let bytes) {
            disconnect()
            throw Self.fail(
                .lineTooLong,
                "protocol error: a stdout line of over \(bytes) bytes, above the limit of \(options.maxLineBytes), in reply to \(currentStep); the driver was killed"
            )
        } catch {
            throw crashed(connection, while: "waiting for the reply to \(currentStep)")
        }
        let value: Value
        switch decoded {
        case .success(let decodedValue):
            value = decodedValue
        case .failure(let error):
            disconnect()
            let line = notJSON ?? ""
            let shown = line.count > 120 ? String(line.prefix(120)) + "…" : line
            throw Self.fail(
                .notJSON,
                "protocol error: the reply to \(currentStep) is not JSON (\(error)): \(Value.quoted(shown)). "
                    + "Was this meant for stderr? stdout carries protocol messages only.")
        }
        let parsed: (id: Int, reply: DriverReply)
        do {
            parsed = try DriverReply.parseKeepingFields(value)
        } catch {
            disconnect()
            throw Self.fail(.malformed, "protocol error in the reply to \(currentStep): \(error)")
        }
        guard parsed.id < nextID else {
            disconnect()
            throw Self.fail(
                .wrongID,
                "protocol error: the reply to \(currentStep) has id \(parsed.id), which has not been sent yet (the last request sent has id \(nextID - 1)): a driver answers only the requests it has read"
            )
        }
        guard parsed.id == id else {
            disconnect()
            let answered =
                parsed.id <= answeredID
                ? ", which was answered already (by \(answeredStep)): a second reply to one request, or a reply written before its request was sent"
                : ""
            throw Self.fail(
                .wrongID,
                "protocol error: the reply to \(currentStep) has id \(parsed.id), expected \(id)\(answered)")
        }
        if options.validateProtocol {
            let ok = if case .ok = parsed.reply { true } else { false }
            let problems = ProtocolSchemas.problems(
                in: value, schema: ProtocolSchemas.replySchema(to: requestType, ok: ok))
            if !problems.isEmpty {
                disconnect()
                throw Self.fail(
                    .malformed,
                    "protocol error: the reply to \(currentStep) does not match its schema: \(problems.joined(separator: "; "))"
                )
            }
        }
        answeredID = id
        answeredStep = currentStep
        if id == nextID - 1, requestType != "bye", let line = connection.unrequestedOutput() {
            disconnect()
            throw Self.fail(
                .unrequestedOutput,
                "protocol error: after its reply to \(currentStep) the driver wrote more to stdout, with no request outstanding: \(Value.quoted(line)). A driver writes one reply to each request, after reading it."
            )
        }
        return parsed.reply
    }

    /// Before a request goes out with none outstanding: stdout must hold nothing (a reply
    /// written ahead of its request would otherwise be taken as that request's).
    private mutating func refuseUnrequested(before connection: LineChannel) throws(ImplementationError) {
        guard answeredID == nextID - 1, let line = connection.unrequestedOutput() else { return }
        disconnect()
        let after = answeredID < 0 ? "" : " (the last reply it owed was to \(answeredStep))"
        throw Self.fail(
            .unrequestedOutput,
            "protocol error: before the request for \(currentStep) was sent, the driver had written to stdout \(Value.quoted(line))\(after). A driver writes one reply to each request, after reading it."
        )
    }

    /// Why `text` is not JSON, if it is not.
    private func textError(_ text: String) -> JSONSyntaxError? {
        do {
            _ = try JSONCodec.decode(text)
            return nil
        } catch {
            return error
        }
    }

    /// `limit` from now, or the scenario's deadline if that comes first.
    private func deadline(within limit: Duration) -> ContinuousClock.Instant {
        let deadline = ContinuousClock.now + limit
        if let scenarioDeadline, scenarioDeadline < deadline { return scenarioDeadline }
        return deadline
    }

    private func interrupted() -> ImplementationError {
        Self.fail(
            .interrupted,
            "authspec was interrupted (\(Interruption.signal.map(Interruption.name) ?? "a signal")) during \(currentStep)"
        )
    }

    private func okFields(_ reply: DriverReply) throws(ImplementationError) -> [String: Value] {
        switch reply {
        case .ok(let fields): return fields
        case .error(.unsupported, let message):
            throw .unsupported("the driver does not support \(currentStep): \(VisibleText.oneLine(message))")
        case .error(.failed, let message):
            throw Self.fail(
                .reportedError, "the driver reported an error at \(currentStep): \(VisibleText.oneLine(message))")
        }
    }

    private mutating func crashed(_ connection: LineChannel, while doing: String) -> ImplementationError {
        let termination = connection.process.observeTermination(within: .milliseconds(500))
        self.connection = nil
        lostProcess = true
        connection.process.end()
        let how = termination.map { "the driver \($0)" } ?? "the driver closed its stdout"
        let kind: DriverFailure.Kind
        switch termination {
        case .exited(let status): kind = .exited(status: status)
        case .signalled(let signal): kind = .killed(signal: signal)
        case nil: kind = .closedOutput
        }
        return Self.fail(kind, "\(how) while \(doing)" + tails(connection))
    }

    /// A request the driver did not take whole within the step timeout (it was killed).
    private func stoppedReading(untaken: Int, of total: Int, _ connection: LineChannel) -> ImplementationError {
        Self.fail(
            .stoppedReading,
            "the driver stopped reading its input: \(untaken) of the \(total) bytes of the request for \(currentStep) were not taken within \(options.stepTimeout); the driver was killed"
                + tails(connection))
    }

    private func tails(_ connection: LineChannel) -> String {
        var text = ""
        if !connection.pipes.recentOutput.isEmpty {
            text +=
                "\n  last stdout lines:\n"
                + connection.pipes.recentOutput.map { "    | \($0)" }.joined(separator: "\n")
        }
        if !connection.pipes.recentErrors.isEmpty {
            text +=
                "\n  last stderr lines:\n"
                + connection.pipes.recentErrors.map { "    | \($0)" }.joined(separator: "\n")
        }
        return text
    }

    /// A failure of the driver's, as a value and in words.
    static func fail(_ kind: DriverFailure.Kind, _ message: String) -> ImplementationError {
        .driver(DriverFailure(kind, message))
    }

    /// What the driver is asked to do, said in messages.
    enum Activity: CustomStringConvertible {
        case text(String)
        case input(TimedInput)

        var isHandshake: Bool {
            if case .text(let text) = self { return text == "the handshake" }
            return false
        }

        var description: String {
            switch self {
            case .text(let text): return text
            case .input(let timed): return "input '\(timed.input)' at \(timed.milliseconds) ms"
            }
        }
    }
}
