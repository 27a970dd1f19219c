internal import CYAML

/// Builds node trees from libyaml's events: every document of a text, with anchors resolved,
/// duplicate keys refused, and the tree's size (aliases counted in full) within budget.
package struct YAMLDocumentLoader {
    private let limits: YAMLLimits

    package init(limits: YAMLLimits = .standard) {
        self.limits = limits
    }

    package func load(_ text: String) throws(YAMLError) -> [YAMLNode] {
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
                _ = try push(startingWith: &event)
                result.append(pendingItems.removeLast())
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

    /// Builds the node that begins with `event` (which this deletes) onto `pendingItems` and
    /// says how many nodes it holds. Nodes are moved, never copied: a child is built on the
    /// stack and taken off it into its parent's array.
    private mutating func push(startingWith event: inout yaml_event_t) throws(YAMLError) -> Int {
        let mark = reader.mark(event.start_mark)
        switch event.type {
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            let value = reader.text(data.value, length: data.length)
            let anchor = reader.string(data.anchor)
            let tag = reader.string(data.tag)
            let style = reader.style(data.style)
            yaml_event_delete(&event)
            try count(1, at: mark)
            pendingItems.append(YAMLNode(kind: .scalar(value, style), tag: tag, mark: mark))
            remember(anchor, size: 1)
            return 1
        case YAML_ALIAS_EVENT:
            let name = reader.string(event.data.alias.anchor) ?? ""
            yaml_event_delete(&event)
            guard let target = anchors[name] else {
                throw YAMLError("alias '*\(name)' refers to no anchor defined before it", at: mark)
            }
            try count(target.size, at: mark)
            pendingItems.append(target.node)
            return target.size
        case YAML_SEQUENCE_START_EVENT:
            let anchor = reader.string(event.data.sequence_start.anchor)
            let tag = reader.string(event.data.sequence_start.tag)
            yaml_event_delete(&event)
            // The items gather on the stack; the sequence's own array is made once, at its size,
            // when it ends.
            let base = pendingItems.count
            var size = 1
            try count(1, at: mark)
            while try reader.pull(&event) {
                if event.type == YAML_SEQUENCE_END_EVENT {
                    yaml_event_delete(&event)
                    break
                }
                size += try push(startingWith: &event)
            }
            let items = Array(pendingItems[base...])
            pendingItems.removeLast(pendingItems.count - base)
            pendingItems.append(YAMLNode(kind: .sequence(items), tag: tag, mark: mark))
            remember(anchor, size: size)
            return size
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
                size += try push(startingWith: &event)
                guard try reader.pull(&event) else {
                    pendingItems.removeLast()
                    break
                }
                size += try push(startingWith: &event)
                let value = pendingItems.removeLast()
                let key = pendingItems.removeLast()
                if let text = key.scalar {
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
                        throw YAMLError("duplicate key '\(text)' (first at line \(line))", at: key.mark)
                    }
                    if indexed { keyLines[text] = key.mark.line }
                }
                pendingPairs.append(.init(key: key, value: value))
            }
            let pairs = Array(pendingPairs[base...])
            pendingPairs.removeLast(pendingPairs.count - base)
            pendingItems.append(YAMLNode(kind: .mapping(pairs), tag: tag, mark: mark))
            remember(anchor, size: size)
            return size
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

    /// The node just built, on top of the stack, under its anchor's name.
    private mutating func remember(_ anchor: String?, size: Int) {
        if let anchor { anchors[anchor] = (pendingItems[pendingItems.count - 1], size) }
    }
}
