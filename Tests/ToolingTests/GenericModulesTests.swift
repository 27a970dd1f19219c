import AuthSpecTestSupport
import Foundation
import Models
import Testing

/// The generic modules know a model only through its declaration: no string or regex literal in
/// them names the unlock screen's states, distinctive inputs or documents. The unlock model
/// lives in UnlockScreen (its declaration, reference and plug-in) and the command line.
@Suite struct GenericModulesTests {
    /// Modules that must stay model-free. SpecCheck compares the rule tables a model package
    /// gives it; the wording that finds their rows in the documents is the model's.
    static let genericModules = [
        "YAMLLoader", "SpecModel", "ScenarioModel", "Results", "Runner", "Engine", "Coverage", "Reporters",
        "DriverProtocol", "SpecCheck", "Exploration",
        "SubprocessDriver", "DriverKit", "CommandLineKit", "Benchmarking",
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
        #expect(Self.unlockWords.isSuperset(of: ["PINBlocked"]))
    }

    /// Only the DriverKit product's modules are public; everything else is `package`, for this
    /// package's own modules, and the C libraries are imported `internal`.
    @Test func onlyTheLibraryProductIsPublic() throws {
        let product: Set = ["SpecModel", "DriverProtocol", "DriverKit"]
        let sources = TestSupport.root.appendingPathComponent("Sources")
        var found: [String] = []
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path) where !product.contains(module)
        {
            let files =
                FileManager.default.enumerator(atPath: sources.appendingPathComponent(module).path)?
                .compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") {
                let text = try String(
                    contentsOf: sources.appendingPathComponent(module).appendingPathComponent(file), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    if line.contains(/(^|[\s@(])public\s/) { found.append("\(module)/\(file):\(number + 1)") }
                    if line.contains(/^import C[A-Z][A-Za-z]*$/), !line.contains("CommandLineKit"),
                        !line.contains("CommandCatalog"), !line.contains("Coverage")
                    {
                        found.append("\(module)/\(file):\(number + 1): a C module imported without 'internal'")
                    }
                }
            }
        }
        #expect(found.isEmpty, "\(found)")
    }

    /// Every module a target imports is one it declares in Package.swift (none reached through
    /// another's dependencies). Package.swift is read as text: each target's name, path and
    /// dependency list.
    @Test func everyImportedModuleIsDeclared() throws {
        let manifest = try String(contentsOf: TestSupport.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let system: Set = ["Foundation", "Glibc", "Dispatch", "Testing", "XCTest", "Synchronization"]
        var undeclared: [String] = []
        var targets = 0
        let block = /\.(target|executableTarget|testTarget)\(\s*name: "(\w+)"((?:[^()]|\([^()]*\))*)\)/
        for match in manifest.matches(of: block) {
            targets += 1
            let (kind, name, rest) = (String(match.output.1), String(match.output.2), String(match.output.3))
            let dependencies = rest.firstMatch(of: /dependencies: \[([^\]]*)\]/).map { String($0.output.1) } ?? ""
            let declared = Set(dependencies.matches(of: /"(\w+)"/).map { String($0.output.1) })
            let path =
                rest.firstMatch(of: /path: "([^"]+)"/).map { String($0.output.1) }
                ?? (kind == "testTarget" ? "Tests/\(name)" : "Sources/\(name)")
            let folder = TestSupport.root.appendingPathComponent(path)
            let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for found in text.matches(of: /(?m)^(?:@testable |internal |package )?import (\w+)/) {
                    let module = String(found.output.1)
                    if !declared.contains(module) && !system.contains(module) && module != name {
                        undeclared.append("\(name) imports \(module) (\(file))")
                    }
                }
            }
        }
        #expect(targets > 20, "Package.swift read: \(targets) targets")
        #expect(Set(undeclared).isEmpty, "\(Set(undeclared).sorted())")
    }
}

extension GenericModulesTests {
    /// A model is its folder and its line in Package.swift: outside the model folders, no source
    /// names a model module (the registry is written at build time from Package.swift's
    /// `models`), and every module on that list is registered, in order, under its own name.
    @Test func aModelIsItsFolderAndOneLine() throws {
        let manifest = try String(contentsOf: TestSupport.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let modules = try ThirdModelTests.declaredModels(list: "models")
        #expect(!modules.isEmpty)
        #expect(ModelRegistry.packages.count == modules.count)
        let sources = TestSupport.root.appendingPathComponent("Sources")
        var named: [String] = []
        for folder in try FileManager.default.contentsOfDirectory(atPath: sources.path) where !modules.contains(folder)
        {
            let files =
                FileManager.default.enumerator(atPath: sources.appendingPathComponent(folder).path)?
                .compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") {
                let text = try String(
                    contentsOf: sources.appendingPathComponent(folder).appendingPathComponent(file), encoding: .utf8)
                for module in modules where text.contains("import \(module)") || text.contains("\(module)Registration")
                {
                    named.append("\(folder)/\(file) names \(module)")
                }
            }
        }
        #expect(named.isEmpty, "\(named)")
        // Nothing of the command line names a model: its options come from the registry.
        let executable = try #require(manifest.firstMatch(of: /name: "authspec",\s*dependencies: \[([^\]]*)\]/))
        for module in modules { #expect(!executable.output.1.contains("\"\(module)\""), "\(module)") }
    }
}
