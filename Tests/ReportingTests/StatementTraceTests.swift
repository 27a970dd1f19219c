import Coverage
import Results
import ScenarioModel
import Testing

/// A statement counts as verified only on evidence: a falsifier (a mutant that breaks it) killed
/// by a scenario that covers one of its requirements and passed on the run traced. Cited
/// requirements alone, a kill by an unrelated scenario, or a reading another document decides
/// never count as verified.
@Suite struct StatementTraceTests {
    static let location = SourceLocation(file: "s.yaml", line: 1, column: 1)

    static func record(_ id: String, covers: [String], _ outcome: Outcome = .passed) -> ScenarioRecord {
        let step = StepRecord(
            index: 0, location: location, input: "launch", repeatCount: 1, outcome: .passed, state: nil,
            states: nil, message: nil, differences: [], unchecked: [])
        return ScenarioRecord(
            position: 0, id: id, title: id, location: location, spec: [], covers: covers, implementation: "x",
            outcome: outcome, message: nil, steps: [step], hits: Hits())
    }

    static func statements(_ yaml: String) throws -> [Statement] {
        let loaded = StatementCatalogue.load(text: yaml, file: "s.yaml")
        let (statements, problems) = (loaded.statements, loaded.diagnostics)
        try #require(problems.isEmpty, "\(problems)")
        return statements
    }

    static let catalogue = """
        - {id: S-PIN, document: D, clause: "§5.1", text: "The right PIN unlocks", status: verified, by: [REQ-PIN], falsifiers: [pin-ignored]}
        - {id: S-BIO, document: D, clause: "§5.2", text: "A face unlocks", status: verified, by: [REQ-BIO], falsifiers: [bio-ignored]}
        - {id: S-NONE, document: D, clause: "§7", text: "Nothing breaks this", status: verified, by: [REQ-PIN]}
        - {id: S-OTHER, document: D, clause: "§6", text: "Another document decides", status: contradicted, by: [REQ-BIO], falsifiers: [bio-ignored], pinned-by: [in-its-terms]}
        - {id: S-OTHER-BARE, document: D, clause: "§6", text: "Another document decides, unpinned", status: contradicted, by: [REQ-BIO]}
        - {id: S-HAPTIC, document: D, clause: "§8", text: "Shake", status: not-observable, reason: haptics}

        """

    static func falsifier(_ id: String, rule: String, killedBy kills: [Kill]) -> Falsification.Falsifier {
        Falsification.Falsifier(id: id, rule: rule, summary: id, kills: kills)
    }

    /// A kill caught at `step` (or `caughtAt`), where the mutant first parted after `input` in
    /// `state`, on `keys`.
    static func kill(
        _ scenario: String, step: Int, caughtAt: Int? = nil, after input: String, in state: String, on keys: [String]
    ) -> Kill {
        Kill(
            scenario: scenario, step: caughtAt ?? step, keys: keys,
            onset: Onset(step: step, input: input, state: state, keys: keys))
    }

    static func standing(_ id: String, in trace: [DocumentTrace]) -> TracedStatement? {
        trace.flatMap(\.statements).first { $0.statement.id == id }
    }

    @Test func aFalsifierKilledByACoveringScenarioVerifiesAndNamesItsWitness() throws {
        let records = [Self.record("pin", covers: ["REQ-PIN"]), Self.record("bio", covers: ["REQ-BIO"])]
        let kill = Kill(scenario: "pin", step: 2, key: "state")
        var falsification = Falsification(
            falsifiers: [
                Self.falsifier("pin-ignored", rule: "D §5.1", killedBy: [kill]),
                Self.falsifier("bio-ignored", rule: "D §9", killedBy: [Kill(scenario: "bio", step: 1, key: "events")]),
            ],
            covers: ["pin": ["REQ-PIN"], "bio": ["REQ-BIO"]])
        // S-OTHER's falsifier meets a scenario in its own document's terms that the reference fails.
        falsification.ownTerms["in-its-terms"] = OwnTerms(referencePasses: false, passedBy: ["bio-ignored"])
        let trace = StatementTrace.trace(
            try Self.statements(Self.catalogue), records: records, falsification: falsification)
        let pin = try #require(Self.standing("S-PIN", in: trace))
        #expect(pin.standing == .verified)
        #expect(pin.falsifier == "pin-ignored" && pin.witness == kill)
        // A named falsifier counts whatever its rule says.
        #expect(Self.standing("S-BIO", in: trace)?.standing == .verified)
        // A statement that names no falsifier is claimed, even where a mutant citing its
        // section is killed by its scenario: sharing a section is not breaking the statement.
        #expect(Self.standing("S-NONE", in: trace)?.standing == .claimed)
        let unnamed = try Self.statements(
            "- {id: S-SECTION, document: D, clause: \"§5.1\", text: t, status: verified, by: [REQ-PIN]}\n")
        let bySection = try #require(
            StatementTrace.trace(unnamed, records: records, falsification: falsification).first?.statements.first)
        #expect(bySection.standing == .claimed && bySection.candidates == ["pin-ignored"])
        // Followed another document: pinned by a mutant that follows the statement's own
        // document, shown apart and never among the verified; one that names none is a gap.
        let document = try #require(trace.first)
        #expect(Self.standing("S-OTHER", in: trace)?.standing == .followedOther)
        #expect(Self.standing("S-OTHER", in: trace)?.witness?.scenario == "bio")
        let bare = try #require(Self.standing("S-OTHER-BARE", in: trace))
        #expect(bare.standing == .readingClaimed && bare.standing.isGap)
        #expect(document.count(.verified) == 2)
        #expect(document.checkable == 5)
        #expect(Self.standing("S-HAPTIC", in: trace)?.standing == .notObservable)
    }

    /// The only scenario cited for a statement does not kill its falsifier (another scenario
    /// does): the statement is not demonstrated, and the surviving mutant is named.
    @Test func aFalsifierItsCoveringScenarioDoesNotKillLeavesItNotDemonstrated() throws {
        let records = [Self.record("pin", covers: ["REQ-PIN"]), Self.record("other", covers: ["REQ-OTHER"])]
        let falsification = Falsification(
            falsifiers: [
                Self.falsifier(
                    "pin-ignored", rule: "D §5.1", killedBy: [Kill(scenario: "other", step: 1, key: "state")])
            ],
            covers: ["pin": ["REQ-PIN"], "other": ["REQ-OTHER"]])
        let trace = StatementTrace.trace(
            try Self.statements(Self.catalogue), records: records, falsification: falsification)
        let pin = try #require(Self.standing("S-PIN", in: trace))
        #expect(pin.standing == .notDemonstrated && pin.standing.isGap)
        #expect(pin.survivors == ["pin-ignored"] && pin.witness == nil)
    }

    /// A kill counts only where the killing scenario passed on the run traced; without a
    /// falsification nothing is verified; a requirement not verified leaves the claim unmet.
    @Test func evidenceFromAScenarioThatDidNotPassOrNoFalsificationVerifiesNothing() throws {
        let kill = Kill(scenario: "pin", step: 1, key: "state")
        let falsification = Falsification(
            falsifiers: [Self.falsifier("pin-ignored", rule: "D §5.1", killedBy: [kill])], covers: ["pin": ["REQ-PIN"]])
        let statements = try Self.statements(Self.catalogue)
        let failed = StatementTrace.trace(
            statements, records: [Self.record("pin", covers: ["REQ-PIN"], .failed)], falsification: falsification)
        #expect(Self.standing("S-PIN", in: failed)?.standing == .claimNotMet)
        let bare = StatementTrace.trace(statements, records: [Self.record("pin", covers: ["REQ-PIN"])])
        #expect(Self.standing("S-PIN", in: bare)?.standing == .claimed)
        #expect(bare.flatMap(\.statements).allSatisfy { $0.standing != .verified })
        // The reading another document decides, not verified in the run: a gap.
        #expect(Self.standing("S-OTHER", in: bare)?.standing == .readingNotMet)
    }

    /// The candidates offered for a statement that names no falsifier: mutants whose rule cites
    /// its document and section (a subsection counts, a neighbour such as §9.20 does not) or a
    /// requirement it rests on.
    @Test func candidatesAreFoundByClauseOrRequirement() throws {
        let statement = try #require(
            try Self.statements(
                "- {id: S, document: UIF-AUTH-001, clause: \"§9.2\", text: t, status: verified, by: [REQ-X]}\n"
            ).first)
        let all = [
            Self.falsifier("sub", rule: "UIF-AUTH-001 §9.2.1", killedBy: []),
            Self.falsifier("same", rule: "UIF-AUTH-001 §2, §9.2", killedBy: []),
            Self.falsifier("other-document", rule: "SCR-AUTH-006 §9.2", killedBy: []),
            Self.falsifier("neighbour", rule: "UIF-AUTH-001 §9.20", killedBy: []),
            Self.falsifier("requirement", rule: "REQ-X", killedBy: []),
            Self.falsifier("parent", rule: "UIF-AUTH-001 §9", killedBy: []),
        ]
        #expect(StatementTrace.candidates(for: statement, among: all).map(\.id) == ["sub", "same", "requirement"])
    }

    /// A statement with a trigger is verified only by its primary falsifier's kill where the
    /// mutant first parts from the reference: after the trigger's input, in its state, on one of
    /// its keys, caught at that step. A kill that first parts elsewhere (the counter at launch,
    /// for a sentence about the third failure) shows a neighbour, and is said so.
    @Test func aWitnessCountsOnlyAtTheStatementsTrigger() throws {
        let statement = try #require(
            try Self.statements(
                """
                - {id: S-THIRD, document: D, clause: "§5.1", text: "The third failure leads to the PIN", status: verified,
                   by: [REQ-BIO], falsifiers: [third-ignored], trigger: "biometric in BiometricPrompt", keys: [state]}

                """
            ).first)
        #expect(statement.trigger == Statement.Trigger(input: "biometric", state: "BiometricPrompt"))
        #expect(statement.keys == ["state"])
        let records = [Self.record("bio", covers: ["REQ-BIO"]), Self.record("other", covers: ["REQ-BIO"])]
        let atLaunch = Self.kill("bio", step: 1, after: "launch", in: "NotRunning", on: ["bio_attempts_left"])
        let caughtLater = Self.kill(
            "other", step: 3, caughtAt: 4, after: "biometric", in: "BiometricPrompt", on: ["state"])
        func traced(_ kills: [Kill]) -> TracedStatement? {
            let falsification = Falsification(
                falsifiers: [Self.falsifier("third-ignored", rule: "D §5.1", killedBy: kills)],
                covers: ["bio": ["REQ-BIO"], "other": ["REQ-BIO"]])
            return StatementTrace.trace([statement], records: records, falsification: falsification)
                .first?.statements.first
        }
        let neighbour = try #require(traced([atLaunch, caughtLater]))
        #expect(neighbour.standing == .awayFromTrigger && neighbour.standing.isGap)
        #expect(!neighbour.standing.failsTheTrace && neighbour.witness == atLaunch)
        // The right input in another state, or the right place on a key the statement does not
        // name, is still elsewhere.
        let otherState = Self.kill("other", step: 3, after: "biometric", in: "BiometricFail", on: ["state"])
        let otherKey = Self.kill("other", step: 3, after: "biometric", in: "BiometricPrompt", on: ["events"])
        #expect(traced([otherState, otherKey])?.standing == .awayFromTrigger)
        let atTrigger = Self.kill("other", step: 3, after: "biometric", in: "BiometricPrompt", on: ["events", "state"])
        let verified = try #require(traced([atLaunch, atTrigger]))
        #expect(verified.standing == .verified && verified.witness == atTrigger)
    }

    /// A trigger is `INPUT` or `INPUT in STATE`; anything else is an error at its value.
    @Test func aTriggerIsAnInputAndMaybeAState() throws {
        #expect(Statement.Trigger("launch") == Statement.Trigger(input: "launch"))
        #expect(Statement.Trigger("tap in PINInput") == Statement.Trigger(input: "tap", state: "PINInput"))
        #expect(Statement.Trigger("tap on PINInput") == nil && Statement.Trigger("") == nil)
        let loaded = StatementCatalogue.load(
            text:
                "- {id: S, document: D, clause: c, text: t, status: verified, by: [R], falsifiers: [m], trigger: \"tap at X\", keys: [state]}\n",
            file: "s.yaml")
        #expect(loaded.statements.isEmpty)
        #expect(loaded.diagnostics.map(\.location.column) == [97], "\(loaded.diagnostics)")
    }

    /// A reading is pinned only when its primary falsifier, killed by the suite, also passes a
    /// scenario in the statement's own document's terms that the reference fails: a kill shows
    /// the mutant differs, not that it follows that document.
    @Test func aReadingIsPinnedOnlyByAFalsifierThatFollowsItsDocument() throws {
        func traced(pinnedBy: String, terms: OwnTerms?) throws -> TracedStatement? {
            let statement = try #require(
                try Self.statements(
                    """
                    - {id: S-OTHER, document: D, clause: "§6", text: "A wrong PIN goes to Login", status: contradicted, by: [REQ-BIO],
                       falsifiers: [to-login], trigger: launch, keys: [state], pinned-by: [\(pinnedBy)]}

                    """
                ).first)
            var falsification = Falsification(
                falsifiers: [
                    Self.falsifier(
                        "to-login", rule: "D §6",
                        killedBy: [
                            Self.kill("bio", step: 1, after: "launch", in: "NotRunning", on: ["state"])
                        ])
                ],
                covers: ["bio": ["REQ-BIO"]])
            if let terms { falsification.ownTerms["in-its-terms"] = terms }
            return StatementTrace.trace(
                [statement], records: [Self.record("bio", covers: ["REQ-BIO"])], falsification: falsification
            ).first?.statements.first
        }
        let pinned = try traced(
            pinnedBy: "in-its-terms", terms: OwnTerms(referencePasses: false, passedBy: ["to-login"]))
        #expect(pinned?.standing == .followedOther && pinned?.unpinned == nil)
        let referencePasses = try traced(
            pinnedBy: "in-its-terms", terms: OwnTerms(referencePasses: true, passedBy: ["to-login"]))
        #expect(referencePasses?.standing == .readingClaimed)
        #expect(referencePasses?.unpinned == "the reference passes in-its-terms, so it shows no difference")
        let notFollowing = try traced(pinnedBy: "in-its-terms", terms: OwnTerms(referencePasses: false, passedBy: []))
        #expect(notFollowing?.standing == .readingClaimed && notFollowing?.standing.failsTheTrace == false)
        #expect(notFollowing?.unpinned == "to-login fails in-its-terms, so it does not follow the document")
        let unnamed = try traced(pinnedBy: "elsewhere", terms: nil)
        #expect(unnamed?.standing == .readingClaimed)
    }

    /// What a verified statement shows is said: one whose falsifiers test a number the document
    /// does not give is the reference's choice, one with a half no observation shows is partly
    /// checked (a warning), a permissive sentence is not normative; none counts as verified.
    @Test func standingsSayWhatWasShown() throws {
        let statements = try Self.statements(
            """
            - {id: S-CHOICE, document: D, clause: "§5", text: "Five tries, then 30 s", status: verified, by: [REQ-PIN], falsifiers: [pin-ignored], trigger: launch, keys: [state], choice: INT-9}
            - {id: S-HALF, document: D, clause: "§5", text: "A protected key opens", status: verified, by: [REQ-PIN], falsifiers: [pin-ignored], trigger: launch, keys: [state], unobserved: "the key's flags"}
            - {id: S-MAY, document: D, clause: "§5", text: "The app may set a title", status: not-normative, reason: "permissive"}

            """)
        let kill = Self.kill("pin", step: 1, after: "launch", in: "NotRunning", on: ["state"])
        let falsification = Falsification(
            falsifiers: [Self.falsifier("pin-ignored", rule: "D §5", killedBy: [kill])], covers: ["pin": ["REQ-PIN"]])
        let trace = StatementTrace.trace(
            statements, records: [Self.record("pin", covers: ["REQ-PIN"])], falsification: falsification)
        #expect(Self.standing("S-CHOICE", in: trace)?.standing == .referenceChoice)
        let half = try #require(Self.standing("S-HALF", in: trace))
        #expect(half.standing == .partlyChecked && half.standing.isGap && !half.standing.failsTheTrace)
        #expect(Self.standing("S-MAY", in: trace)?.standing == .notNormative)
        let document = try #require(trace.first)
        #expect(document.count(.verified) == 0 && document.checkable == 2)
    }
}
