import AuthSpecTestSupport
import Foundation
import Testing

/// A model is one folder and one line: a copy of this package gets the turnstile model (the
/// tests' own, Tests/TestSupport/TurnstileModel.swift) as a folder under Sources/ and one line
/// in Package.swift's `models`, nothing else; its authspec then lists the model, offers it in
/// its help, draws it and runs a scenario of it.
@Suite(.serialized) struct ThirdModelTests {
    @Test func aThirdModelIsOneFolderAndOneLine() throws {
        let copy = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let files = try TestSupport.execute(URL(fileURLWithPath: "/usr/bin/env"), ["git", "ls-files", "-z"])
        try #require(files.status == 0, "\(files.stderr)")
        for file in files.stdout.split(separator: "\0").map(String.init) {
            let target = URL(fileURLWithPath: copy).appendingPathComponent(file)
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: TestSupport.root.appendingPathComponent(file), to: target)
        }
        // The folder: the model's source and its registration.
        let model = URL(fileURLWithPath: copy).appendingPathComponent("Sources/TurnstileModel")
        try FileManager.default.createDirectory(at: model, withIntermediateDirectories: true)
        let source = try String(
            contentsOf: TestSupport.root.appendingPathComponent("Tests/TestSupport/TurnstileModel.swift"),
            encoding: .utf8)
        try
            (source
            + "\npackage enum TurnstileModelRegistration {\n    package static let package = Turnstile.package\n}\n")
            .write(to: model.appendingPathComponent("Turnstile.swift"), atomically: true, encoding: .utf8)
        // The line.
        let manifest = URL(fileURLWithPath: copy).appendingPathComponent("Package.swift")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        let anchor = "    (\"AuthFlowMachine\", [\"SpecModel\", \"ReferenceMachine\", \"CCrypto\"]),\n"
        try #require(text.contains(anchor))
        try text.replacingOccurrences(of: anchor, with: anchor + "    (\"TurnstileModel\", [\"SpecModel\"]),\n")
            .write(to: manifest, atomically: true, encoding: .utf8)
        let changed = try TestSupport.execute(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "git", "-C", TestSupport.root.path, "diff", "--no-index", "--stat",
                TestSupport.root.appendingPathComponent("Package.swift").path, manifest.path,
            ])
        #expect(changed.stdout.contains("1 insertion(+)") && !changed.stdout.contains("deletion"), "\(changed.stdout)")

        let build = try TestSupport.execute(
            URL(fileURLWithPath: "/usr/bin/env"), ["swift", "build", "--product", "authspec"],
            in: URL(fileURLWithPath: copy), limit: 1500)
        try #require(build.status == 0, "\(build.stdout.suffix(2000))\(build.stderr.suffix(2000))")
        let binary = URL(fileURLWithPath: copy).appendingPathComponent(".build/debug/authspec")
        let list = try TestSupport.execute(binary, ["model", "--list"])
        #expect(list.stdout == "unlock\nauth-flow\nturnstile\n")
        let help = try TestSupport.execute(binary, ["help", "run"])
        #expect(help.stdout.contains("unlock,\n                          auth-flow, turnstile"), "\(help.stdout)")
        let drawn = try TestSupport.execute(binary, ["model", "--model", "turnstile", "--format", "mermaid"])
        #expect(drawn.stdout.contains("Locked --> Unlocked: coin"))
        let suite = try TestSupport.temporaryFolder([
            "t.yaml":
                "model: turnstile\nid: coin-opens\ntitle: A coin opens the arm\nspec: [\"TURN-1 §3\"]\nsteps:\n"
                + "  - coin:\n    expect: {state: Unlocked, coins: 1}\n  - wait: 10s\n    expect: {state: Locked}\n"
        ])
        defer { try? FileManager.default.removeItem(atPath: suite) }
        let run = try TestSupport.execute(binary, ["run", suite, "--model", "turnstile", "--quiet"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasPrefix("PASS: 1 scenario run on 1 implementation under the full profile"))
    }
}
