/// A 1-based position in a source text. libyaml counts from 0; every mark here has been shifted.
package struct Mark: Sendable, Hashable, Comparable, CustomStringConvertible {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    package static func < (lhs: Mark, rhs: Mark) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    package var description: String { "\(line):\(column)" }
}

/// A failure to read YAML text, located where the problem is.
package struct YAMLError: Error, Sendable, Equatable, CustomStringConvertible {
    package var message: String
    package var mark: Mark

    package init(_ message: String, at mark: Mark) {
        self.message = message
        self.mark = mark
    }

    package var description: String { "\(mark): \(message)" }
}

/// Budgets the loader enforces itself: Debian's libyaml 0.2.5 has no depth limit, and
/// expanding aliases without a budget lets a small file exhaust memory ("billion laughs").
package struct YAMLLimits: Sendable {
    package var maxBytes: Int
    package var maxDepth: Int
    /// Nodes in the loaded tree, counting every alias expansion in full.
    package var maxNodes: Int

    package init(maxBytes: Int = 1 << 20, maxDepth: Int = 64, maxNodes: Int = 200_000) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
    }

    package static let standard = YAMLLimits()
}
