import AuthSpecTestSupport
import Foundation
import Models
import SpecCheck
import SpecModel
import TestModels
import Testing

/// Every fact a model takes from the documents is written there as the model follows it, on one
/// line of its own; and a one-line edit of any of them (a number moved, a word of a text or an
/// arrow's target changed) is a disagreement at the edited line naming the model's rule.
@Suite struct DocumentFactTests {
    static let documents: [SpecDocument] = {
        let folder = TestSupport.shared.appendingPathComponent("spec")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".txt") }.sorted().compactMap { name in
            let path = folder.appendingPathComponent(name).path
            return (try? String(contentsOfFile: path, encoding: .utf8)).map { SpecDocument(file: path, text: $0) }
        }
    }()

    /// The models that take facts from the documents (any the tests know).
    static let factual = TestModels.packages.filter { $0.capabilities.contains(.facts) }

    static func checker(for package: ModelPackage) -> SpecChecker {
        var checker = SpecChecker(model: package.declaration, tables: [], mapping: SpecMapping())
        checker.facts = package.facts
        return checker
    }

    /// The line of a fact in its document, if it is written on exactly one.
    /// For a quote over several lines, the line of its last part.
    static func lines(of fact: DocumentFact, in document: SpecDocument) -> [Int] {
        SpecChecker.linesWriting(SpecChecker.quoteLines(fact.quote), in: document.lines.map(SpecChecker.spaced))
            .map { $0 + 1 }
    }

    /// The quote edited as an author might: its first digit moved by one, else one letter changed.
    static func edited(_ quote: String) -> String {
        var characters = Array(quote)
        if let digit = characters.lastIndex(where: \.isNumber), let value = characters[digit].wholeNumberValue {
            characters[digit] = Character(String((value + 1) % 10))
        } else if let letter = characters.lastIndex(where: \.isLetter) {
            characters[letter] = characters[letter] == "e" ? "a" : "e"
        }
        return String(characters)
    }

    /// An arrow's target renamed, the trigger and guard kept: an arrow sent elsewhere.
    static func retargeted(_ quote: String) -> String? {
        guard let arrow = quote.range(of: "-->", options: .backwards) else { return nil }
        var rest = quote[arrow.upperBound...].drop { $0 == " " }
        if rest.first == "|", let close = rest.dropFirst().firstIndex(of: "|") {
            rest = rest[rest.index(after: close)...].drop { $0 == " " }
        }
        let target = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "*" || $0 == "[" || $0 == "]" }
        guard !target.isEmpty else { return nil }
        return quote[..<target.startIndex] + "Elsewhere" + quote[target.endIndex...]
    }

    /// Edits each fact's line as `edit` says and expects `spec check` to report it at that line,
    /// naming the fact's rule: a disagreement where the model follows the fact, a look at the
    /// reading where it does not.
    static func expectEditsReported(
        of name: String, where selected: (DocumentFact) -> Bool = { _ in true },
        _ edit: (String) -> String?
    ) throws {
        let package = try #require(TestModels.package(named: name))
        let checker = checker(for: package)
        for fact in package.facts where selected(fact) {
            let owners = documents.filter { SpecChecker.belongs(fact, to: $0) }
            let document = try #require(owners.first, "\(fact.rule): no document \(fact.document)")
            let lines = lines(of: fact, in: document)
            #expect(lines.count == 1, "\(fact.rule): \"\(fact.quote)\" is on lines \(lines) of \(fact.document)")
            let parts = SpecChecker.quoteLines(fact.quote)
            guard let last = lines.first, let replacement = edit(parts.joined(separator: "\n")) else { continue }
            // Each part edited on its own line; the finding is due at the last line edited.
            let replaced = replacement.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var text = document.lines
            var line = last
            for (offset, (old, new)) in zip(parts, replaced).enumerated() where old != new {
                line = last - parts.count + 1 + offset
                text[line - 1] = SpecChecker.spaced(text[line - 1]).replacingOccurrences(of: old, with: new)
            }
            let changed = SpecDocument(file: document.file, text: text.joined(separator: "\n"))
            // What `check` reports of the facts (the rest of it compares diagrams and tables).
            let findings = checker.factFindings(in: changed).findings.filter {
                $0.kind == .factChanged || $0.kind == .readingFactGone
            }
            let finding = findings.first { $0.details.contains("the model's rule: \(fact.rule)") && $0.line == line }
            #expect(
                finding != nil,
                "\(fact.rule): \"\(replacement)\" at \(fact.document) line \(line) was not reported there")
            #expect(finding?.isDisagreement == (fact.reading == nil))
        }
    }

    /// Every fact: its number moved by one, or a letter of its text changed.
    /// A quote is written by a line as whole words, whatever the line's white space and however
    /// its accents are encoded (a letter and a combining mark is the accented letter); never
    /// inside a word, nor as part of a letter's accent.
    @Test func aQuoteIsFoundAsWholeWordsInAnyEncodingOfItsAccents() {
        func writes(_ quote: String, _ line: String) -> Bool {
            SpecChecker.writes(SpecChecker.spaced(quote), in: SpecChecker.spaced(line))
        }
        #expect(writes("CHECK --> LOGIN", "  CHECK  -->\tLOGIN : expirada"))
        #expect(!writes("CHECK --> LOGIN", "PIN_CHECK --> LOGIN"))
        #expect(!writes("CHECK --> LOGIN", "CHECK --> LOGINS"))
        #expect(writes("Sesión válida", "la Sesio\u{301}n va\u{301}lida sigue"), "decomposed accents")
        #expect(writes("Sesio\u{301}n", "Sesión"), "a decomposed quote")
        #expect(!writes("Sesio", "Sesio\u{301}n"), "the o is not the ó")
        #expect(writes("5 intentos", "tras\u{00A0}5\u{2003}intentos"), "Unicode white space")
        #expect(!writes("", "anything"))
        #expect(writes("x", "x") && !writes("xy", "x"))
    }

    @Test(arguments: factual.map(\.name))
    func everyFactIsWrittenOnceAndAnEditOfItIsADisagreementAtItsLine(model name: String) throws {
        try Self.expectEditsReported(of: name) { Self.edited($0) }
    }

    /// Every arrow sent to another state under the same trigger and guard.
    @Test(arguments: factual.map(\.name))
    func anArrowSentElsewhereIsADisagreementAtItsLine(model name: String) throws {
        try Self.expectEditsReported(of: name, where: { $0.kind == .arrow }, Self.retargeted)
    }

    /// Each model that watches the documents watches every kind of fact: texts, numbers, arrows and table rows.
    @Test(arguments: factual.map(\.name))
    func everyModelDeclaresFactsOfEveryKind(model name: String) throws {
        let package = try #require(TestModels.package(named: name))
        let missing = Set(DocumentFact.Kind.allCases).subtracting(package.facts.map(\.kind))
        #expect(missing.isEmpty, "\(name) declares no fact of kind \(missing.map(\.rawValue).sorted())")
    }

    /// The unedited documents write every fact the models follow.
    @Test func theDocumentsAsTheyAreWriteEveryFact() throws {
        for package in Self.factual {
            let checks = Self.checker(for: package).check(Self.documents)
            let gone = checks.flatMap(\.findings).filter { $0.kind == .factChanged || $0.kind == .readingFactGone }
            #expect(gone.isEmpty, "\(gone.map(\.message))")
            #expect(checks.reduce(0) { $0 + $1.facts.of } == package.facts.count)
        }
    }
}
