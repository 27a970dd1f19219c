import Results
import ScenarioModel

/// Where one statement stands: verified only on evidence, a falsifier (a mutant of the
/// reference that breaks it) killed by a scenario that covers one of its requirements.
package enum StatementStanding: String, Sendable, CaseIterable {
    /// Every falsifier it names was killed by a scenario covering one of its requirements, and
    /// every requirement it rests on was verified in the run.
    case verified = "verified by a killed falsifier"
    /// Its primary (first-named) falsifier was killed by a covering scenario, but never where it
    /// first parts from the reference at the statement's trigger: the kill shows a neighbour.
    case awayFromTrigger = "killed away from its trigger"
    /// Verified, but on a number or a text its reading picks where the document gives none:
    /// counted apart, as the reference's choice.
    case referenceChoice = "a reference choice, verified on its reading"
    /// Verified as far as the observations reach; the rest of it (its key half) no
    /// observation shows.
    case partlyChecked = "partly checked"
    /// Some of the falsifiers it names were killed so, others survived: a part of what it says
    /// is shown, and it is never counted as verified.
    case partlyDemonstrated = "partly demonstrated"
    /// It has falsifiers, and none was killed by a scenario covering one of its requirements:
    /// the suite does not show it can tell the statement broken.
    case notDemonstrated = "not demonstrated"
    /// It names no falsifier: the catalogue's claim is all there is.
    case claimed = "claimed (no falsifier)"
    /// A requirement it rests on was not verified in the run.
    case claimNotMet = "claimed, not verified"
    /// The reference models it; no requirement carries it.
    case modelled = "modelled, not verified"
    case notObservable = "not observable"
    case notNormative = "not normative"
    /// Another document is followed instead, and a falsifier of the reading (a mutant that
    /// follows this statement's document) was killed by a scenario covering the reading.
    case followedOther = "followed another document"
    /// Another document is followed instead; the falsifiers it names survived.
    case readingNotDemonstrated = "followed another document, reading not demonstrated"
    /// Another document is followed instead; some of the falsifiers it names survived.
    case readingPartlyDemonstrated = "followed another document, reading partly demonstrated"
    /// Another document is followed instead; its primary falsifier was killed only away from
    /// the statement's trigger.
    case readingAwayFromTrigger = "followed another document, reading killed away from its trigger"
    /// Another document is followed instead; it names no falsifier of the reading.
    case readingClaimed = "followed another document, reading claimed"
    /// Another document is followed instead, and the reading was not verified in the run.
    case readingNotMet = "contradicted, reading not verified"
    case authFlow = "auth-flow model"

    /// Claimed or not demonstrated: a gap an auditor must see.
    package var isGap: Bool {
        [
            .notDemonstrated, .partlyDemonstrated, .awayFromTrigger, .partlyChecked, .claimed, .claimNotMet,
            .readingNotMet, .readingNotDemonstrated, .readingPartlyDemonstrated, .readingAwayFromTrigger,
            .readingClaimed,
        ].contains(self)
    }

    /// A gap `trace` fails on: a falsifier the statement names survived every scenario that
    /// covers it, or a requirement it (or the reading it gives way to) rests on failed in the
    /// run. The other gaps (a claim naming no falsifier, a statement partly demonstrated, a
    /// reading recorded but not pinned) are warnings: said and counted, not a failure of the trace.
    package var failsTheTrace: Bool { [.notDemonstrated, .claimNotMet, .readingNotMet].contains(self) }

    /// The standings of statements that follow another document: counted apart from the rest.
    package static let followingOther: [StatementStanding] = [
        .followedOther, .readingNotDemonstrated, .readingPartlyDemonstrated, .readingAwayFromTrigger, .readingClaimed,
        .readingNotMet,
    ]
}

/// One statement judged: its standing, and for a falsified one the falsifier and the kill that
/// witnesses it (or the falsifiers that survived every covering scenario).
package struct TracedStatement: Sendable {
    package var statement: Statement
    package var standing: StatementStanding
    package var falsifier: String?
    package var witness: Kill?
    /// The falsifiers it names that no covering scenario killed: all of them for a statement
    /// not demonstrated, some for one partly demonstrated.
    package var survivors: [String] = []
    /// For a claimed statement: mutants whose rule cites its clause or requirements, which may
    /// be named as its falsifiers once someone judges that they break it.
    package var candidates: [String] = []
    /// For a contradicted statement whose falsifier was killed: why that falsifier is not shown
    /// to follow the statement's own document.
    package var unpinned: String?
}

/// The statements of one document and where each stands.
package struct DocumentTrace: Sendable {
    package var document: String
    /// As the catalogue gives it.
    package var title: String?
    package var statements: [TracedStatement]
    /// The facts the models take from the document, which `spec check` compares at their lines,
    /// and how many of them a reading decides against (where the documents disagree).
    package var facts = (compared: 0, decidedByReading: 0)

    package func count(_ standing: StatementStanding) -> Int { statements.filter { $0.standing == standing }.count }

    /// Statements about the models' behaviour that the suite can check: all but the not
    /// observable and not normative ones and those another catalogue holds.
    package var checkable: Int {
        statements.count - count(.notObservable) - count(.notNormative) - count(.authFlow)
    }
}

package enum StatementTrace {
    /// Each document's statements, in the catalogue's order of documents, judged by the run's
    /// requirement assessments and, with `falsification`, by the falsifiers the suite killed.
    /// Without it nothing is verified: a statement whose requirements were verified is claimed.
    package static func trace(
        _ statements: [Statement], records: some Collection<ScenarioRecord>, falsification: Falsification? = nil
    ) -> [DocumentTrace] {
        // Each requirement the statements rest on, assessed once.
        let cited = Array(Set(statements.flatMap(\.by)))
        let assessed = RequirementCoverage.assess(cited, in: records)
        let verifiedIDs = Set(zip(cited, assessed).filter { $0.1.status == .verified }.map(\.0))
        // A witness counts on this run only where its scenario passed here.
        let passed = Set(records.lazy.filter { $0.outcome == .passed }.map(\.id))
        func verified(_ ids: [String]) -> Bool { ids.allSatisfy(verifiedIDs.contains) }
        var order: [String] = []
        var byDocument: [String: [TracedStatement]] = [:]
        for statement in statements {
            if byDocument[statement.document] == nil { order.append(statement.document) }
            var traced = TracedStatement(statement: statement, standing: .claimed)
            switch statement.status {
            case .verified:
                if !verified(statement.by) {
                    traced.standing = .claimNotMet
                } else if let falsification {
                    traced = judged(statement, by: falsification, passed: passed)
                    if traced.standing == .verified {
                        if statement.unobserved != nil {
                            traced.standing = .partlyChecked
                        } else if statement.choice != nil {
                            traced.standing = .referenceChoice
                        }
                    }
                }
            case .contradicted:
                if !verified(statement.by) {
                    traced.standing = .readingNotMet
                } else if let falsification {
                    // The reading is judged as a statement is, and kept apart from them.
                    traced = judged(statement, by: falsification, passed: passed)
                    traced.standing =
                        switch traced.standing {
                        case .verified: .followedOther
                        case .partlyDemonstrated: .readingPartlyDemonstrated
                        case .awayFromTrigger: .readingAwayFromTrigger
                        case .notDemonstrated: .readingNotDemonstrated
                        default: .readingClaimed
                        }
                    // A kill shows the falsifier differs from the reference, not that it follows
                    // the statement's document: a scenario in that document's terms must.
                    if traced.standing == .followedOther, let unpinned = unpinned(statement, by: falsification) {
                        traced.standing = .readingClaimed
                        traced.unpinned = unpinned
                    }
                } else {
                    traced.standing = .followedOther
                }
            case .modelled: traced.standing = .modelled
            case .notObservable: traced.standing = .notObservable
            case .notNormative: traced.standing = .notNormative
            case .authFlow: traced.standing = .authFlow
            }
            byDocument[statement.document, default: []].append(traced)
        }
        return order.map { document in
            let statements = byDocument[document] ?? []
            return DocumentTrace(
                document: document, title: statements.lazy.compactMap(\.statement.documentTitle).first,
                statements: statements)
        }
    }

    /// A statement whose requirements were verified, judged by the falsifiers it names, in the
    /// catalogue's order (its first is its primary one): verified when every one was killed by a
    /// scenario that covers one of its requirements, the witness the first one's kill; partly
    /// demonstrated when some survived; not demonstrated when all did. One that names none is
    /// claimed, with the mutants whose rule cites its clause or requirements as candidates: a
    /// mutant that merely shares a section breaks some statement there, not this one.
    static func judged(_ statement: Statement, by falsification: Falsification, passed: Set<String>)
        -> TracedStatement
    {
        let named = statement.falsifiers.compactMap { id in falsification.falsifiers.first { $0.id == id } }
        guard !named.isEmpty else {
            var claimed = TracedStatement(statement: statement, standing: .claimed)
            claimed.candidates = candidates(for: statement, among: falsification.falsifiers).map(\.id)
            return claimed
        }
        let kills = named.map { falsifier in
            falsifier.kills.filter { passed.contains($0.scenario) }
                .compactMap { witness($0, for: statement, in: falsification) }
        }
        let survivors = zip(named, kills).filter { $0.1.isEmpty }.map(\.0.id)
        guard let found = kills.firstIndex(where: { !$0.isEmpty }) else {
            return TracedStatement(statement: statement, standing: .notDemonstrated, survivors: survivors)
        }
        // The primary falsifier's witness is the kill at the statement's trigger; a kill elsewhere
        // shows a neighbour of what the sentence says, not the sentence.
        var shown = kills[found][0]
        var standing: StatementStanding = survivors.isEmpty ? .verified : .partlyDemonstrated
        if found == 0, statement.trigger != nil {
            if let atTrigger = kills[0].first(where: { isAtTrigger($0, of: statement) }) {
                shown = atTrigger
            } else {
                standing = .awayFromTrigger
            }
        }
        var traced = TracedStatement(
            statement: statement, standing: standing, falsifier: named[found].id, witness: shown)
        traced.survivors = survivors
        return traced
    }

    /// Why a contradicted statement's primary falsifier is not shown to follow the statement's
    /// own document, or nil when it is: a scenario it names in `pinned-by`, written in that
    /// document's terms, fails on the reference and passes on the falsifier.
    static func unpinned(_ statement: Statement, by falsification: Falsification) -> String? {
        guard let primary = statement.falsifiers.first else { return "it names no falsifier" }
        guard !statement.pinnedBy.isEmpty else {
            return "no scenario in its own document's terms (pinned-by) shows that \(primary) follows it"
        }
        var said: [String] = []
        for id in statement.pinnedBy {
            guard let terms = falsification.ownTerms[id] else {
                said.append("\(id) is not a scenario of \(StatementCatalogue.readingsFileName)")
                continue
            }
            if terms.referencePasses {
                said.append("the reference passes \(id), so it shows no difference")
            } else if !terms.passedBy.contains(primary) {
                said.append("\(primary) fails \(id), so it does not follow the document")
            } else {
                return nil
            }
        }
        return said.joined(separator: "; ")
    }

    /// Whether a kill is at the statement's trigger: the mutant first parted from the reference
    /// at the step that caught it, after the trigger's input in the trigger's state, on one of
    /// the statement's keys, and the scenario caught it on one of them.
    static func isAtTrigger(_ kill: Kill, of statement: Statement) -> Bool {
        guard let trigger = statement.trigger, let onset = kill.onset, onset.step == kill.step,
            onset.input == trigger.input, trigger.state == nil || onset.state == trigger.state
        else { return false }
        guard !statement.keys.isEmpty else { return true }
        return !Set(statement.keys).isDisjoint(with: onset.keys) && !Set(statement.keys).isDisjoint(with: kill.keys)
    }

    /// The kill as a witness for the statement: its scenario covers one of the statement's
    /// requirements, and differed on a key that requirement constrains (any key, where it
    /// declares none). The witness names that key.
    package static func witness(_ kill: Kill, for statement: Statement, in falsification: Falsification) -> Kill? {
        let covered = Set(falsification.covers[kill.scenario] ?? [])
        for requirement in statement.by where covered.contains(requirement) {
            guard let keys = falsification.keys[requirement] else { return kill }
            if kill.keys.contains(where: keys.contains) {
                var constrained = kill
                constrained.keys = kill.keys.filter(keys.contains)
                return constrained
            }
        }
        return nil
    }

    /// The mutants that might break a statement, offered where it names none: those whose rule
    /// is its clause (its document and section, or a subsection of it) or one of the
    /// requirements or readings it rests on.
    package static func candidates(for statement: Statement, among all: [Falsification.Falsifier])
        -> [Falsification.Falsifier]
    {
        let sections = Self.sections(in: statement.clause)
        let requirements = Set(statement.by)
        return all.filter { falsifier in
            // `UIF-AUTH-001 §2, §9.2`: a part without a document is the previous part's.
            var document = ""
            return falsifier.rule.split(whereSeparator: { $0 == ";" || $0 == "," }).contains { part in
                let words = part.split(separator: " ").map(String.init)
                if words.contains(where: requirements.contains) { return true }
                if let first = words.first, !first.hasPrefix("§") { document = first }
                guard document == statement.document else { return false }
                return Self.sections(in: String(part)).contains { rule in
                    sections.contains { rule == $0 || rule.hasPrefix($0 + ".") }
                }
            }
        }
    }

    /// The § sections a clause names (`§2.1-§2.3` names 2.1 and 2.3).
    static func sections(in clause: String) -> [String] {
        clause.matches(of: /§(\d+(?:\.\d+)*)/).map { String($0.output.1) }
    }
}
