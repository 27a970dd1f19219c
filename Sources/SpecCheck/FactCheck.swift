import Foundation
import SpecModel

extension SpecChecker {
    /// Whether a fact belongs to a document: by its identifier, else by its file name's start.
    package static func belongs(_ fact: DocumentFact, to document: SpecDocument) -> Bool {
        belongs(fact.document, to: document)
    }

    /// Whether a document is the one named `id` (an identifier, or a file name's start).
    package static func belongs(_ id: String, to document: SpecDocument) -> Bool {
        if let identifier = document.identifier { return identifier == id }
        let name = document.file.split(separator: "/").last.map(String.init) ?? document.file
        return name.hasPrefix(id + "_") || name == id
    }

    /// The model's facts of a document: how many it still writes, a finding for each it no
    /// longer does, at the line most like the quote (where the edit most likely is), and a note
    /// for each written one the model does not follow (a reading decides it).
    package func factFindings(in document: SpecDocument) -> (found: Int, of: Int, findings: [SpecFinding]) {
        let mine = facts.filter { Self.belongs($0, to: document) }
        let lines = document.lines.map(Self.spaced)
        let quotes = mine.map { Self.quoteLines($0.quote) }
        let writtenAt = quotes.map { Self.linesWriting($0, in: lines, first: true).first }
        // Where a fact is still written, a near copy of a gone quote is that fact, not the edit.
        var writtenOn: [Int: [String]] = [:]
        for (parts, line) in zip(quotes, writtenAt) {
            if let line { writtenOn[line, default: []].append(parts[parts.count - 1]) }
        }
        var gone: [SpecFinding] = []
        for (fact, (parts, at)) in zip(mine, zip(quotes, writtenAt)) {
            if let index = at {
                // A fact the model does not follow is a disagreement between the documents,
                // shown at its line with the reading that decides it.
                if let reading = fact.reading {
                    var recorded = SpecFinding(
                        kind: .recorded, file: document.file, line: index + 1,
                        message:
                            "the model does not follow the \(fact.kind.rawValue) \"\(fact.quoteOnOneLine)\" (\(reading))",
                        details: ["the model's rule: \(fact.rule)"])
                    recorded.reading = reading
                    gone.append(recorded)
                }
                continue
            }
            let line = Self.likeliestEdit(of: parts, in: lines) { quote, index, line in
                (writtenOn[index] ?? []).filter { !quote.contains($0) }.reduce(line) { Self.masking($1, in: $0) }
            }
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
                            "the \(fact.kind.rawValue) \"\(fact.quoteOnOneLine)\", which \(reading) reads otherwise, is no longer written",
                        details: details))
            } else {
                gone.append(
                    SpecFinding(
                        kind: .factChanged, file: document.file, line: line,
                        message:
                            "the model follows the \(fact.kind.rawValue) \"\(fact.quoteOnOneLine)\", which the document no longer writes",
                        details: details))
            }
        }
        let missing = gone.filter { $0.kind != .recorded }.count
        return (mine.count - missing, mine.count, gone)
    }

    /// The model's facts of a document, each with the line that writes it (nil where none does),
    /// in the model's order: what `spec check --list-facts` prints.
    package func listedFacts(in document: SpecDocument) -> [(fact: DocumentFact, line: Int?)] {
        let lines = document.lines.map(Self.spaced)
        return facts.filter { Self.belongs($0, to: document) }.map { fact in
            (fact, Self.linesWriting(Self.quoteLines(fact.quote), in: lines, first: true).first.map { $0 + 1 })
        }
    }

    /// A quote's lines, each spaced. A fact the document writes over consecutive lines (a table
    /// row, whose cells it puts one per line, such as §7.3's announcement and its priority) is
    /// quoted with a line break between them: the first cells place it, the last is the value.
    package static func quoteLines(_ quote: String) -> [String] {
        quote.split(separator: "\n", omittingEmptySubsequences: false).map { spaced(String($0)) }
    }

    /// The 0-based lines that write a quote's lines (spaced), each on the next line: for each
    /// place, the line of its last part. `first`: stop at the first place.
    package static func linesWriting(_ parts: [String], in lines: [String], first: Bool = false) -> [Int] {
        guard !parts.isEmpty, lines.count >= parts.count else { return [] }
        var found: [Int] = []
        for start in 0...(lines.count - parts.count) {
            var part = 0
            while part < parts.count, writes(parts[part], in: lines[start + part]) { part += 1 }
            guard part == parts.count else { continue }
            found.append(start + parts.count - 1)
            if first { break }
        }
        return found
    }

    /// The 1-based line a gone quote was most likely edited at. For a quote over several lines,
    /// a run of lines that writes every part but one is that one's line (the run that keeps
    /// most of its first parts, which place it); else, and for one line, the line nearest the
    /// quote (`likeliestLine`), masked as `masked` says for the part looked for.
    static func likeliestEdit(
        of parts: [String], in lines: [String], masked: (String, Int, String) -> String
    ) -> Int? {
        if parts.count > 1, lines.count >= parts.count {
            // Runs missing one part, the latest first; of those, the line nearest the part.
            var runs: [Int: [Int]] = [:]
            for start in 0...(lines.count - parts.count) {
                let missing = parts.indices.filter { !writes(parts[$0], in: lines[start + $0]) }
                if missing.count == 1 { runs[missing[0], default: []].append(start + missing[0]) }
            }
            if let part = runs.keys.max(), let candidates = runs[part] {
                return likeliestLine(for: parts[part], in: lines, among: candidates) { masked(parts[part], $0, $1) }
                    ?? candidates[0] + 1
            }
        }
        let longest = parts.max { $0.count < $1.count } ?? ""
        return likeliestLine(for: longest, in: lines) { masked(longest, $0, $1) }
    }

    /// Runs of white space as one space, in Unicode's composed form (NFC): a re-wrapped table
    /// cell is not an edit, and an accent written as a letter and a combining mark is the
    /// accented letter.
    package static func spaced(_ text: String) -> String {
        // By scalar: an ASCII one is looked at directly, only others ask Unicode's properties.
        var scalars = String.UnicodeScalarView()
        var pendingSpace = false
        var ascii = true
        for scalar in text.unicodeScalars {
            let isSpace =
                scalar.value < 0x80
                ? scalar == " " || (scalar.value >= 0x09 && scalar.value <= 0x0D) : scalar.properties.isWhitespace
            if isSpace {
                pendingSpace = !scalars.isEmpty
                continue
            }
            if pendingSpace {
                scalars.append(" ")
                pendingSpace = false
            }
            if scalar.value >= 0x80 { ascii = false }
            scalars.append(scalar)
        }
        let spaced = String(scalars)
        return ascii ? spaced : spaced.precomposedStringWithCanonicalMapping
    }

    /// Whether a line (spaced) writes a quote (spaced) as whole words: `CHECK --> LOGIN` is not
    /// written by `PIN_CHECK --> LOGIN`. Both in NFC, the same text is the same bytes: they are
    /// searched as UTF-8 (a document is checked against every fact, and this is most of the
    /// time), and a match counts only from one Character boundary to another.
    package static func writes(_ quote: String, in line: String) -> Bool {
        guard !quote.isEmpty else { return false }
        var quote = quote
        var line = line
        let starts: [Int] = quote.withUTF8 { needle in
            line.withUTF8 { haystack in
                var found: [Int] = []
                var offset = 0
                // The first byte by memchr, the rest by memcmp: the C library's loops, not ours.
                while offset + needle.count <= haystack.count,
                    let at = memchr(
                        haystack.baseAddress! + offset, Int32(needle[0]), haystack.count - needle.count + 1 - offset)
                {
                    let start = UnsafeRawPointer(at) - UnsafeRawPointer(haystack.baseAddress!)
                    if memcmp(at, needle.baseAddress!, needle.count) == 0 { found.append(start) }
                    offset = start + 1
                }
                return found
            }
        }
        guard !starts.isEmpty else { return false }
        func isWordCharacter(_ character: Character?) -> Bool {
            guard let character else { return false }
            return character.isLetter || character.isNumber || character == "_"
        }
        let utf8 = line.utf8
        for start in starts {
            let lower = utf8.index(utf8.startIndex, offsetBy: start)
            let upper = utf8.index(lower, offsetBy: quote.utf8.count)
            guard lower.samePosition(in: line) != nil, upper.samePosition(in: line) != nil else { continue }
            let before = lower == line.startIndex ? nil : line[line.index(before: lower)]
            let after = upper == line.endIndex ? nil : line[upper]
            let opensWord = !(isWordCharacter(quote.first) && isWordCharacter(before))
            let closesWord = !(isWordCharacter(quote.last) && isWordCharacter(after))
            if opensWord && closesWord { return true }
        }
        return false
    }

    /// The line with each place it writes the quote blanked out (a character no quote holds).
    static func masking(_ quote: String, in line: String) -> String {
        guard !quote.isEmpty, writes(quote, in: line) else { return line }
        return line.replacingOccurrences(of: quote, with: String(repeating: "\u{0}", count: quote.count))
    }

    /// The 1-based line holding the closest copy of the quote, if one keeps a third of it: the
    /// line the edit most likely is. Closest counts the characters inserted, deleted or changed
    /// to write the quote somewhere in the line, less half of the quote's start found there (an
    /// edit keeps an arrow's source and a row's first cell, and sibling lines share the rest).
    /// `candidates`: only those 0-based lines are looked at. `masked` gives a line with what
    /// must not count blanked out; it can only make a line
    /// farther, so lines are masked nearest first, until none can win.
    static func likeliestLine(
        for quote: String, in lines: [String], among candidates: [Int]? = nil,
        masked: (Int, String) -> String = { $1 }
    ) -> Int? {
        let wanted = Array(quote.lowercased())
        guard !wanted.isEmpty else { return nil }
        let limit = wanted.count * 2 / 3
        func score(_ line: String) -> Int? {
            let written = Array(line.lowercased())
            let distance = substringDistance(wanted, written)
            guard distance <= limit else { return nil }
            return distance * 2 - longestStart(of: wanted, in: written)
        }
        var nearest: [(index: Int, score: Int)] = []
        for index in candidates ?? Array(lines.indices) {
            if let score = score(lines[index]) { nearest.append((index, score)) }
        }
        nearest.sort { $0.score < $1.score || ($0.score == $1.score && $0.index < $1.index) }
        var best: (line: Int, score: Int)?
        for (index, unmasked) in nearest {
            if let best, unmasked >= best.score { break }
            let line = masked(index, lines[index])
            guard let score = line == lines[index] ? unmasked : score(line) else { continue }
            if score < (best?.score ?? Int.max) { best = (index + 1, score) }
        }
        return best?.line
    }

    /// The length of the longest start of `quote` written anywhere in `text`.
    static func longestStart(of quote: [Character], in text: [Character]) -> Int {
        var longest = 0
        for start in text.indices where text[start] == quote.first {
            var length = 0
            while length < quote.count, start + length < text.count, text[start + length] == quote[length] {
                length += 1
            }
            longest = max(longest, length)
        }
        return longest
    }

    /// The edit distance from `quote` to the substring of `text` nearest it (a copy may start
    /// and end anywhere in the text at no cost).
    static func substringDistance(_ quote: [Character], _ text: [Character]) -> Int {
        // Index loops: every line of a document is measured against a gone quote.
        var previous = [Int](repeating: 0, count: text.count + 1)
        var current = previous
        var row = 0
        while row < quote.count {
            let wanted = quote[row]
            current[0] = row + 1
            var column = 0
            while column < text.count {
                let change = previous[column] + (wanted == text[column] ? 0 : 1)
                current[column + 1] = min(change, previous[column + 1] + 1, current[column] + 1)
                column += 1
            }
            swap(&previous, &current)
            row += 1
        }
        return previous.min() ?? quote.count
    }
}
