import Foundation
import SpecModel

#if canImport(Glibc)
    import Glibc
#endif

/// The only place that writes to the terminal. Every text passes `VisibleText.escape` on its way out: a title, a file name or a driver's line
/// cannot move the cursor, clear the screen or set the window title. A stream whose reader
/// has gone (`authspec run | head`) is simply no longer written to: the run goes on, ends its
/// drivers and writes its reports.
package enum Console {
    /// Set when a report is written to standard output: the terminal's text then goes to
    /// standard error. Set once, while options are read, before anything else prints.
    package nonisolated(unsafe) static var textGoesToStandardError = false
    nonisolated(unsafe) private static var closed: Set<Int32> = []

    /// A colour for a line, written only where `colour` says so.
    package enum Style: String {
        case good = "32"
        case bad = "31"
        case warning = "33"
        case broken = "35"
    }

    private static var textDescriptor: Int32 { textGoesToStandardError ? 2 : 1 }

    /// The text goes to a terminal: progress may rewrite its line there.
    package static var isTerminal: Bool { isatty(textDescriptor) == 1 }

    /// Colour on a terminal, or wherever FORCE_COLOR asks for it; never where NO_COLOR is
    /// set (no-color.org), which wins over both.
    package static var colour: Bool {
        let environment = ProcessInfo.processInfo.environment
        if let noColour = environment["NO_COLOR"], !noColour.isEmpty { return false }
        if let force = environment["FORCE_COLOR"], !force.isEmpty, force != "0" { return true }
        return isTerminal
    }

    /// The progress line on a terminal is being shown: the next line written clears it first.
    nonisolated(unsafe) private static var statusShown = false

    package static func out(_ text: String, style: Style? = nil) {
        write(
            clearStatus() + painted(VisibleText.escape(text, keepingLineBreaks: true), style) + "\n", to: textDescriptor
        )
    }

    /// A line that the next one replaces (on a terminal only; elsewhere use `out`).
    package static func status(_ text: String, style: Style? = nil) {
        write(clearStatus() + painted(visible(text), style), to: textDescriptor)
        statusShown = true
    }

    /// Takes the progress line away, if one is shown.
    package static func endStatus() {
        let clear = clearStatus()
        if !clear.isEmpty { write(clear, to: textDescriptor) }
    }

    private static func clearStatus() -> String {
        guard statusShown else { return "" }
        statusShown = false
        return "\r\u{1B}[K"
    }

    private static func painted(_ text: String, _ style: Style?) -> String {
        guard let style, colour else { return text }
        return "\u{1B}[\(style.rawValue)m" + text + "\u{1B}[0m"
    }

    package static func error(_ text: String) {
        endStatus()
        write(VisibleText.escape(text, keepingLineBreaks: true) + "\n", to: 2)
    }

    /// One field on one line: line breaks shown as `\n` as well.
    package static func visible(_ text: String) -> String { VisibleText.escape(text, keepingLineBreaks: false) }

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
