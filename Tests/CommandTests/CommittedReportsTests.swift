import AuthSpecTestSupport
import Foundation
import Testing

/// The committed reports are what `scripts/run-suite` writes: each model's `run.args` run as
/// that script runs them (with no times), through the built binary, since the arguments are the
/// subject.
@Suite(.tags(.binary)) struct CommittedReportsTests {
    func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    /// Runs `authspec run` with `arguments` and every report into a folder of the test's.
    func report(_ arguments: [String]) throws -> (status: Int32, folder: String, stderr: String) {
        let folder = try TestSupport.temporaryFolder([:])
        let result = try TestSupport.authspec(
            [
                "run", "--quiet", "--log-dir", folder, "--json", "\(folder)/r.json", "--junit", "\(folder)/r.xml",
                "--markdown", "\(folder)/r.md", "--coverage", "\(folder)/c.md", "--no-times",
            ] + arguments)
        return (result.status, folder, result.stderr)
    }

    /// Both models' committed reports: the unlock suite's in Reports/, the auth-flow suite's in
    /// Reports/auth-flow/, each from its own run.args.
    @Test(arguments: ["Reports", "Reports/auth-flow"])
    func committedReportsAreCurrent(folder reports: String) throws {
        let arguments = try read(TestSupport.root.appendingPathComponent("\(reports)/run.args").path)
            .split(separator: "\n").map(String.init)
        let run = try report(arguments)
        #expect(run.status == 0, "\(run.stderr)")
        for (committed, fresh) in [
            ("results.json", "r.json"), ("junit.xml", "r.xml"), ("report.md", "r.md"), ("coverage.md", "c.md"),
        ] {
            // Byte for byte: the reports record no times.
            let current = try read(TestSupport.root.appendingPathComponent("\(reports)/\(committed)").path)
            // The test writes the drivers' logs into its own folder, scripts/run-suite into the reports' logs.
            let written = try read("\(run.folder)/\(fresh)").replacingOccurrences(
                of: run.folder, with: "\(reports)/logs")
            #expect(
                current == written,
                "\(reports)/\(committed) is stale: run scripts/run-suite and commit it")
        }
    }

}
