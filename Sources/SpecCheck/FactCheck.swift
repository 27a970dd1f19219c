import SpecModel

extension SpecChecker {
    /// Whether a fact belongs to a document: by its identifier, else by its file name's start.
    package static func belongs(_ fact: DocumentFact, to document: SpecDocument) -> Bool {
        if let identifier = document.identifier { return identifier == fact.document }
        let name = document.file.split(separator: "/").last.map(String.init) ?? document.file
        return name.hasPrefix(fact.document + "_") || name == fact.document
    }

    /// The model's facts of a document: how many it still writes, and a finding for each it
    /// no longer does, at the line most like the quote (where the edit most likely is).
    func factFindings(in document: SpecDocument) -> (found: Int, of: Int, gone: [SpecFinding]) {
        let mine = facts.filter { Self.belongs($0, to: document) }
        let lines = document.lines.map(Self.spaced)
        var gone: [SpecFinding] = []
        for fact in mine {
            let quote = Self.spaced(fact.quote)
            if lines.contains(where: { $0.contains(quote) }) { continue }
            let line = Self.likeliestLine(for: quote, in: lines)
            let resting = fact.requirements.flatMap { scenariosByRequirement[$0] ?? [] }
            var details = ["the model's rule: \(fact.rule)"]
            if let line {
                details.append("the line now reads: \(document.lines[line - 1].trimmingCharacters(in: .whitespaces))")
            }
            if !fact.requirements.isEmpty {
                details.append(
                    "resting on it: \(fact.requirements.joined(separator: ", "))"
                        + (resting.isEmpty ? "" : "; scenarios \(Array(Set(resting)).sorted().joined(separator: ", "))")
                )
            }
            if let reading = fact.reading {
                gone.append(
                    SpecFinding(
                        kind: .readingFactGone, file: document.file, line: line,
                        message:
                            "the \(fact.kind.rawValue) \"\(fact.quote)\", which \(reading) reads otherwise, is no longer written",
                        details: details))
            } else {
                gone.append(
                    SpecFinding(
                        kind: .factChanged, file: document.file, line: line,
                        message:
                            "the model follows the \(fact.kind.rawValue) \"\(fact.quote)\", which the document no longer writes",
                        details: details))
            }
        }
        return (mine.count - gone.count, mine.count, gone)
    }

    /// Runs of white space as one space: a re-wrapped table cell is not an edit.
    package static func spaced(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The 1-based line sharing the most of the quote's character pairs, if any shares half.
    static func likeliestLine(for quote: String, in lines: [String]) -> Int? {
        func pairs(_ text: String) -> [String: Int] {
            let characters = Array(text.lowercased())
            var counts: [String: Int] = [:]
            for index in characters.indices.dropLast() {
                counts[String(characters[index...index + 1]), default: 0] += 1
            }
            return counts
        }
        let wanted = pairs(quote)
        let total = wanted.values.reduce(0, +)
        guard total > 0 else { return nil }
        var best: (line: Int, shared: Int)?
        for (index, line) in lines.enumerated() {
            let have = pairs(line)
            let shared = wanted.reduce(0) { $0 + min($1.value, have[$1.key] ?? 0) }
            if shared > (best?.shared ?? 0) { best = (index + 1, shared) }
        }
        guard let best, best.shared * 2 >= total else { return nil }
        return best.line
    }
}
