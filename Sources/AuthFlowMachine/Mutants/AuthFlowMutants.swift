import SpecModel
import UnlockScreen

/// The auth-flow reference with one deliberate change: another rule number, an input taken
/// for another, a world read wrong at the start, a hook that alters what one reduce step did
/// (it may reduce again from a state read wrong), or observations rewritten.
package struct MutatedFlow: ImplementationUnderTest, StateSaving {
    package typealias Alteration =
        @Sendable (
            _ event: AuthFlowEvent, _ before: AuthFlowState, _ now: Int, _ machine: AuthFlowMachine,
            _ next: inout AuthFlowState, _ outputs: inout [AuthFlowOutput]
        ) -> Void
    var inner: AuthFlowReference
    let rewriteInput: @Sendable (Input) -> Input
    let rewriteGiven: @Sendable ([String: Value]) -> [String: Value]
    let adjustStart: @Sendable (inout AuthFlowState) -> Void
    let alter: Alteration?
    let rewrite: @Sendable (Observations) -> Observations
    package let name: String

    package init(
        _ name: String, rules: AuthFlowRules = .spec, unlock: UnlockReference,
        rewriteInput: @escaping @Sendable (Input) -> Input = { $0 },
        rewriteGiven: @escaping @Sendable ([String: Value]) -> [String: Value] = { $0 },
        adjustStart: @escaping @Sendable (inout AuthFlowState) -> Void = { _ in },
        alter: Alteration? = nil, rewrite: @escaping @Sendable (Observations) -> Observations = { $0 }
    ) {
        self.name = name
        inner = AuthFlowReference(machine: AuthFlowMachine(rules: rules), unlock: unlock.model)
        self.rewriteInput = rewriteInput
        self.rewriteGiven = rewriteGiven
        self.adjustStart = adjustStart
        self.alter = alter
        self.rewrite = rewrite
    }

    package var observedKeys: Set<String> { inner.observedKeys }

    package mutating func start(scenario: String, given: [String: Value]) throws(ImplementationError) {
        try inner.start(scenario: scenario, given: rewriteGiven(given))
        if var state = inner.state {
            adjustStart(&state)
            inner.state = state
        }
    }

    package mutating func perform(_ input: Input, atMilliseconds milliseconds: Int) throws(ImplementationError)
        -> Observations
    {
        guard let alter else { return rewrite(try inner.perform(rewriteInput(input), atMilliseconds: milliseconds)) }
        let machine = inner.machine
        return rewrite(
            try inner.step(
                rewriteInput(input), atMilliseconds: milliseconds, event: AuthFlowReducer.event(for:),
                reduce: { before, event, now in
                    var (next, outputs) = machine.reduce(before, event, now: now)
                    alter(event, before, now, machine, &next, &outputs)
                    return (next, outputs)
                },
                observe: { AuthFlowReducer.observations(of: $0, outputs: $1, now: $2, machine: machine) }))
    }

    package mutating func finish() { inner.finish() }

    package func save() -> ClockedState<AuthFlowState>? { inner.save() }
    package mutating func restore(_ saved: ClockedState<AuthFlowState>) { inner.restore(saved) }
    /// The reference's relative form under the mutant's own rules.
    package func relativeState(atMilliseconds milliseconds: Int) -> RelativeState? {
        inner.relativeState(atMilliseconds: milliseconds)
    }
    package func relativeObservations(_ observations: Observations) -> Observations {
        inner.relativeObservations(observations)
    }
}

/// The auth-flow model's mutants: each of its rule numbers one higher and one lower, and each
/// answer the flow reacts to taken for a neighbour's. The unlock screen inside it is measured by
/// the unlock model's own mutants.
package enum AuthFlowMutants {
    package static func all(unlock: @escaping @Sendable () -> UnlockReference) -> [Mutant] {
        ruleNumbers(unlock) + misreadings(unlock) + behaviour(unlock)
    }

    static let rules: [(name: String, clause: String, change: @Sendable (inout AuthFlowRules, Int) -> Void)] = [
        ("splash", "UIF-AUTH-001 §6.2", { $0.splashDuration += $1 }),
        ("returning-splash", "UIF-AUTH-001 §4.1; INT-AF-001", { $0.returningSplashDuration += $1 }),
        ("mfa-screen-timeout", "UIF-AUTH-001 §10.2", { $0.mfaScreenTimeout += $1 }),
        ("mfa-attempts", "UIF-AUTH-001 §8.2; INT-AF-004", { $0.mfaAttempts += $1 }),
        ("mfa-cooldown", "UIF-AUTH-001 §8.2; INT-AF-004", { $0.mfaCooldown += $1 }),
        ("mfa-steps-accepted", "INT-AF-003", { $0.mfaStepsAccepted += $1 }),
        ("mfa-steps-expired", "INT-AF-003", { $0.mfaStepsExpired += $1 }),
        ("carousel-slides", "UIF-AUTH-001 §6.3", { $0.carouselSlides += $1 }),
    ]

    static func ruleNumbers(_ unlock: @escaping @Sendable () -> UnlockReference) -> [Mutant] {
        rules.flatMap { rule in
            [("plus", 1), ("minus", -1)].map { direction, step in
                let id = "\(rule.name)-\(direction)-1"
                return Mutant(id: id, kind: "rule number", rule: rule.clause, "\(rule.name) \(step > 0 ? "+1" : "-1")")
                {
                    var changed = AuthFlowRules.spec
                    rule.change(&changed, step)
                    return MutatedFlow(id, rules: changed, unlock: unlock())
                }
            }
        }
    }

    /// Each provider answer read as the next one in §8.1's table, a recovery's end read the
    /// other way, a link, the recovery key and a logout not heard.
    static func misreadings(_ unlock: @escaping @Sendable () -> UnlockReference) -> [Mutant] {
        let outcomes = OAuthOutcome.allCases
        let oauth = outcomes.indices.map { index in
            let read = outcomes[index]
            let taken = outcomes[(index + 1) % outcomes.count]
            return misread(
                "oauth-\(read.rawValue)-read-as-\(taken.rawValue)", rule: "UIF-AUTH-001 §8.1", unlock: unlock
            ) { input in
                input == Input("oauth", .string(read.rawValue)) ? Input("oauth", .string(taken.rawValue)) : input
            }
        }
        let reuse = Mutant(
            id: "mfa-code-accepted-twice", kind: "rule switched off", rule: "RFC 6238 §5.2; INT-AF-003",
            "a code already used signs in again"
        ) {
            var changed = AuthFlowRules.spec
            changed.refusesReusedCodes = false
            return MutatedFlow("mfa-code-accepted-twice", rules: changed, unlock: unlock())
        }
        return [reuse] + oauth + [
            misread("recovery-success-read-as-failure", rule: "UIF-AUTH-001 §2", unlock: unlock) { input in
                input == Input("recovery", .string("success")) ? Input("recovery", .string("failure")) : input
            },
            misread("recovery-key-ignored", rule: "UIF-AUTH-001 §2, §9.2", unlock: unlock) { input in
                input == Input("tap", .string(FlowTarget.useRecoveryKey.rawValue)) ? Input("advance", .int(0)) : input
            },
            misread("logout-ignored", rule: "UIF-AUTH-001 §2", unlock: unlock) { input in
                input.name == "logout" ? Input("advance", .int(0)) : input
            },
            misread("register-link-opens-login", rule: "UIF-AUTH-001 §9.1", unlock: unlock) { input in
                input == Input("deep_link", .string(DeepLink.register.rawValue))
                    ? Input("deep_link", .string(DeepLink.login.rawValue)) : input
            },
            misread("every-link-opens-login", rule: "UIF-AUTH-001 §2 DEEP --> LOGIN", unlock: unlock) { input in
                input.name == "deep_link" ? Input("deep_link", .string(DeepLink.login.rawValue)) : input
            },
        ]
            + DeepLink.allCases.map { link in
                misread(
                    "\(link.rawValue)-link-ignored", rule: "UIF-AUTH-001 §9.1 medtime://\(link.rawValue)",
                    unlock: unlock
                ) {
                    input in
                    input == Input("deep_link", .string(link.rawValue)) ? Input("advance", .int(0)) : input
                }
            }
            + [LinkToken.other, .missing].map { token in
                // INT-AF-020's alternatives: the link reopens the code screen whatever its token.
                misread(
                    "verify-mfa-link-\(token.rawValue)-accepted", rule: "UIF-AUTH-001 §9.1 session_token",
                    unlock: unlock
                ) { input in
                    input == Input("deep_link", .string(token.linkWord))
                        ? Input("deep_link", .string(LinkToken.issued.linkWord)) : input
                }
            } + [
                misread("carousel-skip-ignored", rule: "UIF-AUTH-001 §6.3", unlock: unlock) { input in
                    input == Input("tap", .string(FlowTarget.skip.rawValue)) ? Input("advance", .int(0)) : input
                }
            ]
    }

    static func misread(
        _ id: String, rule: String, unlock: @escaping @Sendable () -> UnlockReference,
        _ rewrite: @escaping @Sendable (Input) -> Input
    ) -> Mutant {
        Mutant(id: id, kind: "input misread", rule: rule, id.replacingOccurrences(of: "-", with: " ")) {
            MutatedFlow(id, unlock: unlock(), rewriteInput: rewrite)
        }
    }
}
