import Foundation
import SpecModel

/// One part of a document an author can edit and a model could take: a table row, a diagram
/// arrow, a line of code, or a quoted string elsewhere.
package struct DocumentPart: Sendable, Equatable {
    package enum Kind: String, Sendable, CaseIterable {
        case row, arrow, code, string
    }

    package var kind: Kind
    /// 1-based, first to last: a row written one cell a line spans several.
    package var lines: ClosedRange<Int>
    /// Its lines, trimmed and joined by a space.
    package var text: String
    /// The first row of a table, which names its columns.
    package var isHeader = false
    /// The 1-based line of the heading it is under; nil before the first.
    package var section: Int?
}

/// How every part of one document is accounted for: quoted by a fact (of any model), a table's
/// header, excluded with a reason, or none of these.
package struct InventoryAccount: Sendable {
    package var parts: [DocumentPart] = []
    package var quoted: [DocumentPart] = []
    package var headers: [DocumentPart] = []
    package var excluded: [(part: DocumentPart, exclusion: DocumentExclusion)] = []
    package var unaccounted: [DocumentPart] = []
    /// Parts neither quoted nor excluded at a line another finding of the check already names
    /// (the edit of a fact that quoted them, a conflicting arrow): said there, once.
    package var namedByAnotherFinding: [DocumentPart] = []
    /// Exclusions of this document that account for no part: the words are gone, or every
    /// part they name is quoted by a fact now.
    package var unused: [DocumentExclusion] = []
}

/// Finds a document's parts, line by line, as the documents are written: tables one cell a line
/// (a row opens with `|`, and each further cell of it ends with `|`), or one row a line with tabs
/// between cells; diagrams with `-->`; code with calls, member assignments or declarations;
/// quoted strings. Lines of a wireframe that draw only borders are no part.
package enum DocumentInventory {
    package static func parts(of document: SpecDocument) -> [DocumentPart] {
        let lines = document.lines.map { $0.trimmingCharacters(in: .whitespaces) }
        var parts: [DocumentPart] = []
        var section: Int?
        var afterRow = false
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let number = index + 1
            if isHeading(document.lines[index]) {
                section = number
                afterRow = false
                index += 1
                continue
            }
            if line.hasPrefix("|") {
                var end = index + 1
                while end < lines.count, !lines[end].hasPrefix("|"), lines[end].hasSuffix("|"), !lines[end].isEmpty {
                    end += 1
                }
                let text = lines[index..<end].joined(separator: " ")
                if text.contains(where: { $0.isLetter || $0.isNumber }) {
                    parts.append(
                        DocumentPart(
                            kind: .row, lines: number...end, text: text, isHeader: !afterRow, section: section))
                }
                afterRow = true
                index = end
                continue
            }
            if document.lines[index].contains("\t") {
                parts.append(
                    DocumentPart(kind: .row, lines: number...number, text: line, isHeader: !afterRow, section: section))
                afterRow = true
                index += 1
                continue
            }
            afterRow = false
            let kind: DocumentPart.Kind? =
                line.contains("-->")
                ? .arrow : isCode(line) ? .code : line.contains(InventoryPatterns.quoted) ? .string : nil
            if let kind { parts.append(DocumentPart(kind: kind, lines: number...number, text: line, section: section)) }
            index += 1
        }
        return parts
    }

    /// A numbered heading (`6.1.2. PIN`, `3. Consulta la disponibilidad`) or a Markdown one
    /// (`#Invalidar claves`), never a table row.
    package static func isHeading(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        // A regex match is slow: only a line that starts as a heading does is matched.
        guard trimmed.first?.isNumber == true || trimmed.first == "#", !line.contains("\t") else { return false }
        return trimmed.wholeMatch(of: InventoryPatterns.numberedHeading) != nil
            || trimmed.wholeMatch(of: InventoryPatterns.markdownHeading) != nil
    }

    /// A line of code: a call (`LAContext()`), a builder step (`.setTitle(`), an assignment to a
    /// member (`context.localizedFallbackTitle = `) or a declaration; never a comment.
    static func isCode(_ line: String) -> Bool {
        guard !line.hasPrefix("//") else { return false }
        if line.contains(InventoryPatterns.call) || line.hasPrefix(".")
            || line.contains(InventoryPatterns.memberAssignment)
            || line.contains(InventoryPatterns.declaration)
        {
            return true
        }
        // An argument or an element on a line of its own (`kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,`,
        // `[.privateKeyUsage, .biometryCurrentSet],`): punctuation and names, no two words of prose.
        let code = line.split(separator: "//", maxSplits: 1).first.map(String.init) ?? ""
        return code.contains(where: \.isLetter) && code.contains(where: { ",;{}=".contains($0) })
            && !code.contains(InventoryPatterns.twoWords)
    }
}

extension SpecChecker {
    /// Accounts for every part of `document` by `facts` and `exclusions`: every model's, since a
    /// part one model takes is compared whichever model is checked.
    package static func account(
        _ document: SpecDocument, facts: [DocumentFact], exclusions: [DocumentExclusion]
    ) -> InventoryAccount {
        var account = InventoryAccount(parts: DocumentInventory.parts(of: document))
        let lines = document.lines.map(spaced)
        var quotedLines = Set<Int>()
        for fact in facts where belongs(fact, to: document) {
            let parts = quoteLines(fact.quote)
            for last in linesWriting(parts, in: lines) { quotedLines.formUnion((last - parts.count + 2)...(last + 1)) }
        }
        let mine = exclusions.filter { belongs($0.document, to: document) }
        let quotes = mine.map { spaced($0.quote) }
        var used = Set<Int>()
        func exclusion(for part: DocumentPart) -> Int? {
            mine.indices.first { index in
                let quote = quotes[index]
                switch mine[index].scope {
                case .part: return part.lines.contains { writes(quote, in: lines[$0 - 1]) }
                case .section: return part.section.map { writes(quote, in: lines[$0 - 1]) } ?? false
                }
            }
        }
        for part in account.parts {
            if part.lines.contains(where: quotedLines.contains) {
                account.quoted.append(part)
                // A section's exclusion still holds for the section's other parts.
                if let index = exclusion(for: part), mine[index].scope == .section { used.insert(index) }
            } else if part.isHeader {
                account.headers.append(part)
            } else if let index = exclusion(for: part) {
                used.insert(index)
                account.excluded.append((part, mine[index]))
            } else {
                account.unaccounted.append(part)
            }
        }
        account.unused = mine.indices.filter { !used.contains($0) }.map { mine[$0] }
        return account
    }
}

/// Built once: a regex literal is parsed each time its expression runs. Never mutated.
private enum InventoryPatterns {
    nonisolated(unsafe) static let quoted = /"[^"]+"/
    nonisolated(unsafe) static let numberedHeading = /\d+(\.\d+)*\.?\s+\S.*/
    nonisolated(unsafe) static let markdownHeading = /#+\s*\S.*/
    nonisolated(unsafe) static let call = /[A-Za-z_][A-Za-z0-9_]*\(/
    nonisolated(unsafe) static let memberAssignment = /\w\.\w+\s*=[^=]/
    nonisolated(unsafe) static let declaration = /^(let|val|var|func|guard|return|override|private|static)\s/
    nonisolated(unsafe) static let twoWords = /\p{L}{2,} \p{L}{2,}/
}
