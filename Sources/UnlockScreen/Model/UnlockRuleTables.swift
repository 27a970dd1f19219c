import Foundation
import SpecModel

/// The reference's rule tables as `spec check` compares them with the documents: the lock
/// schedule (SCR-AUTH-006 §6.1.2, UIF-AUTH-001 §10.3), the session lifetime by tier
/// (UIF-AUTH-001 §10.2), the analytics events (SCR-AUTH-006 §11.1, UIF-AUTH-001 §11.2) and
/// the delay from an unlock to the Dashboard (SCR-AUTH-006 §2.5, §5.2; UIF-AUTH-001 §6.1). The
/// patterns read the documents' own wording.
package enum UnlockRuleTables {
    package static func all(_ rules: UnlockRules = .spec) -> [RuleTable] {
        [lockSchedule(rules), sessionLifetime(rules), analyticsEvents, handOverDelay(rules)]
    }

    static func lockSchedule(_ rules: UnlockRules) -> RuleTable {
        RuleTable(
            name: "lock schedule", rule: "UnlockRules.lockSchedule (Sources/UnlockScreen/Model/UnlockRules.swift)",
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
            name: "session lifetime",
            rule: "UnlockRules.sessionLifetime (Sources/UnlockScreen/Model/UnlockRules.swift)",
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

    static let analyticsEvents = analytics(
        UnlockAnalytics.events, rule: "UnlockAnalytics.events (Sources/UnlockScreen/Reducer/UnlockAnalytics.swift)")

    /// A catalogue of analytics events as a rule table, compared with the documents' analytics
    /// tables (a model that embeds this screen adds its own events to this screen's).
    package static func analytics(_ events: [UnlockAnalytics.Event], rule: String) -> RuleTable {
        RuleTable(
            name: "analytics events", rule: rule, keyName: "event",
            rows: events.map {
                RuleRow(key: $0.name, value: UnlockAnalytics.shown($0.parameters), requirements: [$0.requirement])
            },
            value: { key in events.first { $0.name == key }.map { UnlockAnalytics.shown($0.parameters) } },
            find: eventRows, complete: false)
    }

    /// One row: the time from an unlock to the Dashboard.
    static func handOverDelay(_ rules: UnlockRules) -> RuleTable {
        let key = "unlock → Dashboard"
        return RuleTable(
            name: "hand-over delay", rule: "UnlockRules.successDelay (Sources/UnlockScreen/Model/UnlockRules.swift)",
            keyName: "transition",
            rows: [RuleRow(key: key, value: "\(rules.successDelay) ms", requirements: ["REQ-SUCCESS-DELAY"])],
            value: { $0 == key ? "\(rules.successDelay) ms" : nil }, find: handOverRows, complete: false)
    }

    /// `| pin_failure |` then `attempt_number |` (SCR-AUTH-006 §11.1, a table flattened to lines)
    /// or `pin_failure<TAB>attempt_number` (UIF-AUTH-001 §11.2), under an analytics heading.
    static func eventRows(_ lines: [String]) -> [DocumentRuleRow] {
        var rows: [DocumentRuleRow] = []
        var inTable = false
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.first?.isNumber == true && !trimmed.contains("|") && !trimmed.contains("\t") {
                inTable = trimmed.contains("Analytics")
                continue
            }
            guard inTable else { continue }
            var name: Substring?
            var parameters: Substring?
            if let cell = trimmed.wholeMatch(of: /\|\s*([a-z_]+)\s*\|/), index + 1 < lines.count {
                name = cell.output.1
                parameters = lines[index + 1].trimmingCharacters(in: CharacterSet(charactersIn: " |"))[...]
            } else if let row = trimmed.wholeMatch(of: /([a-z_]+)\t+(.+)/) {
                name = row.output.1
                parameters = row.output.2
            }
            guard let name, let parameters else { continue }
            rows.append(
                DocumentRuleRow(
                    key: String(name), value: UnlockAnalytics.shown(parsedParameters(String(parameters))),
                    text: "\(name) \(parameters)", line: index + 1))
        }
        return rows
    }

    /// `reason: "cancelled"/"failed"` or `screen_name: "splash", "login"` is one parameter with its
    /// values; `type, time_ms` names parameters; `-` is none.
    static func parsedParameters(_ text: String) -> [(name: String, values: [String])] {
        let text = text.trimmingCharacters(in: .whitespaces)
        if text == "-" || text.isEmpty { return [] }
        if let one = text.wholeMatch(of: /(\w+):\s*(.*)/) {
            return [(String(one.output.1), one.output.2.matches(of: /"([^"]*)"/).map { String($0.output.1) })]
        }
        return text.split(separator: ",").map { (String($0.trimmingCharacters(in: .whitespaces)), []) }
    }

    /// `Biometric Prompt<TAB>Dashboard<TAB>...<TAB>100ms` (UIF-AUTH-001 §6.1), `| Success |`,
    /// `Dashboard |`, `0.5s delay |` (SCR-AUTH-006 §5.2) and `Auto-transicion a Dashboard en 0.5s`
    /// (SCR-AUTH-006 §2.5): the time from an unlock to the Dashboard.
    static func handOverRows(_ lines: [String]) -> [DocumentRuleRow] {
        var rows: [DocumentRuleRow] = []
        for (index, line) in lines.enumerated() where line.contains("Dashboard") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            var shown: String?
            var text = trimmed
            var time: (amount: Double, unit: Substring)?
            if let row = trimmed.firstMatch(
                of: /^(Biometric Prompt|Success|PIN)\t+Dashboard\t.*\t(\d+(?:\.\d+)?)(ms|s)\b/)
            {
                shown = "\(row.output.1) → Dashboard"
                time = (Double(row.output.2) ?? 0, row.output.3)
            } else if trimmed == "Dashboard |", index > 0, index + 1 < lines.count,
                lines[index - 1].trimmingCharacters(in: .whitespaces) == "| Success |",
                let delay = lines[index + 1].firstMatch(of: /(\d+(?:\.\d+)?)(ms|s) delay/)
            {
                shown = "Success → Dashboard"
                text = "| Success | Dashboard | \(delay.output.0) |"
                time = (Double(delay.output.1) ?? 0, delay.output.2)
            } else if let auto = trimmed.firstMatch(of: /a Dashboard en (\d+(?:\.\d+)?)(ms|s)/) {
                shown = "Success → Dashboard"
                time = (Double(auto.output.1) ?? 0, auto.output.2)
            }
            guard let shown, let time else { continue }
            let milliseconds = Int((time.unit == "s" ? time.amount * 1000 : time.amount).rounded())
            rows.append(
                DocumentRuleRow(
                    key: "unlock → Dashboard", shownKey: shown, value: "\(milliseconds) ms", text: text, line: index + 1
                ))
        }
        return rows
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
