import Foundation
import YAMLLoader

/// One file's text and the problems found in it. Lines are found only when a problem needs
/// its excerpt, and at most `maxListed` problems are kept: a file with thousands of errors
/// costs a bounded list and one closing line, not thousands of copies of its lines.
package struct SourceText {
    package let file: String
    package let text: String
    package private(set) var diagnostics: [Diagnostic] = []
    /// Every problem reported, listed or not.
    package private(set) var problemCount = 0
    private var lineStarts: [(start: String.Index, end: String.Index)]?

    package static let maxListed = 50

    package init(file: String, text: String) {
        self.file = file
        self.text = text
    }

    /// False once `maxListed` problems are listed: costly detail (suggestions) can be skipped.
    package var isListing: Bool { diagnostics.count < Self.maxListed }

    /// Counts a problem; lists it while fewer than `maxListed` are.
    package mutating func report(_ problem: Diagnostic.Problem, at mark: Mark) {
        problemCount += 1
        guard isListing else { return }
        let excerpt = line(mark.line).map { Diagnostic.Excerpt(line: $0, column: mark.column) }
        diagnostics.append(Diagnostic(problem, at: SourceLocation(file: file, mark), excerpt: excerpt))
    }

    /// The listed problems, and a last line saying how many more there were.
    package var allDiagnostics: [Diagnostic] {
        let unlisted = problemCount - diagnostics.count
        guard unlisted > 0 else { return diagnostics }
        return diagnostics + [
            Diagnostic(
                .moreProblems(count: unlisted, listed: Self.maxListed),
                at: SourceLocation(file: file, line: 0, column: 0))
        ]
    }

    /// The line breaks an editor counts, and so do marks (YAMLLoader): LF, CR and CR LF.
    static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\r"
    }

    /// Line `number` (1-based) without its line break, or nil past the end.
    private mutating func line(_ number: Int) -> Substring? {
        if lineStarts == nil {
            var starts: [(start: String.Index, end: String.Index)] = []
            let scalars = text.unicodeScalars
            var start = scalars.startIndex
            var index = start
            while index < scalars.endIndex {
                let scalar = scalars[index]
                guard Self.isLineBreak(scalar) else {
                    index = scalars.index(after: index)
                    continue
                }
                var next = scalars.index(after: index)
                if scalar == "\r", next < scalars.endIndex, scalars[next] == "\n" { next = scalars.index(after: next) }
                starts.append((start, index))
                start = next
                index = next
            }
            starts.append((start, scalars.endIndex))
            lineStarts = starts
        }
        guard let lines = lineStarts, number >= 1, number <= lines.count else { return nil }
        return text[lines[number - 1].start..<lines[number - 1].end]
    }
}

extension SourceText {
    /// The root mapping of a small one-document YAML file (a baseline, a manifest), or nil
    /// with the problem reported: a syntax error, or a root that is not a mapping (`shape`
    /// says what it should be).
    mutating func rootMapping(shape: Diagnostic.Problem.FileKind) -> (root: YAMLNode, pairs: [YAMLNode.Pair])? {
        let documents: [YAMLNode]
        do {
            documents = try YAMLDocumentLoader().load(text)
        } catch {
            report(.yamlSyntax(error.message), at: error.mark)
            return nil
        }
        guard let root = documents.first, case .mapping(let pairs) = root.kind else {
            report(.notAMappingFile(shape), at: documents.first?.mark ?? Mark(line: 1, column: 1))
            return nil
        }
        return (root, pairs)
    }
}

extension SourceFiles {
    /// A small YAML file's text, or why it cannot be read (`cannot read the <what>: ...`).
    package static func readSmallYAML(_ file: String, what: String) -> Result<String, Diagnostic> {
        SourceFiles.read(file, maxBytes: YAMLLimits.standard.maxBytes).mapError { problem in
            var problem = problem
            problem.problem = .cannotRead(what: "the \(what)", problem.problem)
            return problem
        }
    }
}
