import AuthSpecTestSupport
import DriverProtocol
import Foundation
import ScenarioModel
import SpecModel
import Testing

/// Inputs that libFuzzer (scripts/fuzz) found breaking the protocol decoder or the scenario
/// loader, each fed again to what broke, with the neighbours of the fix; and what review of
/// the same code found while the fuzz targets were written.
@Suite struct FuzzRegressionTests {
    // MARK: Protocol JSON

    /// A high surrogate escape followed by an escape that is not a low surrogate: the pair's
    /// arithmetic underflowed and trapped, so one line from a driver crashed the runner.
    @Test func surrogateEscapeWithoutItsLowHalfIsAnError() throws {
        for line in [#""\ud83d\ud0e0"#, #""\ud83d\ud0e0""#, #""\ud800\u0041""#, #""\ud800""#, #""\udc00""#] {
            #expect(throws: JSONSyntaxError.self, "\(line)") { try JSONCodec.decode(line) }
        }
        do {
            _ = try JSONCodec.decode(#"{"message":"\ud800\u0041"}"#)
        } catch {
            #expect(error.description == "unpaired UTF-16 surrogate in a \\u escape at column 13")
        }
        #expect(try JSONCodec.decode(#""\ud83d\ude00\uDBFF\uDFFF""#) == .string("\u{1F600}\u{10FFFF}"))
    }

    /// The codec accepted what is not JSON (a line Foundation's parser refuses): numbers with
    /// leading zeros, and \u escapes read by an integer parser that allows a sign.
    @Test(arguments: [
        ("00", "a number must not start with 0 at column 1"),
        ("-01", "a number must not start with 0 at column 2"),
        (#"{"clock":0883629000000}"#, "a number must not start with 0 at column 10"),
        ("-", "malformed or out-of-range number at column 1"),
        (#""\u+041""#, "invalid \\u escape at column 4"),
        (#""\u-000""#, "invalid \\u escape at column 4"),
        (#""\u 041""#, "invalid \\u escape at column 4"),
    ])
    func codecAcceptsOnlyJSON(text: String, message: String) {
        do {
            let value = try JSONCodec.decode(text)
            Issue.record("\(text) decoded as \(value)")
        } catch {
            #expect(error.description == message)
        }
        #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) == nil)
    }

    @Test func codecStillReadsEveryWholeNumberForm() throws {
        #expect(
            try JSONCodec.decode("[0,-0,7,-12,9223372036854775807,-9223372036854775808]")
                == .list([
                    .int(0), .int(0), .int(7), .int(-12), .int(.max), .int(.min),
                ]))
        #expect(try JSONCodec.decode(#""\u004a\u004A\u00e9""#) == .string("JJé"))
    }

    // MARK: Scenario files

    /// A file of one CR: the excerpt of line 1 held the CR itself (lines were split at LF
    /// only, and a Swift `Character` holds CR LF as one). Lines end at LF, CR and CR LF.
    @Test(arguments: ["\r", "\r\n", "\n"])
    func excerptIsTheLineTheMarkNames(lineBreak: String) {
        let lone = TestSupport.load(lineBreak, file: "one.yaml").diagnostics
        #expect(lone.map(\.location.line) == [1])
        #expect(lone.first?.excerpt?.text == "")
        let text = ["id: s", "title: t", "spec: [x]", "steps:", "  - launchh", ""].joined(separator: lineBreak)
        let diagnostics = TestSupport.load(text, file: "breaks.yaml").diagnostics
        #expect(diagnostics.map(\.location.line) == [5])
        #expect(diagnostics.first?.excerpt?.text == "  - launchh", "\(diagnostics)")
    }

    /// `Int("-1")` read a signed field as a number: 08:-1 passed as a time.
    @Test func instantFieldsAreDigitsOnly() {
        for clock in [
            "2026-01-01T-1:00:00Z", "2026-01-01T08:+1:00Z", "+026-01-01T08:00:00Z", "2026-01-01T08:00:00.-1Z",
        ] {
            let loaded = TestSupport.load("id: s\ntitle: t\nspec: [x]\ngiven: {clock: \"\(clock)\"}\nsteps: [launch]\n")
            #expect(loaded.scenarios.isEmpty, "\(clock)")
        }
        let valid = TestSupport.load(
            "id: s\ntitle: t\nspec: [x]\ngiven: {clock: 2026-01-01T08:00:00.5Z}\nsteps: [launch]\n")
        #expect(valid.scenarios.first?.given["clock"] == .int(1_767_254_400_500))
    }

    // MARK: Baselines

    /// An implementation's name with line breaks (a quoted YAML scalar may hold them): the
    /// baseline loaded, but the one `--update-baseline` wrote back broke its header comment
    /// into YAML lines and did not load (BaselineFuzzer's first find).
    @Test func aBaselineWrittenBackLoadsWhateverItsImplementationIsCalled() throws {
        for name in [
            "python-example+cancel-\\n\\n\\ncounts", "a\\rb", "a\\u2028b: c", "# not a comment", "bell\\a",
            "ab\\uFFFE\\uFFFF", "nel\\N",
        ] {
            let text = "implementation: \"\(name)\"\nexpected:\n  - {id: s, outcome: failed, reason: r}\n"
            let (baseline, problems) = Baseline.load(text: text, file: "b.yaml")
            #expect(problems.isEmpty, "\(name): \(problems)")
            let loaded = try #require(baseline)
            let (again, more) = Baseline.load(text: loaded.yaml, file: "b.yaml")
            #expect(more.isEmpty, "\(name): \(more)\n\(loaded.yaml)")
            #expect(again?.implementation == loaded.implementation)
            #expect(again?.entries.map(\.id) == ["s"])
        }
    }
}
