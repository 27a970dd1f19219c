import SpecModel

/// A consent screen, for the tests only: it asks, the user accepts or declines, and may withdraw
/// either answer to be asked again. It is observed through its state alone (one key, `state`):
/// every reader of the states entered falls back to the state's moves.
package enum ConsentModel {
    package static let declaration = ModelDeclaration(
        name: "consent", initialState: "Asking",
        states: [
            StateDeclaration("Asking", .spec("CONSENT-1 §1"), "The screen asks for consent."),
            StateDeclaration("Accepted", .spec("CONSENT-1 §2"), "The user gave consent."),
            StateDeclaration("Declined", .spec("CONSENT-1 §2"), "The user refused consent."),
        ],
        inputs: [
            InputDeclaration("accept", "The user taps Accept."),
            InputDeclaration("decline", "The user taps Decline."),
            InputDeclaration("withdraw", "The user takes the answer back in the settings."),
        ],
        given: [],
        observations: [ObservationDeclaration("state", .state, .snapshot, "The state after the input.")],
        transitions: [
            TransitionDeclaration("Asking", "Accepted", "accept", on: ["accept"], "CONSENT-1 §3"),
            TransitionDeclaration("Asking", "Declined", "decline", on: ["decline"], "CONSENT-1 §3"),
            TransitionDeclaration("Accepted", "Asking", "withdraw", on: ["withdraw"], "CONSENT-1 §4"),
            TransitionDeclaration("Declined", "Asking", "withdraw", on: ["withdraw"], "CONSENT-1 §4"),
        ],
        diagramSource: "CONSENT-1 §3", exampleClause: "CONSENT-1 §3")
}
