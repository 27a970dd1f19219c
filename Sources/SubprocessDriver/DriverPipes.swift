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
    /// stdout reached its end (a read gave 0 bytes or failed).
    private var outputEnded = false
    private let maxLineBytes: Int
    private let log: StderrLog?
    /// The last lines of each stream, for crash reports.
    private var outputLines = RecentLines()
    private var errorLines = RecentLines()
    var recentOutput: [String] { outputLines.lines }
    var recentErrors: [String] { errorLines.lines }

    init(input: Int32, output: Int32, errors: Int32, maxLineBytes: Int, log: StderrLog?) {
        self.input = input
        self.output = output
        self.errors = errors
        self.maxLineBytes = maxLineBytes
        self.log = log
        _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)
        _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) | O_NONBLOCK)
    }

    private var pendingOutput: Int { outputBuffer.count - outputStart }

    // MARK: stdout

    func readLine(until deadline: ContinuousClock.Instant) throws(PipeFailure) -> String {
        try readLine(until: deadline) { String(decoding: $0, as: UTF8.self) }
    }

    /// Hands the next stdout line's bytes (without the newline) to `body`, straight from the
    /// buffer they were read into; they are valid only during the call.
    func readLine<Result>(
        until deadline: ContinuousClock.Instant, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) throws(PipeFailure) -> Result {
        while true {
            if let line = nextLine() {
                let result = outputBuffer.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[line])) }
                remember(line)
                return result
            }
            if pendingOutput > maxLineBytes { throw .lineTooLong(pendingOutput) }
            if Interruption.signal != nil { throw .interrupted }
            // Read first and wait only when nothing has come: most replies are already there.
            if try readOutputChunk() { continue }
            if !outputEnded {
                try wait(until: deadline, writing: false)
                if try readOutputChunk() { continue }
            }
            if outputEnded {
                if pendingOutput > 0 {
                    outputLines.append(bytes: outputBuffer[outputStart...])
                    outputBuffer.removeAll()
                    outputStart = 0
                    scanned = 0
                }
                drainRemainingErrors()
                throw .endOfOutput
            }
        }
    }

    /// The next complete line in the buffer, if there is one: its range, which is then taken.
    private func nextLine() -> Range<Int>? {
        let from = max(scanned, outputStart)
        let found: Int? = outputBuffer.withUnsafeBufferPointer { buffer in
            guard from < buffer.count,
                let hit = memchr(buffer.baseAddress! + from, 0x0A, buffer.count - from)
            else { return nil }
            return UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) - buffer.baseAddress!
        }
        guard let newline = found else {
            scanned = outputBuffer.count
            return nil
        }
        let line = outputStart..<newline
        outputStart = newline + 1
        scanned = outputStart
        return line
    }

    /// What the driver wrote to stdout that was not asked for: the start of what is buffered or
    /// can be read now, without waiting (its first line, at most 200 bytes). Nil when there is
    /// nothing (or its output ended: a crash is found where the next reply is awaited).
    func unrequestedOutput() -> String? {
        if pendingOutput == 0 { _ = try? readOutputChunk() }
        guard pendingOutput > 0 else { return nil }
        let line = outputBuffer[outputStart...].prefix { $0 != UInt8(ascii: "\n") }.prefix(200)
        return String(decoding: line, as: UTF8.self)
    }

    /// Keeps a taken line for crash reports; then drops consumed bytes once they are most of
    /// the buffer: amortised, never per line.
    private func remember(_ line: Range<Int>) {
        outputLines.append(bytes: outputBuffer[line])
        if outputStart > 65_536, outputStart * 2 > outputBuffer.count {
            outputBuffer.removeSubrange(..<outputStart)
            scanned -= outputStart
            outputStart = 0
        }
    }

    /// One read of stdout: true when it gave bytes (or was interrupted), false when it had
    /// none to give yet (`nil` would block) or at its end; `outputEnded` tells which.
    private func readOutputChunk() throws(PipeFailure) -> Bool {
        while true {
            let count = read(output, &chunk, chunk.count)
            if count > 0 {
                outputBuffer.append(contentsOf: chunk[..<count])
                return true
            }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && errno == EAGAIN { return false }
            outputEnded = true
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
                if descriptors[1].revents != 0, try !readOutputChunk(), outputEnded { throw .inputClosed }
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
            errorLines.append(bytes: errorBuffer[..<newline])
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
            errorLines.append(bytes: errorBuffer[...])
            errorBuffer.removeAll()
        }
    }

    /// A new scenario: earlier lines would only confuse its report.
    func forgetRecentLines() {
        outputLines.removeAll()
        errorLines.removeAll()
    }

}

/// The last lines of a stream, for crash reports: the first bytes of each kept, made text
/// only when a report asks. Slots are reused, so keeping a line allocates nothing.
struct RecentLines {
    static let limit = 5
    /// Shown lines are cut after this many UTF-8 bytes.
    static let shownBytes = 200
    /// Kept bytes: enough for the first `shownBytes` bytes of the line as text, since bad
    /// sequences only grow when replaced and a character spans at most 4 bytes.
    static let keptBytes = shownBytes + 4

    private var slots: [(bytes: [UInt8], cut: Bool)] = []
    private var next = 0

    var isEmpty: Bool { slots.isEmpty }

    mutating func append(bytes line: ArraySlice<UInt8>) {
        let cut = line.count > Self.keptBytes
        let kept = line.prefix(Self.keptBytes)
        if slots.count < Self.limit {
            slots.append((Array(kept), cut))
        } else {
            slots[next].bytes.removeAll(keepingCapacity: true)
            slots[next].bytes.append(contentsOf: kept)
            slots[next].cut = cut
        }
        next = (next + 1) % Self.limit
    }

    mutating func removeAll() {
        slots.removeAll()
        next = 0
    }

    /// Oldest first, each as text (bad UTF-8 replaced) cut after `shownBytes` bytes with "…".
    var lines: [String] {
        let ordered = slots.count < Self.limit ? slots[...] : slots[next...] + slots[..<next]
        return ordered.map { slot in
            let text = String(decoding: slot.bytes, as: UTF8.self)
            // Bytes, not characters: counting the characters of a long line is slow.
            guard slot.cut || text.utf8.count > Self.shownBytes else { return text }
            return String(decoding: text.utf8.prefix(Self.shownBytes), as: UTF8.self) + "…"
        }
    }
}
