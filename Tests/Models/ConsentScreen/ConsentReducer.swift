import SpecModel

/// The consent screen's reading as a reducer: an answer is taken only while asking, and a
/// withdrawal only once answered.
package struct ConsentReducer: ReducerModel {
    package enum Answer: String, Hashable, Sendable {
        case asking = "Asking"
        case accepted = "Accepted"
        case declined = "Declined"
    }

    package enum Event: Equatable { case accepted, declined, withdrawn }

    package enum Output: Equatable { case entered(Answer) }

    package init() {}

    package var declaration: ModelDeclaration { ConsentModel.declaration }

    package func start(given: [String: Value]) -> (state: Answer, clockOrigin: Int) { (.asking, 0) }

    package static func event(for input: Input) throws(ImplementationError) -> Event {
        switch input.name {
        case "accept": return .accepted
        case "decline": return .declined
        case "withdraw": return .withdrawn
        default: throw .unsupported("input '\(input)'")
        }
    }

    package func reduce(_ state: Answer, _ event: Event, now: Int) -> (Answer, [Output]) {
        switch (state, event) {
        case (.asking, .accepted): return (.accepted, [.entered(.accepted)])
        case (.asking, .declined): return (.declined, [.entered(.declined)])
        case (.accepted, .withdrawn), (.declined, .withdrawn): return (.asking, [.entered(.asking)])
        default: return (state, [])
        }
    }

    package func observe(_ state: Answer, outputs: [Output], now: Int) -> Observations {
        ["state": .string(state.rawValue)]
    }

    package func place(of state: Answer) -> String { state.rawValue }
}
