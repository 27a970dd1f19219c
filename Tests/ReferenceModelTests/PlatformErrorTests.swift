import AuthSpecTestSupport
import Results
import Runner
import ScenarioModel
import SpecModel
import Testing
import UnlockScreen

/// The platforms' own biometric errors (iOS LAError, Android BiometricPrompt), sent raw: the
/// model's table gives each its reaction, the catalogue has a requirement per row, the
/// committed suite verifies every row, and an app that misreads any one row fails that row's
/// scenario.
@Suite struct PlatformErrorTests {
    static let model = UnlockModel.declaration
    static let suite = TestSupport.suite().scenarios

    /// The scenarios that send the row's code and claim its requirement.
    static func scenarios(for row: PlatformError) -> [Scenario] {
        suite.filter { scenario in
            scenario.covers.contains { $0.id == row.requirement }
                && scenario.steps.contains { $0.written == Input("biometric_error", .string(row.code)) }
        }
    }

    @Test(arguments: PlatformErrors.all.map(\.code))
    func eachRowIsARequirementItsScenariosVerify(code: String) throws {
        let row = try #require(PlatformErrors.error(code: code))
        let catalogue = RequirementCatalogue.load(
            file: TestSupport.root.appendingPathComponent("Scenarios/requirements.yaml").path)
        #expect(catalogue.diagnostics.isEmpty)
        #expect(catalogue.requirements.contains { $0.id == row.requirement }, "\(row.requirement) is not catalogued")
        let scenarios = Self.scenarios(for: row)
        try #require(!scenarios.isEmpty, "no scenario sends \(code) and covers \(row.requirement)")
        for result in TestSupport.run(scenarios, on: UnlockReference()) {
            #expect(result.outcome == .passed, "\(result.scenario.id): \(result.outcome)")
        }
    }

    /// The raw code and the reaction its row names are the same input to the reference, in
    /// every state it can arrive in.
    @Test(arguments: PlatformErrors.all.map(\.code))
    func theTableDecidesTheReaction(code: String) throws {
        let row = try #require(PlatformErrors.error(code: code))
        let prefixes: [[Input]] = [
            [Input("launch")],
            [Input("launch"), Input("biometric", .string("failure")), Input("tap", .string("retry_biometrics"))],
            [Input("launch"), Input("biometric", .string("cancel"))],
            [],
        ]
        for prefix in prefixes {
            var raw = UnlockReference()
            var plain = UnlockReference()
            let given = Self.model.resolveGiven(
                Dictionary(uniqueKeysWithValues: Self.model.given.map { ($0.key, $0.defaultValue) })
            ).given
            try raw.start(scenario: "raw", given: given)
            try plain.start(scenario: "plain", given: given)
            for input in prefix {
                #expect(try raw.perform(input, atMilliseconds: 0) == plain.perform(input, atMilliseconds: 0))
            }
            let seen = try raw.perform(Input("biometric_error", .string(code)), atMilliseconds: 10)
            let expected = try plain.perform(Input("biometric", .string(row.reaction.rawValue)), atMilliseconds: 10)
            #expect(seen == expected, "after \(prefix)")
        }
    }

    /// An app whose table gives one row another reaction (a counted failure for any other
    /// row, a cancel for a failure row) fails that row's scenario.
    @Test(arguments: PlatformErrors.all.map(\.code))
    func aMisreadRowFailsItsScenario(code: String) throws {
        let row = try #require(PlatformErrors.error(code: code))
        // The mutant `authspec mutate` scores the suite with.
        let mutant = try #require(UnlockMutants.all(memo: Argon2Memo()).first { $0.id == "misread-\(code)" })
        #expect(mutant.rule == row.requirement)
        let results = TestSupport.run(Self.scenarios(for: row), on: mutant.make())
        try #require(!results.isEmpty)
        #expect(results.allSatisfy { $0.outcome == .failed }, "\(results.map { "\($0.scenario.id): \($0.outcome)" })")
    }

    /// Every code is a word of the `biometric_error` input and triggers exactly one declared
    /// transition out of the prompt, one its reaction takes.
    @Test func everyCodeIsAModelTrigger() throws {
        let input = try #require(Self.model.input(named: "biometric_error"))
        guard case .oneOf(let words)? = input.argument else {
            Issue.record("biometric_error takes one of the platform codes")
            return
        }
        #expect(words == PlatformErrors.codes)
        for row in PlatformErrors.all {
            let label = "biometric_error: \(row.code)"
            let taking = Self.model.transitions.filter { $0.from == "BiometricPrompt" && $0.inputs.contains(label) }
            let plain = Self.model.transitions.filter {
                $0.from == "BiometricPrompt" && $0.inputs.contains("biometric: \(row.reaction.rawValue)")
            }
            #expect(taking.count == 1 && plain.map(\.to).contains(taking.first?.to ?? ""), "\(row.code)")
        }
        #expect(Set(PlatformErrors.all.map(\.requirement)).count == PlatformErrors.all.count)
    }
}
