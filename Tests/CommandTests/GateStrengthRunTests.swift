import AuthSpecTestSupport
import Foundation
import Testing

/// `run --gate-strength` as a user sees it (the measure itself: SearchTests' GateStrengthTests).
@Suite struct GateStrengthRunTests {
    /// The run says it for a driver of fewer keys, before the verdict (the last line), and not
    /// for one that declares them all.
    @Test func theRunSaysItBeforeTheVerdict() throws {
        let lock = TestSupport.scenariosFolder + "/lock.yaml"
        let partial = try TestSupport.authspec([
            "run", lock, "--gate-strength", "--quiet", "--driver",
            "python3 \(TestSupport.root.path)/Examples/python/driver.py --observe state --observe states",
        ])
        let lines = partial.stdout.split(separator: "\n")
        let said = try #require(lines.firstIndex { $0.hasPrefix("gate strength: with the 2 keys python-example") })
        #expect(said < lines.count - 1, "\(partial.stdout)")
        #expect(lines.last?.hasPrefix("FAIL") == true)
        let whole = try TestSupport.authspec([
            "run", lock, "--gate-strength", "--quiet", "--driver",
            "python3 \(TestSupport.root.path)/Examples/python/driver.py",
        ])
        #expect(whole.status == 0, "\(whole.stdout)\(whole.stderr)")
        #expect(!whole.stdout.contains("gate strength"))
    }
}

/// `model --format json` is what other tools build on (the Hypothesis benchmark among them):
/// the given keys with their defaults and the timers are there, as the model declares them.
@Suite struct ModelJSONTests {
    @Test func theJSONCarriesTheGivenKeysAndTheTimers() throws {
        for model in ["unlock", "auth-flow"] {
            let result = try TestSupport.authspec(["model", "--model", model, "--format", "json"])
            #expect(result.status == 0, "\(result.stderr)")
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let given = try #require(document["given"] as? [[String: Any]])
            let pinLength = try #require(given.first { $0["key"] as? String == "pin_length" })
            #expect(pinLength["default"] as? Int == 4 && pinLength["type"] as? String == "one of 4, 6")
            let timers = try #require(document["timers_ms"] as? [Int])
            #expect(timers.contains(300_000), "the 5 minutes away")
            if model == "auth-flow" {
                #expect(given.contains { $0["key"] as? String == "totp_secret" })
                #expect(timers.contains(1_500), "the first splash")
            }
        }
    }
}
