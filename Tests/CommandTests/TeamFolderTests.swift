import AuthSpecTestSupport
import Foundation
import Testing

/// authspec in a team's own repository, with nothing of authspec's beside it: an empty folder
/// and the built binary, which carries the suites (a build in its checkout takes the checkout's
/// as a release takes those under share/authspec/suites). Every command takes the carried
/// suite, writes nothing into the folder unasked, and every line it prints to paste works there.
@Suite(.tags(.binary)) struct TeamFolderTests {
    static let example = TestSupport.root.appendingPathComponent("Examples/python/driver.py").path
    static let buggy = "python3 \(example) --argon2-memory-kib 8 --bug eighth-gives-15-min"

    /// A folder of the team's own, empty, and what a command left in it.
    static func emptyFolder() throws -> URL {
        URL(fileURLWithPath: try TestSupport.temporaryFolder([:]))
    }

    static func left(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// A line printed by authspec, pasted into a shell in `folder` with this build's binary on PATH.
    static func paste(_ line: String, in folder: URL) throws -> TestSupport.ProcessResult {
        let bin = TestSupport.binary.deletingLastPathComponent().path
        return try TestSupport.execute(
            URL(fileURLWithPath: "/bin/sh"), ["-c", line], in: folder,
            environment: ["PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")])
    }

    /// A failing run of the carried suite names it first, keeps the drivers' logs in a
    /// temporary folder it names, and prints rerun lines that, pasted in the same folder, give
    /// that failure again; the folder is as empty after as before.
    @Test func aRunOfTheCarriedSuiteWritesNothingHereAndItsRerunLinesWork() throws {
        let folder = try Self.emptyFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try TestSupport.authspec(["run", "--driver", Self.buggy, "--id", "brief-*"], in: folder)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        let first = run.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.contains("unlock suite") && first.contains("scenarios"), "\(first)")
        #expect(Self.left(in: folder).isEmpty, "written into the team's folder: \(Self.left(in: folder))")
        let kept = try #require(
            run.stdout.split(separator: "\n").first { $0.contains("stderr logs are kept in ") }, "\(run.stdout)")
        let logs = String(kept[kept.range(of: "kept in ")!.upperBound...]).trimmingCharacters(
            in: CharacterSet(charactersIn: " ."))
        #expect(!logs.hasPrefix(folder.path), "\(logs)")
        #expect(FileManager.default.fileExists(atPath: logs), "the folder named is not there: \(logs)")
        try? FileManager.default.removeItem(atPath: logs)
        let reruns = run.stdout.split(separator: "\n").compactMap { line in
            line.range(of: "rerun: ").map { String(line[$0.upperBound...]) }
        }
        let rerun = try #require(reruns.first, "\(run.stdout)")
        let again = try Self.paste(rerun, in: folder)
        #expect(again.status == 1, "\(rerun)\n\(again.stdout)\(again.stderr)")
        #expect(again.stdout.contains("rerun: " + rerun), "\(again.stdout)")
        #expect(Self.left(in: folder).isEmpty, "the rerun wrote into the team's folder: \(Self.left(in: folder))")
    }

    /// doctor checks a driver on the carried suite from the team's folder, and its rerun line works there.
    @Test func doctorWorksFromTheTeamsFolder() throws {
        let folder = try Self.emptyFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let doctor = try TestSupport.authspec(
            ["doctor", "--driver", "python3 \(Self.example) --argon2-memory-kib 8"], in: folder)
        #expect(doctor.status == 0, "\(doctor.stdout)\(doctor.stderr)")
        #expect(doctor.stderr.isEmpty, "\(doctor.stderr)")
        #expect(Self.left(in: folder).isEmpty, "\(Self.left(in: folder))")
    }

    /// `suite export` writes the carried suite out to keep and extend; a run of the folder it
    /// wrote is a run of that suite, and its results name no carried version (it is the team's now).
    @Test func anExportedSuiteRunsAsTheTeamsOwn() throws {
        let folder = try Self.emptyFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let carried = try TestSupport.authspec(
            ["run", "--id", "brief-*", "--json", "carried.json", "--quiet"], in: folder)
        #expect(carried.status == 0, "\(carried.stdout)\(carried.stderr)")
        let export = try TestSupport.authspec(["suite", "export", "conformance"], in: folder)
        #expect(export.status == 0, "\(export.stdout)\(export.stderr)")
        let again = try TestSupport.authspec(["suite", "export", "conformance"], in: folder)
        #expect(again.status == 2, "nothing is written over: \(again.stdout)\(again.stderr)")
        let own = try TestSupport.authspec(
            ["run", "conformance", "--id", "brief-*", "--json", "own.json", "--quiet"], in: folder)
        #expect(own.status == 0, "\(own.stdout)\(own.stderr)")
        func suite(_ file: String) throws -> [String: Any] {
            let data = try Data(contentsOf: folder.appendingPathComponent(file))
            let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            return try #require(document["suite"] as? [String: Any])
        }
        let carriedSuite = try suite("carried.json")
        let ownSuite = try suite("own.json")
        let version = try TestSupport.authspec(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(carriedSuite["version"] as? String == "\(version)'s unlock suite", "\(carriedSuite)")
        #expect(ownSuite["version"] == nil, "\(ownSuite)")
        #expect(carriedSuite["scenarios"] as? Int == ownSuite["scenarios"] as? Int, "the same scenarios")
    }

    /// explore with no --out writes its scenario into a temporary folder its first line names.
    @Test func exploreWritesNothingHereUnasked() throws {
        let folder = try Self.emptyFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let explore = try TestSupport.authspec(
            ["explore", "--driver", Self.buggy, "--seed", "1", "--budget", "60s"], in: folder)
        #expect(explore.status == 1, "\(explore.stdout)\(explore.stderr)")
        #expect(Self.left(in: folder).isEmpty, "\(Self.left(in: folder))")
        let written = try #require(
            explore.stdout.split(separator: "\n").first { $0.hasPrefix("Written to ") }, "\(explore.stdout)")
        let file = String(written.dropFirst("Written to ".count).prefix { $0 != ";" })
        #expect(FileManager.default.fileExists(atPath: file), "\(file)")
        let opening = explore.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(explore.stdout.prefix(2000).contains(file), "the opening names where it goes: \(opening)")
        try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: file).deletingLastPathComponent().path)
    }
}
