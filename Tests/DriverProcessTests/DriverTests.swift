import AuthSpecTestSupport
import DriverProtocol
import Engine
import Foundation
import Runner
import SpecModel
import SubprocessDriver
import Testing

/// External implementations through the subprocess path: the example drivers pass the suite,
/// every deliberate bug is caught at the scenario and step that should catch it.
@Suite(.serialized, .tags(.drivers)) struct DriverTests {
    static let python = "python3 Examples/python/driver.py"

    func options(_ command: String) -> DriverOptions {
        var options = DriverOptions(command: command, model: TestSupport.model)
        options.workingDirectory = TestSupport.root.path
        options.validateProtocol = true
        return options
    }

    func runSuite(_ command: String) -> (results: [ScenarioResult], driver: SubprocessDriver) {
        var driver = SubprocessDriver(options: options(command))
        let results = ScenarioRunner(model: TestSupport.model).run(TestSupport.suite().scenarios, on: &driver)
        driver.shutdown()
        return (results, driver)
    }

    @Test func pythonExamplePassesTheWholeSuiteWithEveryMessageValid() {
        let (results, driver) = runSuite(Self.python)
        let problems = results.filter { $0.outcome != .passed }.map {
            "\($0.scenario.id): \($0.message ?? $0.firstProblem.map { "\($0.differences) \($0.message ?? "")" } ?? "")"
        }
        #expect(problems.isEmpty, "\(problems)")
        #expect(results.count == TestSupport.suite().scenarios.count)
        #expect(driver.info?.name == "python-example" && driver.info?.language == "python")
        #expect(driver.restarts == 0)
    }

    /// Each bug of the Python example, the scenario and step (1-based) that must catch it, and
    /// a key whose value must differ there.
    static let bugs = TestSupport.unlockBugs

    @Test(arguments: bugs.map(\.bug))
    func pythonBugIsCaughtWhereItShouldBe(bug: String) throws {
        let expected = try #require(Self.bugs.first { $0.bug == bug })
        let (results, _) = runSuite("\(Self.python) --bug \(bug)")
        try TestSupport.expectCaught(expected, in: results)
    }

    /// A driver that echoes the reference's minimums (`{at_least: 450}`) instead of measuring
    /// would equal every bound it is compared with. Its reply is refused as malformed, naming
    /// the place, so no scenario that audits contrast or touch targets passes on it.
    @Test func aBoundReportedWhereAMeasurementIsDueIsRefused() throws {
        let audited = TestSupport.suite().scenarios.filter { scenario in
            scenario.steps.contains { step in step.expectations.contains { $0.key == "a11y_audit" } }
        }
        #expect(audited.count >= 2)
        var driver = SubprocessDriver(
            options: options(
                "python3 Tests/Fixtures/drivers/bound_echo_proxy.py -- \(Self.python) --observe a11y_audit"))
        let results = ScenarioRunner(model: TestSupport.model).run(audited, on: &driver)
        driver.shutdown()
        #expect(results.count == audited.count)
        for result in results {
            #expect(result.outcome == .errored, "\(result.scenario.id): \(result.outcome)")
            let message = result.message ?? result.firstProblem?.message ?? ""
            #expect(message.contains(/reports a bound \(at_least, at_most\) at a11y_audit\.\w+\.\w+/), "\(message)")
        }
    }

    /// The boolean-callback pattern the note (004) warns of, in an app that otherwise behaves:
    /// its prompt binds no key, yet it never unlocks on a success without one. The scenarios
    /// that check the request fail it on `key_bound` and nothing else; the forged-callback
    /// scenarios, which watch only what the app does, pass.
    @Test func aPromptWithNoKeyBoundFailsOnTheRequestItself() throws {
        let (results, _) = runSuite("\(Self.python) --bug unbound-prompt")
        let requestChecked = Set(
            TestSupport.suite().scenarios.filter { scenario in
                scenario.steps.contains { step in
                    step.expectations.contains { $0.key == "prompt_request" && $0.value != .null }
                }
            }.map(\.id))
        #expect(requestChecked.count >= 5)
        let failed = Set(results.filter { $0.outcome == .failed }.map(\.scenario.id))
        #expect(failed == requestChecked, "\(failed.symmetricDifference(requestChecked))")
        #expect(results.allSatisfy { $0.outcome == .passed || $0.outcome == .failed })
        for result in results where result.outcome == .failed {
            for step in result.steps where !step.differences.isEmpty {
                for difference in step.differences {
                    #expect(difference.key == "prompt_request", "\(result.scenario.id): \(difference)")
                    let places = Value.divergences(difference.expected, difference.observed)
                    #expect(places.map(\.path) == [".key_bound"], "\(result.scenario.id): \(places)")
                    #expect(places.first?.observed == .bool(false))
                }
            }
        }
        let forged = results.filter { result in
            result.scenario.steps.contains { step in
                step.inputs.contains { $0.argument == .string("success_without_key") }
            }
        }
        #expect(forged.count >= 2)
        #expect(forged.allSatisfy { $0.outcome == .passed }, "\(forged.map { ($0.scenario.id, $0.outcome) })")
    }

    @Test func everyBugOfTheExampleIsListedHere() throws {
        let listed = try TestSupport.execute(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "Examples/python/driver.py", "--list-bugs"])
        let names = Set(listed.stdout.split(separator: "\n").map { String($0.split(separator: " ")[0]) })
        #expect(names == Set(Self.bugs.map(\.bug) + TestSupport.authFlowBugs.map(\.bug)))
        #expect(names.count >= 10)
    }
}

/// The runner against drivers that misbehave, each through a real subprocess: the faulty scenario ends errored with a clear message, the rest of the suite runs,
/// and the results file is whole.
@Suite(.serialized, .tags(.drivers)) struct DriverFaultTests {
    static let faulty = "python3 Tests/Fixtures/drivers/faulty_driver.py"
    static let target = "brief-cancel-goes-to-pin"

    struct Outcome {
        var status: Int32
        var stdout: String
        var document: [String: Any]
        func outcomes(of implementation: Int) -> [String: String] {
            let matrix = document["matrix"] as? [String: [String: String]] ?? [:]
            let names = (document["implementations"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            return matrix.compactMapValues { $0[names[implementation]] }
        }
        var driverMessages: [String] {
            (document["scenarios"] as? [[String: Any]] ?? []).filter {
                ($0["implementation"] as? String) != "reference"
            }
            .compactMap { scenario in
                (scenario["message"] as? String)
                    ?? (scenario["steps"] as? [[String: Any]])?.compactMap { $0["message"] as? String }.first
            }
        }
    }

    func run(_ driverArguments: String, _ change: @escaping @Sendable (inout DriverOptions) -> Void = { _ in })
        throws -> Outcome
    {
        let folder = try TestSupport.temporaryFolder([:])
        var options = LibraryRun.Options(
            paths: [TestSupport.scenariosFolder], drivers: ["\(Self.faulty) \(driverArguments)"], logFolder: folder)
        options.ids = ["brief-*"]
        options.driver = change
        let result = try LibraryRun.run(options)
        let document = try JSONSerialization.jsonObject(with: Data(result.report(.json).utf8)) as? [String: Any] ?? [:]
        return Outcome(
            status: result.severity == .passed ? 0 : result.severity == .failed ? 1 : 2, stdout: result.closing(),
            document: document)
    }

    /// One scenario errored with `message`, the six others passed.
    func expectOnlyTheTargetErrored(_ outcome: Outcome, message: String) {
        #expect(outcome.status == 1)
        let outcomes = outcome.outcomes(of: 1)
        #expect(outcomes.count == 7)
        #expect(outcomes[Self.target] == "errored")
        #expect(outcomes.filter { $0.key != Self.target }.values.allSatisfy { $0 == "passed" }, "\(outcomes)")
        #expect(outcome.driverMessages.count == 1)
        #expect(outcome.driverMessages.first?.contains(message) == true, "\(outcome.driverMessages)")
    }

    @Test func crashMidScenario() throws {
        let outcome = try run("--fault crash --scenario \(Self.target) --at-input 2")
        expectOnlyTheTargetErrored(
            outcome, message: "the driver exited with status 3 while waiting for the reply to input 'biometric: cancel'"
        )
        #expect(
            outcome.driverMessages.first?.contains("last stderr lines:\n    | driver: about to crash on purpose")
                == true)
        let implementations = outcome.document["implementations"] as? [[String: Any]]
        #expect(implementations?[1]["restarts"] as? Int == 1)
    }

    @Test func restartBudgetIsEnforced() throws {
        let outcome = try run("--fault crash --scenario \(Self.target) --at-input 2", { $0.restartBudget = 0 })
        #expect(outcome.status == 1)
        let outcomes = outcome.outcomes(of: 1)
        // Scenarios run in file order; the ones after the crash cannot restart the driver.
        #expect(outcomes["brief-relogin-from-blocked"] == "errored")
        #expect(
            outcome.driverMessages.last?.contains("restarted 0 times, its whole budget") == true,
            "\(outcome.driverMessages)")
    }

    @Test func killedBySignal() throws {
        expectOnlyTheTargetErrored(
            try run("--fault segfault --scenario \(Self.target) --at-input 2"),
            message: "was killed by signal 11 (SIGSEGV)")
    }

    @Test func hangIsTimedOutAndKilled() throws {
        let started = ContinuousClock.now
        let outcome = try run("--fault hang --scenario \(Self.target) --at-input 2", { $0.stepTimeout = .seconds(1) })
        expectOnlyTheTargetErrored(
            outcome, message: "timed out after 1.0 seconds waiting for the reply to input 'biometric: cancel'")
        #expect(ContinuousClock.now - started < .seconds(20))
    }

    @Test func lateReplyIsNeverReadAsTheNextOne() throws {
        expectOnlyTheTargetErrored(
            try run(
                "--fault late-reply --seconds 2 --scenario \(Self.target) --at-input 2",
                { $0.stepTimeout = .seconds(1) }),
            message: "timed out after 1.0 seconds")
    }

    @Test func garbageLineGetsAHint() throws {
        expectOnlyTheTargetErrored(
            try run("--fault garbage --scenario \(Self.target) --at-input 2"),
            message:
                "is not JSON (unexpected character 'D' at column 1): \"DEBUG: observing state PINInput\". Was this meant for stderr?"
        )
    }

    @Test func lineOverTheCap() throws {
        expectOnlyTheTargetErrored(
            try run("--fault long-line --scenario \(Self.target) --at-input 2"),
            message: "above the limit of 1048576")
    }

    @Test func earlyExit() throws {
        expectOnlyTheTargetErrored(
            try run("--fault early-exit --scenario \(Self.target) --at-input 2"),
            message: "the driver exited with status 0")
    }

    @Test func replyWithTheWrongID() throws {
        expectOnlyTheTargetErrored(
            try run("--fault wrong-id --scenario \(Self.target) --at-input 2"), message: "has id")
    }

    /// A reply written before its request (here the reset's reply and, in the same write, one
    /// for the next request, not yet sent) is a protocol error at once, in the scenario whose
    /// reset it followed, never taken for the next scenario's reply.
    @Test func aReplyAheadOfItsRequestErrsInItsOwnScenario() throws {
        expectOnlyTheTargetErrored(
            try run("--fault reply-ahead --seconds 0 --scenario \(Self.target)"),
            message:
                "protocol error: after its reply to the reset after scenario '\(Self.target)' the driver wrote more to stdout, with no request outstanding"
        )
        // Written a while later, it is found before the next request goes out, or read as a
        // second reply to that request: either way a protocol error, saying which.
        let late = try run("--fault reply-ahead --seconds 0.3 --scenario \(Self.target)")
        #expect(late.status == 1)
        #expect(late.outcomes(of: 1).values.filter { $0 == "errored" }.count == 1, "\(late.outcomes(of: 1))")
        let message = late.driverMessages.first ?? ""
        #expect(
            message.contains("before the request for") || message.contains("which was answered already")
                || message.contains("with no request outstanding"), "\(message)")
    }

    @Test func wrongProtocolVersionIsOneBrokenVerdict() throws {
        let outcome = try run("--fault wrong-version")
        #expect(outcome.status == 1)
        #expect(outcome.outcomes(of: 1).values.allSatisfy { $0 == "errored" })
        let implementation = (outcome.document["implementations"] as? [[String: Any]])?[1]
        #expect(implementation?["verdict"] as? String == "broken")
        #expect(
            (implementation?["message"] as? String)?.contains(
                "protocol version mismatch: the driver chose version 2; this runner speaks 1") == true)
        #expect(outcome.stdout.contains("DRIVER BROKEN: "))
        #expect(!outcome.stdout.contains("ERRORED: "))
    }

    @Test func slowStartWithinTheHandshakeTimeoutPasses() throws {
        let outcome = try run("--fault slow-start --seconds 2", { $0.handshakeTimeout = .seconds(10) })
        #expect(outcome.status == 0)
        #expect(outcome.outcomes(of: 1).values.allSatisfy { $0 == "passed" })
    }

    @Test func slowStartBeyondTheHandshakeTimeoutIsBroken() throws {
        let outcome = try run("--fault slow-start --seconds 3", { $0.handshakeTimeout = .seconds(1) })
        #expect(outcome.status == 1)
        #expect((outcome.document["implementations"] as? [[String: Any]])?[1]["verdict"] as? String == "broken")
    }

    @Test func stderrFloodIsDrainedIntoTheLog() throws {
        let folder = try TestSupport.temporaryFolder([:])
        var options = LibraryRun.Options(
            paths: [TestSupport.scenariosFolder],
            drivers: ["\(Self.faulty) --fault stderr-flood --scenario \(Self.target) --at-input 2"], logFolder: folder)
        options.ids = ["brief-*"]
        let result = try LibraryRun.run(options)
        #expect(result.severity == .passed, "\(result.closing())")
        let log = try FileManager.default.attributesOfItem(atPath: "\(folder)/driver-1.stderr.log")[.size] as? Int ?? 0
        #expect(log >= 5_000_000)
    }

    @Test func freshProcessPerScenario() throws {
        let outcome = try run("--fault stderr-flood --scenario none", { $0.freshProcessPerScenario = true })
        #expect(outcome.status == 0)
        #expect(outcome.outcomes(of: 1).values.allSatisfy { $0 == "passed" })
    }
}

@Suite(.tags(.drivers)) struct ProtocolTests {
    @Test func codecRoundTripsValues() throws {
        let value = Value.map([
            "a": .list([.int(-3), .bool(true), .null, .string("é\n\"\\ \u{1F600}")]), "b": .map([:]),
        ])
        #expect(try JSONCodec.decode(JSONCodec.encode(value)) == value)
        #expect(JSONCodec.encode(.map(["b": .int(1), "a": .int(2)])) == #"{"a":2,"b":1}"#)
        #expect(try JSONCodec.decode(#"{"s": "\u00e9\ud83d\ude00"}"#) == .map(["s": .string("é😀")]))
    }

    @Test(arguments: [
        ("{\"a\": 1.}", "a number's fraction is empty at column 9"),
        ("{\"a\": 1, \"a\": 2}", "duplicate key \"a\" at column 10"),
        ("{\"a\": 1} x", "unexpected text after the JSON value at column 10"),
        ("[1, 2", "unterminated array at column 6"),
        ("hello", "unexpected character 'h' at column 1"),
    ])
    func codecRefusesWithAColumn(text: String, message: String) {
        #expect(throws: (any Error).self) { try JSONCodec.decode(text) }
        do { _ = try JSONCodec.decode(text) } catch { #expect(error.description == message) }
    }

    /// A number with a fraction or an exponent is JSON: it is read as its text, which fails
    /// the key it came for (whole numbers stay numbers).
    @Test func aFractionIsJSONReadAsItsText() throws {
        #expect(
            try JSONCodec.decode(#"{"a": 60.0, "b": -1.5e3, "c": 7}"#)
                == .map(["a": .string("60.0"), "b": .string("-1.5e3"), "c": .int(7)]))
    }

    /// A driver that reports durations in seconds with a fraction (`lock_remaining: 60.0`):
    /// each such step fails on that key with a hint, and the driver is never restarted, with
    /// `--validate-protocol` too (the reply is valid JSON and matches its schema).
    @Test(arguments: [false, true])
    func aFractionWhereMillisecondsAreDeclaredFailsTheKeyWithAHint(validating: Bool) throws {
        let folder = try TestSupport.temporaryFolder([
            "seconds.py": """
            import json, subprocess, sys
            inner = subprocess.Popen([sys.executable, "Examples/python/driver.py", "--argon2-memory-kib", "8"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            for line in sys.stdin:
                inner.stdin.write(line)
                inner.stdin.flush()
                reply = json.loads(inner.stdout.readline())
                observations = reply.get("observations") or {}
                if isinstance(observations.get("lock_remaining"), int):
                    observations["lock_remaining"] = observations["lock_remaining"] / 1000.0
                print(json.dumps(reply), flush=True)

            """
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var options = LibraryRun.Options(
            paths: [TestSupport.scenariosFolder], drivers: ["python3 \(folder)/seconds.py"], logFolder: folder)
        options.ids = ["brief-pin-failure-5-locks-1-minute"]
        options.request.validateProtocol = validating
        let result = try LibraryRun.run(options)
        #expect(result.severity == .failed)
        let driver = try #require(result.outcome.run.implementations.last)
        #expect(driver.restarts == 0, "a wrong value type is no protocol error")
        let record = try #require(driver.records.first)
        #expect(record.outcome == .failed)
        let step = try #require(record.firstProblem)
        #expect(step.differences.map(\.key) == ["lock_remaining"])
        #expect(step.message == "lock_remaining must be whole milliseconds; got 60.0 (seconds?)", "\(step)")
        #expect(result.closing().contains("lock_remaining must be whole milliseconds; got 60.0 (seconds?)"))
    }

    @Test func everyRequestTheRunnerSendsMatchesItsSchema() {
        let requests: [DriverRequest] = [
            .hello(versions: [1], model: "unlock"),
            .start(scenario: "s", given: ["pin": .string("1234"), "blocked_for": .null]),
            .input(Input("launch"), timeMilliseconds: 0), .input(Input("digit", .int(4)), timeMilliseconds: 1500),
            .reset, .bye,
        ]
        for (id, request) in requests.enumerated() {
            #expect(
                ProtocolSchemas.problems(
                    in: request.message(id: id), schema: ProtocolSchemas.requestSchema(request.type)
                ).isEmpty)
        }
    }

    @Test func schemasCatchMalformedReplies() throws {
        let noObservations = try JSONCodec.decode(#"{"id":3,"ok":true}"#)
        #expect(
            ProtocolSchemas.problems(in: noObservations, schema: ProtocolSchemas.replySchema(to: "input", ok: true))
                == ["$: missing \"observations\""])
        let badKind = try JSONCodec.decode(#"{"id":3,"ok":false,"error":{"kind":"oops","message":"x"}}"#)
        #expect(
            ProtocolSchemas.problems(in: badKind, schema: "error.reply.schema.json") == [
                #"$.error.kind: expected one of "unsupported", "failed", found "oops""#
            ])
        let hello = try JSONCodec.decode(
            #"{"id":0,"ok":true,"protocol":1,"implementation":{"name":"x","version":"1"},"capabilities":{"inputs":[],"observations":[1]}}"#
        )
        #expect(
            ProtocolSchemas.problems(in: hello, schema: "hello.reply.schema.json") == [
                "$.capabilities.observations[0]: expected string, found integer",
                "$.implementation: missing \"language\"",
            ])
    }

    /// The schemas the runner checks with are the files of docs/protocol/, embedded at build
    /// time: each message's schema takes its id from the envelope by `$ref`, and the validator
    /// follows the reference into the other file.
    @Test func theRunnersSchemasAreThePublishedFiles() throws {
        let folder = TestSupport.root.appendingPathComponent("docs/protocol")
        for file in ProtocolSchemas.files {
            let published = try String(contentsOf: folder.appendingPathComponent(file.name), encoding: .utf8)
            #expect(published == file.text, "\(file.name): the build embedded another text")
            let schema = try JSONCodec.decode(file.text)
            guard file.name != "envelope.schema.json" else { continue }
            #expect(
                schema.map?["properties"]?.map?["id"] == .map(["$ref": .string("envelope.schema.json#/$defs/id")]),
                "\(file.name) repeats the envelope's id instead of referring to it")
        }
        let published = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".json")
        }
        #expect(Set(published) == Set(ProtocolSchemas.files.map(\.name)))
        // An id the envelope does not allow is found through the reference, at the id.
        #expect(
            ProtocolSchemas.problems(
                in: .map(["id": .int(-1), "type": .string("reset")]), schema: "reset.request.schema.json"
            ) == ["$.id: -1 is below the minimum 0"])
    }
}
