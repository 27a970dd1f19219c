import YAMLLoader

/// One file's text and the problems found in it. Lines are found only when a problem needs
/// its excerpt, and at most `maxListed` problems are kept: a file with thousands of errors
/// costs a bounded list and one closing line, not thousands of copies of its lines.
public struct SourceText {
    public let file: String
    public let text: String
    public private(set) var diagnostics: [Diagnostic] = []
    /// Every problem reported, listed or not.
    public private(set) var problemCount = 0
    private var lineStarts: [String.Index]?

    public static let maxListed = 50

    public init(file: String, text: String) {
        self.file = file
        self.text = text
    }

    /// False once `maxListed` problems are listed: costly detail (suggestions) can be skipped.
    public var isListing: Bool { diagnostics.count < Self.maxListed }

    /// Counts a problem; lists it while fewer than `maxListed` are.
    public mutating func report(_ message: String, at mark: Mark) {
        problemCount += 1
        guard isListing else { return }
        let excerpt = line(mark.line).map { Diagnostic.Excerpt(line: $0, column: mark.column) }
        diagnostics.append(Diagnostic(message, at: SourceLocation(file: file, mark), excerpt: excerpt))
    }

    /// The listed problems, and a last line saying how many more there were.
    public var allDiagnostics: [Diagnostic] {
        let unlisted = problemCount - diagnostics.count
        guard unlisted > 0 else { return diagnostics }
        return diagnostics + [
            Diagnostic(
                "and \(unlisted) more problem\(unlisted == 1 ? "" : "s") in this file (the first \(Self.maxListed) are listed)",
                at: SourceLocation(file: file, line: 0, column: 0))
        ]
    }

    /// Line `number` (1-based) without its line break, or nil past the end.
    private mutating func line(_ number: Int) -> Substring? {
        if lineStarts == nil {
            var starts = [text.startIndex]
            var index = text.startIndex
            while let newline = text[index...].firstIndex(of: "\n") {
                index = text.index(after: newline)
                starts.append(index)
            }
            lineStarts = starts
        }
        guard let starts = lineStarts, number >= 1, number <= starts.count else { return nil }
        let start = starts[number - 1]
        let end = number < starts.count ? text.index(before: starts[number]) : text.endIndex
        var line = text[start..<end]
        if line.last == "\r" { line = line.dropLast() }
        return line
    }
}
