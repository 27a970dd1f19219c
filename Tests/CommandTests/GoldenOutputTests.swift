import AuthSpecTestSupport
import Foundation
import Models
import Testing

/// What each command prints, through the built binary, compared whole with its golden file
/// (Fixtures/golden/output-NAME.txt) once timings are made constant: the command line's own
/// behaviour (options to a plan, events to text, exit codes), where the logic under it is
/// tested in process. `AUTHSPEC_RECORD_GOLDEN=1` writes them again, on purpose.
@Suite(.tags(.binary)) struct GoldenOutputTests {
    static let spec = TestSupport.shared.appendingPathComponent("spec").path

    /// Each command on a small, fixed input; its exit code is part of what is recorded.
    static let cases: [(name: String, arguments: [String])] = [
        ("run", ["run", "Scenarios", "--id", "brief-*"]),
        ("run-quiet", ["run", "Scenarios", "--id", "lock-*", "--quiet", "--profile", "minimal"]),
        (
            "run-failing",
            [
                "run", "Scenarios", "--id", "brief-*", "--log-dir", "{tmp}", "--driver",
                "python3 Examples/python/driver.py --argon2-memory-kib 8 --bug eighth-gives-15-min",
            ]
        ),
        ("merge-nothing", ["merge"]),
        ("lint", ["lint", "Scenarios/brief.yaml"]),
        ("model", ["model", "--format", "mermaid"]),
        ("model-list", ["model", "--list"]),
        ("check-model", ["check-model", "--depth", "2", "--worlds", "1"]),
        ("explore", ["explore", "--seed", "7", "--runs", "20", "--depth", "10", "--out", "/dev/null"]),
        ("spec-check", ["spec", "check", "../shared/spec/004_b4cf290522684947.txt"]),
        ("trace", ["trace", "Scenarios/brief.yaml"]),
        ("generate", ["generate", "--cover", "states", "--depth", "2", "--worlds", "1", "--out", "{tmp}"]),
        ("record", ["record", "Scenarios/brief.yaml"]),
        ("mutate-list", ["mutate", "--list"]),
        ("unknown", ["rnu"]),
        ("bad-option", ["run", "--jbos", "2"]),
    ]

    /// Timings, rates and durations that differ from one run to the next.
    static func steady(_ text: String) -> String {
        TestSupport.withoutTimings(text)
            .replacing(/\(\d+ ms\)/, with: "(N ms)")
            .replacing(/\d+ inputs\/s/, with: "N inputs/s")
            .replacing(/\d+\.\d s/, with: "N s")
    }

    @Test(arguments: cases.map(\.name))
    func outputIsAsRecorded(name: String) throws {
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let arguments = try #require(Self.cases.first { $0.name == name }).arguments
        let result = try TestSupport.authspec(arguments.map { $0.replacingOccurrences(of: "{tmp}", with: folder) })
        // Where the checkout and the test's folder are is no part of what a command says, nor
        // which models the registry has: the golden says `{models}` where it lists them all.
        let models = ModelRegistry.packages.map { $0.name + "\n" }.joined()
        func placed(_ text: String) -> String {
            Self.steady(text).replacingOccurrences(of: folder, with: "{tmp}")
                .replacingOccurrences(of: TestSupport.root.path + "/", with: "{root}/")
                .replacingOccurrences(of: models, with: "{models}\n")
        }
        let text =
            "$ authspec \(arguments.joined(separator: " "))\nexit \(result.status)\n--- stdout\n"
            + placed(result.stdout) + "--- stderr\n" + placed(result.stderr)
        try GoldenHelpTests.compare(text, with: "output-\(name).txt")
    }
}
