import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Why a line could not be read or written.
enum PipeFailure: Error {
    case timedOut
    case endOfOutput
    case lineTooLong(Int)
    /// The driver's stdin stayed full until the deadline: it stopped reading.
    case stoppedReading(written: Int, of: Int)
    /// The driver's stdin is closed.
    case inputClosed
    /// authspec received SIGINT, SIGTERM or SIGHUP.
    case interrupted
}

/// The three pipes to a driver, never blocking: stdout read line by line and stdin written,
/// both against a deadline, while stderr is drained into a log all along, so a driver that
/// floods stderr, or writes without reading, can never leave authspec blocked on a full pipe.
final class DriverPipes {
    private let input: Int32
    private let output: Int32
    private let errors: Int32
    /// Bytes read from stdout and not yet returned as lines: `outputBuffer[outputStart...]`.
    private var outputBuffer: [UInt8] = []
    private var outputStart = 0
    /// Where the search for a newline resumes: bytes before it hold none.
    private var scanned = 0
    private var errorBuffer: [UInt8] = []
    /// One read's worth, kept between reads rather than allocated for each.
    private var chunk = [UInt8](repeating: 0, count: 65_536)
    private var errorsOpen = true
    private let maxLineBytes: Int
    private let log: StderrLog?
    /// The last lines of each stream, for crash reports.
    private(set) var recentOutput: [String] = []
    private(set) var recentErrors: [String] = []
    static let recentLimit = 5

    init(input: Int32, output: Int32, errors: Int32, maxLineBytes: Int, log: StderrLog?) {
        self.input = input
        self.output = output
        self.errors = errors
        self.maxLineBytes = maxLineBytes
        self.log = log
        _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)
    }

    private var pendingOutput: Int { outputBuffer.count - outputStart }

    // MARK: stdout

    func readLine(until deadline: ContinuousClock.Instant) throws(PipeFailure) -> String {
        while true {
            if let line = takeLine() { return line }
            if pendingOutput > maxLineBytes { throw .lineTooLong(pendingOutput) }
            try wait(until: deadline, writing: false)
            if try !readOutputChunk() {
                if pendingOutput > 0 {
                    remember(String(decoding: outputBuffer[outputStart...], as: UTF8.self), in: &recentOutput)
                    outputBuffer.removeAll()
                    outputStart = 0
                    scanned = 0
                }
                drainRemainingErrors()
                throw .endOfOutput
            }
        }
    }

    /// The next complete line in the buffer, if there is one.
    private func takeLine() -> String? {
        guard let newline = outputBuffer[max(scanned, outputStart)...].firstIndex(of: UInt8(ascii: "\n")) else {
            scanned = outputBuffer.count
            return nil
        }
        let line = String(decoding: outputBuffer[outputStart..<newline], as: UTF8.self)
        outputStart = newline + 1
        scanned = outputStart
        // Drop consumed bytes once they are most of the buffer: amortised, never per line.
        if outputStart > 65_536, outputStart * 2 > outputBuffer.count {
            outputBuffer.removeSubrange(..<outputStart)
            scanned -= outputStart
            outputStart = 0
        }
        remember(line, in: &recentOutput)
        return line
    }

    /// One read of stdout, which poll said is readable; false at its end.
    private func readOutputChunk() throws(PipeFailure) -> Bool {
        while true {
            let count = read(output, &chunk, chunk.count)
            if count > 0 {
                outputBuffer += chunk[..<count]
                return true
            }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && errno == EAGAIN { return true }
            return false
        }
    }

    // MARK: stdin

    /// Writes all of `bytes` before `deadline`, reading stdout and stderr meanwhile so that a
    /// driver busy writing its replies can go on and then read.
    func write(_ bytes: [UInt8], until deadline: ContinuousClock.Instant) throws(PipeFailure) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(input, $0.baseAddress, $0.count) }
            if written > 0 {
                offset += written
                continue
            }
            if written < 0 && errno == EINTR { continue }
            guard written < 0 && errno == EAGAIN else { throw .inputClosed }
            do {
                try wait(until: deadline, writing: true)
            } catch .timedOut {
                throw .stoppedReading(written: offset, of: bytes.count)
            }
        }
    }

    // MARK: Waiting

    /// Polls until stdout is readable (or, when `writing`, stdin is writable), draining stderr
    /// and taking stdout into the buffer (up to a bound) while waiting.
    private func wait(until deadline: ContinuousClock.Instant, writing: Bool) throws(PipeFailure) {
        while true {
            if Interruption.signal != nil { throw .interrupted }
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { throw .timedOut }
            let (seconds, attoseconds) = remaining.components
            let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
            // While writing, stdout is taken only up to a bound: a driver that writes and
            // never reads must not fill authspec's memory instead of its pipe.
            let takeOutput = !writing || pendingOutput <= maxLineBytes * 2
            var descriptors = [
                pollfd(fd: writing ? input : -1, events: Int16(POLLOUT), revents: 0),
                pollfd(fd: takeOutput ? output : -1, events: Int16(POLLIN), revents: 0),
                pollfd(fd: errorsOpen ? errors : -1, events: Int16(POLLIN), revents: 0),
                pollfd(fd: Interruption.wakeDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                throw .endOfOutput
            }
            if descriptors[2].revents != 0 { readErrorChunk() }
            if writing {
                if descriptors[1].revents != 0, try !readOutputChunk() { throw .inputClosed }
                if descriptors[0].revents != 0 { return }
            } else if descriptors[1].revents != 0 {
                return
            }
        }
    }

    // MARK: stderr

    /// Reads whatever stderr holds now, without waiting for more.
    func drainErrors() {
        while errorsOpen {
            var descriptor = pollfd(fd: errors, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 0) > 0 else { return }
            readErrorChunk()
        }
    }

    /// One read of stderr, which poll said is readable (or at its end).
    private func readErrorChunk() {
        let count = read(errors, &chunk, chunk.count)
        guard count > 0 else {
            if count < 0 && (errno == EINTR || errno == EAGAIN) { return }
            errorsOpen = false
            flushErrorLine()
            return
        }
        log?.append(chunk[..<count])
        errorBuffer += chunk[..<count]
        while let newline = errorBuffer.firstIndex(of: UInt8(ascii: "\n")) {
            remember(String(decoding: errorBuffer[..<newline], as: UTF8.self), in: &recentErrors)
            errorBuffer.removeSubrange(...newline)
        }
        // Keep only a bounded tail of a line that never ends.
        if errorBuffer.count > 4096 { errorBuffer.removeFirst(errorBuffer.count - 4096) }
    }

    /// After stdout closed: what stderr still holds, for a short while, to report the last lines.
    func drainRemainingErrors(within limit: Duration = .milliseconds(300)) {
        let deadline = ContinuousClock.now + limit
        while errorsOpen, ContinuousClock.now < deadline {
            var descriptor = pollfd(fd: errors, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 20) > 0 else { continue }
            readErrorChunk()
        }
        flushErrorLine()
    }

    private func flushErrorLine() {
        if !errorBuffer.isEmpty {
            remember(String(decoding: errorBuffer, as: UTF8.self), in: &recentErrors)
            errorBuffer.removeAll()
        }
    }

    /// A new scenario: earlier lines would only confuse its report.
    func forgetRecentLines() {
        recentOutput.removeAll()
        recentErrors.removeAll()
    }

    private func remember(_ line: String, in lines: inout [String]) {
        // Bytes, not characters: counting the characters of a megabyte line is slow.
        lines.append(line.utf8.count > 200 ? String(decoding: line.utf8.prefix(200), as: UTF8.self) + "…" : line)
        if lines.count > Self.recentLimit { lines.removeFirst(lines.count - Self.recentLimit) }
    }
}
