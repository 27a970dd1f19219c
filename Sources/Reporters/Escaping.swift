/// Text from scenarios and drivers (titles, state names, messages, driver output) goes into
/// XML, Markdown and Mermaid; each escape keeps it from breaking the document around it.
public enum Escape {
    /// XML text and attribute values; characters XML 1.0 cannot hold become U+FFFD.
    public static func xml(_ text: String) -> String {
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
                let allowed = (0x20...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
                out.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return out
    }

    /// Inline Markdown, for a table cell or a line: one line, the Markdown punctuation escaped,
    /// HTML neutralised.
    public static func markdown(_ text: String) -> String {
        var out = ""
        for character in text {
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
    public static func codeBlock(_ text: String, language: String = "") -> String {
        var longest = 0, run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return fence + language + "\n" + text + "\n" + fence
    }

    /// A Mermaid label: entity codes for the characters Mermaid reads as syntax.
    public static func mermaidLabel(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\"": out += "#quot;"
            case "#": out += "#35;"
            case ";": out += "#59;"
            case ":": out += "#58;"
            case "%": out += "#37;"
            case "<": out += "#lt;"
            case ">": out += "#gt;"
            case "{": out += "#123;"
            case "}": out += "#125;"
            case "[": out += "#91;"
            case "]": out += "#93;"
            case "|": out += "#124;"
            case "`": out += "#96;"
            case "\\": out += "#92;"
            case "\n", "\r", "\t": out += " "
            default: out.append(character)
            }
        }
        return out
    }

    /// A Mermaid node id: letters, digits and underscores, never a keyword, one per distinct name.
    public static func mermaidID(_ name: String) -> String {
        let plain = name.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil)) || $0 == "_" }
        if plain, let first = name.unicodeScalars.first, first.properties.isAlphabetic, !mermaidKeywords.contains(name.lowercased()) {
            return name
        }
        // Otherwise a readable part plus the name's bytes in hex, so different names never collide.
        let readable = String(name.unicodeScalars.filter { $0.isASCII && $0.properties.isAlphabetic }.prefix(12).map(Character.init))
        let hex = name.utf8.map { String($0, radix: 16) }.joined()
        return "x_" + readable + "_" + hex
    }

    static let mermaidKeywords: Set<String> = [
        "state", "note", "end", "class", "classdef", "direction", "style", "click", "as", "graph", "subgraph", "default",
    ]
}
