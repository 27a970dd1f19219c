internal import CProcessControl
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// How a child process ended.
package enum Termination: Sendable, Equatable, CustomStringConvertible {
    case exited(Int32)
    case signalled(Int32)

    package var description: String {
        switch self {
        case .exited(let code): return "exited with status \(code)"
        case .signalled(let signal):
            return "was killed by signal \(signal)\(Self.signalNames[signal].map { " (\($0))" } ?? "")"
        }
    }

    static let signalNames: [Int32: String] = [
        SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGSEGV: "SIGSEGV", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS",
        SIGPIPE: "SIGPIPE", SIGINT: "SIGINT", SIGILL: "SIGILL", SIGFPE: "SIGFPE",
    ]
}

/// A driver process: `/bin/sh -c "exec COMMAND"` in a process group of its own, with its three
/// standard streams on pipes. Its termination is observed without reaping it, so the group id
/// stays its own until `end` has killed the group; then it is reaped, and the orphans it left
/// are swept (ProcessTree).
final class ChildProcess {
    let pid: pid_t
    let input: Int32
    let output: Int32
    let errors: Int32
    private(set) var termination: Termination?
    private var reaped = false

    init(command: String, workingDirectory: String? = nil) throws {
        // Writing to a driver that has died must be an error we report, not a signal that kills us.
        signal(SIGPIPE, SIG_IGN)
        var stdinPipe: [Int32] = [0, 0]
        var stdoutPipe: [Int32] = [0, 0]
        var stderrPipe: [Int32] = [0, 0]
        for index in 0..<3 {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            // Our ends must not leak into other children; dup2 gives the child fresh ones.
            _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
            switch index {
            case 0: stdinPipe = ends
            case 1: stdoutPipe = ends
            default: stderrPipe = ends
            }
        }
        let changeDirectory =
            workingDirectory.map { "cd '" + $0.replacingOccurrences(of: "'", with: "'\\''") + "' && " } ?? ""
        let arguments = ["/bin/sh", "-c", changeDirectory + "exec " + command]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var environment = ProcessInfo.processInfo.environment
        // A crashing Swift driver must not keep its pipes open in the backtracer.
        environment["SWIFT_BACKTRACE"] = environment["SWIFT_BACKTRACE"] ?? "enable=no"
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for variable in envp { free(variable) } }

        // Default dispositions and an empty mask for the signals authspec handles or ignores,
        // so the driver can be interrupted and terminated as any program can; and it dies with
        // authspec, even when authspec is killed outright (a parent-death signal).
        let defaults = [SIGPIPE] + Interruption.handled
        let child = authspec_spawn(
            "/bin/sh", &argv, &envp, stdinPipe[0], stdoutPipe[1], stderrPipe[1], defaults, Int32(defaults.count))
        let status = child < 0 ? errno : 0
        close(stdinPipe[0])
        close(stdoutPipe[1])
        close(stderrPipe[1])
        guard status == 0 else {
            close(stdinPipe[1])
            close(stdoutPipe[0])
            close(stderrPipe[0])
            throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO)
        }
        pid = child
        input = stdinPipe[1]
        output = stdoutPipe[0]
        errors = stderrPipe[0]
        ProcessTree.register(child)
    }

    deinit {
        end()
        close(input)
        close(output)
        close(errors)
    }

    /// How the process ended, waiting for it up to `limit`; nil if it is still running then.
    /// The process is not reaped: its pid, and so its group id, stay reserved until `end`.
    @discardableResult
    func observeTermination(within limit: Duration) -> Termination? {
        if let termination { return termination }
        let deadline = ContinuousClock.now + limit
        while true {
            var info = siginfo_t()
            let result = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
            if result == 0, info._sifields._sigchld.si_pid == pid {
                let code = info._sifields._sigchld.si_status
                termination = info.si_code == CLD_EXITED ? .exited(code) : .signalled(code)
                return termination
            }
            if result < 0 && errno != EINTR { return nil }
            if ContinuousClock.now >= deadline { return nil }
            usleep(2_000)
        }
    }

    /// Ends the process and everything it started: TERM to its group, a short grace for the
    /// leader, KILL to the group, the leader reaped, then the orphans swept.
    func end(grace: Duration = .milliseconds(200)) {
        guard !reaped else { return }
        if kill(-pid, SIGTERM) == 0 {
            observeTermination(within: grace)
            kill(-pid, SIGKILL)
        }
        var status: Int32 = 0
        let deadline = ContinuousClock.now + .seconds(5)
        while waitpid(pid, &status, WNOHANG) == 0, ContinuousClock.now < deadline { usleep(2_000) }
        if termination == nil {
            let signal = status & 0x7f
            termination = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
        }
        reaped = true
        ProcessTree.unregister(pid)
        ProcessTree.sweepOrphans()
    }
}
