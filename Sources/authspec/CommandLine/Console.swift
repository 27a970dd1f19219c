import Foundation
import Reporters

/// The only place that writes to the terminal, so commands stay testable through the binary.
/// Every text passes `Escape.visible` on its way out: a title, a file name or a driver's line
/// cannot move the cursor, clear the screen or set the window title.
enum Console {
    /// Set when a report is written to standard output: the terminal's text then goes to
    /// standard error. Set once, while options are read, before anything else prints.
    nonisolated(unsafe) static var textGoesToStandardError = false

    static func out(_ text: String) {
        let handle = textGoesToStandardError ? FileHandle.standardError : FileHandle.standardOutput
        handle.write(Data((Escape.visible(text) + "\n").utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((Escape.visible(text) + "\n").utf8))
    }

    /// One field on one line: line breaks shown as `\n` as well.
    static func visible(_ text: String) -> String { Escape.visible(text, keepingLineBreaks: false) }
}
