import AuthFlowMachine
import AuthSpecTestSupport
import Foundation
import Results
import Runner
import ScenarioModel
import SpecModel
import Testing
import UnlockScreen

/// The committed suite against the reference, end to end.
@Suite struct SuiteTests {
    @Test func suiteLoadsCleanlyAndEveryScenarioPasses() throws {
        let suite = TestSupport.suite()
        #expect(suite.diagnostics.isEmpty, "\(suite.diagnostics.map(\.description))")
        #expect(suite.scenarios.count >= 40)
        let results = TestSupport.run(suite.scenarios, on: UnlockReference())
        let problems = results.filter { $0.outcome != .passed }.map {
            "\($0.scenario.id): \($0.firstProblem?.differences ?? [])"
        }
        #expect(problems.isEmpty, "\(problems)")
        #expect(RunSummary(results).passed == suite.scenarios.count)
    }

    /// Every declared default is a value of its own declared type, as a decoded scenario
    /// value would be (durations and instants in milliseconds).
    @Test func givenDefaultsFitTheirTypes() {
        func fits(_ value: Value, _ type: ValueType) -> Bool {
            switch (type, value) {
            case (.optional, .null): return true
            case (.optional(let wrapped), _): return fits(value, wrapped)
            case (.bool, .bool), (.duration, .int), (.instant, .int): return true
            case (.integer(let range), .int(let number)): return range.contains(number)
            case (.integerIn(let choices), .int(let number)): return choices.contains(number)
            case (.oneOf(let words), .string(let word)): return words.contains(word)
            case (.string, .string), (.digits, .string), (.state, .string): return true
            default: return false
            }
        }
        for key in TestSupport.model.given {
            #expect(
                fits(key.defaultValue, key.type),
                "default of \(key.key): \(key.defaultValue) is not \(key.type.summary)")
        }
    }

    /// The cases the brief asks for by name.
    @Test(arguments: [
        "brief-biometric-fails-3-times-then-pin", "brief-pin-failure-5-locks-1-minute",
        "brief-pin-failure-6-locks-5-minutes", "brief-pin-failure-7-locks-15-minutes",
        "brief-pin-failure-8-and-beyond-lock-1-hour", "brief-cancel-goes-to-pin", "brief-relogin-from-blocked",
    ])
    func briefCaseIsInTheSuite(id: String) {
        #expect(TestSupport.suite().scenarios.contains { $0.id == id })
    }

    /// Every state and every transition the model declares is exercised by some scenario.
    @Test func suiteVisitsEveryDeclaredStateAndTransition() {
        let suite = TestSupport.suite()
        let results = TestSupport.run(suite.scenarios, on: UnlockReference())
        var visited: Set<String> = []
        var taken: Set<String> = []
        for result in results {
            var previous = "NotRunning"
            for step in result.steps {
                for state in step.observations["states"]?.list?.compactMap(\.string) ?? [] {
                    visited.insert(state)
                    taken.insert(state == "NotRunning" ? "* -> NotRunning" : "\(previous) -> \(state)")
                    previous = state
                }
            }
        }
        let model = TestSupport.model
        #expect(
            Set(model.stateNames).subtracting(visited).isEmpty,
            "never entered: \(Set(model.stateNames).subtracting(visited).sorted())")
        let declared = Set(model.transitions.map { "\($0.from) -> \($0.to)" })
        #expect(declared.subtracting(taken).isEmpty, "never taken: \(declared.subtracting(taken).sorted())")
        #expect(taken.subtracting(declared).isEmpty, "taken but not declared: \(taken.subtracting(declared).sorted())")
    }

    /// A transition's declared inputs are what takes it: on the reference, over the whole suite,
    /// the first move of each input is a transition naming that input and every later move in
    /// the same step one the app takes by itself; every declared (transition, input) pair is
    /// taken by some scenario.
    @Test func transitionsAreTakenByTheInputsTheyName() {
        let model = TestSupport.model
        let labels = Set(model.inputLabels)
        for transition in model.transitions {
            let name = "\(transition.from) → \(transition.to)"
            #expect(!transition.inputs.isEmpty || transition.automatic, "\(name) names no input and is not automatic")
            for input in transition.inputs { #expect(labels.contains(input), "\(name): '\(input)' is no input label") }
        }
        let suite = TestSupport.suite()
        let results = TestSupport.run(suite.scenarios, on: UnlockReference())
        var taken: Set<String> = []
        for result in results {
            for trace in result.steps.flatMap(\.trace) {
                var from = trace.stateBefore ?? model.initialState
                for (index, to) in trace.statesEntered.enumerated() {
                    let candidates = model.transitions.filter { ($0.from == from || $0.from == "*") && $0.to == to }
                    let label = model.label(of: trace.input)
                    if index == 0 {
                        #expect(
                            candidates.contains { $0.inputs.contains(label) },
                            "\(result.scenario.id): \(from) → \(to) on '\(label)', which it does not name")
                        for transition in candidates where transition.inputs.contains(label) {
                            taken.insert("\(transition.from) → \(transition.to) on \(label)")
                        }
                    } else {
                        #expect(
                            candidates.contains { $0.automatic },
                            "\(result.scenario.id): \(from) → \(to) after '\(label)' is not automatic")
                    }
                    from = to
                }
            }
        }
        let declared = Set(model.transitions.flatMap { t in t.inputs.map { "\(t.from) → \(t.to) on \($0)" } })
        #expect(declared.subtracting(taken).isEmpty, "never taken: \(declared.subtracting(taken).sorted())")
    }

    /// Scenarios cite clauses as `SCR-AUTH-006 §6.1.2` in `spec` and requirement ids in
    /// `covers`; every INT id the model or the catalogue cites is documented, and every
    /// documented one is covered by a scenario.
    @Test func citationsAgreeWithTheInterpretationsDocument() throws {
        let document = try String(
            contentsOf: TestSupport.root.appendingPathComponent("docs/interpretations.md"), encoding: .utf8)
        let documented = Set(
            document.split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("| INT-") else { return nil }
                return String(line.dropFirst(2).prefix { $0 != " " })
            })
        #expect(documented.count >= 15)
        // A reading's id is in the INT namespace (INT-007, INT-AF-003).
        func isReading(_ id: String) -> Bool { id.split(separator: "-").first == "INT" }
        let scenarios = TestSupport.suite().scenarios
        var cited: Set<String> = []
        for scenario in scenarios {
            for reference in scenario.spec {
                #expect(
                    reference.wholeMatch(of: /(SCR-AUTH-006|UIF-AUTH-001) §\d+(\.\d+)*/) != nil,
                    "\(scenario.id) cites '\(reference)'")
            }
            cited.formUnion(scenario.covers.map(\.id).filter(isReading))
        }
        // The auth-flow model's suite cites its own readings (INT-AF) from its own catalogue.
        let flowFolder = TestSupport.root.appendingPathComponent("AuthFlow/Scenarios").path
        let flow = ScenarioLoader(model: AuthFlowModel.declaration).load(paths: [flowFolder]).scenarios
        #expect(!flow.isEmpty)
        for scenario in flow { cited.formUnion(scenario.covers.map(\.id).filter(isReading)) }
        let catalogue =
            RequirementCatalogue.load(file: TestSupport.scenariosFolder + "/requirements.yaml").requirements
            + RequirementCatalogue.load(file: flowFolder + "/requirements.yaml").requirements
        #expect(Set(catalogue.map(\.id).filter(isReading)) == documented)
        let model = TestSupport.model
        let modelCited = Set(
            model.states.compactMap { state -> String? in
                if case .interpretation(let id) = state.provenance { return id } else { return nil }
            } + model.transitions.flatMap { $0.provenance.matches(of: /INT-\d{3}/).map { String($0.output) } })
        #expect(
            cited.union(modelCited).subtracting(documented).isEmpty,
            "cited but not documented: \(cited.union(modelCited).subtracting(documented).sorted())")
        #expect(
            documented.subtracting(cited).isEmpty,
            "documented but no scenario cites: \(documented.subtracting(cited).sorted())")
    }
}
