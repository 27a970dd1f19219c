import AuthSpecTestSupport
import DriverProtocol
import Engine
import Foundation
import SpecModel
import SubprocessDriver
import Testing

/// The pieces of driver-mode throughput: requests written as bytes, replies decoded with a
/// reused decoder, the do-nothing driver `bench` measures against, and `bench` itself.
@Suite(.tags(.drivers)) struct DriverThroughputTests {
    /// The do-nothing driver that `swift build` put beside the authspec binary.
    static var doNothingDriver: String {
        TestSupport.binary.deletingLastPathComponent().appendingPathComponent("do-nothing-driver").path
    }

    /// Requests go out as the bytes the message encodes to, whatever their strings hold.
    @Test func requestLinesAreTheEncodedMessages() {
        let awkward = "quote \" backslash \\ tab \t newline \n nul \u{0} esc \u{1B} del \u{7F} é 😀"
        let requests: [DriverRequest] = [
            .hello(versions: [1, 2], model: "unlock"),
            .start(
                scenario: awkward,
                given: [
                    "pin": .string("1234"), "clock": .int(-1_767_258_000_000), "biometric_enabled": .bool(true),
                    "nothing": .null, "list": .list([.int(.min), .int(.max), .string(awkward)]),
                    "é": .map(["b": .int(0), "a": .int(9), "B": .int(10)]),
                ]),
            .input(Input("launch"), timeMilliseconds: 0),
            .input(Input("digit", .int(7)), timeMilliseconds: 120_000),
            .input(Input("biometric", .string("cancel")), timeMilliseconds: 9),
            .input(Input(awkward, .map(["x": .list([])])), timeMilliseconds: Int.max),
            .reset, .bye,
        ]
        for (id, request) in requests.enumerated() {
            var line: [UInt8] = []
            request.appendLine(id: id * 1000 - 1, to: &line)
            #expect(
                String(decoding: line, as: UTF8.self) == JSONCodec.encode(request.message(id: id * 1000 - 1)) + "\n",
                "\(request)")
        }
    }

    /// A decoder kept from line to line gives what a fresh one gives, after a refused line too.
    @Test func aReusedDecoderReadsEachLineAlone() throws {
        let lines = [
            #"{"id":2,"ok":true,"observations":{"state":"PINInput","states":["A","B"],"events":[{"name":"x","params":{"n":1}}]}}"#,
            #"{"a":[1,[2,{"b":[3,{"c":"\u00e9\ud83d\ude00"}]}]],"d":{"e":{}}}"#,
            #"{"id":3,"ok":true,"observations":{"state":"A","state":"B"}}"#,
            #"[1,2,{"k":[3,4"#,
            #"{"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k10":10,"k11":11,"k12":12,"k13":13,"k14":14,"k15":15,"k16":16,"k17":17,"k18":18,"k3":0}"#,
            #"{"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k10":10,"k11":11,"k12":12,"k13":13,"k14":14,"k15":15,"k16":16,"k17":17,"k18":18}"#,
            #"{"x":"\"\\\/\b\f\n\r\t","y":-9223372036854775808,"z":[true,false,null]}"#,
            #"{"id":2,"ok":true,"observations":{"state":"PINInput","states":["A","B"],"events":[{"name":"x","params":{"n":1}}]}}"#,
        ]
        var decoder = JSONCodec.Decoder()
        for line in lines {
            let fresh = Result { () throws(JSONSyntaxError) in try JSONCodec.decode(line) }
            var bytes = Array(line.utf8)
            let reused = bytes.withUnsafeMutableBufferPointer { buffer in
                Result { () throws(JSONSyntaxError) in try decoder.decode(UnsafeBufferPointer(buffer)) }
            }
            #expect(fresh == reused, "\(line)")
        }
        #expect(throws: JSONSyntaxError.self) { try JSONCodec.decode(lines[2]) }
        #expect(throws: JSONSyntaxError.self) { try JSONCodec.decode(lines[4]) }
        #expect(try JSONCodec.decode(lines[5]).description.contains("k18: 18"))
    }

    /// Duplicate keys are found after the object is read, yet reported as before: the first
    /// repeated key in the line, ahead of any later fault, wherever it is nested.
    @Test(arguments: [
        (#"{"a":{"b":1,"a":2,"b":3},"a":[{"x":1,"x":2}]}"#, #"duplicate key "b" at column 19"#),
        (#"{"a":1,"b":{"c":{"d":[{"e":1,"e":2}]}},"a":2}"#, #"duplicate key "e" at column 30"#),
        (#"{"\u0061":1,"a":2}"#, #"duplicate key "a" at column 13"#),
        (#"{"a":1,"a":x}"#, #"duplicate key "a" at column 8"#),
        (#"{"a":[1,{"b":2,"b":"#, #"duplicate key "b" at column 16"#),
        (#"{"a":1,"b":2,"a":3,}"#, #"duplicate key "a" at column 14"#),
        (#"{"a":[{"b":1}],"b":{"a":1},"c":x}"#, "unexpected character 'x' at column 32"),
        (#"{"a":1,"b":{"a":x}}"#, "unexpected character 'x' at column 17"),
    ])
    func duplicateKeysAreReportedWhereTheyAreRead(line: String, message: String) {
        #expect(throws: JSONSyntaxError.self) { try JSONCodec.decode(line) }
        do { _ = try JSONCodec.decode(line) } catch { #expect(error.description == message) }
    }

    /// The do-nothing driver speaks the protocol, but `authspec doctor` does not call a driver
    /// that observes nothing a working one.
    @Test func doctorSaysTheDoNothingDriverObservesNothing() throws {
        let result = try LibraryDoctor.check(Self.doNothingDriver)
        #expect(result.verdict != .works(suiteRan: true), "\(result.text)")
        let info = result.events.compactMap { event -> DriverInfo? in
            guard case .shookHands(let info, _) = event else { return nil }
            return info
        }.first
        #expect([info?.name, info?.version, info?.language] == ["do-nothing", "1", "c"] && info?.protocolVersion == 1)
        #expect(
            result.events.contains {
                guard case .observesNothing = $0 else { return false }
                return true
            }, "\(result.text)")
    }

    /// Every message of the suite through the do-nothing driver is schema-valid; no scenario
    /// counts as passed, since nothing was checked, and the gate fails with the reason.
    @Test func theDoNothingDriverRunsTheSuiteAndFailsTheGate() throws {
        let logs = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: logs) }
        for profile in ["full", "minimal"] {
            var options = LibraryRun.Options(
                paths: [TestSupport.scenariosFolder], drivers: [Self.doNothingDriver], logFolder: logs)
            options.validateProtocol = true
            options.profile = profile
            let run = try LibraryRun.run(options)
            #expect(run.severity == .failed, "\(run.closing())")
            let records = try #require(run.outcome.run.implementations.last).records
            #expect(records.count == TestSupport.suiteSize && records.allSatisfy { $0.outcome == .notChecked })
            let missing = profile == "full" ? try #require(TestSupport.model.profile(named: "full")).keys : ["state"]
            #expect(
                run.outcome.gate.reasons == [
                    .notChecked(implementation: "do-nothing", count: TestSupport.suiteSize, hasBaseline: false),
                    .profileNotMet(implementation: "do-nothing", profile: profile, missing: missing),
                    .nothingVerified(implementation: "do-nothing", scenarios: TestSupport.suiteSize),
                ], "\(run.closing())")
        }
    }

    /// The replay counts every input request it fed and every reply it was owed.
    @Test func replayFeedsTheRecordedRequests() throws {
        var lines: [[UInt8]] = []
        var id = 0
        func add(_ request: DriverRequest) {
            var line: [UInt8] = []
            request.appendLine(id: id, to: &line)
            lines.append(line)
            id += 1
        }
        add(.hello(versions: [1], model: "unlock"))
        for scenario in 0..<3 {
            add(.start(scenario: "s\(scenario)", given: ["pin": .string("1234")]))
            for step in 0..<40 { add(.input(Input("digit", .int(step % 10)), timeMilliseconds: step)) }
            add(.reset)
        }
        add(.bye)
        let measured = try RequestReplay.replay(lines, into: "'\(Self.doNothingDriver)'")
        #expect(measured.inputs == 120)
        #expect(measured.duration > .zero)
    }
}
