import AuthSpecTestSupport
import DriverProtocol
import Engine
import Foundation
import Reporters
import Results
import ScenarioModel
import SpecModel
import Testing
import UnlockScreen

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A pass accounts for everything: the gate and merge check every implementation's records
/// against the scenarios the results are of (none missing, none extra, none twice), from the
/// records themselves, never from a count a header declares.
@Suite(.tags(.drivers)) struct AccountingTests {
    static let python = "python3 Examples/python/driver.py --argon2-memory-kib 8"

    /// A run of the brief scenarios on the reference, twice over (two implementations of it).
    static func briefRun() -> RunRecord {
        let suite = Suite(
            paths: [TestSupport.scenariosFolder], requirementsFile: nil, model: TestSupport.model,
            selection: SuiteSelection(ids: ["brief-*"]), processors: 2)
        let reference = Candidate.reference(of: UnlockPackage.package, settings: ["argon2": "light"])
        var run = RunEngine(model: TestSupport.model).run(suite, on: [reference, reference])
        run.implementations[1].name = "again"
        return run
    }

    @Test func theGateFindsRecordsMissingExtraOrTwice() throws {
        let run = Self.briefRun()
        let count = run.implementations[0].records.count
        #expect(run.expected.scenarios == count && count > 3 && run.implementations.count == 2)
        #expect(run.gate(GatePolicy()).passes)
        let ids = run.implementations[0].records.map(\.id)
        func gap(_ change: (inout [ScenarioRecord]) -> Void) -> ResultsAccounting.Gap? {
            var changed = run
            var records = Array(changed.implementations[1].records)
            change(&records)
            changed.implementations[1].records = ScenarioRecords(records)
            let verdict = changed.gate(GatePolicy())
            let reasons = verdict.reasons.compactMap { reason -> ResultsAccounting.Gap? in
                if case .incomplete(let name, let gap) = reason, name == changed.implementations[1].name { return gap }
                return nil
            }
            #expect(reasons.count <= 1)
            #expect(verdict.passes == reasons.isEmpty)
            return reasons.first
        }
        let dropped = try #require(gap { $0.remove(at: 2) })
        #expect(dropped == .init(expected: count, missing: 1, missingIDs: [ids[2]]))
        #expect(
            ResultsAccounting.describe(dropped, on: "again")
                == "1 of \(count) scenarios has no record on again (\(ids[2]))")
        let twice = try #require(gap { $0.append($0[0]) })
        #expect(twice.twice == [ids[0]] && twice.missing == 0)
        let foreign = try #require(
            gap { records in
                var stray = records[0]
                stray.id = "not-selected"
                records[0] = stray
            })
        #expect(foreign.missing == 1 && foreign.missingIDs == [ids[0]])
        #expect(foreign.unselected == 1 && foreign.unselectedIDs == ["not-selected"])
        #expect(gap { _ in } == nil)
        // Every implementation short of the same record: named by nobody, counted all the same.
        var both = run
        for index in both.implementations.indices {
            var records = Array(both.implementations[index].records)
            records.removeLast()
            both.implementations[index].records = ScenarioRecords(records)
        }
        let reasons = both.gate(GatePolicy()).reasons
        #expect(reasons.count == 2)
        #expect(reasons.allSatisfy { if case .incomplete(_, let gap) = $0 { gap.missing == 1 } else { false } })
    }

    /// `document` with its records' digest written again, as a tool that rewrote the file
    /// would (so that what merge checks beyond the digest is what refuses it).
    static func resealed(_ document: [String: Any]) throws -> [String: Any] {
        let text = String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self)
        let run = try ResultsCodec.decode(JSONCodec.decode(text), checkingDigest: false)
        var sealed = document
        sealed["records_digest"] = ResultsCodec.RecordsDigest.of(run)
        return sealed
    }

    /// The results file says what it must account for; read back, a record dropped from it is
    /// refused as a file changed after the run and, its digest written again, found: merge
    /// refuses a shard whose records fall short of its own header, naming it.
    @Test func mergeRefusesAShardThatLostARecord() throws {
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var shards: [String] = []
        for index in 1...2 {
            let out = "\(folder)/s\(index).json"
            var options = LibraryRun.Options(
                paths: [TestSupport.scenariosFolder], drivers: [Self.python], logFolder: folder)
            options.shard = "\(index)/2"
            let result = try LibraryRun.run(options)
            #expect(result.severity == .passed, "\(result.closing())")
            try result.write(.json, to: out)
            shards.append(out)
        }
        // Shard 2 loses one of the driver's records, and then also its header is made to agree.
        var document = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: shards[1]))) as? [String: Any])
        var scenarios = try #require(document["scenarios"] as? [[String: Any]])
        let lost = try #require(scenarios.lastIndex { $0["implementation"] as? String == "python-example" })
        let lostID = try #require(scenarios[lost]["id"] as? String)
        scenarios.remove(at: lost)
        document["scenarios"] = scenarios
        let expected = try #require(document["expected"] as? [String: Any])
        let count = try #require(expected["scenarios"] as? Int)
        let cut = "\(folder)/cut.json"
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: cut))
        let changed = try #require(LibraryRun.mergeRefusal([shards[0], cut]))
        guard case .notResults(cut, let problem) = changed, problem.path == "records_digest" else {
            Issue.record("not refused as changed: \(changed)")
            return
        }
        try JSONSerialization.data(withJSONObject: try Self.resealed(document)).write(to: URL(fileURLWithPath: cut))
        let merged = try #require(LibraryRun.mergeRefusal([shards[0], cut]))
        guard case .inconsistent(.incomplete(cut, let shard, "python-example", let gap, count)) = merged else {
            Issue.record("not refused as incomplete: \(merged)")
            return
        }
        #expect(shard.description == "2/2" && gap.missing == 1 && gap.missingIDs == [lostID], "\(merged)")

        // A header made to agree with what is left: the shards no longer add up to their suite.
        for (index, entry) in scenarios.enumerated() where entry["id"] as? String == lostID {
            scenarios.remove(at: index)
            break
        }
        document["scenarios"] = scenarios
        let left = ScenarioAccount(
            ids: scenarios.filter { $0["implementation"] as? String == "reference" }.compactMap { $0["id"] as? String })
        #expect(left.scenarios == count - 1)
        document["expected"] = ["scenarios": left.scenarios, "ids": Digest.hex(left.ids)]
        try JSONSerialization.data(withJSONObject: try Self.resealed(document)).write(to: URL(fileURLWithPath: cut))
        let forged = try #require(LibraryRun.mergeRefusal([shards[0], cut]))
        guard case .inconsistent(let problem) = forged else {
            Issue.record("not refused as inconsistent: \(forged)")
            return
        }
        #expect(
            problem
                == .headersDoNotAddUp(
                    shards: [shards[0], cut], counts: [TestSupport.suiteSize - count, count - 1],
                    suite: TestSupport.suiteSize, sameNumber: false))

        // A shard whose driver declared less: the merged run would claim the other's keys.
        var weaker = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: shards[1]))) as? [String: Any])
        var implementations = try #require(weaker["implementations"] as? [[String: Any]])
        implementations[1]["observes"] = ["state"]
        weaker["implementations"] = implementations
        try JSONSerialization.data(withJSONObject: try Self.resealed(weaker)).write(to: URL(fileURLWithPath: cut))
        let declared = try #require(LibraryRun.mergeRefusal([shards[0], cut]))
        guard case .inconsistent(.otherDeclaration("python-example", cut, _, ["state"], _, _, _)) = declared else {
            Issue.record("not refused as another declaration: \(declared)")
            return
        }

        // A shard whose driver declared other inputs: the merged run would claim one's.
        var fewer = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: shards[1]))) as? [String: Any])
        var declaring = try #require(fewer["implementations"] as? [[String: Any]])
        declaring[1]["inputs"] = ["launch", "digit"]
        fewer["implementations"] = declaring
        try JSONSerialization.data(withJSONObject: try Self.resealed(fewer)).write(to: URL(fileURLWithPath: cut))
        let inputs = try #require(LibraryRun.mergeRefusal([shards[0], cut]))
        guard case .inconsistent(.otherInputs("python-example", cut, ["launch", "digit"], _, nil)) = inputs else {
            Issue.record("not refused as other inputs: \(inputs)")
            return
        }

        let whole = try LibraryRun.merge([shards[0], shards[1]])
        #expect(whole.severity == .passed, "\(whole.closing())")
    }

    /// What the gate says and the testcases do not show reaches a JUnit consumer as a failing
    /// `gate` testcase, and scenarios a signal left unfinished as errors, also on an
    /// implementation the signal stopped before it began.
    @Test func aJUnitConsumerSeesEveryFailureOfTheGate() throws {
        var run = Self.briefRun()
        run.implementations[1].reference = false
        let junit = JUnitReporter(model: TestSupport.model)
        let passing = try TestSupport.xml(text: junit.document(run, gate: run.gate(GatePolicy())))
        #expect(try passing.values("//testcase[@name='gate']").isEmpty)
        var weak = run
        weak.implementations[1].observes = ["state"]
        let gate = weak.gate(GatePolicy())
        #expect(!gate.passes)
        let document = junit.document(weak, gate: gate)
        let parsed = try TestSupport.xml(text: document)
        #expect(try parsed.values("//testcase[@name='gate']/@classname") == ["unlock.gate"], "\(document)")
        let failure =
            try parsed.values("//testcase[@name='gate']/failure/@type")
            + parsed.values("//testcase[@name='gate']/failure/@message")
        #expect(failure.first == "gate" && failure.last?.starts(with: "again does not meet the full profile") == true)
        let suite = "//testsuite[testcase/@name='gate']"
        #expect(
            try parsed.values(suite + "/@tests") + parsed.values(suite + "/@failures") == [
                "\(run.expected.scenarios + 1)", "1",
            ])

        // Interrupted before the driver ran a scenario: its suite holds its scenarios, in error.
        var cut = run
        let ids = cut.implementations[1].records.map(\.id)
        cut.implementations.removeLast()
        cut.interruption = RunInterruption(
            signal: "SIGINT", unfinished: ids.map { .init(implementation: "again", scenario: $0) })
        let interrupted = junit.document(cut, gate: cut.gate(GatePolicy()))
        #expect(
            interrupted.contains(
                "<testsuite name=\"again\" tests=\"\(ids.count)\" failures=\"0\" errors=\"\(ids.count)\""),
            "\(interrupted)")
        #expect(interrupted.components(separatedBy: "<error type=\"interrupted\"").count == ids.count + 1)
    }
}
