import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// SIGINT, SIGTERM and SIGHUP end a run in order instead of killing it: the handler only notes
/// the signal and writes a byte to a pipe that every wait on a driver also polls, so a wait
/// wakes at once; the run then ends its drivers, writes what finished and exits 128 + signal.
/// A command that has no drivers to end and nothing half-written (lint, spec check) has not
/// asked for that: the handler ends the process at once with the same status.
package enum Interruption {
    package static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    private static let received = Atomic<Int32>(0)
    private static let inOrder = Atomic<Bool>(false)
    /// The pipe's ends; -1 until `install`. Read by the signal handler, so plain integers.
    private static let wakeRead = Atomic<Int32>(-1)
    private static let wakeWrite = Atomic<Int32>(-1)

    /// Installs the handlers (once).
    package static func install() {
        guard wakeRead.load(ordering: .acquiring) < 0 else { return }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        wakeRead.store(ends[0], ordering: .releasing)
        wakeWrite.store(ends[1], ordering: .releasing)
        for number in handled {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                _ = Interruption.received.compareExchange(expected: 0, desired: number, ordering: .relaxed)
                guard Interruption.inOrder.load(ordering: .relaxed) else { _exit(128 + number) }
                var byte: UInt8 = 1
                _ = write(Interruption.wakeWrite.load(ordering: .relaxed), &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(number, &action, nil)
        }
        // A parent may have started authspec with these signals blocked (some process
        // launchers do); blocked, they would stay pending and the run could not be stopped.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for number in handled { sigaddset(&unblock, number) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// From now on a signal is noted and the command stops in order; before, it ends the process.
    package static func stopInOrder() {
        inOrder.store(true, ordering: .relaxed)
    }

    /// The first signal received, or nil while none has been.
    package static var signal: Int32? {
        let number = received.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }

    /// A descriptor that becomes readable when a signal arrives (-1 before `install`).
    static var wakeDescriptor: Int32 { wakeRead.load(ordering: .relaxed) }

    /// The exit status for an interrupted run: 128 + the signal (130 for SIGINT).
    package static func exitStatus(for number: Int32) -> Int32 { 128 + number }

    package static func name(of number: Int32) -> String {
        switch number {
        case SIGINT: return "SIGINT"
        case SIGTERM: return "SIGTERM"
        case SIGHUP: return "SIGHUP"
        default: return "signal \(number)"
        }
    }
}
