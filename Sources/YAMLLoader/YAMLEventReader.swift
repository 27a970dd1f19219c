internal import CYAML

/// Pulls events from libyaml one at a time, counting nesting depth itself so that deeply
/// nested input stops early instead of taking quadratic time inside libyaml.
final class YAMLEventReader {
    private var parser = yaml_parser_t()
    /// libyaml reads this buffer in place without copying it, so it lives as long as the parser.
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private let limits: YAMLLimits
    private var depth = 0
    /// Where each line starts, in characters (code points) from the start of the text, lines
    /// broken at LF, CR and CR LF only: libyaml also breaks at NEL, LS and PS (YAML 1.1), which
    /// editors do not, so in a text that holds one its marks are rebuilt from their character
    /// index. Empty for every other text: there libyaml's own line and column are the editor's.
    private let lineStarts: [Int]
    /// The line (index into `lineStarts`) of the last mark: marks mostly move forward, so the
    /// next one is usually found a step or two on.
    private var lastLine = 0
    private var finished = false

    init(text: String, limits: YAMLLimits) throws(YAMLError) {
        let count = text.utf8.count
        guard count <= limits.maxBytes else {
            throw YAMLError(
                "file is \(count) bytes, over the limit of \(limits.maxBytes) bytes",
                at: Mark(line: 1, column: 1))
        }
        self.limits = limits
        buffer = .allocate(capacity: max(count, 1))
        _ = buffer.initialize(from: text.utf8)
        let bytes = UnsafeBufferPointer(rebasing: buffer[..<count])
        lineStarts = Self.breaksOnlyForLibyaml(in: bytes) ? Self.lineStarts(in: bytes) : []
        guard yaml_parser_initialize(&parser) == 1 else {
            buffer.deallocate()
            throw YAMLError("libyaml could not start a parser", at: Mark(line: 1, column: 1))
        }
        yaml_parser_set_input_string(&parser, buffer.baseAddress, count)
    }

    deinit {
        yaml_parser_delete(&parser)
        buffer.deallocate()
    }

    /// The next event, or nil after the stream has ended.
    func next() throws(YAMLError) -> YAMLEvent? {
        var event = yaml_event_t()
        guard try pull(&event) else { return nil }
        defer { yaml_event_delete(&event) }
        let mark = mark(event.start_mark)
        return YAMLEvent(kind: try convert(event, at: mark), mark: mark)
    }

    /// The next event as libyaml gives it, into `event`, which the caller then deletes with
    /// `yaml_event_delete` (unless this throws); false after the stream has ended. The depth
    /// is counted here: the tree builder reads events this way, without converting each.
    func pull(_ event: inout yaml_event_t) throws(YAMLError) -> Bool {
        if finished { return false }
        guard yaml_parser_parse(&parser, &event) == 1 else {
            throw parserError()
        }
        switch event.type {
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            depth += 1
            if depth > limits.maxDepth {
                let mark = mark(event.start_mark)
                yaml_event_delete(&event)
                throw YAMLError("nesting deeper than \(limits.maxDepth) levels", at: mark)
            }
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            depth -= 1
        case YAML_STREAM_END_EVENT:
            finished = true
        case YAML_STREAM_START_EVENT, YAML_DOCUMENT_START_EVENT, YAML_DOCUMENT_END_EVENT, YAML_SCALAR_EVENT,
            YAML_ALIAS_EVENT:
            break
        default:
            let mark = mark(event.start_mark)
            yaml_event_delete(&event)
            throw YAMLError("libyaml reported an event of unknown type", at: mark)
        }
        return true
    }

    private func convert(_ event: yaml_event_t, at mark: Mark) throws(YAMLError) -> YAMLEvent.Kind {
        switch event.type {
        case YAML_STREAM_START_EVENT:
            return .streamStart
        case YAML_STREAM_END_EVENT:
            return .streamEnd
        case YAML_DOCUMENT_START_EVENT:
            return .documentStart(explicit: event.data.document_start.implicit == 0)
        case YAML_DOCUMENT_END_EVENT:
            return .documentEnd(explicit: event.data.document_end.implicit == 0)
        case YAML_SEQUENCE_START_EVENT:
            let data = event.data.sequence_start
            return .sequenceStart(
                anchor: string(data.anchor), tag: string(data.tag),
                flow: data.style == YAML_FLOW_SEQUENCE_STYLE)
        case YAML_SEQUENCE_END_EVENT:
            return .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            let data = event.data.mapping_start
            return .mappingStart(
                anchor: string(data.anchor), tag: string(data.tag),
                flow: data.style == YAML_FLOW_MAPPING_STYLE)
        case YAML_MAPPING_END_EVENT:
            return .mappingEnd
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            return .scalar(
                value: text(data.value, length: data.length), anchor: string(data.anchor), tag: string(data.tag),
                style: style(data.style))
        case YAML_ALIAS_EVENT:
            return .alias(anchor: string(event.data.alias.anchor) ?? "")
        default:
            throw YAMLError("libyaml reported an event of unknown type", at: mark)
        }
    }

    private func parserError() -> YAMLError {
        let problem = parser.problem.map { String(cString: $0) } ?? "malformed YAML"
        var message = problem
        if let context = parser.context.map({ String(cString: $0) }) {
            let started = mark(parser.context_mark)
            message += " (\(context) started at \(started))"
        }
        return YAMLError(message, at: mark(parser.problem_mark))
    }

    /// A libyaml mark as an editor counts it: 1-based line and column (in characters).
    func mark(_ mark: yaml_mark_t) -> Mark {
        if lineStarts.isEmpty { return Mark(line: Int(mark.line) + 1, column: Int(mark.column) + 1) }
        let index = Int(mark.index)
        var low = lastLine
        if lineStarts[low] <= index {
            while low + 1 < lineStarts.count, lineStarts[low + 1] <= index { low += 1 }
        } else {
            low = 0
            var high = lastLine - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if lineStarts[middle] <= index { low = middle } else { high = middle - 1 }
            }
        }
        lastLine = low
        return Mark(line: low + 1, column: index - lineStarts[low] + 1)
    }

    /// True when the text holds a break libyaml counts and editors do not (NEL, LS, PS): then
    /// marks are counted here.
    static func breaksOnlyForLibyaml(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Nearly every byte is ASCII: only a lead byte of 0xC2 or 0xE2 is looked at further.
        for index in bytes.indices where bytes[index] == 0xC2 || bytes[index] == 0xE2 {
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            let third = index + 2 < bytes.count ? bytes[index + 2] : 0
            if bytes[index] == 0xC2 ? next == 0x85 : next == 0x80 && (third == 0xA8 || third == 0xA9) { return true }
        }
        return false
    }

    /// Where each line starts, in code points, in UTF-8 `bytes` (valid: they come from a String).
    static func lineStarts(in bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var starts = [0]
        var offset = 0
        var afterCR = false
        // libyaml skips a leading byte order mark without counting it in its marks' index.
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? UnsafeBufferPointer(rebasing: bytes[3...]) : bytes
        for byte in text where byte & 0xC0 != 0x80 {  // the first byte of each code point
            offset += 1
            if byte == 0x0A {
                if afterCR { starts[starts.count - 1] = offset } else { starts.append(offset) }
            } else if byte == 0x0D {
                starts.append(offset)
            }
            afterCR = byte == 0x0D
        }
        return starts
    }

    /// A scalar's text: `length` bytes of UTF-8 (libyaml's value is not NUL-free).
    func text(_ value: UnsafeMutablePointer<yaml_char_t>?, length: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: value, count: length), as: UTF8.self)
    }

    func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
    }

    func style(_ style: yaml_scalar_style_t) -> ScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: return .literal
        case YAML_FOLDED_SCALAR_STYLE: return .folded
        default: return .plain
        }
    }
}

extension YAMLEvent {
    /// Every event of a text, in order; stops at the first error.
    package static func events(
        of text: String, limits: YAMLLimits = .standard
    ) throws(YAMLError) -> [YAMLEvent] {
        let reader = try YAMLEventReader(text: text, limits: limits)
        var events: [YAMLEvent] = []
        while let event = try reader.next() { events.append(event) }
        return events
    }
}
