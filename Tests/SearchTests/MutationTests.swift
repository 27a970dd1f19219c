import AuthSpecTestSupport
import Foundation
import ScenarioModel
import Testing

/// Every bad input gets a located error, never a crash: the suite's own files, corrupted in
/// thousands of seeded ways, either load or report problems that each name a line and column
/// inside the file.
@Suite struct MutationTests {
    static let significant = Array("[]{}:,-#&*!|>'\"%?@`\t\n \\0123456789ex~")

    static func mutate(_ text: String, using generator: inout SeededGenerator) -> String {
        var characters = Array(text)
        for _ in 0..<Int.random(in: 1...4, using: &generator) where !characters.isEmpty {
            let at = Int.random(in: 0..<characters.count, using: &generator)
            switch Int.random(in: 0..<5, using: &generator) {
            case 0: characters.insert(significant[Int.random(in: 0..<significant.count, using: &generator)], at: at)
            case 1:
                characters.removeSubrange(at..<min(characters.count, at + Int.random(in: 1...12, using: &generator)))
            case 2: characters[at] = significant[Int.random(in: 0..<significant.count, using: &generator)]
            case 3:
                // Duplicate a run of lines (repeated keys, repeated documents).
                let end = min(characters.count, at + Int.random(in: 10...200, using: &generator))
                characters.insert(contentsOf: characters[at..<end], at: end)
            default: characters.removeLast(Int.random(in: 0...min(40, characters.count), using: &generator))
            }
        }
        return String(characters)
    }

    @Test func corruptedScenarioFilesGiveLocatedErrors() throws {
        let files = ScenarioLoader.scenarioFiles(under: TestSupport.scenariosFolder)
        let originals = try files.map { try String(contentsOfFile: $0, encoding: .utf8) }
        let loader = ScenarioLoader(model: TestSupport.model)
        var generator = SeededGenerator(seed: 7_919)
        var withErrors = 0
        for round in 0..<3_000 {
            let index = round % originals.count
            let text = Self.mutate(originals[index], using: &generator)
            let result = loader.load(text: text, file: "mutant.yaml")
            let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
            for diagnostic in result.diagnostics {
                #expect(diagnostic.location.line >= 1 && diagnostic.location.line <= lineCount + 1, "\(diagnostic)")
                #expect(diagnostic.location.column >= 1, "\(diagnostic)")
                #expect(!diagnostic.message.isEmpty)
            }
            if !result.diagnostics.isEmpty { withErrors += 1 }
        }
        // Most corruptions must be noticed; the rest are still valid scenarios.
        #expect(withErrors > 1_500)
    }
}
