import AuthSpecTestSupport
import Foundation
import Testing
import YAMLLoader

@Suite struct YAMLLoaderTests {
    @Test func nodesKeepOneBasedMarks() throws {
        let documents = try YAMLDocumentLoader().load("a: 1\nlist:\n  - x\n  - {k: v}\n")
        guard case .mapping(let pairs) = documents[0].kind else {
            Issue.record("not a mapping")
            return
        }
        #expect(pairs[0].key.mark == Mark(line: 1, column: 1))
        #expect(pairs[0].value.mark == Mark(line: 1, column: 4))
        guard case .sequence(let items) = pairs[1].value.kind else {
            Issue.record("not a list")
            return
        }
        #expect(items.map(\.mark) == [Mark(line: 3, column: 5), Mark(line: 4, column: 5)])
    }

    @Test func scalarStyleIsKept() throws {
        let documents = try YAMLDocumentLoader().load("- 0123\n- \"0123\"\n- ~\n- '~'\n")
        guard case .sequence(let items) = documents[0].kind else {
            Issue.record("not a list")
            return
        }
        #expect(items.map(\.scalar) == ["0123", "0123", "~", "~"])
        #expect(items.map(\.isNull) == [false, false, true, false])
    }

    @Test func deepNestingStopsAtTheDepthLimitQuickly() throws {
        let text = String(repeating: "[", count: 50_000)
        let started = ContinuousClock.now
        #expect(throws: YAMLError("nesting deeper than 64 levels", at: Mark(line: 1, column: 65))) {
            try YAMLDocumentLoader().load(text)
        }
        // libyaml alone takes about 10 s on this input (quadratic); stopping early takes milliseconds.
        #expect(ContinuousClock.now - started < .seconds(2))
    }

    @Test func aliasExpansionIsBudgeted() throws {
        // Nine levels of ten aliases each: a billion leaves if expanded without a budget.
        var lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
        for level in 1...9 {
            let refs = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
            lines.append("a\(level): &a\(level) [\(refs)]")
        }
        let error = #expect(throws: YAMLError.self) { try YAMLDocumentLoader().load(lines.joined(separator: "\n")) }
        #expect(error?.message == "document expands to more than 200000 nodes (aliases counted in full)")
        #expect(error?.mark.line == 6)
    }

    @Test func aliasesWithinBudgetResolve() throws {
        let documents = try YAMLDocumentLoader().load("base: &b {k: v}\ncopy: *b\n")
        guard case .mapping(let pairs) = documents[0].kind else {
            Issue.record("not a mapping")
            return
        }
        #expect(pairs[0].value.kind == pairs[1].value.kind)
    }

    @Test func undefinedAliasIsLocated() {
        #expect(
            throws: YAMLError("alias '*nowhere' refers to no anchor defined before it", at: Mark(line: 2, column: 4))
        ) {
            try YAMLDocumentLoader().load("a: 1\nb: *nowhere\n")
        }
    }

    @Test func oversizedInputIsRefusedBeforeParsing() {
        let limits = YAMLLimits(maxBytes: 100)
        #expect(throws: YAMLError("file is 101 bytes, over the limit of 100 bytes", at: Mark(line: 1, column: 1))) {
            try YAMLDocumentLoader(limits: limits).load(String(repeating: "#", count: 101))
        }
    }

    @Test func duplicateKeysAreRefused() {
        #expect(throws: YAMLError("duplicate key 'a' (first at line 1)", at: Mark(line: 3, column: 1))) {
            try YAMLDocumentLoader().load("a: 1\nb: 2\na: 3\n")
        }
    }
}

/// The official YAML test suite (../shared/yaml-test-suite): the event stream of every case
/// libyaml 0.2.5 parses correctly must match the suite's `test.event` exactly, and every
/// invalid case must end in an error with a line and column. The cases where libyaml itself
/// deviates are listed by id, so a new deviation fails the test.
@Suite struct YAMLTestSuiteConformance {
    struct Case: CustomStringConvertible {
        var id: String
        var folder: URL
        var description: String { id }
    }

    static var suiteFolder: URL { TestSupport.shared.appendingPathComponent("yaml-test-suite") }

    static func cases() -> [Case] {
        let manager = FileManager.default
        guard let ids = try? manager.contentsOfDirectory(atPath: suiteFolder.path) else { return [] }
        var found: [Case] = []
        for id in ids.sorted() {
            let folder = suiteFolder.appendingPathComponent(id)
            if manager.fileExists(atPath: folder.appendingPathComponent("in.yaml").path) {
                found.append(Case(id: id, folder: folder))
            } else if let subs = try? manager.contentsOfDirectory(atPath: folder.path) {
                for sub in subs.sorted()
                where manager.fileExists(atPath: folder.appendingPathComponent("\(sub)/in.yaml").path) {
                    found.append(Case(id: "\(id)/\(sub)", folder: folder.appendingPathComponent(sub)))
                }
            }
        }
        return found
    }

    /// Cases where libyaml 0.2.5's own events differ from the suite (or it accepts invalid input).
    static let libyamlDeviations: Set<String> = Set(
        (try? String(
            contentsOf: TestSupport.root.appendingPathComponent("Tests/Fixtures/libyaml-deviations.txt"),
            encoding: .utf8))?
            .split(separator: "\n").map { String($0.split(separator: " ").first ?? "") }.filter {
                !$0.isEmpty && !$0.hasPrefix("#")
            } ?? [])

    @Test func suiteIsPresent() {
        #expect(Self.cases().count > 300, "expected the YAML test suite at \(Self.suiteFolder.path)")
    }

    @Test func everyCaseMatchesOrIsAKnownLibyamlDeviation() throws {
        var mismatched: [String] = []
        var unlocatedErrors: [String] = []
        for testCase in Self.cases() {
            let input = try String(contentsOf: testCase.folder.appendingPathComponent("in.yaml"), encoding: .utf8)
            let expected = try String(contentsOf: testCase.folder.appendingPathComponent("test.event"), encoding: .utf8)
            let invalid = FileManager.default.fileExists(atPath: testCase.folder.appendingPathComponent("error").path)
            let outcome: Bool
            do {
                let events = try YAMLEvent.events(of: input, limits: YAMLLimits(maxDepth: 1_000))
                outcome = !invalid && TestEventFormat.render(events) == expected
            } catch {
                if error.mark.line < 1 || error.mark.column < 1 { unlocatedErrors.append(testCase.id) }
                outcome = invalid
            }
            if !outcome { mismatched.append(testCase.id) }
        }
        #expect(unlocatedErrors.isEmpty)
        let unexpected = mismatched.filter { !Self.libyamlDeviations.contains($0) }
        let nowPassing = Self.libyamlDeviations.subtracting(mismatched)
        #expect(unexpected.isEmpty, "cases that should match the suite: \(unexpected)")
        #expect(
            nowPassing.isEmpty, "listed as deviations but now match (remove them from the list): \(nowPassing.sorted())"
        )
    }
}

/// The suite's event notation (see its README): `+MAP {} &a <tag>`, `=VAL :text`, `=ALI *a`.
enum TestEventFormat {
    static func render(_ events: [YAMLEvent]) -> String {
        events.map(line).joined(separator: "\n") + "\n"
    }

    static func line(_ event: YAMLEvent) -> String {
        switch event.kind {
        case .streamStart: return "+STR"
        case .streamEnd: return "-STR"
        case .documentStart(let explicit): return explicit ? "+DOC ---" : "+DOC"
        case .documentEnd(let explicit): return explicit ? "-DOC ..." : "-DOC"
        case .mappingStart(let anchor, let tag, let flow):
            return "+MAP" + (flow ? " {}" : "") + properties(anchor, tag)
        case .mappingEnd: return "-MAP"
        case .sequenceStart(let anchor, let tag, let flow):
            return "+SEQ" + (flow ? " []" : "") + properties(anchor, tag)
        case .sequenceEnd: return "-SEQ"
        case .scalar(let value, let anchor, let tag, let style):
            let marker: String
            switch style {
            case .plain: marker = ":"
            case .singleQuoted: marker = "'"
            case .doubleQuoted: marker = "\""
            case .literal: marker = "|"
            case .folded: marker = ">"
            }
            return "=VAL" + properties(anchor, tag) + " " + marker + escape(value)
        case .alias(let anchor): return "=ALI *" + anchor
        }
    }

    static func properties(_ anchor: String?, _ tag: String?) -> String {
        (anchor.map { " &" + $0 } ?? "") + (tag.map { " <" + $0 + ">" } ?? "")
    }

    static func escape(_ value: String) -> String {
        // Scalars, not Characters: Swift joins "\r\n" into one Character.
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\0": out += "\\0"
            case "\u{08}": out += "\\b"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
