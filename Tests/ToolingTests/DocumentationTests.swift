import AuthSpecTestSupport
import Foundation
import Testing

/// The README is edited by hand and by scripts: a section pasted twice (a replacement whose end
/// marker matched an earlier heading once did so) leaves two versions of the same figures, one
/// of them stale. Every heading says where the reader is, so each is written once.
@Suite struct DocumentationTests {
    @Test func everyReadmeHeadingIsWrittenOnce() throws {
        let text = try String(contentsOf: TestSupport.root.appendingPathComponent("README.md"), encoding: .utf8)
        var inFence = false
        var seen: [String: Int] = [:]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inFence.toggle() }
            guard !inFence, line.hasPrefix("#") else { continue }
            seen[String(line), default: 0] += 1
        }
        #expect(seen.count > 10, "the README's headings were not found")
        #expect(seen.filter { $0.value > 1 }.keys.sorted() == [])
    }
}
