/// The analytics events the unlock screen logs (SCR-AUTH-006 §11.1): each event's parameters,
/// with the values the spec fixes where it fixes them. `spec check` compares this with the
/// documents' analytics tables; a test holds the reference's own events to it.
package enum UnlockAnalytics {
    package struct Event: Sendable, Equatable {
        package var name: String
        /// Each parameter's name and, where the spec lists them, its only values.
        package var parameters: [(name: String, values: [String])]

        /// The catalogue's requirement for it: `biometric_to_pin` is REQ-EVT-BIO-TO-PIN, unless
        /// another model's catalogue names its own.
        package var requirement: String

        package init(_ name: String, _ parameters: [(name: String, values: [String])] = [], requirement: String? = nil)
        {
            self.name = name
            self.parameters = parameters
            self.requirement =
                requirement
                ?? "REQ-EVT-" + name.uppercased().replacing("BIOMETRIC", with: "BIO").replacing("_", with: "-")
        }

        package static func == (left: Event, right: Event) -> Bool {
            left.name == right.name && left.parameters.map(\.name) == right.parameters.map(\.name)
                && left.parameters.map(\.values) == right.parameters.map(\.values)
        }
    }

    package static let events: [Event] = [
        Event("screen_view", [("screen_name", ["biometric_unlock"])]),
        Event("biometric_attempt", [("type", ["face", "fingerprint"])]),
        Event("biometric_success", [("type", []), ("time_ms", [])]),
        Event("biometric_failure", [("type", []), ("attempt_number", [])]),
        Event("biometric_to_pin", [("reason", ["cancelled", "failed"])]),
        Event("pin_attempt"),
        Event("pin_success", [("time_ms", []), ("attempts_used", [])]),
        Event("pin_failure", [("attempt_number", [])]),
        Event("pin_blocked", [("duration_seconds", [])]),
        Event("unlock_success", [("method", ["biometric", "pin"])]),
    ]

    /// An event's parameters as `spec check` compares them: names in order of name, each with
    /// its values where fixed: `reason = cancelled | failed`; `time_ms, type`; `-` for none.
    package static func shown(_ parameters: [(name: String, values: [String])]) -> String {
        let parts = parameters.sorted { $0.name < $1.name }.map { parameter in
            parameter.values.isEmpty
                ? parameter.name : parameter.name + " = " + parameter.values.sorted().joined(separator: " | ")
        }
        return parts.isEmpty ? "-" : parts.joined(separator: "; ")
    }
}
