import ReferenceMachine
import SpecModel

/// The auth-flow reference with one deliberate change: another rule number, or an input taken
/// for another (the ways an app misreads what the provider, the user or a link says).
package struct MutatedFlow: ImplementationUnderTest, StateSaving {
    var inner: AuthFlowReference
    let rewriteInput: @Sendable (Input) -> Input
    package let name: String

    package init(
        _ name: String, rules: AuthFlowRules = .spec, unlock: ReferenceImplementation,
        rewriteInput: @escaping @Sendable (Input) -> Input = { $0 }
    ) {
        self.name = name
        inner = AuthFlowReference(machine: AuthFlowMachine(rules: rules), unlock: unlock)
        self.rewriteInput = rewriteInput
    }

    package var observedKeys: Set<String> { inner.observedKeys }

    package mutating func start(scenario: String, given: [String: Value]) throws(ImplementationError) {
        try inner.start(scenario: scenario, given: given)
    }

    package mutating func perform(_ input: Input, atMilliseconds milliseconds: Int) throws(ImplementationError)
        -> Observations
    {
        try inner.perform(rewriteInput(input), atMilliseconds: milliseconds)
    }

    package mutating func finish() { inner.finish() }

    package func save() -> ClockedState<AuthFlowState>? { inner.save() }
    package mutating func restore(_ saved: ClockedState<AuthFlowState>) { inner.restore(saved) }
}

/// The auth-flow model's mutants: each of its rule numbers one higher and one lower, and each
/// answer the flow reacts to taken for a neighbour's. The unlock screen inside it is measured by
/// the unlock model's own mutants.
package enum AuthFlowMutants {
    package static func all(unlock: @escaping @Sendable () -> ReferenceImplementation) -> [Mutant] {
        ruleNumbers(unlock) + misreadings(unlock)
    }

    static let rules: [(name: String, clause: String, change: @Sendable (inout AuthFlowRules, Int) -> Void)] = [
        ("splash", "UIF-AUTH-001 §6.2", { $0.splashDuration += $1 }),
        ("mfa-screen-timeout", "UIF-AUTH-001 §10.2", { $0.mfaScreenTimeout += $1 }),
        ("mfa-attempts", "UIF-AUTH-001 §8.2; INT-AF-004", { $0.mfaAttempts += $1 }),
        ("mfa-cooldown", "UIF-AUTH-001 §8.2; INT-AF-004", { $0.mfaCooldown += $1 }),
        ("mfa-steps-accepted", "INT-AF-003", { $0.mfaStepsAccepted += $1 }),
        ("mfa-steps-expired", "INT-AF-003", { $0.mfaStepsExpired += $1 }),
    ]

    static func ruleNumbers(_ unlock: @escaping @Sendable () -> ReferenceImplementation) -> [Mutant] {
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
    static func misreadings(_ unlock: @escaping @Sendable () -> ReferenceImplementation) -> [Mutant] {
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
        return oauth + [
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
            misread("carousel-skip-ignored", rule: "UIF-AUTH-001 §6.3", unlock: unlock) { input in
                input == Input("tap", .string(FlowTarget.skip.rawValue)) ? Input("advance", .int(0)) : input
            },
        ]
    }

    static func misread(
        _ id: String, rule: String, unlock: @escaping @Sendable () -> ReferenceImplementation,
        _ rewrite: @escaping @Sendable (Input) -> Input
    ) -> Mutant {
        Mutant(id: id, kind: "input misread", rule: rule, id.replacingOccurrences(of: "-", with: " ")) {
            MutatedFlow(id, unlock: unlock(), rewriteInput: rewrite)
        }
    }
}
