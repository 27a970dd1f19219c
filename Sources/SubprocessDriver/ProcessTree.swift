internal import CProcessControl
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Every process a driver starts dies with it. authspec makes itself a child subreaper
/// (Linux `PR_SET_CHILD_SUBREAPER`), so a driver's descendants that lose their parent, even
/// ones that left its process group with `setsid`, become authspec's children instead of
/// init's: ending a driver kills its group, then kills and reaps every such orphan.
package enum ProcessTree {
    /// Driver processes running now: their pids are spared when orphans are swept.
    private static let liveDrivers = Mutex<Set<pid_t>>([])
    private static let subreaper = Mutex(false)

    /// From now on, orphaned descendants are re-parented to this process.
    package static func becomeSubreaper() {
        subreaper.withLock { done in
            guard !done else { return }
            done = true
            _ = authspec_become_child_subreaper()
        }
    }

    static func register(_ pid: pid_t) {
        _ = liveDrivers.withLock { $0.insert(pid) }
    }

    static func unregister(_ pid: pid_t) {
        _ = liveDrivers.withLock { $0.remove(pid) }
    }

    /// Kills and reaps every child of this process that is not a live driver: the orphans a
    /// driver left behind. Killing one can orphan its own children, so it repeats until none
    /// is left or `limit` has passed. Only a subreaper sweeps: in any other process (a test
    /// runner driving drivers in process) orphans are not its children, and its other children
    /// are not a driver's to end.
    package static func sweepOrphans(
        sparingDrivers: Bool = true, grace: Duration = .milliseconds(200), limit: Duration = .seconds(3)
    ) {
        guard subreaper.withLock({ $0 }) else { return }
        let deadline = ContinuousClock.now + limit
        var terminated: Set<pid_t> = []
        var termSentAt: [pid_t: ContinuousClock.Instant] = [:]
        while ContinuousClock.now < deadline {
            let spared = sparingDrivers ? liveDrivers.withLock { $0 } : []
            let orphans = children().filter { !spared.contains($0) }
            if orphans.isEmpty { return }
            for pid in orphans {
                var status: Int32 = 0
                if waitpid(pid, &status, WNOHANG) == pid { continue }
                if let sent = termSentAt[pid] {
                    if ContinuousClock.now - sent >= grace, !terminated.contains(pid) {
                        kill(pid, SIGKILL)
                        terminated.insert(pid)
                    }
                } else {
                    kill(pid, SIGTERM)
                    termSentAt[pid] = ContinuousClock.now
                }
            }
            usleep(5_000)
        }
    }

    /// The pids whose parent is this process, read from /proc.
    static func children() -> [pid_t] {
        let me = getpid()
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return entries.compactMap { name -> pid_t? in
            guard let pid = pid_t(name), let parent = parentOf(pid), parent == me else { return nil }
            return pid
        }
    }

    /// The parent pid in /proc/PID/stat: the fourth field, after the command name in parentheses
    /// (which may itself hold spaces and parentheses, so the last ')' is the anchor).
    static func parentOf(_ pid: pid_t) -> pid_t? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? pid_t(fields[1]) : nil
    }
}
