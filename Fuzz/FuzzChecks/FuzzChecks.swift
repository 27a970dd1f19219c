import ScenarioModel

/// What every file reader's fuzz target checks of what it was handed: the bytes read as a file's
/// are (UTF-8 and NUL checked, then repaired), and every problem said is a located, formatted
/// diagnostic inside the file. A crash, a trap or a broken invariant is a finding; a problem
/// said is not.
package enum FuzzChecks {
    /// The bytes as a file's text, as authspec reads one: bad bytes are a located problem, and
    /// the text repaired (U+FFFD for each bad sequence) still goes through the reader.
    package static func text(_ data: UnsafePointer<UInt8>, _ size: Int, file: String) -> String {
        let bytes = Array(UnsafeBufferPointer(start: data, count: size))
        switch SourceFiles.text(of: bytes, file: file) {
        case .success(let text): return text
        case .failure(let problem):
            require(problem.location.line >= 1 && problem.location.column >= 1, "bad byte not located: \(problem)")
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Each diagnostic has a message, formats as an error or a warning at its place, and is in
    /// the file (line 0 only for what speaks of the file as a whole).
    package static func located(_ diagnostics: [Diagnostic], in text: String) {
        let lines = text.reduce(into: 1) { count, character in if character.isNewline { count += 1 } }
        for diagnostic in diagnostics {
            require(!diagnostic.message.isEmpty, "diagnostic without a message at \(diagnostic.location)")
            let words = diagnostic.description
            require(words.contains(": error: ") || words.contains(": warning: "), "malformed: \(words)")
            require(diagnostic.location.line >= 0 && diagnostic.location.column >= 0, "negative place: \(words)")
            require(diagnostic.location.line <= lines + 1, "past the file's \(lines) lines: \(words)")
        }
    }

    /// A broken invariant: says which, then traps, in release builds too.
    package static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError(message()) }
    }
}
