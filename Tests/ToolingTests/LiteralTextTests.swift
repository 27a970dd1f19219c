import AuthSpecTestSupport
import Foundation
import Testing

/// Tests of logic compare values (a diagnostic's problem, a refusal's case, a finding's kind), and
/// text is searched only where the words are the subject. The `#expect`s that search text for a
/// literal are counted, and docs/tests.md says how many there are: a new one changes the page.
@Suite struct LiteralTextTests {
    /// An `#expect` whose condition looks for a literal in text.
    static func searchesText(_ expectation: Substring) -> Bool {
        expectation.contains(/\.(contains|hasPrefix|hasSuffix)\(\s*"/)
    }

    /// Each `#expect(...)` of `source`, whole: from `#expect(` to its closing parenthesis, string
    /// literals (one-line and multi-line) skipped over. Read as bytes: every delimiter is ASCII.
    static func expectations(in source: String) -> [Substring] {
        let bytes = Array(source.utf8)
        let opening = Array("#expect(".utf8)
        let quote = UInt8(ascii: "\"")
        func isTripleQuote(_ index: Int) -> Bool {
            index + 2 < bytes.count && bytes[index] == quote && bytes[index + 1] == quote && bytes[index + 2] == quote
        }
        var found: [Substring] = []
        var index = 0
        while index + opening.count <= bytes.count {
            guard bytes[index..<index + opening.count].elementsEqual(opening) else {
                index += 1
                continue
            }
            let start = index
            index += opening.count
            var depth = 1
            var inString = false
            while index < bytes.count, depth > 0 {
                if isTripleQuote(index) {
                    index += 3
                    while index < bytes.count, !isTripleQuote(index) { index += 1 }
                    index += 3
                    continue
                }
                switch bytes[index] {
                case UInt8(ascii: "\\") where inString: index += 1
                case quote: inString.toggle()
                case UInt8(ascii: "(") where !inString: depth += 1
                case UInt8(ascii: ")") where !inString: depth -= 1
                default: break
                }
                index += 1
            }
            let utf8 = source.utf8
            found.append(
                Substring(
                    utf8[
                        utf8.index(
                            utf8.startIndex, offsetBy: start)..<utf8.index(
                                utf8.startIndex, offsetBy: min(index, bytes.count))]))
        }
        return found
    }

    @Test func theScannerFindsEachExpectationWhole() {
        let source = """
            #expect(a.contains("x)") && f(1))
            #expect(b == 2, "why (not)")
            #expect(
                text.hasPrefix(\"\"\"
                    )
                    \"\"\"))
            """
        let found = Self.expectations(in: source)
        #expect(found.count == 3)
        #expect(found.map(Self.searchesText) == [true, false, true])
    }

    @Test func theLiteralTextExpectationsAreCounted() throws {
        let tests = TestSupport.root.appendingPathComponent("Tests")
        var count = 0
        for case let file as URL in FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)!
        where file.pathExtension == "swift" && file.lastPathComponent != "LiteralTextTests.swift" {
            let source = try String(contentsOf: file, encoding: .utf8)
            count += Self.expectations(in: source).filter(Self.searchesText).count
        }
        let page = try String(
            contentsOf: TestSupport.root.appendingPathComponent("docs/tests.md"), encoding: .utf8)
        let said = try #require(page.firstMatch(of: /\*\*(\d+)\*\* `#expect` look for a literal in text/))
        #expect(Int(said.output.1) == count, "docs/tests.md says \(said.output.1); the tests hold \(count)")
        // Words are searched for only where they are the subject: a new search for words is
        // a case or a golden file instead, past this bound.
        #expect(count < Self.bound, "\(count) searches for words; the bound is \(Self.bound)")
    }

    /// The most `#expect`s that may search text for a literal (docs/tests.md says it).
    static let bound = 100
}
