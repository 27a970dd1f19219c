import SpecModel

extension SubprocessDriver {
    /// Starts the process and shakes hands; a failed handshake is remembered by the driver and
    /// errors every scenario with its reason.
    package mutating func prepare() {
        _ = try? connect()
    }

    package mutating func close() {
        shutdown()
    }

    package var identity: ImplementationIdentity {
        ImplementationIdentity(
            command: options.command, version: info?.version, language: info?.language, restarts: restarts,
            log: options.stderrLog)
    }
}

extension DriverOptions {
    /// The options for worker `worker` of a run with several: the same driver, its own stderr
    /// log (`driver-1.stderr.log` for the first worker, `driver-1.job2.stderr.log` for the second).
    package func forWorker(_ worker: Int) -> DriverOptions {
        guard worker > 0, let log = stderrLog else { return self }
        var options = self
        let suffix = ".stderr.log"
        let stem = log.hasSuffix(suffix) ? String(log.dropLast(suffix.count)) : log
        options.stderrLog = "\(stem).job\(worker + 1)\(suffix)"
        return options
    }
}
