import Coverage
import ScenarioModel

/// The statement trace as text and as Markdown, for auditors: per document how many of the
/// statements the suite can check are verified by a killed falsifier, how many are not
/// demonstrated or only claimed, how many follow another document; then every statement with
/// its requirements, its witness (scenario, step, key), its falsifier and its standing.
package enum TraceReport {
    /// The counts' columns, in order.
    static let columns: [(title: String, standings: [StatementStanding])] = [
        ("verified by a killed falsifier", [.verified]),
        ("partly demonstrated", [.partlyDemonstrated]),
        ("killed away from its trigger", [.awayFromTrigger]),
        ("a reference choice", [.referenceChoice]),
        ("partly checked", [.partlyChecked]),
        ("not demonstrated", [.notDemonstrated]),
        ("claimed", [.claimed]),
        ("requirements not verified", [.claimNotMet]),
        followed,
        ("modelled, not verified", [.modelled]),
        ("not observable", [.notObservable]),
        ("not normative", [.notNormative]),
        ("another model's", [.authFlow]),
    ]

    /// Shown apart, and never counted among the statements the suite checks.
    static let followed: (title: String, standings: [StatementStanding]) = (
        "followed another document", StatementStanding.followingOther
    )

    /// Rounded down, so a figure never overstates.
    static func percent(_ part: Int, of whole: Int) -> String {
        whole == 0 ? "-" : "\(part * 1000 / whole / 10).\(part * 1000 / whole % 10)%"
    }

    /// The document's id and, where the catalogue gives one, its title.
    static func name(_ trace: DocumentTrace) -> String {
        trace.title.map { "\(trace.document) \"\($0)\"" } ?? trace.document
    }

    /// `SCR-AUTH-006: 183 statements; 100 of 127 the suite can check verified by a killed
    /// falsifier (78.7%); 20 not demonstrated; ...`. The statements that follow another document
    /// are counted apart, never among the verified.
    package static func summary(_ trace: DocumentTrace) -> String {
        let verified = trace.count(.verified)
        let checkable = trace.checkable - followed.standings.reduce(0) { $0 + trace.count($1) }
        var line =
            "\(name(trace)): \(trace.statements.count) statements; \(verified) of \(checkable) the suite can check verified by a killed falsifier (\(percent(verified, of: checkable)))"
        for column in columns.dropFirst() {
            let count = column.standings.reduce(0) { $0 + trace.count($1) }
            guard count > 0 else { continue }
            line += "; \(count) \(column.title)"
            if column.title == followed.title {
                line += " (\(trace.count(.followedOther)) of them pinned by a killed falsifier)"
            }
        }
        if trace.facts.compared > 0 { line += "; \(trace.facts.compared) facts spec check compares" }
        return line
    }

    package static func text(_ traces: [DocumentTrace], implementation: String)
        -> String
    {
        var lines = ["Statements traced on \(implementation):"]
        lines += traces.map { "  " + summary($0) }
        for trace in traces {
            let gaps = trace.statements.filter(\.standing.isGap)
            if gaps.isEmpty { continue }
            lines.append("\n\(name(trace)), not verified:")
            for traced in gaps {
                lines.append(
                    "  \(traced.statement.location): \(traced.standing.failsTheTrace ? "error" : "warning"): "
                        + "\(traced.statement.id) (\(traced.statement.clause)): " + why(traced))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The trace's last line: whether it passes, and on what. It fails only where a statement's
    /// own falsifier survived or what it rests on failed (`failsTheTrace`); the other gaps are
    /// warnings.
    package static func verdict(_ traces: [DocumentTrace]) -> String {
        let gaps = traces.flatMap(\.statements).filter(\.standing.isGap)
        let failing = gaps.filter(\.standing.failsTheTrace).count
        let warnings = gaps.count - failing
        let warned =
            warnings == 0
            ? ""
            : "; \(warnings) warning\(warnings == 1 ? "" : "s") (claimed, partly demonstrated or checked, killed away from its trigger, or a reading recorded but not pinned)"
        guard failing == 0 else {
            return
                "FAIL: \(failing) statement\(failing == 1 ? "" : "s") not shown (every falsifier it names survived, or what it rests on failed)"
                + warned
        }
        let verified = traces.flatMap(\.statements).filter { $0.standing == .verified }.count
        return "PASS: \(verified) statements verified by a killed falsifier, none failing" + warned
    }

    /// What a statement's standing rests on, in words.
    static func why(_ traced: TracedStatement) -> String {
        let rests = traced.statement.by.isEmpty ? "" : " (rests on \(traced.statement.by.joined(separator: ", ")))"
        let witness = traced.witness.map { "\($0.scenario) step \($0.step) on \($0.key)" } ?? ""
        switch traced.standing {
        case .verified:
            return "verified: \(traced.falsifier ?? "") killed by \(witness)"
        case .partlyDemonstrated, .readingPartlyDemonstrated:
            return "\(traced.standing.rawValue): \(traced.falsifier ?? "") killed by \(witness); no scenario covering "
                + "its requirements kills " + traced.survivors.joined(separator: ", ")
        case .awayFromTrigger, .readingAwayFromTrigger:
            return "\(traced.standing.rawValue): " + awayFromTrigger(traced)
        case .referenceChoice:
            return
                "\(traced.standing.rawValue) \(traced.statement.choice ?? ""): \(traced.falsifier ?? "") killed by \(witness)"
        case .partlyChecked:
            return "\(traced.standing.rawValue): \(traced.falsifier ?? "") killed by \(witness); not observable: "
                + (traced.statement.unobserved ?? "")
        case .notDemonstrated, .readingNotDemonstrated:
            return "\(traced.standing.rawValue): no scenario covering its requirements kills "
                + traced.survivors.joined(separator: ", ")
        case .readingClaimed:
            return "\(traced.standing.rawValue): "
                + (traced.unpinned ?? "it names no mutant that follows its own document") + rests
        case .claimed:
            let offered =
                traced.candidates.isEmpty
                ? ""
                : "; mutants citing its clause: " + traced.candidates.prefix(4).joined(separator: ", ")
                    + (traced.candidates.count > 4 ? ", ..." : "")
            return "claimed: it names no falsifier" + rests + offered
        default: return traced.standing.rawValue + (traced.statement.reason.map { ": \($0)" } ?? rests)
        }
    }

    /// Where the primary falsifier parted from the reference, beside where the statement says it
    /// should: `x first parts at s step 3 after 'tap' in PINInput on state; the trigger is ...`.
    static func awayFromTrigger(_ traced: TracedStatement) -> String {
        let statement = traced.statement
        let expected =
            "its trigger is '\(statement.trigger.map(String.init(describing:)) ?? "")'"
            + (statement.keys.isEmpty ? "" : " on \(statement.keys.joined(separator: ", "))")
        guard let witness = traced.witness, let onset = witness.onset else {
            return "\(traced.falsifier ?? "") killed by no scenario where its onset is known; " + expected
        }
        return "\(traced.falsifier ?? "") first parts from the reference in \(witness.scenario) step \(onset.step) "
            + "after '\(onset.input)' in \(onset.state) on \(onset.keys.joined(separator: ", "))"
            + (onset.step == witness.step ? "" : ", caught at step \(witness.step)") + "; " + expected
    }

    /// The trace as files that each fit a pull request's comment: the index (what the terms
    /// mean and each document's counts, its name a link to its part) and a part per document,
    /// named `STEM-DOCUMENT.md` beside the index.
    /// The file of one document's part of a trace written as `stem`.md.
    package static func partFile(_ document: String, stem: String) -> String {
        "\(stem)-\(document.filter { $0.isLetter || $0.isNumber || $0 == "-" }).md"
    }

    package static func markdownFiles(_ traces: [DocumentTrace], implementation: String, stem: String) -> (
        index: String, parts: [(file: String, text: String)]
    ) {
        let parts = traces.map { trace in
            (
                file: partFile(trace.document, stem: stem),
                text:
                    "# Statement trace: \(Escape.markdown(name(trace)))\n\nPart of [the statement trace](\(stem).md), "
                    + "which says what each standing means.\n" + section(trace)
            )
        }
        let links = Dictionary(uniqueKeysWithValues: zip(traces.map(\.document), parts.map(\.file)))
        return (markdown(traces, implementation: implementation, links: links), parts)
    }

    /// The whole trace in one document; with `links`, the index alone, each document's name a
    /// link to its part.
    package static func markdown(
        _ traces: [DocumentTrace], implementation: String, links: [String: String] = [:]
    ) -> String {
        // The verdict first, as the command's last line says it: the page agrees with the exit code.
        var text = "# Statement trace\n\n**\(Escape.markdown(verdict(traces)))**\n\n"
        text += "Every normative statement of the spec documents in the statement catalogues, "
        text += "judged on \(Escape.markdown(implementation))'s run of the suites. "
        text +=
            "A statement is **verified** only when every one of its *falsifiers* (mutants of the model's reference "
            + "that break it, named in the catalogue, its primary one first; `authspec mutate --list` lists them) "
            + "was killed by a scenario that covers one of its requirements and passed, the primary one at the "
            + "statement's *trigger*: the scenario caught it at the step where it first parts from the reference "
            + "(every key compared), after the input and in the state the catalogue names, on one of the keys it "
            + "names. That kill is the *witness* (scenario, step, key). *Partly demonstrated*: some of its "
            + "falsifiers survived. *Killed away from its trigger*: its primary falsifier was killed only where it "
            + "parts from the reference elsewhere (a neighbour of the sentence). *A reference choice*: verified, "
            + "but on a number or a text the document does not give, which the reading named picks. *Partly "
            + "checked*: verified as far as the observations reach; the rest of it, said, no observation shows. "
            + "*Not demonstrated*: "
            + "no such scenario kills any of its falsifiers. *Claimed*: it names no falsifier, so only the catalogue "
            + "says it holds. *Requirements not verified*: a requirement it rests on was not verified in the run. "
            + "*Followed another document*: the documents disagree and the model follows the other one (the reading "
            + "named); counted apart, never as verified. *Not normative*: metadata, prose, an example or a "
            + "permissive 'may': nothing to check. *Not observable*: outside what the driver protocol "
            + "carries. Percentages are rounded down.\n\n"
        text += "| document | statements | " + columns.map(\.title).joined(separator: " | ") + " |\n"
        text += "| --- | ---: | " + columns.map { _ in "---:" }.joined(separator: " | ") + " |\n"
        for trace in traces {
            let counts = columns.map { column in column.standings.reduce(0) { $0 + trace.count($1) } }
            let title = links[trace.document].map { "[\(Escape.markdown(name(trace)))](\($0))" }
            text +=
                "| \(title ?? Escape.markdown(name(trace))) | \(trace.statements.count) | "
                + counts.map(String.init).joined(separator: " | ") + " |\n"
        }
        guard links.isEmpty else { return text }
        for trace in traces {
            text += "\n## \(Escape.markdown(name(trace)))\n" + section(trace)
        }
        return text
    }

    /// One document's facts and its table of statements.
    static func section(_ trace: DocumentTrace) -> String {
        var text = "\n"
        if trace.facts.compared > 0 {
            text +=
                "`spec check` compares at their lines the \(trace.facts.compared) facts the models take from this "
                + "document (texts, numbers, arrows, table rows); \(trace.facts.decidedByReading) of them are "
                + "decided by a reading, where the documents disagree.\n\n"
        }
        text += "| statement | clause | what | requirements | witness | falsifier | standing |\n"
        text += "| --- | --- | --- | --- | --- | --- | --- |\n"
        for traced in trace.statements {
            let statement = traced.statement
            let witness = traced.witness.map { "\($0.scenario), step \($0.step), \($0.key)" } ?? ""
            let falsifier = traced.falsifier ?? traced.survivors.joined(separator: ", ")
            let standing =
                switch traced.standing {
                case .verified, .notDemonstrated: traced.standing.rawValue
                case .partlyDemonstrated, .readingPartlyDemonstrated:
                    traced.standing.rawValue + " (survived: \(traced.survivors.joined(separator: ", ")))"
                case .awayFromTrigger, .readingAwayFromTrigger:
                    traced.standing.rawValue + ": " + Self.awayFromTrigger(traced)
                case .readingClaimed: traced.standing.rawValue + (traced.unpinned.map { ": \($0)" } ?? "")
                case .referenceChoice: traced.standing.rawValue + " " + (statement.choice ?? "")
                case .partlyChecked: traced.standing.rawValue + "; not observable: " + (statement.unobserved ?? "")
                default: traced.standing.rawValue + (statement.reason.map { ": \($0)" } ?? "")
                }
            text +=
                "| \(Escape.markdown(statement.id)) | \(Escape.markdown(statement.clause)) | \(Escape.markdown(statement.text)) | "
                + "\(Escape.markdown(statement.by.joined(separator: ", "))) | \(Escape.markdown(witness)) | "
                + "\(Escape.markdown(falsifier)) | \(Escape.markdown(standing)) |\n"
        }
        return text
    }
}
