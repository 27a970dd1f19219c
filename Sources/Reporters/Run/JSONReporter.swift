import Coverage
import Results
import SpecModel

/// The machine-readable results (docs/results.schema.json): the run's own data as
/// `ResultsCodec` writes it, with the sections derived from it (totals, each
/// implementation's verdict and totals, the matrix, coverage, requirement statuses) in a fixed
/// key order, so results diff cleanly and `merge` can rebuild them.
package struct JSONReporter {
    package let model: ModelDeclaration

    package init(model: ModelDeclaration) {
        self.model = model
    }

    package func document(_ run: RunRecord, coverage: [CoverageReport], gate: GateVerdict? = nil) -> JSON {
        .object(
            fields(run, coverage: coverage, gate: gate) + [("matrix", .object(Array(matrix(run))))]
                + [("scenarios", .array(run.allRecords.map(ResultsCodec.scenario)))]
                + [("records_digest", .string(ResultsCodec.RecordsDigest.of(run)))])
    }

    /// The same text as `document(...).rendered()`, written a scenario (and a matrix row) at a time.
    package func write<Failure: Error>(
        _ run: RunRecord, coverage: [CoverageReport], gate: GateVerdict? = nil,
        to emit: (String) throws(Failure) -> Void
    ) throws(Failure) {
        // The records' digest, taken as each scenario's entry is written, follows them.
        let digest = DigestBox(ResultsCodec.RecordsDigest(run))
        let scenarios = run.implementations.lazy.flatMap(\.records).map { record in
            let entry = ResultsCodec.scenario(record)
            digest.value.add(entry)
            return entry
        }
        try JSON.stream(
            fields(run, coverage: coverage, gate: gate), thenObject: ("matrix", matrix(run)), thenArray: "scenarios",
            scenarios, trailing: { [("records_digest", .string(digest.value.hex))] },
            to: emit)
    }

    /// The digest a lazy sequence adds to as it is read.
    private final class DigestBox {
        var value: ResultsCodec.RecordsDigest
        init(_ value: ResultsCodec.RecordsDigest) { self.value = value }
    }

    /// Each scenario's outcome on each implementation that ran it, in suite order, made as written.
    private func matrix(_ run: RunRecord) -> some Sequence<(String, JSON)> {
        let matrix = OutcomeMatrix(run)
        return matrix.ids.lazy.map { id in
            (
                id,
                JSON.object(
                    run.implementations.compactMap { implementation in
                        matrix.outcome(id, implementation.name).map { (implementation.name, .string($0.rawValue)) }
                    })
            )
        }
    }

    private func fields(_ run: RunRecord, coverage: [CoverageReport], gate: GateVerdict?) -> [(String, JSON)] {
        var fields = ResultsCodec.header(run)
        fields.append(("summary", summary(run.summary)))
        fields += ResultsCodec.interruption(run.interruption)
        if let gate {
            // The verdict as the terminal gives it, for a consumer that reads only this file.
            let words = TerminalReporter(model: model)
            fields.append(
                (
                    "gate",
                    .object([
                        ("passes", .bool(gate.passes)),
                        ("reasons", .array(gate.reasons.map { .string(words.reason($0)) })),
                    ])
                ))
        }
        if !coverage.isEmpty {
            fields.append(("coverage", .object(coverage.map { ($0.implementation, self.coverage($0)) })))
        }
        if !run.requirements.isEmpty {
            // One pass over each implementation's records for every requirement.
            let statuses = run.implementations.map {
                RequirementCoverage.assess(run.requirements.map(\.id), in: $0.records)
            }
            fields.append(
                (
                    "requirements",
                    .array(
                        run.requirements.indices.map { index in
                            let requirement = run.requirements[index]
                            let assessed = zip(run.implementations, statuses).map { ($0.0.name, $0.1[index]) }
                            var fields = ResultsCodec.requirement(requirement)
                            fields.append(("status", .object(assessed.map { ($0.0, .string($0.1.status.rawValue)) })))
                            let reasons = assessed.filter { $0.1.status == .notVerified }
                            if !reasons.isEmpty {
                                fields.append(
                                    ("why_not_verified", .object(reasons.map { ($0.0, .string($0.1.description)) })))
                            }
                            return .object(fields)
                        })
                ))
        }
        fields.append(("implementations", .array(run.implementations.map(implementation))))
        return fields
    }

    private func coverage(_ report: CoverageReport) -> JSON {
        .object([
            ("states", ratio(report.states)), ("transitions", ratio(report.transitions)),
            ("inputs_in_states", ratio(report.inputsInStates)),
            ("uncovered_states", .array(report.uncoveredStates.map(JSON.string))),
            ("uncovered_transitions", .array(report.uncoveredTransitions.map { .string("\($0.from) -> \($0.to)") })),
            (
                "transitions_not_in_model",
                .array(report.undeclaredTransitions.keys.sorted().map { .string("\($0.from) -> \($0.to)") })
            ),
        ])
    }

    private func ratio(_ ratio: CoverageReport.Ratio) -> JSON {
        .object([("covered", .number(ratio.covered)), ("total", .number(ratio.total))])
    }

    private func summary(_ summary: RunSummary) -> JSON {
        .object(
            summary.counts.map { ($0.outcome.rawValue.replacingOccurrences(of: " ", with: "_"), .number($0.count)) })
    }

    private func implementation(_ record: ImplementationRecord) -> JSON {
        var fields = ResultsCodec.implementation(record)
        fields.append(("verdict", .string(record.broken == nil ? "ran" : "broken")))
        if let broken = record.broken { fields.append(("message", .string(broken))) }
        fields.append(("summary", summary(record.summary)))
        return .object(fields)
    }
}
