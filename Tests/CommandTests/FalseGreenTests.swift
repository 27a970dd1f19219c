import AuthSpecTestSupport
import DriverProtocol
import Engine
import Foundation
import Reporters
import Results
import Testing

/// Each way a gate could turn green without evidence, tried on the built binary as a CI job
/// runs it: the exit code and the verdict line are the contract a pipeline reads. (The same
/// rules are tested in detail, in process, by GateTests, AccountingTests and DriverTests; these
/// check that the command line keeps them.)
@Suite(.serialized, .tags(.binary)) struct FalseGreenTests {
    static let faulty = "python3 Tests/Fixtures/drivers/faulty_driver.py"
    static let python = "python3 Examples/python/driver.py --argon2-memory-kib 8"
    static let brief = [TestSupport.scenariosFolder, "--id", "brief-*"]

    /// The last line the run printed: its verdict, its time left out.
    static func verdict(_ result: TestSupport.ProcessResult) -> String {
        (result.stdout.split(separator: "\n").last.map(String.init) ?? "").replacing(/\ \([0-9.]+ s\)$/, with: "")
    }

    @Test func aDriverThatRefusesEveryScenarioFailsUnderAllowSkips() throws {
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try TestSupport.authspec(
            ["run"] + Self.brief + [
                "--allow-skips", "--log-dir", folder, "--driver", "\(Self.faulty) --fault all-unsupported",
            ])
        #expect(result.status == 1, "\(result.stdout)")
        #expect(
            Self.verdict(result)
                == "FAIL: faulty-all-unsupported: 7 refused (a world or an input it declares answered unsupported; "
                + "--allow-refusals lets refusals pass); nothing verified on faulty-all-unsupported: not one of its 7 "
                + "scenarios compared an expectation and agreed", "\(result.stdout)")
    }

    /// explore passes nothing a driver refused: every world refused, or the Perfect-tier worlds
    /// that would show its bug, exit 1 naming what was refused.
    @Test(arguments: [
        ("\(faulty) --fault all-unsupported", "REFUSED: the driver refused every one of its 100 runs' worlds"),
        (
            "python3 Tests/Fixtures/drivers/refusing_proxy.py --refuse-given tier=perfect -- \(python) --bug perfect-30-days",
            "runs' worlds (never accepted: tier=\"perfect\" in "
        ),
    ])
    func exploreOfADriverThatRefusesFails(driver: String, said: String) throws {
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try TestSupport.authspec([
            "explore", "--seed", "1", "--runs", "100", "--quiet", "--log-dir", folder, "--out", folder + "/x.yaml",
            "--driver", driver, "--json", folder + "/e.json",
        ])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let summary =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/e.json")))
            as? [String: Any]
        #expect(summary?["verdict"] as? String == ExplorationReport.verdictWord(.refused))
        #expect(Self.verdict(result).contains(said), "\(result.stdout)")
    }

    @Test func aSuiteThatExpectsNothingFails() throws {
        let folder = try TestSupport.temporaryFolder([
            "a.yaml": "id: a\ntitle: t\nspec: [x]\nsteps: [launch, {tap: use_pin}]\n"
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try TestSupport.authspec(["run", folder, "--log-dir", folder])
        #expect(result.status == 1, "\(result.stdout)")
        #expect(
            Self.verdict(result)
                == "FAIL: reference: 1 not checked (ran without comparing one expectation: none written, or none on a "
                + "key it observes); nothing verified on reference: not one of its 1 scenario compared an expectation "
                + "and agreed", "\(result.stdout)")
    }

    /// Two shards whose results files together lack one record: merge refuses them, exit 2,
    /// and writes no report: the record's file no longer digests to what the run wrote; with
    /// the digest written again, the shards no longer add up, said with the count.
    @Test func mergeOfAShardThatLostARecordFailsWithTheCount() throws {
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for index in 1...2 {
            let shard = try TestSupport.authspec(
                ["run"] + Self.brief + [
                    "--quiet", "--shard", "\(index)/2", "--json", "\(folder)/s\(index).json", "--log-dir", folder,
                    "--driver", Self.python,
                ])
            #expect(shard.status == 0, "\(shard.stdout)")
        }
        let path = "\(folder)/s2.json"
        let written = try ResultsCodec.decode(JSONCodec.decode(String(contentsOfFile: path, encoding: .utf8)))
        var document = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        var scenarios = try #require(document["scenarios"] as? [[String: Any]])
        let lost = try #require(scenarios.lastIndex { $0["implementation"] as? String == "python-example" })
        let lostID = try #require(scenarios[lost]["id"] as? String)
        scenarios.remove(at: lost)
        document["scenarios"] = scenarios
        let count = try #require((document["expected"] as? [String: Any])?["scenarios"] as? Int)
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: path))
        let changed = try TestSupport.authspec(
            ["merge", "\(folder)/s1.json", path, "--junit", "\(folder)/merged.xml"])
        #expect(changed.status == 2, "\(changed.stdout)\(changed.stderr)")
        // The refusal the engine gives for these files, said on standard error.
        let refusal = try #require(LibraryRun.mergeRefusal(["\(folder)/s1.json", path]))
        guard case .notResults(_, let problem) = refusal else {
            Issue.record("refused otherwise: \(refusal)")
            return
        }
        #expect(problem.path == "records_digest")
        #expect(changed.stderr.contains(refusal.description), "\(changed.stderr)")

        var forged = written
        for index in forged.implementations.indices where forged.implementations[index].name == "python-example" {
            forged.implementations[index].records = ScenarioRecords(
                forged.implementations[index].records.filter { $0.id != lostID })
        }
        document["records_digest"] = ResultsCodec.RecordsDigest.of(forged)
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: path))
        let merged = try TestSupport.authspec(
            ["merge", "\(folder)/s1.json", path, "--junit", "\(folder)/merged.xml"])
        #expect(merged.status == 2, "\(merged.stdout)\(merged.stderr)")
        #expect(
            merged.stderr.contains(
                "\(path) (shard 2/2) is incomplete: 1 of \(count) scenarios has no record on python-example (\(lostID))"
            ),
            "\(merged.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/merged.xml"))
    }

    /// A driver that writes the reply to a request not yet sent errs in the scenario where it did
    /// so, and only there.
    @Test func aForgedEarlyReplyErrsInItsOwnScenario() throws {
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let target = "brief-cancel-goes-to-pin"
        let result = try TestSupport.authspec(
            ["run"] + Self.brief + [
                "--log-dir", folder, "--json", "\(folder)/r.json", "--driver",
                "\(Self.faulty) --fault reply-ahead --seconds 0 --scenario \(target)",
            ])
        #expect(result.status == 1, "\(result.stdout)")
        let document = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/r.json")))
                as? [String: Any])
        let records = try #require(document["scenarios"] as? [[String: Any]])
        let errored = records.filter { $0["outcome"] as? String == "errored" }
        #expect(errored.map { $0["id"] as? String } == [target], "\(errored)")
        #expect(
            result.stdout.contains(
                "after its reply to the reset after scenario '\(target)' the driver wrote more to stdout, with no request outstanding"
            ), "\(result.stdout)")
    }

    /// A baseline entry that expires on a date that does not exist would excuse forever: an
    /// input error at the date, exit 2.
    @Test func anImpossibleBaselineDateIsAnInputError() throws {
        let entry = "  - {id: brief-cancel-goes-to-pin, outcome: failed, reason: r, expires: "
        let folder = try TestSupport.temporaryFolder([
            "b.yaml": "implementation: reference\nexpected:\n\(entry)\"9999-99-99\"}\n"
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try TestSupport.authspec(
            ["run"] + Self.brief + ["--log-dir", folder, "--baseline", "\(folder)/b.yaml"])
        #expect(result.status == 2, "\(result.stdout)")
        #expect(
            (result.stdout + result.stderr).contains(
                "\(folder)/b.yaml:3:\(entry.count + 1): error: expires must be a date that exists, YYYY-MM-DD; found '9999-99-99'"
            ), "\(result.stdout)\(result.stderr)")
    }
}
