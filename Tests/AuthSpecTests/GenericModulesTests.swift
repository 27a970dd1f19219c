import Foundation
import Testing

/// The generic modules know a model only through its declaration: no string or regex literal in
/// them names the unlock screen's states, distinctive inputs or documents. The unlock model
/// lives in ReferenceMachine (its declaration, reference and plug-in) and the command line.
@Suite struct GenericModulesTests {
    /// Modules that must stay model-free. SpecCheck compares the rule tables a model package
    /// gives it; the wording that finds their rows in the documents is the model's.
    static let genericModules = [
        "YAMLLoader", "SpecModel", "ScenarioModel", "Results", "Runner", "Engine", "Coverage", "Reporters",
        "DriverProtocol", "SpecCheck", "Exploration",
        "SubprocessDriver", "DriverKit",
    ]

    static var unlockWords: Set<String> {
        let model = TestSupport.model
        return Set(model.stateNames)
            .union(["advance", "biometric", "enter_pin", "digit", "login_completed", "unlock", "SCR-AUTH", "UIF-AUTH"])
            .union(["Bloqueo", "intentos", "Sesion", "minutos", "dias"])
    }

    @Test func noGenericModuleNamesTheUnlockModel() throws {
        // String literals, extended regex literals and bare regex literals (no space at their ends).
        let literal = /"((?:[^"\\]|\\.)*)"|#\/(.*?)\/#|\/([^\/\s](?:[^\/\n\\]|\\.)*[^\/\s\\])\//
        var found: [String] = []
        for module in Self.genericModules {
            let folder = TestSupport.root.appendingPathComponent("Sources/\(module)")
            let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
            #expect(!files.isEmpty, "no sources in \(module)")
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    if line.trimmingCharacters(in: .whitespaces).hasPrefix("//") { continue }
                    let code = line.firstRange(of: " // ").map { line[..<$0.lowerBound] } ?? line
                    for match in code.matches(of: literal) {
                        let content = String(match.output.1 ?? match.output.2 ?? match.output.3 ?? "")
                        let words = Set(
                            content.split(whereSeparator: { !$0.isLetter && $0 != "_" && $0 != "-" }).map(String.init))
                        let hits = words.filter { word in
                            Self.unlockWords.contains(word) || word.hasPrefix("SCR-AUTH") || word.hasPrefix("UIF-AUTH")
                        }
                        if !hits.isEmpty { found.append("Sources/\(module)/\(file):\(number + 1): \(hits.sorted())") }
                    }
                }
            }
        }
        #expect(found.isEmpty, "unlock names in generic modules:\n\(found.joined(separator: "\n"))")
    }

    /// The check itself finds what it looks for.
    @Test func theCheckFindsALiteral() {
        let line = #"let key = "PINBlocked""#
        let literal = /"((?:[^"\\]|\\.)*)"/
        #expect(line.firstMatch(of: literal).map { String($0.output.1) } == "PINBlocked")
        #expect(Self.unlockWords.contains("PINBlocked"))
    }
}
