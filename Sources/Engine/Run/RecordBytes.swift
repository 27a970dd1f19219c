import Results
import ScenarioModel
import SpecModel

/// A scenario record as bytes and back, for the records a large run keeps in its temporary
/// file: every field, exactly, in a few times less time than JSON (reports read each record
/// back once per pass). Only `RecordSpill` writes and reads these bytes, in one process.
enum RecordBytes {
    static func encode(_ record: ScenarioRecord) -> [UInt8] {
        var out = Writer()
        out.int(record.position)
        out.string(record.id)
        out.string(record.title)
        out.location(record.location)
        out.strings(record.spec)
        out.strings(record.covers)
        out.string(record.implementation)
        out.string(record.outcome.rawValue)
        out.optional(record.message) { $0.string($1) }
        out.int(record.steps.count)
        for step in record.steps {
            out.int(step.index)
            out.location(step.location)
            out.string(step.input)
            out.int(step.repeatCount)
            out.string(step.outcome.rawValue)
            out.optional(step.state) { $0.value($1) }
            out.optional(step.states) { $0.value($1) }
            out.optional(step.message) { $0.string($1) }
            out.int(step.differences.count)
            for difference in step.differences {
                switch difference.subject {
                case .key(let key):
                    out.int(0)
                    out.string(key)
                case .invariant(let id):
                    out.int(1)
                    out.string(id)
                }
                out.value(difference.expected)
                out.optional(difference.observed) { $0.value($1) }
                out.location(difference.location)
            }
            out.strings(step.unchecked)
        }
        out.int(record.hits.states.count)
        for (state, count) in record.hits.states {
            out.string(state)
            out.int(count)
        }
        out.int(record.hits.moves.count)
        for (edge, count) in record.hits.moves {
            out.string(edge.from)
            out.string(edge.to)
            out.int(count)
        }
        out.int(record.hits.inputsInStates.count)
        for (pair, count) in record.hits.inputsInStates {
            out.string(pair.state)
            out.string(pair.input)
            out.int(count)
        }
        out.int(record.expectations)
        out.int(record.checked)
        out.int(record.milliseconds)
        return out.bytes
    }

    /// The record, or nil when the bytes are not one `encode` wrote.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> ScenarioRecord? {
        var input = Reader(bytes: bytes)
        do {
            let position = try input.int()
            let id = try input.string()
            let title = try input.string()
            let location = try input.location()
            let spec = try input.strings()
            let covers = try input.strings()
            let implementation = try input.string()
            let outcome = try input.outcome()
            let message = try input.optional { try $0.string() }
            var steps: [StepRecord] = []
            for _ in 0..<(try input.count()) {
                let index = try input.int()
                let stepLocation = try input.location()
                let text = try input.string()
                let repeatCount = try input.int()
                let stepOutcome = try input.outcome()
                let state = try input.optional { try $0.value() }
                let states = try input.optional { try $0.value() }
                let stepMessage = try input.optional { try $0.string() }
                var differences: [Difference] = []
                for _ in 0..<(try input.count()) {
                    let subject: DifferenceSubject =
                        try input.int() == 1 ? .invariant(try input.string()) : .key(try input.string())
                    differences.append(
                        Difference(
                            subject: subject, expected: try input.value(),
                            observed: try input.optional { try $0.value() }, location: try input.location()))
                }
                steps.append(
                    StepRecord(
                        index: index, location: stepLocation, input: text, repeatCount: repeatCount,
                        outcome: stepOutcome,
                        state: state, states: states, message: stepMessage, differences: differences,
                        unchecked: try input.strings()))
            }
            var hits = Hits()
            for _ in 0..<(try input.count()) { hits.states[try input.string()] = try input.int() }
            for _ in 0..<(try input.count()) {
                hits.moves[Edge(try input.string(), try input.string())] = try input.int()
            }
            for _ in 0..<(try input.count()) {
                hits.inputsInStates[InputInState(state: try input.string(), input: try input.string())] =
                    try input.int()
            }
            let record = ScenarioRecord(
                position: position, id: id, title: title, location: location, spec: spec, covers: covers,
                implementation: implementation, outcome: outcome, message: message, steps: steps, hits: hits,
                expectations: try input.int(), checked: try input.int(), milliseconds: try input.int())
            return input.atEnd ? record : nil
        } catch {
            return nil
        }
    }

    private struct Writer {
        var bytes: [UInt8] = []

        mutating func int(_ number: Int) {
            withUnsafeBytes(of: Int64(number).littleEndian) { bytes.append(contentsOf: $0) }
        }

        mutating func string(_ text: String) {
            var text = text
            text.withUTF8 { utf8 in
                int(utf8.count)
                bytes.append(contentsOf: utf8)
            }
        }

        mutating func strings(_ texts: [String]) {
            int(texts.count)
            for text in texts { string(text) }
        }

        mutating func location(_ location: SourceLocation) {
            string(location.file)
            int(location.line)
            int(location.column)
        }

        mutating func optional<Wrapped>(_ wrapped: Wrapped?, _ write: (inout Writer, Wrapped) -> Void) {
            guard let wrapped else { return bytes.append(0) }
            bytes.append(1)
            write(&self, wrapped)
        }

        mutating func value(_ value: Value) {
            switch value {
            case .null: bytes.append(0)
            case .bool(let flag): bytes.append(flag ? 2 : 1)
            case .int(let number):
                bytes.append(3)
                int(number)
            case .string(let text):
                bytes.append(4)
                string(text)
            case .list(let items):
                bytes.append(5)
                int(items.count)
                for item in items { self.value(item) }
            case .map(let entries):
                bytes.append(6)
                int(entries.count)
                for (key, item) in entries {
                    string(key)
                    self.value(item)
                }
            }
        }
    }

    private struct Malformed: Error {}

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0

        var atEnd: Bool { offset == bytes.count }

        mutating func byte() throws -> UInt8 {
            guard offset < bytes.count else { throw Malformed() }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func int() throws -> Int {
            guard bytes.count - offset >= 8 else { throw Malformed() }
            var number: UInt64 = 0
            for shift in 0..<8 { number |= UInt64(bytes[offset + shift]) << (8 * UInt64(shift)) }
            offset += 8
            return Int(Int64(bitPattern: number))
        }

        /// A count of items that follow: never more than the bytes left could hold.
        mutating func count() throws -> Int {
            let count = try int()
            guard count >= 0, count <= bytes.count - offset else { throw Malformed() }
            return count
        }

        mutating func string() throws -> String {
            let length = try count()
            defer { offset += length }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
        }

        mutating func strings() throws -> [String] {
            var texts: [String] = []
            for _ in 0..<(try count()) { texts.append(try string()) }
            return texts
        }

        mutating func location() throws -> SourceLocation {
            SourceLocation(file: try string(), line: try int(), column: try int())
        }

        mutating func outcome() throws -> Outcome {
            guard let outcome = Outcome(rawValue: try string()) else { throw Malformed() }
            return outcome
        }

        mutating func optional<Wrapped>(_ read: (inout Reader) throws -> Wrapped) throws
            -> Wrapped?
        {
            switch try byte() {
            case 0: return nil
            case 1: return try read(&self)
            default: throw Malformed()
            }
        }

        mutating func value() throws -> Value {
            switch try byte() {
            case 0: return .null
            case 1: return .bool(false)
            case 2: return .bool(true)
            case 3: return .int(try int())
            case 4: return .string(try string())
            case 5:
                var items: [Value] = []
                for _ in 0..<(try count()) { items.append(try value()) }
                return .list(items)
            case 6:
                var entries: [String: Value] = [:]
                for _ in 0..<(try count()) { entries[try string()] = try value() }
                return .map(entries)
            default: throw Malformed()
            }
        }
    }
}
