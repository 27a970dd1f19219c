/// A part of a document the model does not take, with why: a table row, a diagram arrow, a line
/// of code or a quoted string that `spec check` counts (`DocumentPart`), or every such part of
/// one section. Beside the facts, it accounts for the rest of what an author can edit: a part
/// that is neither quoted by a fact nor excluded is said, so an added row is never passed over.
public struct DocumentExclusion: Sendable, Equatable {
    public enum Scope: String, Sendable {
        /// The part whose lines write the quote.
        case part
        /// Every part under the heading line that writes the quote, up to the next heading.
        case section
    }

    /// As a fact's: the document's identifier, or the start of its file name.
    public var document: String
    public var scope: Scope
    /// Words written on one line of the part, or of the section's heading.
    public var quote: String
    /// Why the model does not take it: what it is, and where the model's reading is said.
    public var reason: String

    public init(_ document: String, _ scope: Scope, _ quote: String, reason: String) {
        self.document = document
        self.scope = scope
        self.quote = quote
        self.reason = reason
    }
}
