/// A loaded YAML node that remembers where it was written.
package struct YAMLNode: Sendable, Equatable {
    // Not `indirect`: the arrays already hold the children out of line, and a boxed case would
    // cost an allocation for every scalar.
    package enum Kind: Sendable, Equatable {
        case scalar(String, ScalarStyle)
        case sequence([YAMLNode])
        case mapping([Pair])
    }

    package struct Pair: Sendable, Equatable {
        package var key: YAMLNode
        package var value: YAMLNode
    }

    package var kind: Kind
    package var tag: String?
    package var mark: Mark

    package init(kind: Kind, tag: String? = nil, mark: Mark) {
        self.kind = kind
        self.tag = tag
        self.mark = mark
    }

    /// The scalar's text, or nil for a collection.
    package var scalar: String? {
        if case .scalar(let text, _) = kind { return text }
        return nil
    }

    /// True for a plain `~`, `null`, `Null`, `NULL` or empty scalar (YAML core schema).
    package var isNull: Bool {
        guard case .scalar(let text, .plain) = kind, tag == nil else { return false }
        switch text {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }

    /// What a reader calls this node in an error message.
    package var kindName: String {
        switch kind {
        case .scalar: return isNull ? "null" : "a scalar"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }
}
