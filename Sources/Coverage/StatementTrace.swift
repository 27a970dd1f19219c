import Results
import ScenarioModel

/// Where one statement stands on one implementation's run.
package enum StatementStanding: String, Sendable, CaseIterable {
    /// Claimed verified, and every requirement it rests on was verified in the run.
    case verified
    /// Claimed verified, but a requirement it rests on was not verified in the run.
    case claimNotMet = "claimed, not verified"
    /// The reference models it; no requirement carries it.
    case modelled = "modelled, not verified"
    case notObservable = "not observable"
    /// Another document is followed instead; the reading that decides was verified.
    case contradicted = "contradicted (reading verified)"
    /// Another document is followed instead, and the reading was not verified in the run.
    case readingNotMet = "contradicted, reading not verified"
    case authFlow = "auth-flow model"
}

/// The statements of one document and where each stands.
package struct DocumentTrace: Sendable {
    package var document: String
    package var statements: [(statement: Statement, standing: StatementStanding)]

    package func count(_ standing: StatementStanding) -> Int { statements.filter { $0.standing == standing }.count }

    /// Statements about this screen's behaviour that the suite can check: all but the not
    /// observable ones and those of the auth-flow model.
    package var checkable: Int { statements.count - count(.notObservable) - count(.authFlow) }
}

package enum StatementTrace {
    /// Each document's statements, in the catalogue's order of documents, judged by the run's
    /// requirement assessments.
    package static func trace(_ statements: [Statement], records: some Collection<ScenarioRecord>) -> [DocumentTrace] {
        // Each requirement the statements rest on, assessed once.
        let cited = Array(Set(statements.flatMap(\.by)))
        let assessed = RequirementCoverage.assess(cited, in: records)
        let verifiedIDs = Set(zip(cited, assessed).filter { $0.1.status == .verified }.map(\.0))
        func verified(_ ids: [String]) -> Bool { ids.allSatisfy(verifiedIDs.contains) }
        var order: [String] = []
        var byDocument: [String: [(Statement, StatementStanding)]] = [:]
        for statement in statements {
            if byDocument[statement.document] == nil { order.append(statement.document) }
            let standing: StatementStanding
            switch statement.status {
            case .verified: standing = verified(statement.by) ? .verified : .claimNotMet
            case .contradicted: standing = verified(statement.by) ? .contradicted : .readingNotMet
            case .modelled: standing = .modelled
            case .notObservable: standing = .notObservable
            case .authFlow: standing = .authFlow
            }
            byDocument[statement.document, default: []].append((statement, standing))
        }
        return order.map { DocumentTrace(document: $0, statements: byDocument[$0] ?? []) }
    }
}
