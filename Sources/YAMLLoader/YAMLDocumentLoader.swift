/// Builds node trees from libyaml's events: every document of a text, with anchors resolved,
/// duplicate keys refused, and the tree's size (aliases counted in full) within budget.
public struct YAMLDocumentLoader {
    private let limits: YAMLLimits

    public init(limits: YAMLLimits = .standard) {
        self.limits = limits
    }

    public func load(_ text: String) throws(YAMLError) -> [YAMLNode] {
        var builder = TreeBuilder(reader: try YAMLEventReader(text: text, limits: limits), limits: limits)
        return try builder.documents()
    }
}

private struct TreeBuilder {
    let reader: YAMLEventReader
    let limits: YAMLLimits
    var anchors: [String: (node: YAMLNode, size: Int)] = [:]
    var nodeCount = 0

    init(reader: YAMLEventReader, limits: YAMLLimits) {
        self.reader = reader
        self.limits = limits
    }

    mutating func documents() throws(YAMLError) -> [YAMLNode] {
        var result: [YAMLNode] = []
        while let event = try reader.next() {
            switch event.kind {
            case .documentStart:
                anchors = [:]
                guard let first = try reader.next() else { return result }
                result.append(try node(startingWith: first).node)
                _ = try reader.next()  // document end
            case .streamStart, .streamEnd, .documentEnd:
                continue
            default:
                throw YAMLError("unexpected event outside a document", at: event.mark)
            }
        }
        return result
    }

    /// The node that begins with `event`, and how many nodes it holds.
    private mutating func node(startingWith event: YAMLEvent) throws(YAMLError) -> (node: YAMLNode, size: Int) {
        switch event.kind {
        case .scalar(let value, let anchor, let tag, let style):
            let built = YAMLNode(kind: .scalar(value, style), tag: tag, mark: event.mark)
            try count(1, at: event.mark)
            remember(anchor, built, size: 1)
            return (built, 1)
        case .alias(let name):
            guard let target = anchors[name] else {
                throw YAMLError("alias '*\(name)' refers to no anchor defined before it", at: event.mark)
            }
            try count(target.size, at: event.mark)
            return target
        case .sequenceStart(let anchor, let tag, _):
            var items: [YAMLNode] = []
            var size = 1
            try count(1, at: event.mark)
            while let next = try reader.next() {
                if case .sequenceEnd = next.kind { break }
                let child = try node(startingWith: next)
                items.append(child.node)
                size += child.size
            }
            let built = YAMLNode(kind: .sequence(items), tag: tag, mark: event.mark)
            remember(anchor, built, size: size)
            return (built, size)
        case .mappingStart(let anchor, let tag, _):
            var pairs: [YAMLNode.Pair] = []
            // Scalar keys seen so far and where: a duplicate is found in constant time.
            var keyLines: [String: Int] = [:]
            var size = 1
            try count(1, at: event.mark)
            while let next = try reader.next() {
                if case .mappingEnd = next.kind { break }
                let key = try node(startingWith: next)
                guard let valueEvent = try reader.next() else { break }
                let value = try node(startingWith: valueEvent)
                if let text = key.node.scalar {
                    if let line = keyLines[text] {
                        throw YAMLError("duplicate key '\(text)' (first at line \(line))", at: key.node.mark)
                    }
                    keyLines[text] = key.node.mark.line
                }
                pairs.append(.init(key: key.node, value: value.node))
                size += key.size + value.size
            }
            let built = YAMLNode(kind: .mapping(pairs), tag: tag, mark: event.mark)
            remember(anchor, built, size: size)
            return (built, size)
        default:
            throw YAMLError("unexpected event inside a document", at: event.mark)
        }
    }

    private mutating func count(_ nodes: Int, at mark: Mark) throws(YAMLError) {
        nodeCount += nodes
        if nodeCount > limits.maxNodes {
            throw YAMLError(
                "document expands to more than \(limits.maxNodes) nodes (aliases counted in full)",
                at: mark)
        }
    }

    private mutating func remember(_ anchor: String?, _ node: YAMLNode, size: Int) {
        if let anchor { anchors[anchor] = (node, size) }
    }
}
