import CYAML

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
    /// The items and pairs of the collections being built, innermost last.
    var pendingItems: [YAMLNode] = []
    var pendingPairs: [YAMLNode.Pair] = []

    init(reader: YAMLEventReader, limits: YAMLLimits) {
        self.reader = reader
        self.limits = limits
    }

    mutating func documents() throws(YAMLError) -> [YAMLNode] {
        var result: [YAMLNode] = []
        var event = yaml_event_t()
        while try reader.pull(&event) {
            switch event.type {
            case YAML_DOCUMENT_START_EVENT:
                yaml_event_delete(&event)
                anchors = [:]
                guard try reader.pull(&event) else { return result }
                result.append(try node(startingWith: &event).node)
                if try reader.pull(&event) { yaml_event_delete(&event) }  // document end
            case YAML_STREAM_START_EVENT, YAML_STREAM_END_EVENT, YAML_DOCUMENT_END_EVENT:
                yaml_event_delete(&event)
            default:
                let mark = reader.mark(event.start_mark)
                yaml_event_delete(&event)
                throw YAMLError("unexpected event outside a document", at: mark)
            }
        }
        return result
    }

    /// The node that begins with `event` (which this deletes), and how many nodes it holds.
    private mutating func node(startingWith event: inout yaml_event_t) throws(YAMLError) -> (
        node: YAMLNode, size: Int
    ) {
        let mark = reader.mark(event.start_mark)
        switch event.type {
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            let value = reader.text(data.value, length: data.length)
            let anchor = reader.string(data.anchor)
            let tag = reader.string(data.tag)
            let style = reader.style(data.style)
            yaml_event_delete(&event)
            let built = YAMLNode(kind: .scalar(value, style), tag: tag, mark: mark)
            try count(1, at: mark)
            remember(anchor, built, size: 1)
            return (built, 1)
        case YAML_ALIAS_EVENT:
            let name = reader.string(event.data.alias.anchor) ?? ""
            yaml_event_delete(&event)
            guard let target = anchors[name] else {
                throw YAMLError("alias '*\(name)' refers to no anchor defined before it", at: mark)
            }
            try count(target.size, at: mark)
            return target
        case YAML_SEQUENCE_START_EVENT:
            let anchor = reader.string(event.data.sequence_start.anchor)
            let tag = reader.string(event.data.sequence_start.tag)
            yaml_event_delete(&event)
            // The items gather on a stack shared by every open sequence; the sequence's own array
            // is made once, at its size, when it ends.
            let base = pendingItems.count
            var size = 1
            try count(1, at: mark)
            while try reader.pull(&event) {
                if event.type == YAML_SEQUENCE_END_EVENT {
                    yaml_event_delete(&event)
                    break
                }
                let child = try node(startingWith: &event)
                pendingItems.append(child.node)
                size += child.size
            }
            let built = YAMLNode(kind: .sequence(Array(pendingItems[base...])), tag: tag, mark: mark)
            pendingItems.removeSubrange(base...)
            remember(anchor, built, size: size)
            return (built, size)
        case YAML_MAPPING_START_EVENT:
            let anchor = reader.string(event.data.mapping_start.anchor)
            let tag = reader.string(event.data.mapping_start.tag)
            yaml_event_delete(&event)
            let base = pendingPairs.count
            // Scalar keys seen so far and where, once the mapping has many: a duplicate is then
            // found in constant time; a small mapping's keys are compared one by one.
            var keyLines: [String: Int] = [:]
            var indexed = false
            var size = 1
            try count(1, at: mark)
            while try reader.pull(&event) {
                if event.type == YAML_MAPPING_END_EVENT {
                    yaml_event_delete(&event)
                    break
                }
                let key = try node(startingWith: &event)
                guard try reader.pull(&event) else { break }
                let value = try node(startingWith: &event)
                if let text = key.node.scalar {
                    let pairs = pendingPairs[base...]
                    if !indexed, pairs.count >= Self.keysComparedOneByOne {
                        for pair in pairs {
                            if let earlier = pair.key.scalar, keyLines[earlier] == nil {
                                keyLines[earlier] = pair.key.mark.line
                            }
                        }
                        indexed = true
                    }
                    let first = indexed ? keyLines[text] : pairs.first { $0.key.scalar == text }?.key.mark.line
                    if let line = first {
                        throw YAMLError("duplicate key '\(text)' (first at line \(line))", at: key.node.mark)
                    }
                    if indexed { keyLines[text] = key.node.mark.line }
                }
                pendingPairs.append(.init(key: key.node, value: value.node))
                size += key.size + value.size
            }
            let built = YAMLNode(kind: .mapping(Array(pendingPairs[base...])), tag: tag, mark: mark)
            pendingPairs.removeSubrange(base...)
            remember(anchor, built, size: size)
            return (built, size)
        default:
            yaml_event_delete(&event)
            throw YAMLError("unexpected event inside a document", at: mark)
        }
    }

    static let keysComparedOneByOne = 12

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
