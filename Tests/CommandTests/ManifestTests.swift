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

    /// From the root, one file's run and lint say what the golden cases `run-one-file` and
    /// `lint-one-file` record (the other files cover the rest: no requirement uncovered); from
    /// another folder, the same.
    @Test func oneFileRunsFromTheRootAndFromAnotherFolder() throws {
        let elsewhere = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        for command in ["run", "lint"] {
            let fromRoot = try TestSupport.authspec([command, "Scenarios/lock.yaml"])
            let fromElsewhere = try TestSupport.authspec(
                [command, Self.lockFile], in: URL(fileURLWithPath: elsewhere))
            #expect(fromRoot.status == 0 && fromElsewhere.status == 0, "\(fromElsewhere.stdout)\(fromElsewhere.stderr)")
            #expect(fromElsewhere.stderr.isEmpty, "\(fromElsewhere.stderr)")
            #expect(GoldenOutputTests.steady(fromElsewhere.stdout) == GoldenOutputTests.steady(fromRoot.stdout))
        }
    }

    // The whole suite run from its manifest's folder says what no scenario covers, one file of
    // it does not, and lint --manifest says it too: the golden case `manifest-coverage`.

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
