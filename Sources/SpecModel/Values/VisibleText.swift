/// The one sanitiser for text that comes from a file or a driver on its way to a person: a
/// control character becomes a visible escape (`\e` for ESC, `\u{7}` for BEL), as do the
/// bidirectional overrides that can make text read otherwise than it is; tabs stay; line
/// breaks stay, or become `\n` in a field meant to be one line. Nothing can then clear a
/// screen, set a window title, rewrite a line with a carriage return or forge a line of output.
public enum VisibleText {
    public static func escape(_ text: String, keepingLineBreaks: Bool = true) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepingLineBreaks: keepingLineBreaks) }) else {
            return text
        }
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar, keepingLineBreaks: keepingLineBreaks) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\u{1B}": out += "\\e"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out += "\\u{" + String(scalar.value, radix: 16) + "}"
            }
        }
        return out
    }

    /// `escape` for a field that must stay on one line: a title, an id, a file name.
    public static func oneLine(_ text: String) -> String { escape(text, keepingLineBreaks: false) }

    static func needsEscape(_ scalar: Unicode.Scalar, keepingLineBreaks: Bool) -> Bool {
        switch scalar.value {
        case 0x09: return false
        case 0x0A: return !keepingLineBreaks
        case 0x00...0x1F, 0x7F...0x9F: return true
        // Line and paragraph separators (line breaks to YAML and to some terminals).
        case 0x2028, 0x2029: return true
        // Zero-width characters and bidirectional marks, embeddings, overrides and isolates:
        // text that reads otherwise than it is.
        case 0x200B...0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}

/// Words as a POSIX shell reads them back.
package enum ShellWords {
    /// A word as it is when nothing in it is special to a shell, else in single quotes.
    package static func quoted(_ word: String) -> String {
        let plain =
            !word.isEmpty && word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_./:=@%+-,".contains($0)) }
        guard !plain else { return word }
        var quoted = "'"
        for character in word { quoted += character == "'" ? "'\\''" : String(character) }
        return quoted + "'"
    }
}
