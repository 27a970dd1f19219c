import CommandCatalog
import CommandLineKit

/// Values a command hands over instead of freeing them: the process ends right after the
/// command, and the system takes its pages back at once, where freeing a loaded suite of ten
/// thousand scenarios node by node costs about a seventh of loading it.
enum UntilExit {
    nonisolated(unsafe) private static var kept: [Any] = []

    static func keep(_ value: Any) { kept.append(value) }
}
