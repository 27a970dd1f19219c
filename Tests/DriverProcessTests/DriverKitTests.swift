import AuthSpecTestSupport
import DriverKit
import DriverProtocol
import Engine
import Foundation
import Runner
import SpecModel
import SubprocessDriver
import Testing
import UnlockScreen

/// A tiny implementation that knows only `launch`, to test the kit's plumbing.
struct LaunchOnly: DriverImplementation {
    static let identity = DriverIdentity(name: "launch-only", version: "0.1")
    static let inputs = ["launch"]
    static let observations = ["state"]
    var launched = false

    init(scenario: String, given: [String: Value]) throws(ImplementationError) {
        if given["pin_length"]?.int == 6 { throw .unsupported("6-digit PINs") }
    }

    mutating func perform(_ input: Input, atMilliseconds milliseconds: Int) throws(ImplementationError) -> Observations
    {
        guard input.name == "launch" else { throw .failed("unexpected input \(input)") }
        return ["state": .string("BiometricPrompt")]
    }
}

/// The reference wrapped by the kit, as a Swift codebase would wrap its own logic.
struct KitReference: DriverImplementation {
    static let identity = DriverIdentity(name: "kit-reference", version: "1")
    static let inputs = UnlockModel.declaration.inputs.map(\.name)
    static let observations = UnlockModel.declaration.observations.map(\.key)
    var reference = UnlockReference()

    init(scenario: String, given: [String: Value]) throws(ImplementationError) {
        try reference.start(scenario: scenario, given: given)
    }

    mutating func perform(_ input: Input, atMilliseconds milliseconds: Int) throws(ImplementationError) -> Observations
    {
        try reference.perform(input, atMilliseconds: milliseconds)
    }
}

@Suite(.tags(.drivers)) struct DriverKitTests {
    @Test func inProcessModeRunsTheWholeSuite() {
        let results = TestSupport.run(TestSupport.suite().scenarios, on: InProcessDriver(KitReference.self))
        #expect(results.count >= 40)
        #expect(results.allSatisfy { $0.outcome == .passed })
    }

    @Test func scenariosWithUndeclaredInputsAreSkippedBeforeAnyInput() {
        let results = TestSupport.run(TestSupport.suite().scenarios, on: InProcessDriver(LaunchOnly.self))
        for result in results {
            let onlyLaunch = result.scenario.steps.allSatisfy { $0.inputs.allSatisfy { $0.name == "launch" } }
            if onlyLaunch {
                #expect(result.outcome != .skipped && result.outcome != .errored, "\(result.scenario.id)")
            } else {
                #expect(result.outcome == .skipped, "\(result.scenario.id)")
                #expect(result.steps.isEmpty)
                #expect(result.message?.hasPrefix("the implementation does not declare the input(s) ") == true)
            }
        }
        #expect(results.contains { $0.outcome == .passed })
    }

    /// The host answers every line, with the request's id, even when it cannot be read.
    @Test func hostAnswersEveryRequest() throws {
        var lines =
            [
                #"{"id":0,"type":"hello","versions":[1],"model":"unlock"}"#,
                #"{"id":1,"type":"start","scenario":"s","given":{"pin_length":6}}"#,
                #"{"id":2,"type":"start","scenario":"s","given":{"pin_length":4}}"#,
                #"{"id":3,"type":"input","input":{"name":"digit","argument":1},"time_ms":0}"#,
                #"{"id":4,"type":"input","input":{"name":"launch"},"time_ms":0}"#,
                #"{"id":5,"type":"launch"}"#,
                "not json",
                #"{"id":7,"type":"bye"}"#,
                #"{"id":8,"type":"reset"}"#,
            ].reversed() as [String]
        var replies: [String] = []
        DriverHost.serve(LaunchOnly.self, readLine: { lines.popLast() }, write: { replies.append($0) })
        #expect(replies.count == 8, "stops after bye")
        let decoded = try replies.map { try DriverReply.parse(JSONCodec.decode($0)) }
        #expect(decoded.map(\.id) == [0, 1, 2, 3, 4, 5, 0, 7])
        #expect(
            try DriverInfo(
                helloReply: { if case .ok(let fields) = decoded[0].reply { return fields } else { return [:] } }()
            ).name == "launch-only")
        #expect(decoded[1].reply == .error(.unsupported, "6-digit PINs"))
        #expect(decoded[3].reply == .error(.failed, "unexpected input digit: 1"))
        #expect(decoded[4].reply == .ok(["observations": .map(["state": .string("BiometricPrompt")])]))
        if case .error(.failed, let message) = decoded[6].reply {
            #expect(message.hasPrefix("cannot read the request"))
        } else {
            Issue.record("\(decoded[6])")
        }
    }
}

@Suite(.serialized, .tags(.drivers)) struct ExampleDriverTests {
    func run(_ command: String) -> [ScenarioResult] {
        var options = DriverOptions(command: command, model: TestSupport.model)
        options.workingDirectory = TestSupport.root.path
        options.validateProtocol = true
        // What is checked is conformance, not speed: a JVM starved on a busy 2-core machine
        // took over the default 5 s for one reply (a CI failure), so the timeouts are generous.
        options.handshakeTimeout = .seconds(60)
        options.stepTimeout = .seconds(60)
        var driver = SubprocessDriver(options: options)
        let results = ScenarioRunner(model: TestSupport.model).run(TestSupport.suite().scenarios, on: &driver)
        driver.shutdown()
        return results
    }

    @Test func javaExamplePassesTheWholeSuite() throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: "/usr/bin/java"),
            "the JDK (java) is needed for the Java example")
        let results = run("java Examples/java/UnlockDriver.java")
        let problems = results.filter { $0.outcome != .passed }.map {
            "\($0.scenario.id): \($0.message ?? "\($0.firstProblem?.differences ?? [])")"
        }
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test func swiftKitExecutablePassesTheWholeSuite() throws {
        let executable = TestSupport.binary.deletingLastPathComponent().appendingPathComponent("reference-driver")
        try #require(FileManager.default.isExecutableFile(atPath: executable.path))
        let results = run(executable.path)
        // It serves no a11y_audit (the reference states bounds there, it measures nothing): the
        // scenarios that audit are partly checked on that key alone, every other one passes.
        for result in results where result.outcome != .passed {
            let unchecked = Set(result.steps.flatMap(\.uncheckedKeys))
            #expect(
                result.outcome == .partlyChecked && unchecked == ["a11y_audit"],
                "\(result.scenario.id): \(result.outcome) \(unchecked) \(result.message ?? "")")
        }
        #expect(results.contains { $0.outcome == .partlyChecked })
        #expect(results.count == TestSupport.suite().scenarios.count)
    }

    /// The kit's executable serves both models, each chosen at the handshake, and refuses another.
    @Test func swiftKitServesTheModelTheHandshakeAsksFor() throws {
        let executable = TestSupport.binary.deletingLastPathComponent().appendingPathComponent("reference-driver")
        try #require(FileManager.default.isExecutableFile(atPath: executable.path))
        let logs = try TestSupport.temporaryFolder([:])
        let flow = try LibraryRun.run(
            LibraryRun.Options(
                paths: [TestSupport.root.appendingPathComponent("AuthFlow/Scenarios").path], drivers: [executable.path],
                logFolder: logs))
        #expect(flow.severity == .passed, "\(flow.closing())")
        #expect(flow.outcome.run.implementations.count == 2)
        var lines = [#"{"id":0,"type":"hello","versions":[1],"model":"turnstile"}"#]
        var replies: [String] = []
        DriverHost.serve(
            [.implementation(LaunchOnlyUnlock.self)], readLine: { lines.popLast() }, write: { replies.append($0) })
        let reply = try DriverReply.parse(JSONCodec.decode(try #require(replies.first)))
        #expect(reply.reply == .error(.failed, "this driver implements the unlock model, not 'turnstile'"))
    }
}

/// A kit implementation of the unlock model only.
struct LaunchOnlyUnlock: DriverImplementation {
    static let identity = DriverIdentity(name: "unlock-only", version: "1")
    static let model: String? = "unlock"
    static let inputs = ["launch"]
    static let observations = ["state"]
    init(scenario: String, given: [String: Value]) throws(ImplementationError) {}
    mutating func perform(_ input: Input, atMilliseconds milliseconds: Int) throws(ImplementationError) -> Observations
    {
        ["state": .string("BiometricPrompt")]
    }
}
