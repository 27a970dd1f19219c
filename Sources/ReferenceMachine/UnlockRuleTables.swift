import Foundation
import SpecModel

/// The reference's rule tables as `spec check` compares them with the documents: the lock
/// schedule (SCR-AUTH-006 §6.1.2, UIF-AUTH-001 §10.3) and the session lifetime by tier
/// (UIF-AUTH-001 §10.2). The patterns read the documents' own Spanish wording.
public enum UnlockRuleTables {
    public static func all(_ rules: UnlockRules = .spec) -> [RuleTable] {
        [lockSchedule(rules), sessionLifetime(rules)]
    }

    static func lockSchedule(_ rules: UnlockRules) -> RuleTable {
        RuleTable(
            name: "lock schedule", rule: "UnlockRules.lockSchedule (Sources/ReferenceMachine/UnlockRules.swift)",
            keyName: "failures",
            rows: rules.lockSchedule.map {
                RuleRow(
                    key: String($0.failures), value: minutes($0.milliseconds),
                    requirements: ["REQ-PIN-ROW-\($0.failures)"])
            },
            value: { key in Int(key).flatMap(rules.lockDuration(afterFailures:)).map(minutes) },
            find: lockRows)
    }

    static func sessionLifetime(_ rules: UnlockRules) -> RuleTable {
        RuleTable(
            name: "session lifetime", rule: "UnlockRules.sessionLifetime (Sources/ReferenceMachine/UnlockRules.swift)",
            keyName: "tier",
            rows: Tier.allCases.compactMap { tier in
                rules.sessionLifetime[tier].map {
                    RuleRow(
                        key: tier.rawValue, value: days($0), requirements: ["REQ-SESSION-\(tier.rawValue.uppercased())"]
                    )
                }
            },
            value: { key in Tier(rawValue: key).flatMap { rules.sessionLifetime[$0] }.map(days) },
            find: sessionRows)
    }

    static func minutes(_ milliseconds: Int) -> String {
        milliseconds % 3_600_000 == 0 ? "\(milliseconds / 3_600_000) h" : "\(milliseconds / 60_000) min"
    }

    static func days(_ milliseconds: Int) -> String { "\(milliseconds / 86_400_000) d" }

    /// Rows like `| 6 |` / `Bloqueo 5 minutos |` (a table flattened to lines, SCR-AUTH-006
    /// §6.1.2) or `6 intentos: Bloqueo 5 minutos` (UIF-AUTH-001 §10.3).
    static func lockRows(_ lines: [String]) -> [DocumentRuleRow] {
        var rows: [DocumentRuleRow] = []
        for (index, line) in lines.enumerated() {
            guard line.contains("Bloqueo"), let lock = line.firstMatch(of: /Bloqueo\s+(\d+)\s+(minutos?|horas?)/) else {
                continue
            }
            let amount = Int(lock.output.1) ?? 0
            let milliseconds = amount * (lock.output.2.hasPrefix("hora") ? 3_600_000 : 60_000)
            var count: (Substring, Substring)?
            if let inline = line.firstMatch(of: /^\s*(\d+)(\+?)\s+intentos:/) {
                count = (inline.output.1, inline.output.2)
            } else if index > 0, let cell = lines[index - 1].firstMatch(of: /^\|\s*(\d+)(\+?)\s*\|\s*$/) {
                count = (cell.output.1, cell.output.2)
            }
            guard let (failures, beyond) = count else { continue }
            rows.append(
                DocumentRuleRow(
                    key: String(failures), shownKey: String(failures + beyond), value: minutes(milliseconds),
                    text: line.trimmingCharacters(in: CharacterSet(charactersIn: " |")), line: index + 1))
        }
        return rows
    }

    /// Rows like `Sesion Firebase (Pro)	30 dias	Re-login` (UIF-AUTH-001 §10.2).
    static func sessionRows(_ lines: [String]) -> [DocumentRuleRow] {
        var rows: [DocumentRuleRow] = []
        for (index, line) in lines.enumerated() {
            guard line.contains("Sesion"), let row = line.firstMatch(of: /Sesion\s+\w+\s+\((\w+)\)\s+(\d+)\s+d[ií]as?/)
            else { continue }
            rows.append(
                DocumentRuleRow(
                    key: row.output.1.lowercased(), value: "\(Int(row.output.2) ?? 0) d",
                    text: line.trimmingCharacters(in: .whitespaces), line: index + 1))
        }
        return rows
    }
}
