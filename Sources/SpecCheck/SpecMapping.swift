import Foundation
import YAMLLoader

/// Per document: which sections describe this model, and its names for the model's states.
public struct SpecMapping: Sendable {
    public struct Document: Sendable {
        public var sections: [String]?
        public var states: [String: String]
    }

    public var documents: [String: Document]

    public init(documents: [String: Document] = [:]) {
        self.documents = documents
    }

    /// Reads docs/spec-mapping.yaml's format; errors name file:line:column.
    public static func load(text: String, file: String) throws(SpecCheckInputError) -> SpecMapping {
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
                    throw fail(field.key, "unknown key '\(field.key.scalar ?? "")' (expected sections or states)")
                }
            }
            documents[id] = document
        }
        return SpecMapping(documents: documents)
    }
}

public struct SpecCheckInputError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
