import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Why no line could be read.
enum ReadFailure: Error {
    case timedOut
    case endOfOutput
    case lineTooLong(Int)
}

/// Reads a driver's stdout line by line against a deadline while draining its stderr into a
/// log, so a driver that floods stderr can never block on a full pipe.
final class OutputReader {
    private let output: Int32
    private let errors: Int32
    private var outputBuffer: [UInt8] = []
    private var errorBuffer: [UInt8] = []
    /// One read's worth, kept between reads rather than allocated for each.
    private var chunk = [UInt8](repeating: 0, count: 65_536)
    private var errorsOpen = true
    private let maxLineBytes: Int
    private let log: FileHandle?
    private var loggedBytes = 0
    static let maxLogBytes = 16 << 20
    /// The last lines of each stream, for crash reports.
    private(set) var recentOutput: [String] = []
    private(set) var recentErrors: [String] = []
    static let recentLimit = 5

    init(output: Int32, errors: Int32, maxLineBytes: Int, log: FileHandle?) {
        self.output = output
        self.errors = errors
        self.maxLineBytes = maxLineBytes
        self.log = log
    }

    func readLine(until deadline: ContinuousClock.Instant) throws(ReadFailure) -> String {
        while true {
            if let newline = outputBuffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: outputBuffer[..<newline], as: UTF8.self)
                outputBuffer.removeSubrange(...newline)
                remember(line, in: &recentOutput)
                return line
            }
            if outputBuffer.count > maxLineBytes { throw .lineTooLong(outputBuffer.count) }
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { throw .timedOut }
            let (seconds, attoseconds) = remaining.components
            let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
            var descriptors = [pollfd(fd: output, events: Int16(POLLIN), revents: 0)]
            if errorsOpen { descriptors.append(pollfd(fd: errors, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                throw .endOfOutput
            }
            if errorsOpen, descriptors.count > 1, descriptors[1].revents != 0 { readErrorChunk() }
            if descriptors[0].revents != 0 {
                let count = read(output, &chunk, chunk.count)
                if count <= 0 {
                    if count < 0 && errno == EINTR { continue }
                    if !outputBuffer.isEmpty {
                        remember(String(decoding: outputBuffer, as: UTF8.self), in: &recentOutput)
                        outputBuffer.removeAll()
                    }
                    drainRemainingErrors()
                    throw .endOfOutput
                }
                outputBuffer += chunk[..<count]
            }
        }
    }

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
            errorsOpen = false
            flushErrorLine()
            return
        }
        if let log, loggedBytes < Self.maxLogBytes {
            log.write(Data(chunk[..<count]))
            loggedBytes += count
        }
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
        lines.append(line.count > 200 ? String(line.prefix(200)) + "…" : line)
        if lines.count > Self.recentLimit { lines.removeFirst(lines.count - Self.recentLimit) }
    }
}
