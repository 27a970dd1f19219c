import AuthSpecTestSupport
import DriverProtocol
import Exploration
import Foundation
import Reporters
import Testing

@testable import Exploration
@testable import Results
@testable import Runner
@testable import ScenarioModel
@testable import SpecModel
@testable import UnlockScreen

/// The model's invariants: the reference keeps them over every short sequence
/// (`check-model`), broken variants show the shortest counterexample, and a driver that
/// breaks one fails a scenario that expected nothing.
@Suite struct InvariantTests {
    static let model = UnlockModel.declaration
    static let memo = Argon2Memo()

    @Test func theReferenceKeepsEveryInvariantToDepthThree() {
        var reference = UnlockReference(memo: Self.memo)
        let worlds: [[String: Value]] = [
            [:], ["pin_failures": .int(4), "biometric_enabled": .bool(false)], ["blocked_for": .int(60_000)],
        ]
        let report = ModelChecker(model: Self.model, depth: 3).check(&reference, worlds: worlds)
        #expect(report.violations.isEmpty, "\(report.violations.map { "\($0.invariant.id): \($0.what) \($0.probe)" })")
        #expect(report.worlds == 3)
        #expect(report.states > 100)
        for state in ["BiometricPrompt", "PINInput", "PINBlocked", "Success", "Dashboard", "Login", "Recovery"] {
            #expect(report.reached.contains(state), "\(state) not reached")
        }
    }

    @Test func aLockEndingEarlyIsCaughtWithTheShortestSequence() throws {
        var broken = MutatedReference("early", memo: Self.memo) { before, next, _ in
            if let until = next.persisted.blockedUntil, until != before.persisted.blockedUntil {
                next.persisted.blockedUntil = until - 1
            }
        }
        let report = ModelChecker(model: Self.model, depth: 3).check(
            &broken, worlds: [["pin_failures": .int(4), "biometric_enabled": .bool(false)]])
        let violation = try #require(report.violations.first { $0.invariant.id == "lock-as-the-table-says" })
        #expect(violation.probe.steps == [Input("launch"), Input("enter_pin", .string("1235"))])
        #expect(violation.what == "failure 5 locked for 59s999ms, the table says 1m")
    }

    @Test func aDashboardWithoutAnUnlockBreaksTheDeclaredTransitions() throws {
        var broken = MutatedReference("degrade", memo: Self.memo) { _, next, outputs in
            // A wrong PIN "degrades" straight to the Dashboard.
            if let index = outputs.firstIndex(of: .entered(.pinError)) {
                outputs = Array(outputs[..<index]) + [.entered(.dashboard)]
                next.screen.phase = .dashboard
            }
        }
        let report = ModelChecker(model: Self.model, depth: 2).check(
            &broken, worlds: [["biometric_enabled": .bool(false)]])
        let violation = try #require(report.violations.first { $0.invariant.id == "declared-transitions" })
        #expect(violation.what.contains("PINValidating → Dashboard"), "\(violation.what)")
    }

    @Test func anInvariantFailsAScenarioThatExpectedNothing() throws {
        // Tapping "Iniciar sesion nuevamente" lifts the lock: no expectation asks about it.
        let text = """
            id: relogin-with-no-expectations
            title: Relogin from a lock, nothing expected
            spec: ["SCR-AUTH-006 §4.2"]
            given: {blocked_for: 5m, biometric_enabled: false}
            steps:
              - launch
              - tap: login_again
              - advance: 1s
            """
        let loaded = ScenarioLoader(model: Self.model).load(text: text, file: "t.yaml")
        let scenario = try #require(loaded.scenarios.first)
        var broken = MutatedReference("relogin-lifts-lock", memo: Self.memo) { before, next, _ in
            if before.screen.phase == .pinBlocked && next.screen.phase == .login { next.persisted.blockedUntil = nil }
        }
        let result = ScenarioRunner(model: Self.model).run(scenario, on: &broken)
        #expect(result.outcome == .failed)
        let problem = try #require(result.firstProblem)
        #expect(problem.index == 1)
        #expect(problem.differences.map(\.subject) == [.invariant("lock-runs-with-the-clock")])
        #expect(
            problem.differences.first?.observed
                == .string("the lock had 5m left; 0s later, after 'tap: login_again', it has none"))
        // The results say what broke as a subject of its own, and read it back as one.
        let json = ResultsCodec.scenario(result.record(position: 0, model: Self.model)).rendered()
        #expect(json.contains(#""subject": "invariant""#) && json.contains(#""invariant": "lock-runs-with-the-clock""#))
        #expect(!json.contains(#""key": "invariant"#), "the subject is not a key")
        let decoded = try ResultsCodec.scenario(ResultsCodec.Reader(JSONCodec.decode(json), path: ""))
        #expect(decoded.steps.flatMap(\.differences).map(\.subject) == [.invariant("lock-runs-with-the-clock")])
        var reference = UnlockReference(memo: Self.memo)
        #expect(ScenarioRunner(model: Self.model).run(scenario, on: &reference).outcome == .notChecked)
    }

    /// check-model's report through the checker and its reporter: each invariant kept on every
    /// sequence of two inputs in two worlds, named with a tick, and no dead end.
    @Test func theCheckReportsEachInvariant() throws {
        var reference = UnlockReference(memo: Self.memo)
        let worlds = ProbeGenerator(model: Self.model).worlds(count: 2, seed: 1)
        let report = ModelChecker(model: Self.model, depth: 2).check(&reference, worlds: worlds)
        #expect(report.violations.isEmpty && report.deadEnds.isEmpty)
        #expect(report.worlds == 2 && report.steps > 0)
        let text = FoundScenarios(model: Self.model).modelCheck(report, depth: 2).joined(separator: "\n")
        for invariant in Self.model.invariants {
            #expect(text.contains("  ✓ \(invariant.id): "), "\(invariant.id)")
        }
        #expect(text.contains("  ✓ no dead end: from each state reached that the model declares a way out of"))
    }

    /// A lock nothing ends (no cooldown, no login, not even a kill leaves it) is a dead end;
    /// the Recovery hand-over, which the model declares no way out of, is not.
    @Test func aStateWithNoWayOutIsADeadEnd() {
        var stuck = MutatedReference("lock-never-ends", memo: Self.memo) { before, next, outputs in
            if before.screen.phase == .pinBlocked {
                next = before
                outputs = []
            }
        }
        let worlds: [[String: Value]] = [
            ["blocked_for": .int(60_000), "biometric_enabled": .bool(false)], ["biometric_enabled": .bool(false)],
        ]
        let report = ModelChecker(model: Self.model, depth: 2).check(&stuck, worlds: worlds)
        #expect(report.deadEnds.map(\.state) == ["PINBlocked"])
        #expect(report.deadEnds.first?.probe.steps == [Input("launch")])
        var reference = UnlockReference(memo: Self.memo)
        #expect(ModelChecker(model: Self.model, depth: 2).check(&reference, worlds: worlds).deadEnds.isEmpty)
    }
}
