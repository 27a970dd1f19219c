import Foundation

/// A child process spoken to in lines: one line out on its stdin, one line back from its
/// stdout against a deadline, its stderr drained all along.
public final class LineChannel {
    let process: ChildProcess
    let reader: OutputReader

    public init(
        command: String, workingDirectory: String? = nil, maxLineBytes: Int = 1 << 20, stderrLog: FileHandle? = nil
    ) throws {
        process = try ChildProcess(command: command, workingDirectory: workingDirectory)
        reader = OutputReader(
            output: process.output, errors: process.errors, maxLineBytes: maxLineBytes, log: stderrLog)
    }

    /// Writes `line` and a newline; false when the process no longer reads.
    public func send(_ line: String) -> Bool {
        reader.drainErrors()
        return process.write(Array((line + "\n").utf8))
    }

    /// The next stdout line, without its newline.
    func receive(until deadline: ContinuousClock.Instant) throws(ReadFailure) -> String {
        try reader.readLine(until: deadline)
    }

    /// The next stdout line, or nil on a timeout, the end of its output or an overlong line.
    public func receiveLine(within limit: Duration) -> String? {
        try? reader.readLine(until: ContinuousClock.now + limit)
    }

    /// Ends the process and its whole process group.
    public func close() {
        process.killGroup()
        process.reap(within: .seconds(2))
    }
}
