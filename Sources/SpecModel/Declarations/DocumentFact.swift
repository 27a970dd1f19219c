/// A piece of a spec document's text that a model follows, quoted as the document writes it on
/// one line: a text the app shows or says, a number, a diagram's arrow, a table's row. `spec
/// check` looks for each quote in its document; one that is gone means the document was edited
/// where the model follows it, and the check says so at the line, naming the model's rule and
/// the requirements (so the scenarios) resting on it.
public struct DocumentFact: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case text, number, arrow, row
    }

    /// The document's identifier (`SCR-AUTH-006`), or the start of its file name where it has
    /// none (`003` for `003_….txt`).
    public var document: String
    public var kind: Kind
    /// The words as written: one line, or a table row's consecutive lines with a line break
    /// between them (the first cells place the row, the last holds the value).
    public var quote: String
    /// The model's name for what follows the quote (`UnlockTexts.pinTitle`, `transition A -> B`).
    public var rule: String
    public var requirements: [String]
    /// The reading that decides where the model does not follow the quote (the documents
    /// disagree); nil where it does.
    public var reading: String?

    /// The quote as one line, its lines joined as the row reads (`| Tamano | 60x60dp |`).
    public var quoteOnOneLine: String { quote.replacingOccurrences(of: "\n", with: " ") }

    public init(
        _ document: String, _ kind: Kind, _ quote: String, rule: String, requirements: [String] = [],
        reading: String? = nil
    ) {
        self.document = document
        self.kind = kind
        self.quote = quote
        self.rule = rule
        self.requirements = requirements
        self.reading = reading
    }
}
