import Foundation

/// A child process spoken to in lines: one line out on its stdin, one line back from its
/// stdout, each against a deadline, its stderr drained all along.
package final class LineChannel {
    let process: ChildProcess
    let pipes: DriverPipes

    init(command: String, workingDirectory: String? = nil, maxLineBytes: Int = 1 << 20, stderrLog: StderrLog?) throws {
        process = try ChildProcess(command: command, workingDirectory: workingDirectory)
        pipes = DriverPipes(
            input: process.input, output: process.output, errors: process.errors, maxLineBytes: maxLineBytes,
            log: stderrLog)
    }

    package convenience init(command: String, workingDirectory: String? = nil, maxLineBytes: Int = 1 << 20) throws {
        try self.init(
            command: command, workingDirectory: workingDirectory, maxLineBytes: maxLineBytes, stderrLog: nil)
    }

    /// Writes `line` and a newline before `deadline`.
    func send(_ line: String, until deadline: ContinuousClock.Instant) throws(PipeFailure) {
        try send(bytes: Array((line + "\n").utf8), until: deadline)
    }

    /// Writes `bytes` (whole lines) before `deadline`.
    func send(bytes: [UInt8], until deadline: ContinuousClock.Instant) throws(PipeFailure) {
        pipes.drainErrors()
        try pipes.write(bytes, until: deadline)
    }

    /// Writes `line` and a newline; false when the process did not take it within `limit`.
    package func send(_ line: String, within limit: Duration = .seconds(5)) -> Bool {
        (try? send(line, until: ContinuousClock.now + limit)) != nil
    }

    /// Hands the next stdout line's bytes, without its newline, to `body`.
    func receive<Result>(until deadline: ContinuousClock.Instant, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
        throws(PipeFailure) -> Result
    {
        try pipes.readLine(until: deadline, body)
    }

    /// What the driver wrote to stdout with no request outstanding, if anything (not waited for).
    func unrequestedOutput() -> String? { pipes.unrequestedOutput() }

    /// The next stdout line, or nil on a timeout, the end of its output or an overlong line.
    package func receiveLine(within limit: Duration) -> String? {
        try? pipes.readLine(until: ContinuousClock.now + limit)
    }

    /// Ends the process and everything it started.
    package func close() {
        process.end()
    }
}
