import Foundation
import SpecModel
import YAMLLoader

/// What one implementation is known to do wrong, by scenario id: each entry an outcome other
/// than passed that the gate expects (until its expiry date), with the reason and a link to
/// the bug, and for a failure or an error where it first went wrong (`step`, `input`, `keys`):
/// an outcome the entry expects only if it goes wrong there, so a second bug in the same
/// scenario is a new failure. `suite` is the digest of the suite the entries were written
/// against: after an upgrade, an entry for a scenario the suite no longer has is stale (a
/// warning), where against the same suite it is a mistake (an input error). A run fails only
/// on what the baseline does not expect.
///
/// ```yaml
/// implementation: my-app
/// suite: "3f1c0a9be2d44e71"
/// expected:
///   - {id: brief-pin-failure-8-and-beyond-lock-1-hour, outcome: failed, reason: "lock is 15 min",
///      step: 9, input: "enter_pin: \"0000\"", keys: "lock_remaining, countdown", link: "https://bugs/42",
///      expires: 2027-03-01}
/// ```
package struct Baseline: Sendable, Equatable {
    package struct Entry: Sendable, Equatable {
        package var id: String
        /// `failed`, `errored`, `skipped`, `refused`, `partly checked` or `not checked`.
        package var outcome: String
        package var reason: String
        package var link: String?
        /// `YYYY-MM-DD`: from that day on the entry no longer excuses anything.
        package var expires: String?
        /// Where the outcome first went wrong, as the run that wrote the entry saw it: the step
        /// (1-based), its input, the keys that differed there (none for an error) and the state
        /// the input arrived in (when the step before observed one).
        package var divergence: Divergence?
        package var location: SourceLocation

        package struct Divergence: Sendable, Equatable {
            package var step: Int
            package var input: String
            package var keys: [String]
            package var state: String?

            package init(step: Int, input: String, keys: [String], state: String? = nil) {
                self.step = step
                self.input = input
                self.keys = keys
                self.state = state
            }

            /// Whether `found` is this divergence: the same step, input and keys, and the same
            /// state where this one records it.
            package func matches(_ found: Divergence) -> Bool {
                found.step == step && found.input == input && found.keys == keys
                    && (state == nil || found.state == state)
            }

            /// `step 9 (enter_pin: "0000" in PINInput): lock_remaining`.
            package var description: String {
                "step \(step) (\(input)\(state.map { " in \($0)" } ?? ""))"
                    + (keys.isEmpty ? "" : ": " + keys.joined(separator: ", "))
            }
        }

        package init(
            id: String, outcome: String, reason: String, link: String? = nil, expires: String? = nil,
            divergence: Divergence? = nil, location: SourceLocation
        ) {
            self.id = id
            self.outcome = outcome
            self.reason = reason
            self.link = link
            self.expires = expires
            self.divergence = divergence
            self.location = location
        }

        /// Expired on `today` (`YYYY-MM-DD`; dates compare as text).
        package func expired(on today: String) -> Bool { expires.map { $0 <= today } ?? false }
    }

    package var file: String
    package var implementation: String
    /// The digest of the suite the entries were written against, if recorded.
    package var suite: String?
    package var entries: [Entry]

    package init(file: String, implementation: String, suite: String? = nil, entries: [Entry]) {
        self.file = file
        self.implementation = implementation
        self.suite = suite
        self.entries = entries
    }

    package func entry(for id: String) -> Entry? { entries.first { $0.id == id } }

    /// The outcomes an entry may expect.
    package static let outcomes = ["failed", "errored", "skipped", "refused", "partly checked", "not checked"]
    static let keys = ["id", "outcome", "reason", "link", "expires", "step", "input", "keys", "state"]

    package static func load(file: String) -> (baseline: Baseline?, diagnostics: [Diagnostic]) {
        switch SourceFiles.readSmallYAML(file, what: "baseline") {
        case .success(let text): return load(text: text, file: file)
        case .failure(let problem): return (nil, [problem])
        }
    }

    package static func load(text: String, file: String) -> (baseline: Baseline?, diagnostics: [Diagnostic]) {
        var source = SourceText(file: file, text: text)
        guard
            let (root, pairs) = source.rootMapping(shape: .baseline)
        else {
            return (nil, source.allDiagnostics)
        }
        var implementation: String?
        var suite: String?
        var entries: [Entry] = []
        var seen: [String: SourceLocation] = [:]
        for pair in pairs {
            switch pair.key.scalar {
            case "implementation":
                implementation = pair.value.isNull ? nil : pair.value.scalar
                if implementation == nil {
                    source.report(.mustBe(what: "implementation", expected: "a name"), at: pair.value.mark)
                }
            case "suite":
                suite = pair.value.isNull ? nil : pair.value.scalar
                if suite == nil {
                    source.report(.mustBe(what: "suite", expected: "the suite's digest"), at: pair.value.mark)
                }
            case "expected":
                guard case .sequence(let items) = pair.value.kind else {
                    if !pair.value.isNull {
                        source.report(.mustBe(what: "expected", expected: "a list of entries"), at: pair.value.mark)
                    }
                    continue
                }
                for item in items {
                    guard let entry = self.entry(item, file: file, report: { source.report($0, at: $1) }) else {
                        continue
                    }
                    if let first = seen[entry.id] {
                        source.report(.listedTwice(id: entry.id, first: first), at: item.mark)
                        continue
                    }
                    seen[entry.id] = entry.location
                    entries.append(entry)
                }
            case let key:
                let closest = closestMatch(to: key ?? "", among: ["implementation", "suite", "expected"])
                source.report(
                    .unknownName(kind: "baseline key", name: key ?? "?", suggestion: closest), at: pair.key.mark)
            }
        }
        guard let implementation else {
            if source.allDiagnostics.isEmpty { source.report(.noImplementation, at: root.mark) }
            return (nil, source.allDiagnostics)
        }
        let diagnostics = source.allDiagnostics
        return (
            diagnostics.isEmpty
                ? Baseline(file: file, implementation: implementation, suite: suite, entries: entries) : nil,
            diagnostics
        )
    }

    private static func entry(_ item: YAMLNode, file: String, report: (Diagnostic.Problem, Mark) -> Void) -> Entry? {
        guard case .mapping(let pairs) = item.kind else {
            report(.entryShape(what: "entry", fields: ["id", "outcome", "reason"]), item.mark)
            return nil
        }
        guard
            let fields = textFields(
                pairs, keys: keys, required: ["id", "outcome", "reason"], what: "entry", at: item.mark, report: report)
        else { return nil }
        let outcome = fields["outcome"]!
        guard outcomes.contains(outcome) else {
            report(.notOneOf(what: "outcome", choices: outcomes, found: outcome, suggestion: nil), item.mark)
            return nil
        }
        if let expires = fields["expires"], !isDate(expires) {
            let at = pairs.first { $0.key.scalar == "expires" }?.value.mark ?? item.mark
            report(.wrongValue(what: "expires", expected: "a date that exists, YYYY-MM-DD", found: "'\(expires)'"), at)
            return nil
        }
        var divergence: Entry.Divergence?
        if let text = fields["step"] {
            guard let step = Int(text), step >= 1, let input = fields["input"] else {
                let at = pairs.first { $0.key.scalar == "step" }?.value.mark ?? item.mark
                report(.mustBe(what: "step", expected: "a step's number from 1, given with its input"), at)
                return nil
            }
            divergence = Entry.Divergence(
                step: step, input: input,
                keys: (fields["keys"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) },
                state: fields["state"])
        } else if fields["input"] != nil || fields["keys"] != nil || fields["state"] != nil {
            report(.divergenceWithoutStep, item.mark)
            return nil
        }
        return Entry(
            id: fields["id"]!, outcome: outcome, reason: fields["reason"]!, link: fields["link"],
            expires: fields["expires"], divergence: divergence,
            location: SourceLocation(file: file, line: item.mark.line, column: item.mark.column))
    }

    /// `YYYY-MM-DD` naming a day of the Gregorian calendar (February 29th in leap years only).
    static func isDate(_ text: String) -> Bool {
        guard let match = text.wholeMatch(of: /(\d{4})-(\d{2})-(\d{2})/), let year = Int(match.1),
            let month = Int(match.2), let day = Int(match.3), (1...12).contains(month), day >= 1
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= days[month - 1]
    }

    /// The file's text, entries in the order given, every value quoted.
    package var yaml: String {
        // A YAML double-quoted scalar that reads back as `text`: every scalar outside YAML's
        // printable set, every line break and the byte-order mark escaped (a raw one would be
        // folded or refused).
        func quoted(_ text: String) -> String {
            Value.quoted(text) { scalar in
                let value = scalar.value
                let printable =
                    (0x20...0x7E).contains(value) || (0xA0...0xD7FF).contains(value)
                    || (0xE000...0xFFFD).contains(value) || value >= 0x10000
                return !printable || [0x2028, 0x2029, 0xFEFF].contains(value)
            }
        }
        // The comment names it quoted: one line of printable text whatever the name holds (a
        // line break would end the comment, a control character is not YAML).
        var text =
            "# Outcomes of \(quoted(implementation)) the gate expects, by scenario id (authspec run --baseline).\n"
        text += "implementation: \(quoted(implementation))\n"
        if let suite { text += "suite: \(quoted(suite))\n" }
        text += "expected:\n"
        if entries.isEmpty { return text.dropLast(1) + " []\n" }
        for entry in entries {
            text +=
                "  - id: \(quoted(entry.id))\n    outcome: \(quoted(entry.outcome))\n    reason: \(quoted(entry.reason))\n"
            if let divergence = entry.divergence {
                text += "    step: \(divergence.step)\n    input: \(quoted(divergence.input))\n"
                if !divergence.keys.isEmpty { text += "    keys: \(quoted(divergence.keys.joined(separator: ", ")))\n" }
                if let state = divergence.state { text += "    state: \(quoted(state))\n" }
            }
            if let link = entry.link { text += "    link: \(quoted(link))\n" }
            if let expires = entry.expires { text += "    expires: \(quoted(expires))\n" }
        }
        return text
    }
}
