import AuthSpecTestSupport
import Foundation
import Testing

/// The loading benchmark's inputs (Benchmarks/generate-scenarios), through the built binary: they
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

        let lint = try TestSupport.authspec(["lint", folder])
        #expect(lint.status == 0, "\(lint.stdout)")
        #expect(lint.stdout.contains("in 80 files, 0 input errors, 0 contradicting the reference"), "\(lint.stdout)")
        let loaded = try TestSupport.authspec(["lint", "--load-only", folder])
        #expect(loaded.status == 0, "\(loaded.stdout)")
        let count = lint.stdout.split(separator: "\n").last.map { String($0.split(separator: " ")[1]) }
        #expect(count != nil && loaded.stdout.contains("lint: \(count!) scenarios in 80 files, 0 input errors"))

        let run = try TestSupport.authspec(["run", folder])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.contains("\(count ?? "?") passed, 0 failed, 0 errored"), "\(run.stdout)")
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
        let loaded = try TestSupport.authspec(["lint", "--load-only", folder])
        #expect(loaded.status == 2)
        let errors = TestSupport.errors(in: loaded.stdout, under: folder)
        #expect(errors.count == broken.count, "\(loaded.stdout)")
        for (error, index) in zip(errors, broken) {
            #expect(error.hasPrefix(String(format: "gen-%05d.yaml:", index)), "\(error)")
            #expect(error.contains("unknown scenario key 'bogus_\(index)'"), "\(error)")
        }
    }
}
