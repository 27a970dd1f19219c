import Foundation
import YAMLLoader

/// Per document: which sections describe this model, its names for the model's states, the
/// names (diagram nodes, table keys) that belong to other models, and the disagreements already
/// read and decided, each found by its text and named by its reading.
package struct SpecMapping: Sendable {
    package struct Document: Sendable {
        package var sections: [String]?
        package var states: [String: String]
        package var outside: Set<String> = []
        package var recorded: [RecordedDisagreement] = []
    }

    /// A disagreement someone read and decided: the document's text that shows it, the reading
    /// (an interpretation's id) and what it says.
    package struct RecordedDisagreement: Sendable, Equatable {
        package var find: String
        package var reading: String
        package var says: String
    }

    package var documents: [String: Document]
    /// The file it was read from, for the messages that ask for an entry in it.
    package var file: String?

    package init(documents: [String: Document] = [:], file: String? = nil) {
        self.documents = documents
        self.file = file
    }

    /// Reads docs/spec-mapping.yaml's format; errors name file:line:column.
    package static func load(text: String, file: String) throws(SpecCheckInputError) -> SpecMapping {
        let root: YAMLNode
        do {
            guard let first = try YAMLDocumentLoader().load(text).first else { return SpecMapping() }
            root = first
        } catch {
            throw SpecCheckInputError("\(file):\(error.mark): error: \(error.message)")
        }
        func fail(_ node: YAMLNode, _ message: String) -> SpecCheckInputError {
            SpecCheckInputError("\(file):\(node.mark): error: \(message)")
        }
        guard case .mapping(let top) = root.kind,
            let documentsNode = top.first(where: { $0.key.scalar == "documents" })?.value,
            case .mapping(let entries) = documentsNode.kind
        else { throw fail(root, "expected `documents:` mapping document IDs to {sections, states}") }
        var documents: [String: Document] = [:]
        for entry in entries {
            guard let id = entry.key.scalar, case .mapping(let fields) = entry.value.kind else {
                throw fail(entry.value, "each document maps to {sections, states}")
            }
            var document = Document(sections: nil, states: [:])
            for field in fields {
                switch field.key.scalar {
                case "outside":
                    guard case .sequence(let items) = field.value.kind else {
                        throw fail(field.value, "outside is a list of node names and table keys")
                    }
                    document.outside = Set(items.compactMap(\.scalar))
                case "recorded":
                    guard case .sequence(let items) = field.value.kind else {
                        throw fail(field.value, "recorded is a list of {find, reading, says}")
                    }
                    document.recorded = try items.map { item throws(SpecCheckInputError) in
                        try recorded(item, fail: fail)
                    }
                case "sections":
                    guard case .sequence(let items) = field.value.kind else {
                        throw fail(field.value, "sections is a list such as [\"5.1\"]")
                    }
                    document.sections = items.compactMap(\.scalar)
                case "states":
                    guard case .mapping(let pairs) = field.value.kind else {
                        throw fail(field.value, "states maps the document's names to the model's")
                    }
                    for pair in pairs {
                        guard let from = pair.key.scalar, let to = pair.value.scalar else {
                            throw fail(pair.value, "state names are plain text")
                        }
                        document.states[from] = to
                    }
                default:
                    throw fail(
                        field.key,
                        "unknown key '\(field.key.scalar ?? "")' (expected sections, states, outside or recorded)")
                }
            }
            documents[id] = document
        }
        return SpecMapping(documents: documents, file: file)
    }

    static func recorded(
        _ item: YAMLNode, fail: (YAMLNode, String) -> SpecCheckInputError
    ) throws(SpecCheckInputError) -> RecordedDisagreement {
        guard case .mapping(let pairs) = item.kind else {
            throw fail(item, "each recorded entry is {find, reading, says}")
        }
        var values: [String: String] = [:]
        for pair in pairs {
            guard let key = pair.key.scalar, ["find", "reading", "says"].contains(key) else {
                throw fail(pair.key, "unknown key '\(pair.key.scalar ?? "")' (expected find, reading or says)")
            }
            guard let value = pair.value.scalar, !value.isEmpty else { throw fail(pair.value, "\(key) is plain text") }
            values[key] = value
        }
        guard let find = values["find"], let reading = values["reading"], let says = values["says"] else {
            throw fail(item, "a recorded entry needs find, reading and says")
        }
        return RecordedDisagreement(find: find, reading: reading, says: says)
    }
}

package struct SpecCheckInputError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}
