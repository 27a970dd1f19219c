import AuthSpecTestSupport
import Engine
import Foundation
import ScenarioModel
import Testing
import UnlockScreen

/// The loading benchmark's inputs (Benchmarks/generate-scenarios), through the engine: they
/// load with no input error, hold no contradiction, pass on the reference, and loading many
/// files (spread over threads) reports in the files' order. Speed is measured by
/// Benchmarks/load-speed, not here.
@Suite(.serialized) struct LoadBenchmarkTests {
    static func generate(_ count: Int, seed: Int = 1) throws -> String {
        let folder = try TestSupport.temporaryFolder([:])
        let result = try TestSupport.execute(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", "Benchmarks/generate-scenarios", String(count), folder, "--seed", String(seed)])
        #expect(result.status == 0, "\(result.stderr)")
        return folder
    }

    @Test func generatedFilesLintCleanAndPass() throws {
        let folder = try Self.generate(80)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("gen-") }
        #expect(files.count == 80)

        let lint = LintOutcome.lint(
            [folder], requirementsFile: nil, package: UnlockPackage.package, wholeSuite: false, processors: 2)
        #expect(lint.lines(model: TestSupport.model).isEmpty, "\(lint.lines(model: TestSupport.model))")
        #expect(lint.suite.loaded.files.count == 80 && lint.contradictions == 0)
        let count = lint.suite.loaded.scenarios.count
        #expect(count >= 80)

        let run = try LibraryRun.run(LibraryRun.Options(paths: [folder], logFolder: folder))
        #expect(run.severity == .passed, "\(run.closing())")
        #expect(
            run.outcome.run.allRecords.count == count && run.outcome.run.summary.passed == count, "\(run.closing())")
    }

    @Test func generationDependsOnlyOnTheSeed() throws {
        let first = try Self.generate(5, seed: 3)
        let second = try Self.generate(5, seed: 3)
        let other = try Self.generate(5, seed: 4)
        defer { for folder in [first, second, other] { try? FileManager.default.removeItem(atPath: folder) } }
        let name = "gen-00002.yaml"
        let text = { (folder: String) in try String(contentsOfFile: folder + "/" + name, encoding: .utf8) }
        #expect(try text(first) == text(second))
        #expect(try text(first) != text(other))
    }

    @Test func manyFilesReportInTheFilesOrder() throws {
        let folder = try Self.generate(100)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let broken = [3, 41, 42, 77, 99]
        for index in broken {
            let path = folder + String(format: "/gen-%05d.yaml", index)
            let handle = try #require(FileHandle(forWritingAtPath: path))
            handle.seekToEndOfFile()
            handle.write(Data("bogus_\(index): 1\n".utf8))
            handle.closeFile()
        }
        // Loaded on several threads (on one processor too: threads are what is tested), the
        // problems come in the files' order.
        var loader = ScenarioLoader(model: TestSupport.model)
        loader.processors = 4
        let loaded = loader.load(paths: [folder])
        let errors = loaded.diagnostics.map { $0.description.replacingOccurrences(of: folder + "/", with: "") }
        #expect(errors.count == broken.count, "\(errors)")
        for (error, index) in zip(errors, broken) {
            #expect(error.hasPrefix(String(format: "gen-%05d.yaml:", index)), "\(error)")
        }
        for (diagnostic, index) in zip(loaded.diagnostics, broken) {
            guard case .unknownName(_, let name, _) = diagnostic.problem else {
                Issue.record("another problem: \(diagnostic)")
                continue
            }
            #expect(name == "bogus_\(index)", "\(diagnostic)")
        }
    }
}
