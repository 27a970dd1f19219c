import CommandCatalog
import CommandLineKit
import SubprocessDriver

/// The exit codes CI scripts branch on, stable across versions.
enum ExitCode: Int32 {
    /// Every scenario passed (or the command did what it was asked).
    case success = 0
    /// Conformance failures or implementation errors.
    case failures = 1
    /// A usage mistake or bad input (scenario files, options), or a report that could not be written.
    case badInput = 2
    /// Stopped by SIGHUP, SIGINT or SIGTERM (128 + the signal): what finished was reported.
    case hangUp = 129
    case interrupt = 130
    case terminate = 143

    static func interrupted(by signal: Int32) -> ExitCode {
        ExitCode(rawValue: Interruption.exitStatus(for: signal)) ?? .interrupt
    }
}
