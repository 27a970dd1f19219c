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
