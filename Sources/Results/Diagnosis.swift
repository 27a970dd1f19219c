import SpecModel

/// What went wrong across one implementation's scenarios, put the way a person fixing it
/// wants it: failures grouped by the key that differs (one wrong rule fails many scenarios),
/// the fields the spec's values have that the observed ones never carry (a driver that leaves
/// out an event's `params` fails every scenario that expects an event), and the scenarios that
/// errored, were skipped or were refused, each with its reason.
package struct Diagnosis: Sendable, Equatable {
    /// A finding and the scenarios it was seen in, in suite order.
    package struct Finding: Sendable, Equatable {
        package var what: String
        package var scenarios: [String]

        package init(what: String, scenarios: [String]) {
            self.what = what
            self.scenarios = scenarios
        }
    }

    /// By differing key, the most scenarios first.
    package var failedKeys: [Finding] = []
    /// Paths such as `events[].params`: present in what a scenario expects, absent from every
    /// observed value compared with it.
    package var missingFields: [Finding] = []
    /// By message (the first line), the most scenarios first.
    package var errors: [Finding] = []
    package var skips: [Finding] = []
    /// Worlds and inputs the implementation declares and answered `unsupported` to, by message.
    package var refusals: [Finding] = []

    package init(_ records: some Sequence<ScenarioRecord>) {
        var keys = Grouping()
        var fields = Grouping()
        var errors = Grouping()
        var skips = Grouping()
        var refusals = Grouping()
        for record in records {
            switch record.outcome {
            case .failed:
                for step in record.steps where step.outcome == .failed {
                    for difference in step.differences {
                        keys.add(difference.key, record.id)
                        guard let observed = difference.observed else { continue }
                        for path in Self.missing(in: observed, from: difference.expected, at: difference.key) {
                            fields.add(path, record.id)
                        }
                    }
                }
            case .errored:
                errors.add(Self.firstLine(record.firstProblem?.message ?? record.message ?? "errored"), record.id)
            case .skipped:
                skips.add(Self.firstLine(record.message ?? record.firstProblem?.message ?? "skipped"), record.id)
            case .refused:
                refusals.add(Self.firstLine(record.firstProblem?.message ?? record.message ?? "refused"), record.id)
            case .passed, .partlyChecked, .notChecked:
                break
            }
        }
        failedKeys = keys.findings
        missingFields = fields.findings
        self.errors = errors.findings
        self.skips = skips.findings
        self.refusals = refusals.findings
    }

    /// Fields `expected` has that `observed` lacks: a map's keys, and for lists of maps the keys
    /// some expected item has and no observed item does (`events[].params`).
    package static func missing(in observed: Value, from expected: Value, at path: String) -> [String] {
        switch (expected, observed) {
        case (.map(let want), .map(let have)):
            return want.keys.sorted().flatMap { key -> [String] in
                guard let value = have[key] else { return [path + "." + key] }
                return missing(in: value, from: want[key]!, at: path + "." + key)
            }
        case (.list(let want), .list(let have)):
            let wanted = Set(want.flatMap { $0.mapKeys })
            let haveMaps = have.filter { if case .map = $0 { return true } else { return false } }
            guard !haveMaps.isEmpty else { return [] }
            let had = Set(haveMaps.flatMap { $0.mapKeys })
            return wanted.subtracting(had).sorted().map { path + "[]." + $0 }
        default:
            return []
        }
    }

    package static func firstLine(_ text: String) -> String { String(text.split(separator: "\n").first ?? "") }

    /// Findings in the order first met, then by how many scenarios each was seen in.
    struct Grouping {
        var order: [String] = []
        var scenarios: [String: [String]] = [:]

        mutating func add(_ what: String, _ scenario: String) {
            if scenarios[what] == nil { order.append(what) }
            if scenarios[what]?.last != scenario { scenarios[what, default: []].append(scenario) }
        }

        var findings: [Finding] {
            let found = order.enumerated().map {
                (offset: $0.offset, finding: Finding(what: $0.element, scenarios: scenarios[$0.element]!))
            }
            return found.sorted { ($1.finding.scenarios.count, $0.offset) < ($0.finding.scenarios.count, $1.offset) }
                .map(\.finding)
        }
    }
}

extension Value {
    fileprivate var mapKeys: [String] {
        if case .map(let fields) = self { return Array(fields.keys) }
        return []
    }
}
