import AuthSpecTestSupport
import Foundation
import Testing

/// The README's first command on a clean clone: `scripts/run-suite` runs both suites on the
/// reference and the example drivers and the trace, exits 0 with one verdict line, and leaves
/// the tree as it found it (the committed reports record no times). The clone is of the commit
/// checked out (what CI checks). It runs the release binary `scripts/package` builds from this
/// tree (`AUTHSPEC_BINARY`), not a second release build of the clone: the package step (and
/// ReleaseTests) builds that, and the rest of the main job is the same either way.
@Suite(.tags(.release)) struct MainJobTests {
    @Test func theMainJobIsGreenAndLeavesTheCloneClean() throws {
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let clone = folder + "/authspec"
        let git = URL(fileURLWithPath: "/usr/bin/env")
        let cloned = try TestSupport.execute(git, ["git", "clone", "--quiet", TestSupport.root.path, clone])
        try #require(cloned.status == 0, "\(cloned.stderr)")
        let packaged = try TestSupport.execute(
            URL(fileURLWithPath: TestSupport.root.path + "/scripts/package"), ["--output", folder + "/dist"],
            limit: 1200)
        try #require(packaged.status == 0, "\(packaged.stderr)")
        let binary = TestSupport.root.appendingPathComponent(".build/package/release/authspec").path
        let run = try TestSupport.execute(
            URL(fileURLWithPath: clone + "/scripts/run-suite"), [], in: URL(fileURLWithPath: clone), limit: 1800,
            environment: ["AUTHSPEC_BINARY": binary])
        #expect(run.status == 0, "\(run.stdout.suffix(3000))\(run.stderr.suffix(3000))")
        let last = run.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasPrefix("run-suite: PASS: 2 suites pass"), "\(last)")
        let status = try TestSupport.execute(git, ["git", "status", "--porcelain"], in: URL(fileURLWithPath: clone))
        #expect(status.status == 0 && status.stdout.isEmpty, "the main job changed the tree:\n\(status.stdout)")
    }
}
