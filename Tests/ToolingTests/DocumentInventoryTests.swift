import AuthSpecTestSupport
import Foundation
import Models
import SpecCheck
import SpecModel
import Testing

/// Every row, arrow, line of code and quoted string of the four documents is quoted by a fact
/// or excluded with a reason; one added to a document, or an excluded one edited, is said at its
/// line.
@Suite struct DocumentInventoryTests {
    static let facts = ModelRegistry.packages.flatMap(\.facts)
    static let exclusions = ModelRegistry.packages.flatMap(\.exclusions)

    static func account(_ document: SpecDocument) -> InventoryAccount {
        SpecChecker.account(document, facts: facts, exclusions: exclusions)
    }

    static func document(_ prefix: String) throws -> SpecDocument {
        try #require(
            DocumentFactTests.documents.first { $0.file.split(separator: "/").last?.hasPrefix(prefix) == true })
    }

    /// The account of each document as docs/usage.md's table gives it, by the document's id.
    static func documentedAccounts() throws -> [String: [Int]] {
        let text = try String(
            contentsOf: TestSupport.root.appendingPathComponent("docs/usage.md"), encoding: .utf8)
        var rows: [String: [Int]] = [:]
        for line in text.split(separator: "\n") {
            let cells = line.trimmingCharacters(in: .whitespaces).split(separator: "|").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count == 6, ["SCR-AUTH-006", "UIF-AUTH-001", "003", "004"].contains(cells[0]) else {
                continue
            }
            rows[cells[0]] = cells.dropFirst().compactMap { Int($0) }
        }
        return rows
    }

    @Test func everyPartOfEveryDocumentIsAccountedForAsTheDocsSay() throws {
        let documented = try Self.documentedAccounts()
        #expect(documented.count == 4, "docs/usage.md's account table: \(documented)")
        #expect(DocumentFactTests.documents.count == 4)
        for document in DocumentFactTests.documents {
            let account = Self.account(document)
            let id = document.identifier ?? String(document.file.split(separator: "/").last!.prefix(3))
            #expect(
                account.unaccounted.isEmpty,
                "\(id): \(account.unaccounted.map { "line \($0.lines.lowerBound): \($0.text)" })")
            #expect(account.unused.isEmpty, "\(id): \(account.unused.map(\.quote))")
            let counts = [
                account.parts.count, account.quoted.count, account.excluded.count, account.headers.count,
                account.unaccounted.count,
            ]
            #expect(counts[1] + counts[2] + counts[3] + counts[4] == counts[0])
            #expect(documented[id] == counts, "\(id): docs/usage.md says \(documented[id] ?? []), counted \(counts)")
            #expect(account.parts.count >= 30, "\(id): \(account.parts.count) parts found")
        }
    }

    /// Each exclusion names words its document writes, as a part or a section's heading, and
    /// says why in a sentence.
    @Test func everyExclusionNamesWrittenWordsAndSaysWhy() throws {
        for exclusion in Self.exclusions {
            let owners = DocumentFactTests.documents.filter { SpecChecker.belongs(exclusion.document, to: $0) }
            let document = try #require(owners.first, "\(exclusion.quote): no document \(exclusion.document)")
            let quote = SpecChecker.spaced(exclusion.quote)
            let lines = document.lines.indices.filter {
                SpecChecker.writes(quote, in: SpecChecker.spaced(document.lines[$0]))
            }
            #expect(!lines.isEmpty, "\(exclusion.document): \"\(exclusion.quote)\" is not written")
            if exclusion.scope == .section {
                #expect(lines.allSatisfy { DocumentInventory.isHeading(document.lines[$0]) }, "\(exclusion.quote)")
            }
            #expect(exclusion.reason.split(separator: " ").count >= 5, "\(exclusion.quote): \(exclusion.reason)")
        }
    }

    /// A row added to §6.1.2, a configuration call added to §10.2, and a row added to a table of
    /// UIF-AUTH-001 are each a warning at their line; so is an excluded row whose words changed,
    /// beside its exclusion, which now names nothing. None of them fails the check.
    @Test(arguments: [
        ("000", "| 8+ |", ["| 9+ |", "Bloqueo 1 dia |"], DocumentPart.Kind.row),
        ("000", ".setAllowedAuthenticators(BIOMETRIC_STRONG)", [".setConfirmationRequired(false)"], .code),
        ("001", "Sesion Firebase (Pro)", ["Sesion Firebase (Free)\t1 dia\tRe-login"], .row),
    ])
    func anAddedPartIsSaidAtItsLine(
        document prefix: String, after anchor: String, added: [String], kind: DocumentPart.Kind
    )
        throws
    {
        let document = try Self.document(prefix)
        let anchorLine = try #require(document.lines.firstIndex { $0.contains(anchor) })
        // After the anchor's row: past the cells that continue it.
        var at = anchorLine + 1
        while at < document.lines.count, document.lines[at].hasSuffix("|"), !document.lines[at].hasPrefix("|"),
            anchor.hasPrefix("|")
        {
            at += 1
        }
        var lines = document.lines
        lines.insert(contentsOf: added, at: at)
        let changed = SpecDocument(file: document.file, text: lines.joined(separator: "\n"))
        let account = Self.account(changed)
        #expect(account.unaccounted.map(\.lines.lowerBound) == [at + 1], "\(account.unaccounted)")
        #expect(account.unaccounted.first?.kind == kind)
        let package = try #require(
            ModelRegistry.packages.first { $0.facts.contains { SpecChecker.belongs($0, to: changed) } })
        var checker = SpecChecker(model: package.declaration, tables: [], mapping: SpecMapping())
        checker.facts = package.facts
        checker.accounting = (Self.facts, Self.exclusions)
        let findings = checker.check([changed]).flatMap(\.findings)
        let said = findings.filter { $0.kind == .unaccounted }
        #expect(said.map(\.line) == [at + 1], "\(said.map(\.message))")
        #expect(said.allSatisfy { !$0.isDisagreement })
    }

    @Test func anExcludedPartWhoseWordsChangedIsSaidWithItsExclusion() throws {
        let document = try Self.document("000")
        let line = try #require(document.lines.firstIndex { $0.contains("Grid 3x4") })
        var lines = document.lines
        lines[line] = lines[line].replacingOccurrences(of: "Grid 3x4", with: "Grid 4x4")
        let account = Self.account(SpecDocument(file: document.file, text: lines.joined(separator: "\n")))
        #expect(account.unaccounted.map(\.lines) == [line...(line + 1)], "\(account.unaccounted)")
        #expect(account.unused.map(\.quote) == ["Grid 3x4"])
    }

    /// How a document's text is cut into parts: rows one cell a line (the first a header, border
    /// lines none), rows with tabs, arrows, code, quoted strings, and the section each is under.
    @Test func partsAreFoundAsTheDocumentsWriteThem() {
        let text = """
            1. Tabla
            | Campo |
            Valor |
            | Tamano |
            60x60dp |
            | +------+ |
            | | |
            2. Otra tabla
            Campo\tValor
            Sesion\t30 dias
            flowchart TD
            A --> B
            let context = LAContext()
            .setTitle("Hola")
            context.localizedFallbackTitle = "Usar PIN"
                kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
            Una frase con "comillas" dentro.
            Una frase sin nada: solo texto, sin comillas.
            """
        let parts = DocumentInventory.parts(of: SpecDocument(file: "t.txt", text: text))
        #expect(parts.map(\.kind) == [.row, .row, .row, .row, .arrow, .code, .code, .code, .code, .string])
        #expect(parts.map(\.lines.lowerBound) == [2, 4, 9, 10, 12, 13, 14, 15, 16, 17])
        #expect(parts.map(\.isHeader) == [true, false, true, false, false, false, false, false, false, false])
        #expect(parts[1].lines == 4...5 && parts[1].text == "| Tamano | 60x60dp |")
        #expect(parts.map(\.section) == [1, 1, 8, 8, 8, 8, 8, 8, 8, 8])
    }
}
