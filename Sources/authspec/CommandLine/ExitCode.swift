/// The exit codes CI scripts branch on, stable across versions.
enum ExitCode: Int32 {
    /// Every scenario passed (or the command did what it was asked).
    case success = 0
    /// Conformance failures or implementation errors.
    case failures = 1
    /// A usage mistake or bad input (scenario files, options).
    case badInput = 2
}
