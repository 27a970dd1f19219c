import SpecModel

/// Why a text cannot be checked as one of the documents a model reads: each a value, with its
/// words. A text that is not the document it is taken for would otherwise "agree" with the
/// model on nothing at all.
package enum UnidentifiedDocument: Error, Equatable, CustomStringConvertible {
    case empty(file: String)
    /// Neither an identifier line, nor a file name, nor half of any document's facts.
    case matchesNothing(file: String, model: String, known: [String])
    /// No identifier line or file name names it, though it writes `found` of the `of` facts
    /// the model takes from `likely`: it is checked as a document only when it says which.
    case unnamed(file: String, likely: String, found: Int, of: Int)
    /// An identifier line or file name names a document the model reads nothing of.
    case notRead(file: String, identifier: String, model: String, known: [String])
    /// Named as a document (`by`: its identifier line, its file name) that writes fewer than
    /// half the facts the model takes from that document.
    case tooFewFacts(file: String, identifier: String, by: String, found: Int, of: Int, missing: [String])

    package var description: String {
        switch self {
        case .empty(let file):
            return "\(file): error: the document is empty: nothing to check"
        case .matchesNothing(let file, let model, let known):
            return
                "\(file): error: not one of the documents the \(model) model reads (\(known.joined(separator: ", "))): "
                + "no Identificador line, file name or half of the facts it takes from one of them: nothing checked"
        case .unnamed(let file, let likely, let found, let of):
            return
                "\(file): error: no Identificador line and no file name of a document the model reads; it writes \(found) of the \(of) facts the model takes from \(likely): "
                + "add the line 'Identificador: \(likely)' to check it as \(likely): nothing checked"
        case .notRead(let file, let identifier, let model, let known):
            return
                "\(file): error: \(identifier) is not among the documents the \(model) model reads (\(known.joined(separator: ", "))): nothing checked"
        case .tooFewFacts(let file, let identifier, let by, let found, let of, let missing):
            // A fact that is itself a quotation keeps its own quotation marks.
            let shown = missing.prefix(3).map { $0.hasPrefix("\"") ? $0 : "\"\($0)\"" }.joined(separator: ", ")
            return
                "\(file): error: \(by) says \(identifier), but only \(found) of the \(of) facts the model takes from \(identifier) are written in it "
                + "(not found: \(shown)\(missing.count > 3 ? " and \(missing.count - 3) more" : "")); "
                + "fewer than half: not read as \(identifier), nothing checked"
        }
    }
}

extension SpecChecker {
    /// The documents the model reads: those its facts quote and those the mapping maps.
    var knownDocuments: [String] {
        var known: [String] = []
        for id in facts.map(\.document) where !known.contains(id) { known.append(id) }
        // A document with no identifier is mapped by its file name, which starts with its facts' name.
        for key in mapping.documents.keys.sorted()
        where !known.contains(where: { key == $0 || key.hasPrefix($0 + "_") }) {
            known.append(key)
        }
        return known
    }

    /// `document` as the document of the model's it is, its identifier set: named by its
    /// `Identificador:` line or its file name, and writing at least half the facts the model
    /// takes from that document (two signs, never one). Anything else is refused: an empty
    /// text, one named as a document it does not read as, one named as no document of the
    /// model's (said with the document whose facts it writes, if any), one that is none of them.
    package func identify(_ document: SpecDocument) -> Result<SpecDocument, UnidentifiedDocument> {
        guard document.lines.contains(where: { !$0.allSatisfy(\.isWhitespace) }) else {
            return .failure(.empty(file: document.file))
        }
        let known = knownDocuments
        let lines = document.lines.map(Self.spaced)
        func written(_ id: String) -> (found: Int, of: Int, missing: [String]) {
            let mine = facts.filter { $0.document == id }
            let missing = mine.filter { fact in
                Self.linesWriting(Self.quoteLines(fact.quote), in: lines, first: true).isEmpty
            }.map(\.quoteOnOneLine)
            return (mine.count - missing.count, mine.count, missing)
        }
        let name = document.file.split(separator: "/").last.map(String.init) ?? document.file
        let named: (id: String, by: String)? =
            document.identifier.map { ($0, "its Identificador line") }
            ?? known.first { name.hasPrefix($0 + "_") || name == $0 }.map { ($0, "its file name") }
        if let named, known.contains(named.id) {
            let facts = written(named.id)
            if facts.of > 0 && facts.found * 2 < facts.of {
                return .failure(
                    .tooFewFacts(
                        file: document.file, identifier: named.id, by: named.by, found: facts.found, of: facts.of,
                        missing: facts.missing))
            }
            var identified = document
            identified.identifier = named.id
            return .success(identified)
        }
        if let named {
            return .failure(.notRead(file: document.file, identifier: named.id, model: model.name, known: known))
        }
        // The document of which it writes the largest share of facts, half or more: named to the author.
        let shares = known.map { id in (id, written(id)) }.filter { $0.1.of > 0 && $0.1.found * 2 >= $0.1.of }
        if let likely = shares.max(by: { $0.1.found * $1.1.of < $1.1.found * $0.1.of }) {
            return .failure(.unnamed(file: document.file, likely: likely.0, found: likely.1.found, of: likely.1.of))
        }
        return .failure(.matchesNothing(file: document.file, model: model.name, known: known))
    }
}
