import AuthSpecTestSupport
import Foundation
import Testing

/// docs/architecture.md's rules, checked on the module graph Package.swift declares (read with
/// `swift package dump-package`) and the sources of each module.
@Suite struct ArchitectureTests {
    struct Module {
        var name: String
        var kind: String
        var dependencies: [String]
        var files: [URL]

        /// Every Swift source of the module, as one text per file.
        func sources() throws -> [(file: String, text: String)] {
            try files.map {
                (
                    $0.path.replacingOccurrences(of: TestSupport.root.path + "/", with: ""),
                    try String(contentsOf: $0, encoding: .utf8)
                )
            }
        }
    }

    /// Read once: a scratch folder of its own, since the running `swift test` holds the
    /// package's own build folder locked.
    static let dumped: Result<String, any Error> = Result {
        let scratch = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let dumped = try TestSupport.execute(
            URL(fileURLWithPath: "/usr/bin/env"), ["swift", "package", "--scratch-path", scratch, "dump-package"],
            limit: 120)
        guard dumped.status == 0 else { throw DumpFailed(message: dumped.stderr) }
        return dumped.stdout
    }

    struct DumpFailed: Error {
        var message: String
    }

    static func modules() throws -> [Module] {
        let dumped = (stdout: try Self.dumped.get(), 0)
        let package = try #require(try JSONSerialization.jsonObject(with: Data(dumped.stdout.utf8)) as? [String: Any])
        let targets = try #require(package["targets"] as? [[String: Any]])
        return targets.compactMap { target -> Module? in
            guard let name = target["name"] as? String, let kind = target["type"] as? String,
                ["regular", "executable"].contains(kind)
            else { return nil }
            let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
                dependency.values.compactMap { ($0 as? [Any])?.first as? String }.first
            }
            let path = (target["path"] as? String) ?? "Sources/\(name)"
            let folder = TestSupport.root.appendingPathComponent(path)
            let files = (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects ?? [])
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
            return Module(name: name, kind: kind, dependencies: dependencies, files: files)
        }
    }

    /// A module imports only what Package.swift says it depends on: the graph the docs draw
    /// is the one the compiler builds.
    /// A folder of sources holds at most 15 files: past that, its files are split by concern
    /// into folders of their own (a module's folders are one module to the compiler).
    @Test func noFolderOfSourcesHoldsMoreThanFifteenFiles() throws {
        let sources = TestSupport.root.appendingPathComponent("Sources")
        var crowded: [String] = []
        for case let folder as URL in FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)! {
            guard (try? folder.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true else { continue }
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.hasSuffix(".swift") || $0.hasSuffix(".c") || $0.hasSuffix(".h")
            }
            if files.count > 15 { crowded.append("\(folder.lastPathComponent): \(files.count)") }
        }
        #expect(crowded.isEmpty, "\(crowded)")
    }

    @Test func everyImportIsADeclaredDependency() throws {
        let modules = try Self.modules()
        let names = Set(modules.map(\.name))
        #expect(modules.count > 15, "the package's modules were not read")
        for module in modules {
            for (file, text) in try module.sources() {
                for line in text.split(separator: "\n") {
                    // `import X`, `@testable import X`, `package import X`, `import struct X.Y`.
                    guard
                        let found = line.wholeMatch(
                            of:
                                /\s*(?:@\w+\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:\w+\s+)?(\w+)(?:\.\w+)*\s*/
                        )
                    else { continue }
                    let imported = String(found.output.1)
                    guard names.contains(imported), imported != module.name else { continue }
                    #expect(
                        module.dependencies.contains(imported),
                        "\(file) imports \(imported), which Package.swift does not list among \(module.name)'s dependencies"
                    )
                }
            }
        }
    }

    /// No module but the command line reads the machine's clocks or counts its processors: the
    /// sessions are given both (`SessionClock`, the plan's processors), so every date and time
    /// a report gives comes from one place and a test can fix it. Two modules have the
    /// machine's time as their very subject and say so: SubprocessDriver (a real process's
    /// timeouts, waited out in real time) and Benchmarking (what it measures); the tests' own
    /// support module makes the tests' clock.
    @Test func onlyTheCommandLineReadsTheMachinesClockAndProcessors() throws {
        let readings = [
            "ContinuousClock.now", "ContinuousClock()", "SuspendingClock", "DispatchTime.now", "DispatchWallTime",
            "Date()", "Date.now", "Date(timeInterval", "timeIntervalSince1970", "systemUptime", "activeProcessorCount",
            "processorCount", "clock_gettime", "gettimeofday", "time(nil)", "CFAbsoluteTimeGetCurrent",
        ]
        let allowed: Set = ["authspec", "SubprocessDriver", "Benchmarking", "AuthSpecTestSupport"]
        var checked = 0
        for module in try Self.modules() where !allowed.contains(module.name) {
            for (file, text) in try module.sources() {
                checked += 1
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = line.trimmingCharacters(in: .whitespaces)
                    if code.hasPrefix("//") { continue }
                    for reading in readings where code.contains(reading) {
                        Issue.record("\(file):\(number + 1) reads the machine's \(reading): take it from the session")
                    }
                }
            }
        }
        #expect(checked > 100)
    }

    /// The command line maps arguments to a plan and events to text: every run, search and walk
    /// is an engine session's, so the command line makes none of their machinery itself.
    @Test func theCommandLineRunsNothingItself() throws {
        let machinery = [
            "RunEngine(", "ScenarioRunner(", "MutationAnalysis(", "ModelChecker(", "Explorer(", "ProbeGenerator(",
            "CoverageGenerator(", "Falsifying.", Self.suitePlanMade, "RunPlan(",
        ]
        let commandLine = try #require(try Self.modules().first { $0.name == "authspec" })
        for (file, text) in try commandLine.sources() {
            for part in machinery where text.contains(part) {
                Issue.record("\(file) makes \(part.dropLast()) itself: that belongs to a session in Engine")
            }
        }
    }

    /// A suite plan being made, spelt so that this file does not hold it (`grep -rn` for it
    /// finds the planner's file alone).
    static let suitePlanMade = "SuitePlan" + "("

    /// Suites are planned in one place: a suite plan is made only in the planner's file.
    @Test func aSuiteIsPlannedOnlyByThePlanner() throws {
        var found: [String] = []
        for folder in ["Sources", "Tests"] {
            let root = TestSupport.root.appendingPathComponent(folder)
            for case let file as URL in FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
            where file.pathExtension == "swift" {
                if try String(contentsOf: file, encoding: .utf8).contains(Self.suitePlanMade) {
                    found.append(file.path.replacingOccurrences(of: TestSupport.root.path + "/", with: ""))
                }
            }
        }
        #expect(found == ["Sources/Engine/Run/RunPlan.swift"])
    }
}
