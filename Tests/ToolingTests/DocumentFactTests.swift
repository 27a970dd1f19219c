import AuthSpecTestSupport
import Foundation
import Models
import SpecCheck
import SpecModel
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

    static func checker(for package: ModelPackage) -> SpecChecker {
        var checker = SpecChecker(model: package.declaration, tables: [], mapping: SpecMapping())
        checker.facts = package.facts
        return checker
    }

    /// The line of a fact in its document, if it is written on exactly one.
    static func lines(of fact: DocumentFact, in document: SpecDocument) -> [Int] {
        let quote = SpecChecker.spaced(fact.quote)
        return document.lines.indices.filter { SpecChecker.spaced(document.lines[$0]).contains(quote) }.map { $0 + 1 }
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

    @Test(arguments: ModelRegistry.packages.map(\.name))
    func everyFactIsWrittenOnceAndAnEditOfItIsADisagreementAtItsLine(model name: String) throws {
        let package = try #require(ModelRegistry.package(named: name))
        let checker = Self.checker(for: package)
        for fact in package.facts {
            let owners = Self.documents.filter { SpecChecker.belongs(fact, to: $0) }
            let document = try #require(owners.first, "\(fact.rule): no document \(fact.document)")
            let lines = Self.lines(of: fact, in: document)
            #expect(lines.count == 1, "\(fact.rule): \"\(fact.quote)\" is on lines \(lines) of \(fact.document)")
            guard let line = lines.first else { continue }
            var text = document.lines
            text[line - 1] = text[line - 1].replacingOccurrences(of: fact.quote, with: Self.edited(fact.quote))
            let changed = SpecDocument(file: document.file, text: text.joined(separator: "\n"))
            let findings = checker.check([changed]).flatMap(\.findings).filter {
                $0.kind == .factChanged || $0.kind == .readingFactGone
            }
            let finding = findings.first { $0.details.contains("the model's rule: \(fact.rule)") && $0.line == line }
            #expect(finding != nil, "\(fact.rule): an edit of \(fact.document) line \(line) was not reported there")
            #expect(finding?.isDisagreement == (fact.reading == nil))
        }
    }

    /// The unedited documents write every fact the models follow.
    @Test func theDocumentsAsTheyAreWriteEveryFact() throws {
        for package in ModelRegistry.packages {
            let checks = Self.checker(for: package).check(Self.documents)
            let gone = checks.flatMap(\.findings).filter { $0.kind == .factChanged || $0.kind == .readingFactGone }
            #expect(gone.isEmpty, "\(gone.map(\.message))")
            #expect(checks.reduce(0) { $0 + $1.facts.of } == package.facts.count)
        }
    }
}
