import Foundation

/// Line breaks as an editor counts them: LF, CR and CR LF each end a line. Every reader that
/// goes through a file line by line (record, spec check) reads them alike.
package enum LineBreaks {
    /// `text` with every CR LF and every lone CR written as LF, and the break it used first
    /// (LF when it has none): readers that go line by line split on LF alone, and what they
    /// write back takes the file's own break again (`withBreaks`).
    package static func withLinefeeds(_ text: String) -> (text: String, lineBreak: String) {
        guard text.unicodeScalars.contains("\r") else { return (text, "\n") }
        var scalars = String.UnicodeScalarView()
        var lineBreak: String?
        var afterCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\r" {
                if afterCR { lineBreak = lineBreak ?? "\r" }
                scalars.append("\n")
                afterCR = true
                continue
            }
            if scalar == "\n" && afterCR {
                lineBreak = lineBreak ?? "\r\n"
                afterCR = false
                continue
            }
            if afterCR { lineBreak = lineBreak ?? "\r" }
            if scalar == "\n" { lineBreak = lineBreak ?? "\n" }
            afterCR = false
            scalars.append(scalar)
        }
        if afterCR { lineBreak = lineBreak ?? "\r" }
        return (String(scalars), lineBreak ?? "\n")
    }

    /// `text` (with LF breaks) written with `lineBreak` in place of each LF.
    package static func withBreaks(_ text: String, _ lineBreak: String) -> String {
        lineBreak == "\n" ? text : text.replacingOccurrences(of: "\n", with: lineBreak)
    }

    /// The text's lines as an editor counts them (LF, CR and CR LF each end one), without their breaks.
    package static func lines(of text: String) -> [String] {
        withLinefeeds(text).text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

}
