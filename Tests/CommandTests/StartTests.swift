import AuthSpecTestSupport
import CommandCatalog
import Foundation
import Skeletons
import Testing

/// The way in for a new team, through the built binary: `init` writes a suite that passes on
/// the reference, `new-driver` a skeleton in each language that handshakes, runs every
/// scenario and is reported as not implemented (skipped, nothing verified: a FAIL), never as
/// passed. Neither writes over a file.
@Suite(.serialized, .tags(.binary)) struct StartTests {
    static let kotlinCompiler = "/usr/bin/kotlinc"

    /// The skeleton in `language`, written, built if it needs building, in a folder of its own.
    static func skeleton(_ language: SkeletonLanguage, model: String) throws -> String {
        let folder = try TestSupport.temporaryFolder([:])
        let written = try TestSupport.authspec(
            ["new-driver", "--language", language.rawValue, "--model", model], in: URL(fileURLWithPath: folder))
        try #require(written.status == 0, "\(written.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/" + language.fileName), "\(written.stdout)")
        if let build = language.buildCommand {
            let built = try TestSupport.execute(
                URL(fileURLWithPath: "/bin/sh"), ["-c", build], in: URL(fileURLWithPath: folder), limit: 600)
            try #require(built.status == 0, "\(build): \(built.stdout)\(built.stderr)")
        }
        return folder
    }

    @Test(arguments: SkeletonLanguage.allCases)
    func eachSkeletonHandshakesRunsAndIsReportedNotImplemented(_ language: SkeletonLanguage) throws {
        for model in language == .python ? ["unlock", "auth-flow"] : ["unlock"] {
            let folder = try skeletonOrSkip(language, model: model)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let suite = model == "unlock" ? TestSupport.scenariosFolder : TestSupport.root.path + "/AuthFlow/Scenarios"
            // authspec starts a driver as `/bin/sh -c 'exec COMMAND'`; the skeleton runs from its folder.
            let driver = "sh -c 'cd \(folder) && exec \(language.driverCommand)'"
            let run = try TestSupport.authspec(
                [
                    "run", suite, "--quiet", "--validate-protocol", "--handshake-timeout", "2m", "--driver", driver,
                    "--json", folder + "/results.json", "--log-dir", folder + "/logs",
                ])
            #expect(run.status == 1, "\(language) \(model): \(run.stdout)\(run.stderr)")
            #expect(run.stdout.contains("nothing verified on my-app"), "\(language) \(model): \(run.stdout)")
            let document = try #require(
                JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/results.json")))
                    as? [String: Any])
            let records = (document["scenarios"] as? [[String: Any]] ?? []).filter {
                $0["implementation"] as? String == "my-app"
            }
            #expect(!records.isEmpty)
            // Every scenario refused, each for an input it declares and has not implemented: none
            // passed, none errored.
            let outcomes = Set(records.compactMap { $0["outcome"] as? String })
            #expect(outcomes == ["refused"], "\(language) \(model): \(outcomes)")
            let reasons = records.compactMap { $0["message"] as? String }
            #expect(
                reasons.count == records.count && reasons.allSatisfy { $0.contains("not implemented: ") },
                "\(language) \(model): \(Set(reasons))")
        }
    }

    /// Kotlin needs Debian's kotlin compiler, which scripts/install-deps installs.
    func skeletonOrSkip(_ language: SkeletonLanguage, model: String) throws -> String {
        if language == .kotlin {
            try #require(
                FileManager.default.isExecutableFile(atPath: Self.kotlinCompiler),
                "no \(Self.kotlinCompiler): scripts/install-deps installs Debian's kotlin")
        }
        return try Self.skeleton(language, model: model)
    }

    @Test func newDriverWritesNothingOverAFileAndNamesItsLanguages() throws {
        let folder = try TestSupport.temporaryFolder(["driver.py": "mine\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let here = URL(fileURLWithPath: folder)
        let again = try TestSupport.authspec(["new-driver", "--language", "python"], in: here)
        // The words of each refusal: output-start-refusals.txt.
        #expect(again.status == 2, "\(again.stderr)")
        #expect(try String(contentsOfFile: folder + "/driver.py", encoding: .utf8) == "mine\n")
        let typo = try TestSupport.authspec(["new-driver", "--language", "kotlinn"], in: here)
        #expect(typo.status == 2, "\(typo.stderr)")
        let none = try TestSupport.authspec(["new-driver"], in: here)
        #expect(none.status == 2, "\(none.stderr)")
        let printed = try TestSupport.authspec(["new-driver", "--language", "python", "--output", "-"], in: here)
        // The skeleton itself on standard output, as it would be written.
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(
            printed.stdout
                == DriverSkeleton.text(.python, model: TestSupport.model, version: CommandCatalog.program.version),
            "\(printed.stdout.prefix(200))")
    }

    @Test func initWritesASuiteThatPassesAndNothingOverAFile() throws {
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let here = URL(fileURLWithPath: folder)
        for model in ["unlock", "auth-flow"] {
            let made = try TestSupport.authspec(["init", model, "--model", model], in: here)
            #expect(made.status == 0, "\(made.stderr)")
            let run = try TestSupport.authspec(["run", model, "--json", model + ".json"], in: here)
            #expect(run.status == 0, "\(model): \(run.stdout)\(run.stderr)")
            let results = try TestSupport.results(at: folder + "/" + model + ".json")
            #expect(results.model == model && results.outcomes().values.map(\.self) == [.passed])
            let lint = try TestSupport.authspec(["lint", model], in: here)
            #expect(lint.status == 0, "\(model): \(lint.stdout)\(lint.stderr)")
        }
        // One file there already: an error, and nothing else is written either.
        try FileManager.default.createDirectory(atPath: folder + "/taken/Scenarios", withIntermediateDirectories: true)
        try "mine\n".write(toFile: folder + "/taken/Scenarios/first.yaml", atomically: true, encoding: .utf8)
        let taken = try TestSupport.authspec(["init", "taken"], in: here)
        #expect(taken.status == 2, "\(taken.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/taken/authspec.yaml"))
        #expect(try String(contentsOfFile: folder + "/taken/Scenarios/first.yaml", encoding: .utf8) == "mine\n")
        // A part of a path that is a file: an error before anything is written.
        try FileManager.default.createDirectory(atPath: folder + "/blocked", withIntermediateDirectories: true)
        try "a file\n".write(toFile: folder + "/blocked/Scenarios", atomically: true, encoding: .utf8)
        let blocked = try TestSupport.authspec(["init", "blocked"], in: here)
        #expect(blocked.status == 2, "\(blocked.stdout)\(blocked.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/blocked") == ["Scenarios"])
        let export = try TestSupport.authspec(["suite", "export", "blocked"], in: here)
        #expect(export.status == 2, "\(export.stdout)\(export.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/blocked") == ["Scenarios"])
    }
}
