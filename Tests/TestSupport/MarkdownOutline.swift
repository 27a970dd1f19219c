import Foundation

/// A Markdown report read as its parts: headings, folded sections' summaries and table rows,
/// so a test compares the structure a reader sees rather than searching the text.
package struct MarkdownOutline {
    /// Each heading's text, `#`s and the space after them taken off, in order.
    package var headings: [String] = []
    /// Each `<details><summary>TEXT</summary>`'s text, in order.
    package var summaries: [String] = []
    /// Each table row's cells (header and rule rows included), trimmed; an escaped pipe (`\|`)
    /// stays inside its cell.
    package var rows: [[String]] = []

    package init(_ markdown: String) {
        var inFence = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.starts(with: "```") {
                inFence.toggle()
                continue
            }
            if inFence { continue }
            if let heading = line.wholeMatch(of: /#{1,6} (.*)/) {
                headings.append(String(heading.output.1))
            } else if let summary = line.firstMatch(of: /<details><summary>(.*?)<\/summary>/) {
                summaries.append(String(summary.output.1))
            } else if line.first == "|" {
                rows.append(Self.cells(line))
            }
        }
    }

    static func cells(_ line: Substring) -> [String] {
        var cells: [String] = []
        var cell = ""
        var escaped = false
        for character in line.dropFirst() {
            if escaped {
                cell.append(character)
                escaped = false
            } else if character == "\\" {
                cell.append(character)
                escaped = true
            } else if character == "|" {
                cells.append(cell.trimmingCharacters(in: .whitespaces))
                cell = ""
            } else {
                cell.append(character)
            }
        }
        return cells
    }
}
