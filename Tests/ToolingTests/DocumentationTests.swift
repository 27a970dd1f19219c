import AuthSpecTestSupport
import Foundation
import Testing

/// The README is a newcomer's page, the reference lives in docs/; both are edited by hand and by
/// scripts, so a section pasted twice (which once left two versions of the same figures) or a
/// link to a file that moved is caught here.
@Suite struct DocumentationTests {
    static var pages: [URL] {
        let docs = TestSupport.root.appendingPathComponent("docs")
        let files = FileManager.default.enumerator(atPath: docs.path)?.compactMap { $0 as? String } ?? []
        return [TestSupport.root.appendingPathComponent("README.md")]
            + files.filter { $0.hasSuffix(".md") }.sorted().map { docs.appendingPathComponent($0) }
    }

    @Test func everyHeadingIsWrittenOncePerPage() throws {
        for page in Self.pages {
            let text = try String(contentsOf: page, encoding: .utf8)
            var inFence = false
            var seen: [String: Int] = [:]
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("```") { inFence.toggle() }
                guard !inFence, line.hasPrefix("#") else { continue }
                seen[String(line), default: 0] += 1
            }
            #expect(!seen.isEmpty, "\(page.lastPathComponent) has no heading")
            #expect(seen.filter { $0.value > 1 }.keys.sorted() == [], "\(page.lastPathComponent)")
        }
    }

    /// What it is, install, a start, where to read more: about 250 lines at most.
    @Test func theReadmeIsANewcomersPage() throws {
        let text = try String(contentsOf: TestSupport.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count <= 250)
        let headings = Set(MarkdownOutline(text).headings)
        #expect(
            headings.isSuperset(of: ["The two commands", "Five minutes", "What passes", "Read more"]), "\(headings)")
    }

    /// Every relative link of the README and docs/ reaches a file or folder of the package.
    @Test func everyRelativeLinkResolves() throws {
        var broken: [String] = []
        for page in Self.pages {
            let text = try String(contentsOf: page, encoding: .utf8)
            for match in text.matches(of: /\]\(([^)#\s]+)(#[^)]*)?\)/) {
                let target = String(match.output.1)
                if target.hasPrefix("http") || target.hasPrefix("mailto:") { continue }
                let resolved = page.deletingLastPathComponent().appendingPathComponent(target).standardizedFileURL
                if !FileManager.default.fileExists(atPath: resolved.path) {
                    broken.append("\(page.lastPathComponent): \(target)")
                }
            }
        }
        #expect(broken.isEmpty, "\(broken)")
    }
}
