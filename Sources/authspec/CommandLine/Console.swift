import Foundation
import Reporters

#if canImport(Glibc)
    import Glibc
#endif

/// The only place that writes to the terminal, so commands stay testable through the binary.
/// Every text passes `Escape.visible` on its way out: a title, a file name or a driver's line
/// cannot move the cursor, clear the screen or set the window title. A stream whose reader
/// has gone (`authspec run | head`) is simply no longer written to: the run goes on, ends its
/// drivers and writes its reports.
enum Console {
    /// Set when a report is written to standard output: the terminal's text then goes to
    /// standard error. Set once, while options are read, before anything else prints.
    nonisolated(unsafe) static var textGoesToStandardError = false
    nonisolated(unsafe) private static var closed: Set<Int32> = []

    static func out(_ text: String) {
        write(Escape.visible(text) + "\n", to: textGoesToStandardError ? 2 : 1)
    }

    static func error(_ text: String) {
        write(Escape.visible(text) + "\n", to: 2)
    }

    /// One field on one line: line breaks shown as `\n` as well.
    static func visible(_ text: String) -> String { Escape.visible(text, keepingLineBreaks: false) }

    private static func write(_ text: String, to descriptor: Int32) {
        guard !closed.contains(descriptor) else { return }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                // EPIPE and the like: nobody reads this stream any more.
                closed.insert(descriptor)
                return
            }
            offset += written
        }
    }
}
