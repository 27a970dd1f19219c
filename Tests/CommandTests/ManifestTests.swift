import AuthSpecTestSupport
import Foundation
import Models
import ScenarioModel
import Testing

/// The suite's manifest (authspec.yaml): found upward from the files given, so one file runs
/// and lints from any folder, and a run of some files does not report the requirements the
/// rest of the suite covers.
@Suite(.tags(.binary)) struct ManifestTests {
    static let steps = "steps:\n  - launch\n  - biometric: cancel\n    expect: {state: PINInput}\n"
    static var lockFile: String { TestSupport.scenariosFolder + "/lock.yaml" }

    @Test func oneFileRunsFromTheRootAndFromAnotherFolder() throws {
        let elsewhere = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        for (path, folder) in [
            ("Scenarios/lock.yaml", TestSupport.root), (Self.lockFile, URL(fileURLWithPath: elsewhere)),
        ] {
            let run = try TestSupport.authspec(["run", path], in: folder)
            #expect(run.status == 0, "\(path): \(run.stdout)\(run.stderr)")
            #expect(run.stderr.isEmpty, "\(run.stderr)")
            #expect(run.stdout.contains("scenarios against reference: "))
            #expect(!run.stdout.contains("no scenario covers"), "the other files cover the rest: \(run.stdout)")
            let lint = try TestSupport.authspec(["lint", path], in: folder)
            #expect(lint.status == 0, "\(path): \(lint.stdout)")
            #expect(!lint.stdout.contains("warning"), "\(lint.stdout)")
            #expect(lint.stdout.contains(" 0 input errors, 0 contradicting the reference, 0 requirements uncovered"))
        }
    }

    @Test func theWholeSuiteStillSaysWhatNoScenarioCovers() throws {
        let folder = try TestSupport.temporaryFolder([
            "authspec.yaml": "model: unlock\nscenarios: [cases]\nrequirements: reqs.yaml\n",
            "reqs.yaml": "- {id: REQ-A, clause: x, text: y}\n- {id: REQ-B, clause: x, text: y}\n",
            "cases/a.yaml": "id: a\ntitle: t\nspec: [x]\ncovers: [REQ-A]\n\(Self.steps)",
            "cases/b.yaml": "id: b\ntitle: t\nspec: [x]\n\(Self.steps)",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // From the manifest's folder with no paths: its scenarios, its catalogue.
        let whole = try TestSupport.authspec(["run"], in: URL(fileURLWithPath: folder))
        #expect(whole.status == 0, "\(whole.stdout)\(whole.stderr)")
        #expect(whole.stdout.contains("2 scenarios against reference: 2 passed"))
        #expect(whole.stdout.contains("1 requirement no scenario covers: REQ-B"))
        // One file of it, from elsewhere: the manifest is found above the file.
        let part = try TestSupport.authspec(["run", folder + "/cases/a.yaml"])
        #expect(part.status == 0, "\(part.stderr)")
        #expect(part.stdout.contains("1 scenario against reference: 1 passed"))
        #expect(!part.stdout.contains("no scenario covers"))
        // Named explicitly from a folder without one.
        let named = try TestSupport.authspec(["lint", "--manifest", folder + "/authspec.yaml"])
        #expect(named.stdout.contains("warning: no scenario covers requirement 'REQ-B'"), "\(named.stdout)")
    }

    @Test func aManifestThatDoesNotLoadIsAnInputError() throws {
        let folder = try TestSupport.temporaryFolder([
            "authspec.yaml": "model: unlock\nscenario: [cases]\n",
            "cases/a.yaml": "id: a\ntitle: t\nspec: [x]\nsteps: [launch]\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try TestSupport.authspec(["run", folder + "/cases"])
        #expect(result.status == 2)
        #expect(
            TestSupport.errors(in: result.stderr, under: folder) == [
                "authspec.yaml:2:1: error: unknown manifest key 'scenario' (did you mean 'scenarios'?)"
            ], "\(result.stderr)")
        let (manifest, problems) = Manifest.load(text: "model: unlock\n", file: "m.yaml")
        #expect(manifest == nil)
        #expect(problems.map { PlacedProblem($0) } == [PlacedProblem("m.yaml", 1, 1, .manifestWithoutScenarios)])
        let other = try TestSupport.temporaryFolder([
            "authspec.yaml": "model: nosuch\nscenarios: cases\n",
            "cases/a.yaml": "id: a\ntitle: t\nspec: [x]\nsteps: [launch]\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: other) }
        let unknown = try TestSupport.authspec(["run", other + "/cases"])
        #expect(unknown.status == 2)
        #expect(
            TestSupport.errors(in: unknown.stderr, under: other) == [
                "authspec.yaml: error: unknown model 'nosuch' (expected "
                    + ModelRegistry.packages.map(\.name).joined(separator: " or ") + ")"
            ], "\(unknown.stderr)")
    }
}
