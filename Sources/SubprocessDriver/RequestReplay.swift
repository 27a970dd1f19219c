import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Feeds a driver recorded request lines with no runner at all, keeping requests in flight
/// exactly as `SubprocessDriver` does: input requests up to `SubprocessDriver.window` ahead of
/// their replies, topped up in one write when `SubprocessDriver.refill` or fewer are in
/// flight; every other request alone (the replies owed are read first, then its own).
/// Replies are counted, not read as JSON: this is the driver's own ceiling, the yardstick
/// `authspec bench` holds authspec's throughput against.
package enum RequestReplay {
    package struct Measurement: Sendable {
        /// Input requests among the lines replayed.
        package var inputs: Int
        /// From the first request after the hello to the last reply before the bye.
        package var duration: Duration
    }

    package enum Failure: Error, CustomStringConvertible {
        case noHello
        case driverStopped(String)
        package var description: String {
            switch self {
            case .noHello: return "the recording does not start with a hello request"
            case .driverStopped(let why): return "the driver stopped answering: \(why)"
            }
        }
    }

    /// Replays `lines` (one session as recorded: hello first, bye last if any) into a fresh
    /// process of `command`. The process start, the hello and the bye are not timed.
    package static func replay(
        _ lines: [[UInt8]], into command: String, workingDirectory: String? = nil,
        window: Int = SubprocessDriver.window, refill: Int = SubprocessDriver.refill,
        timeout: Duration = .seconds(10)
    ) throws -> Measurement {
        guard let hello = lines.first, isRequest(hello, ofType: "hello") else { throw Failure.noHello }
        var body = lines.dropFirst()
        var bye: [UInt8]?
        if let last = body.last, isRequest(last, ofType: "bye") {
            bye = last
            body = body.dropLast()
        }
        let isInput = body.map { isRequest($0, ofType: "input") }
        let process = try ChildProcess(command: command, workingDirectory: workingDirectory)
        defer { process.end() }
        var peer = Peer(process: process, timeout: timeout)
        try peer.send(hello[...])
        try peer.awaitReplies(1)

        let started = ContinuousClock.now
        var next = body.startIndex
        var batch: [UInt8] = []
        while next < body.endIndex {
            let offset = next - body.startIndex
            if isInput[offset] {
                // As SubprocessDriver.perform: with `refill` or fewer requests in flight, the
                // window is topped up in one write; then at least one reply is waited for.
                if peer.owed <= refill {
                    batch.removeAll(keepingCapacity: true)
                    var taken = 0
                    while next < body.endIndex, isInput[next - body.startIndex], peer.owed + taken < window {
                        batch += body[next]
                        taken += 1
                        next += 1
                    }
                    if taken > 0 { try peer.send(batch[...], counting: taken) }
                }
                try peer.awaitReplies(1)
            } else {
                try peer.awaitReplies(peer.owed)
                try peer.send(body[next][...])
                try peer.awaitReplies(1)
                next += 1
            }
        }
        try peer.awaitReplies(peer.owed)
        let duration = ContinuousClock.now - started
        if let bye { try? peer.send(bye[...]) }
        process.observeTermination(within: .milliseconds(500))
        return Measurement(inputs: isInput.filter { $0 }.count, duration: duration)
    }

    /// Splits a recording into its lines, without their newlines; empty lines are dropped.
    package static func lines(of recording: [UInt8]) -> [[UInt8]] {
        recording.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).map { Array($0) + [0x0A] }
    }

    /// The runner writes compact JSON with sorted keys: the type is a literal `"type":"…"`.
    static func isRequest(_ line: [UInt8], ofType type: String) -> Bool {
        let needle = Array("\"type\":\"\(type)\"".utf8)
        guard line.count >= needle.count else { return false }
        for start in 0...(line.count - needle.count) where line[start] == needle[0] {
            if line[start..<start + needle.count].elementsEqual(needle) { return true }
        }
        return false
    }

    /// The driver's end of the pipes, never blocking: writes, and replies counted by their
    /// newlines; stderr drained and dropped.
    private struct Peer {
        let process: ChildProcess
        let timeout: Duration
        var owed = 0
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var errorsOpen = true

        init(process: ChildProcess, timeout: Duration) {
            self.process = process
            self.timeout = timeout
            for descriptor in [process.input, process.output] {
                _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            }
        }

        mutating func send(_ bytes: ArraySlice<UInt8>, counting requests: Int = 1) throws {
            var offset = bytes.startIndex
            while offset < bytes.endIndex {
                let written = bytes[offset...].withUnsafeBytes { Glibc.write(process.input, $0.baseAddress, $0.count) }
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EAGAIN {
                    try wait(for: process.input, events: POLLOUT)
                } else if !(written < 0 && errno == EINTR) {
                    throw Failure.driverStopped("its input is closed")
                }
            }
            owed += requests
        }

        /// Reads until `count` more replies have come (or more: a read takes what is there).
        mutating func awaitReplies(_ count: Int) throws {
            let target = owed - count
            while owed > target {
                if try !readOnce() { try wait(for: process.output, events: POLLIN) }
            }
        }

        /// One read of stdout; false when it held nothing.
        private mutating func readOnce() throws -> Bool {
            let count = read(process.output, &chunk, chunk.count)
            if count < 0, errno == EINTR || errno == EAGAIN { return false }
            guard count > 0 else { throw Failure.driverStopped("its output ended") }
            owed -= chunk[..<count].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            return true
        }

        /// Until `descriptor` is ready, draining the driver's stderr meanwhile.
        private mutating func wait(for descriptor: Int32, events: Int32) throws {
            let deadline = ContinuousClock.now + timeout
            while true {
                var descriptors = [
                    pollfd(fd: descriptor, events: Int16(events), revents: 0),
                    pollfd(fd: errorsOpen ? process.errors : -1, events: Int16(POLLIN), revents: 0),
                ]
                let ready = poll(&descriptors, 2, 100)
                if ready < 0, errno != EINTR { throw Failure.driverStopped("poll failed") }
                if descriptors[1].revents != 0, read(process.errors, &chunk, chunk.count) <= 0 { errorsOpen = false }
                if descriptors[0].revents != 0 { return }
                if Interruption.signal != nil { throw Failure.driverStopped("authspec was interrupted") }
                if ContinuousClock.now > deadline { throw Failure.driverStopped("no reply within \(timeout)") }
            }
        }
    }
}
