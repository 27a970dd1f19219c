import SpecModel

/// Text from scenarios and drivers (titles, state names, messages, driver output) goes into
/// XML, Markdown and Mermaid; each escape keeps it from breaking the document around it.
package enum Escape {
    /// Text for a terminal: control characters as visible escapes (SpecModel's `VisibleText`).
    package static func visible(_ text: String, keepingLineBreaks: Bool = true) -> String {
        VisibleText.escape(text, keepingLineBreaks: keepingLineBreaks)
    }

    /// An XML attribute value: `xml`, with line breaks and tabs as character references, which
    /// an attribute keeps (a parser turns literal ones into spaces).
    package static func xmlAttribute(_ text: String) -> String {
        xml(text).replacingOccurrences(of: "\t", with: "&#9;").replacingOccurrences(of: "\n", with: "&#10;")
            .replacingOccurrences(of: "\r", with: "&#13;")
    }

    /// XML text; characters XML 1.0 cannot hold become U+FFFD.
    package static func xml(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                let allowed =
                    (0x20...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value)
                    || (0x10000...0x10FFFF).contains(value)
                out.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return out
    }

    /// Inline Markdown, for a table cell or a line: one line, the Markdown punctuation escaped,
    /// HTML neutralised.
    package static func markdown(_ text: String) -> String {
        var out = ""
        for character in VisibleText.escape(text, keepingLineBreaks: true) {
            switch character {
            case "\n", "\r": out += " "
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\\", "`", "*", "_", "[", "]", "|", "#", "~", "!", "{", "}": out += "\\" + String(character)
            default: out.append(character)
            }
        }
        return out
    }

    /// A fenced code block that no backtick run inside the text can close early.
    package static func codeBlock(_ text: String, language: String = "") -> String {
        let text = VisibleText.escape(text)
        var longest = 0
        var run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return fence + language + "\n" + text + "\n" + fence
    }

    /// A Mermaid label: each character Mermaid could read as syntax becomes a look-alike it
    /// reads as text. Not entity codes: Mermaid 11.6 leaves `#58;` undecoded in stateDiagram-v2
    /// edge labels (seen when rendered, scripts/render-mermaid).
    package static func mermaidLabel(_ text: String) -> String {
        String(
            text.map { character -> Character in
                switch character {
                case "\"": return "\u{201D}"  // ”
                case "#": return "\u{FF03}"  // ＃
                case ";": return "\u{FF1B}"  // ；
                case ":": return "\u{A789}"  // ꞉
                case "%": return "\u{FF05}"  // ％
                case "<": return "\u{2039}"  // ‹
                case ">": return "\u{203A}"  // ›
                case "{": return "\u{FF5B}"  // ｛
                case "}": return "\u{FF5D}"  // ｝
                case "[": return "\u{FF3B}"  // ［
                case "]": return "\u{FF3D}"  // ］
                case "|": return "\u{FF5C}"  // ｜
                case "`": return "\u{02CB}"  // ˋ
                case "\\": return "\u{29F5}"  // ⧵
                case "&": return "\u{FF06}"  // ＆
                case "\n", "\r", "\t": return " "
                default: return character
                }
            })
    }

    /// A Mermaid node id: letters, digits and underscores, never a keyword, one per distinct name.
    package static func mermaidID(_ name: String) -> String {
        let plain = name.unicodeScalars.allSatisfy {
            ($0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil)) || $0 == "_"
        }
        if plain, let first = name.unicodeScalars.first, first.properties.isAlphabetic,
            !mermaidKeywords.contains(name.lowercased())
        {
            return name
        }
        // Otherwise a readable part plus the name's bytes in hex, so different names never collide.
        let readable = String(
            name.unicodeScalars.filter { $0.isASCII && $0.properties.isAlphabetic }.prefix(12).map(Character.init))
        let hex = name.utf8.map { String($0, radix: 16) }.joined()
        return "x_" + readable + "_" + hex
    }

    static let mermaidKeywords: Set<String> = [
        "state", "note", "end", "class", "classdef", "direction", "style", "click", "as", "graph", "subgraph",
        "default",
    ]
}
