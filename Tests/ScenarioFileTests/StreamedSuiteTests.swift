import AuthSpecTestSupport
import Engine
import Foundation
import Results
import ScenarioModel
import SpecModel
import Testing
import UnlockScreen

/// `run` streams its suite: scenarios are summarised as they load and read again from their
/// files as the run reaches them. A streamed suite must be the held suite in every respect a
/// run or a report can see, and a file that changes under a run must never pass unseen.
@Suite struct StreamedSuiteTests {
    static let model = UnlockModel.declaration

    static func suite(_ folder: String, streamed: Bool, selection: SuiteSelection = SuiteSelection()) -> Suite {
        Suite(
            paths: [folder], requirementsFile: nil, model: model, selection: selection, streamed: streamed,
            processors: 2)
    }

    /// Problems of every kind (a bad file, a duplicate id, an unknown requirement), tags, ids
    /// and a shard: the same problems in the same order, the same selection and digest, and
    /// the same records from a run of each.
    @Test func aStreamedSuiteIsTheHeldSuite() throws {
        let folder = try TestSupport.temporaryFolder([
            "requirements.yaml": "- {id: REQ-A, clause: x, text: y}\n",
            "a.yaml":
                "id: a1\ntitle: t\nspec: [x]\ntags: [fast]\ncovers: [REQ-A]\nsteps: [launch]\n---\nid: a2\ntitle: t\nspec: [x]\nsteps: [launch, {advance: 1s}]\n",
            "b.yaml":
                "id: a1\ntitle: dup\nspec: [x]\nsteps: [launch]\n---\nid: b2\ntitle: t\nspec: [x]\ntags: [fast]\ncovers: [REQ-NOPE]\nsteps: [launch]\n",
            "c.yaml":
                "id: c1\ntitle: t\nspec: [x]\nsteps: [bogus]\n---\nid: c2\ntitle: t\nspec: [x]\ntags: [fast]\ngiven: {pin_length: 6}\nsteps: [launch, {enter_pin: \"123456\"}]\n",
            "d/e.yaml": "id: e1\ntitle: t\nspec: [x]\nsteps: [launch]\n",
        ])
        let selections = [
            SuiteSelection(), SuiteSelection(tags: ["fast"]), SuiteSelection(ids: ["a*", "e1"]),
            SuiteSelection(shard: Shard(index: 1, count: 2)), SuiteSelection(shard: Shard(index: 2, count: 2)),
        ]
        for selection in selections {
            let held = Self.suite(folder, streamed: false, selection: selection)
            let streamed = Self.suite(folder, streamed: true, selection: selection)
            #expect(streamed.loaded.diagnostics.map(\.description) == held.loaded.diagnostics.map(\.description))
            #expect(!held.loaded.diagnostics.isEmpty)
            #expect(streamed.loadedIDs == held.loadedIDs)
            #expect(streamed.selected == held.selected && streamed.positions == held.positions)
            #expect(streamed.identity() == held.identity())
            #expect(streamed.uncoveredRequirements.map(\.id) == held.uncoveredRequirements.map(\.id))
            #expect(streamed.loaded.scenarios.isEmpty && streamed.scenarios.isEmpty)
            let reference = Candidate(label: "reference", reference: true) { _ in UnlockReference() }
            let heldRun = RunEngine(model: Self.model).run(held, on: [reference])
            let streamedRun = RunEngine(model: Self.model).run(streamed, on: [reference])
            let records = { (run: RunRecord) in
                run.allRecords.map { record -> ScenarioRecord in
                    var record = record
                    record.milliseconds = 0
                    return record
                }
            }
            #expect(records(streamedRun) == records(heldRun))
            #expect(!records(heldRun).isEmpty)
        }
    }

    /// A scenario whose file is edited or removed after loading errs with that reason; it is
    /// never run from the new text, nor counted as passed.
    @Test func aFileThatChangesDuringTheRunErrs() throws {
        let folder = try TestSupport.temporaryFolder([
            "a.yaml": "id: a1\ntitle: t\nspec: [x]\nsteps: [launch]\n",
            "b.yaml": "id: b1\ntitle: t\nspec: [x]\nsteps: [launch]\n",
            "c.yaml": "id: c1\ntitle: t\nspec: [x]\nsteps: [launch]\n",
            "d.yaml": "id: d1\ntitle: t\nspec: [x]\nsteps: [launch]\n",
        ])
        let suite = Self.suite(folder, streamed: true)
        // Only the title: what a record says of the scenario must be what was loaded, too.
        try "id: d1\ntitle: another\nspec: [x]\nsteps: [launch]\n".write(
            toFile: folder + "/d.yaml", atomically: true, encoding: .utf8)
        try "id: a1\ntitle: t\nspec: [x]\nsteps: [launch, {advance: 1s}]\n".write(
            toFile: folder + "/a.yaml", atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: folder + "/b.yaml")
        let reference = Candidate(label: "reference", reference: true) { _ in UnlockReference() }
        let run = RunEngine(model: Self.model).run(suite, on: [reference])
        let byID = Dictionary(uniqueKeysWithValues: run.allRecords.map { ($0.id, $0) })
        #expect(byID["a1"]?.outcome == .errored)
        #expect(
            byID["a1"]?.message?.contains("its file changed during the run") == true, "\(byID["a1"]?.message ?? "")")
        #expect(byID["b1"]?.outcome == .errored)
        #expect(byID["b1"]?.message?.contains("could not be read again") == true, "\(byID["b1"]?.message ?? "")")
        // The file left alone runs (it expects nothing, so nothing is checked).
        #expect(byID["c1"]?.outcome == .notChecked && byID["c1"]?.steps.count == 1)
        #expect(byID["a1"]?.steps.isEmpty == true)
        #expect(byID["d1"]?.outcome == .errored && byID["d1"]?.title == "d1")
        // Each is bad input at its scenario, once, whatever the number of implementations.
        let changes = RunEngine.suiteChanges(in: run)
        #expect(changes.map(\.location.file).sorted() == ["a.yaml", "b.yaml", "d.yaml"].map { folder + "/" + $0 })
        #expect(
            changes.allSatisfy {
                guard case .scenarioNotRun = $0.problem else { return false }
                return true
            })
    }

    /// A suite's file paths held in one buffer read back as the paths they were: from a
    /// folder's names, from strings, one list after another, non-ASCII and empty ones too.
    @Test func pathsHeldTogetherReadBackAsGiven() {
        let names = ["a.yaml", "ñandú/b.yaml", "", "c d.yml"]
        let folder = PathList(folder: "/tmp/x", names: names)
        #expect(Array(folder) == names.map { "/tmp/x/" + $0 })
        var all = PathList()
        all.append(contentsOf: folder)
        #expect(all == folder)
        all.append(contentsOf: ["/e.yaml", "ü.yaml"])
        all.append("/f.yaml")
        #expect(Array(all) == Array(folder) + ["/e.yaml", "ü.yaml", "/f.yaml"])
        #expect(all[4] == "/e.yaml" && all.count == 7)
    }

    /// Records past `recordsHeld` go to a temporary file and are read back: the same records,
    /// in the same order, as a run that holds them.
    @Test func recordsReadBackFromTheirFileAreTheHeldOnes() throws {
        let suite = Suite(
            paths: [TestSupport.scenariosFolder], requirementsFile: nil, model: Self.model,
            selection: SuiteSelection(), streamed: true, processors: 2)
        let reference = Candidate(label: "reference", reference: true) { _ in UnlockReference() }
        let held = RunEngine(model: Self.model).run(suite, on: [reference])
        let spilled = RunEngine(model: Self.model, jobs: 2, recordsHeld: 0).run(suite, on: [reference])
        let heldRecords = held.implementations[0].records
        let spilledRecords = spilled.implementations[0].records
        #expect(!heldRecords.isStored && spilledRecords.isStored)
        #expect(spilledRecords.count == TestSupport.suiteSize)
        func timeless(_ records: ScenarioRecords) -> [ScenarioRecord] {
            records.map { record in
                var record = record
                record.milliseconds = 0
                return record
            }
        }
        #expect(timeless(spilledRecords) == timeless(heldRecords))
        // Read twice, the same again.
        #expect(timeless(spilledRecords) == timeless(spilledRecords))
    }
}
