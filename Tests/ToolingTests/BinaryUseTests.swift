import AuthSpecTestSupport
import Foundation
import Testing

/// The built binary is run only by the command tests (`Tests/CommandTests`): the command
/// line's own behaviour (options to a plan, words, exit codes, where reports go, what a
/// process does under signals, terminals and other users). Every other test reaches the logic
/// through the engine's API and the reporters (`LibraryRun` and its kin in the test support).
@Suite struct BinaryUseTests {
    /// What runs the binary: the test support's own wrapper, or its path handed to a process
    /// (written in two pieces, so that this file does not match itself).
    static let runsTheBinary = ["authspec(", "binary.path", "binary,"].map { "TestSupport." + $0 }

    static func swiftFiles(under folder: URL) -> [URL] {
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        return (walker?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
    }

    @Test func onlyTheCommandTestsRunTheBinary() throws {
        let tests = TestSupport.root.appendingPathComponent("Tests")
        var outside: [String] = []
        var inside = 0
        for file in Self.swiftFiles(under: tests) {
            let relative = String(file.path.dropFirst(tests.path.count + 1))
            guard !relative.hasPrefix("TestSupport/") else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            let runs = Self.runsTheBinary.contains { text.contains($0) }
            if relative.hasPrefix("CommandTests/") {
                if runs { inside += 1 }
            } else if runs {
                outside.append(relative)
            }
        }
        #expect(outside.isEmpty, "run the binary outside Tests/CommandTests: \(outside)")
        // The check sees what it looks for: the command tests do run it.
        #expect(inside >= 8)
    }
}
