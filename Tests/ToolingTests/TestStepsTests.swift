import AuthSpecTestSupport
import Foundation
import Testing

/// scripts/test's steps: each suite of the binary's tests carries its step's tag, no suite two;
/// the steps docs/tests.md lists are the ones scripts/test runs, with the times of the committed
/// measurement (Reports/test-steps.txt, from a clean clone), which meet the targets.
@Suite struct TestStepsTests {
    static let stepTags = ["binary", "drivers", "release"]

    /// Every `@Suite ... struct Name` of the tests, with its file and the step tags it carries.
    static func suites() throws -> [(file: String, name: String, tags: [String])] {
        var found: [(String, String, [String])] = []
        let tests = TestSupport.root.appendingPathComponent("Tests")
        for case let file as URL in FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)!
        where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            // On one line, as scripts/test's grep reads them.
            for match in text.matches(of: /@Suite(\([^\n]*\))?[ \t]+struct[ \t]+(\w+)/) {
                let attributes = match.output.1.map(String.init) ?? ""
                let tags = stepTags.filter { attributes.contains(".tags(.\($0))") }
                found.append(
                    (file.path.replacingOccurrences(of: tests.path + "/", with: ""), String(match.output.2), tags))
            }
        }
        return found
    }

    @Test func everySuiteIsInOneStepAndTheBinarysAllInTheirs() throws {
        let suites = try Self.suites()
        #expect(suites.count > 60)
        for suite in suites {
            #expect(suite.tags.count <= 1, "\(suite.file): \(suite.name) is in \(suite.tags.count) steps")
            if suite.file.hasPrefix("CommandTests/") {
                #expect(
                    suite.tags == ["binary"] || suite.tags == ["release"],
                    "\(suite.file): \(suite.name) runs the binary: tag it .binary (or .release)")
            }
        }
        for tag in Self.stepTags { #expect(suites.contains { $0.tags == [tag] }, "no suite in step \(tag)") }
    }

    /// A step as measured: `== step NAME: W s wall, U s user + S s system CPU`.
    struct Measured: Equatable {
        var wall: Double
        var cpu: Double
    }

    static func measured() throws -> (steps: [String: Measured], order: [String], all: Measured) {
        let report = try String(
            contentsOf: TestSupport.root.appendingPathComponent("Reports/test-steps.txt"), encoding: .utf8)
        var steps: [String: Measured] = [:]
        var order: [String] = []
        var all: Measured?
        for line in report.split(separator: "\n") {
            if let step = line.wholeMatch(
                of: /== step (\w+): ([0-9.]+) s wall, ([0-9.]+) s user \+ ([0-9.]+) s system CPU/)
            {
                let name = String(step.output.1)
                order.append(name)
                steps[name] = Measured(
                    wall: Double(step.output.2)!, cpu: Double(step.output.3)! + Double(step.output.4)!)
            }
            if let whole = line.wholeMatch(of: /== all: ([0-9]+) s wall, ([0-9.]+) s CPU/) {
                all = Measured(wall: Double(whole.output.1)!, cpu: Double(whole.output.2)!)
            }
        }
        return (steps, order, try #require(all, "no '== all' line in Reports/test-steps.txt"))
    }

    @Test func theDocumentedTimesAreTheMeasuredOnesAndMeetTheTargets() throws {
        let (steps, order, all) = try Self.measured()
        let script = try String(contentsOf: TestSupport.root.appendingPathComponent("scripts/test"), encoding: .utf8)
        let run = script.split(separator: "\n").compactMap { line -> String? in
            line.wholeMatch(of: /step (\w+) .*/).map { String($0.output.1) }
        }
        #expect(order == run.filter { $0 != "fuzz" && $0 != "selected" }, "the measurement is of other steps")
        let page = try String(contentsOf: TestSupport.root.appendingPathComponent("docs/tests.md"), encoding: .utf8)
        var rows: [String] = []
        for row in page.matches(of: /\n\| `(\w+)` \| [^|\n]+ \| ([0-9.]+) s \| ([0-9.]+) s \|/) {
            let name = String(row.output.1)
            rows.append(name)
            let found = try #require(steps[name], "docs/tests.md lists \(name), which was not measured")
            #expect(String(format: "%.1f", found.wall) == row.output.2, "\(name)'s wall time")
            #expect(String(format: "%.1f", found.cpu) == row.output.3, "\(name)'s CPU time")
        }
        #expect(rows == order, "docs/tests.md's table is not the measured steps in order")
        #expect(page.contains("\(Int(all.wall)) s wall"), "the whole's wall time")
        #expect(page.contains(String(format: "%.0f s of CPU", all.cpu)), "the whole's CPU time")
        // The targets: the logic tests within 3 minutes, the whole within 12, builds included.
        #expect(try #require(steps["logic"]).wall < 180)
        #expect(all.wall < 720)
    }
}
