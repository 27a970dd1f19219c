import AuthSpecTestSupport
import Foundation
import Runner
import ScenarioModel
import SpecModel
import SubprocessDriver
import Testing
import UnlockScreen

/// Random input sequences, seeded, run on the reference and on each independently written
/// example driver: every observation key must agree after every step. The scenarios check chosen
/// paths; this reaches the input x state pairs they leave out (an input the spec ignores in a
/// state, a kill in the middle of a lock, ...).
@Suite(.serialized, .tags(.drivers)) struct DifferentialTests {
    static let model = UnlockModel.declaration

    static func randomScenario(_ number: Int, using generator: inout SeededGenerator) -> Scenario {
        func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &generator)] }
        var given = Dictionary(uniqueKeysWithValues: model.given.map { ($0.key, $0.defaultValue) })
        given["session"] = .string(pick(["valid", "valid", "valid", "expired", "absent"]))
        given["tier"] = .string(pick(["pro", "perfect"]))
        given["session_age"] = .int(pick([0, 86_400_000, 6 * 86_400_000 + 86_000_000, 29 * 86_400_000]))
        given["biometric_enabled"] = .bool(pick([true, true, false]))
        given["biometric_type"] = .string(pick(["face", "fingerprint"]))
        given["biometric_status"] = .string(pick(["available", "available", "available", "not_available", "lockout"]))
        let length = pick([4, 6])
        given["pin_length"] = .int(length)
        let pin = String((0..<length).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
        given["pin"] = .string(pin)
        given["pin_failures"] = .int(pick([0, 0, 3, 4, 5, 7, 9]))
        given["blocked_for"] = pick([.null, .null, .int(30_000), .int(300_000)])
        let durations = [1, 499, 500, 1_000, 59_000, 60_000, 299_999, 300_000, 3_600_000, 86_400_000]
        var steps: [Step] = []
        let location = SourceLocation(file: "(random \(number))", line: 0, column: 0)
        for _ in 0..<Int.random(in: 10...40, using: &generator) {
            let input: Input
            switch Int.random(in: 0..<20, using: &generator) {
            case 0, 1: input = Input("launch")
            case 2: input = Input("kill")
            case 3: input = Input("background")
            case 4: input = Input("foreground")
            case 5, 6: input = Input("advance", .int(pick(durations)))
            case 7, 8, 9: input = Input("biometric", .string(pick(UnlockModel.biometricOutcomes)))
            case 10: input = Input("delete")
            case 11: input = Input("clear")
            case 12, 13: input = Input("tap", .string(pick(UnlockModel.tapTargets)))
            case 14: input = Input("login_completed")
            default:
                // Mostly the right digits, so that unlocks happen as well as failures.
                let typed = Int.random(in: 0..<3, using: &generator) == 0 ? String(pin.reversed()) : pin
                let digits = typed.compactMap(\.wholeNumberValue).map { Input("digit", .int($0)) }
                steps.append(Step(written: Input("enter_pin", .string(typed)), inputs: digits, location: location))
                continue
            }
            steps.append(Step(written: input, inputs: [input], location: location))
        }
        return Scenario(
            id: "random-\(number)", title: "random", spec: [], tags: [], given: given, steps: steps, location: location)
    }

    @Test(arguments: ["python3 Examples/python/driver.py", "java Examples/java/UnlockDriver.java"])
    func referenceAndExampleAgreeOnRandomSequences(driver command: String) throws {
        var generator = SeededGenerator(seed: 20_261_129)
        let scenarios = (0..<150).map { Self.randomScenario($0, using: &generator) }
        let runner = ScenarioRunner(model: Self.model)
        var reference = UnlockReference()
        var options = DriverOptions(command: command, model: TestSupport.model)
        options.workingDirectory = TestSupport.root.path
        // Agreement is checked, not speed: generous timeouts for a JVM on a busy machine.
        options.handshakeTimeout = .seconds(60)
        options.stepTimeout = .seconds(60)
        var driver = SubprocessDriver(options: options)
        defer { driver.shutdown() }
        var steps = 0
        for scenario in scenarios {
            let expected = runner.run(scenario, on: &reference)
            let observed = runner.run(scenario, on: &driver)
            try #require(expected.steps.count == scenario.steps.count && observed.steps.count == scenario.steps.count)
            // The reference's observations as expectations: a bound it reports, or a table's
            // names, admit what a driver measures.
            func agrees(_ key: String, _ mine: Observations, _ theirs: Observations) -> Bool {
                ExpectedValue.admits(mine[key]!, theirs[key], as: Self.model.observation(named: key)?.type)
            }
            for (mine, theirs) in zip(expected.steps, observed.steps)
            where mine.observations.keys.contains(where: { !agrees($0, mine.observations, theirs.observations) }) {
                let keys = mine.observations.keys.filter { !agrees($0, mine.observations, theirs.observations) }
                    .sorted()
                let history = scenario.steps.prefix(mine.index + 1).map(\.written.description).joined(separator: ", ")
                Issue.record(
                    "\(scenario.id) step \(mine.index + 1): \(keys.map { "\($0): reference \(mine.observations[$0]!), driver \(theirs.observations[$0].map(\.description) ?? "none")" }) after \(history); given \(scenario.given)"
                )
                break
            }
            steps += scenario.steps.count
        }
        #expect(steps > 2_000)
    }
}
