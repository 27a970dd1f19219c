import Foundation
import SpecModel
import UnlockScreen

/// The auth-flow reference's rule tables as `spec check` compares them with the documents: the
/// unlock screen's (its lock schedule, session lifetimes and hand-over delay, which hold inside
/// the flow), the flow's timers (the splash's auto-transition, UIF-AUTH-001 §6.2; the MFA
/// screen's timeout, §10.2), and its analytics events with the unlock screen's.
package enum AuthFlowRuleTables {
    package static func all(_ rules: AuthFlowRules = .spec) -> [RuleTable] {
        UnlockRuleTables.all().filter { $0.name != "analytics events" } + [
            flowTimers(rules),
            UnlockRuleTables.analytics(
                events, rule: "AuthFlowRuleTables.events (Sources/AuthFlowMachine/AuthFlowRuleTables.swift)"),
        ]
    }

    /// The flow's analytics events (UIF-AUTH-001 §11.2, INT-AF-010) beside the unlock screen's
    /// (SCR-AUTH-006 §11.1), whose screen_view names the flow's screens too.
    package static let events: [UnlockAnalytics.Event] =
        [
            .init(
                "screen_view", [("screen_name", ["biometric_unlock", "login", "mfa", "splash"])],
                requirement: "REQ-AF-EVT-SCREEN"),
            .init("login_attempt", [("provider", Provider.allCases.map(\.rawValue))], requirement: "REQ-AF-EVT-LOGIN"),
            .init(
                "login_success", [("provider", []), ("time_ms", []), ("is_new_user", [])],
                requirement: "REQ-AF-EVT-LOGIN"),
            .init("login_error", [("provider", []), ("error_code", [])], requirement: "REQ-AF-EVT-LOGIN"),
            .init("mfa_attempt", requirement: "REQ-AF-EVT-MFA"),
            .init("mfa_success", [("time_ms", [])], requirement: "REQ-AF-EVT-MFA"),
            .init("mfa_error", [("error_type", [])], requirement: "REQ-AF-EVT-MFA"),
        ] + UnlockAnalytics.events.filter { $0.name != "screen_view" }

    static let splashKey = "splash → next screen"
    static let mfaKey = "MFA screen open"

    /// The flow's own timers, each a row a document may write.
    static func flowTimers(_ rules: AuthFlowRules) -> RuleTable {
        let values = [splashKey: "\(rules.splashDuration) ms", mfaKey: "\(rules.mfaScreenTimeout / 60_000) min"]
        return RuleTable(
            name: "flow timers", rule: "AuthFlowRules (Sources/AuthFlowMachine/AuthFlowRules.swift)",
            keyName: "timer",
            rows: [
                RuleRow(key: splashKey, value: values[splashKey] ?? "", requirements: ["REQ-AF-SPLASH"]),
                RuleRow(key: mfaKey, value: values[mfaKey] ?? "", requirements: ["REQ-AF-MFA-TIMEOUT"]),
            ],
            value: { values[$0] }, find: timerRows, complete: false)
    }

    /// `1500ms: Auto-transicion ...` (UIF-AUTH-001 §6.2) and `Pantalla MFA abierta<TAB>5 min`
    /// (§10.2).
    static func timerRows(_ lines: [String]) -> [DocumentRuleRow] {
        var rows: [DocumentRuleRow] = []
        for (index, line) in lines.enumerated() {
            let text = line.trimmingCharacters(in: .whitespaces)
            if let splash = text.firstMatch(of: /^(\d+)ms:\s*Auto-transicion/) {
                rows.append(
                    DocumentRuleRow(
                        key: splashKey, shownKey: "splash auto-transition", value: "\(splash.output.1) ms", text: text,
                        line: index + 1))
            } else if let mfa = text.firstMatch(of: /^Pantalla MFA abierta\s+(\d+)\s*min/) {
                rows.append(
                    DocumentRuleRow(
                        key: mfaKey, shownKey: "Pantalla MFA abierta", value: "\(mfa.output.1) min", text: text,
                        line: index + 1))
            }
        }
        return rows
    }
}
