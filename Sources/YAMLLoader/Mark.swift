/// A 1-based position in a source text. libyaml counts from 0; every mark here has been shifted.
public struct Mark: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: Mark, rhs: Mark) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }
}

/// A failure to read YAML text, located where the problem is.
public struct YAMLError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var mark: Mark

    public init(_ message: String, at mark: Mark) {
        self.message = message
        self.mark = mark
    }

    public var description: String { "\(mark): \(message)" }
}

/// Budgets the loader enforces itself: Debian's libyaml 0.2.5 has no depth limit, and
/// expanding aliases without a budget lets a small file exhaust memory ("billion laughs").
public struct YAMLLimits: Sendable {
    public var maxBytes: Int
    public var maxDepth: Int
    /// Nodes in the loaded tree, counting every alias expansion in full.
    public var maxNodes: Int

    public init(maxBytes: Int = 1 << 20, maxDepth: Int = 64, maxNodes: Int = 200_000) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
    }

    public static let standard = YAMLLimits()
}
