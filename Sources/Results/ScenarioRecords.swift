/// Where records too many to hold are kept: written once, read back by index, each read
/// decoding a fresh record (so a report's pass over them holds one at a time).
package protocol RecordStore: AnyObject, Sendable {
    var count: Int { get }
    func record(at index: Int) -> ScenarioRecord
}

/// An implementation's scenario records in suite order: held in memory, or (a large run's)
/// in a `RecordStore` and read back as each report goes over them, so a run's memory does not
/// grow with its suite. Either way the same records, in the same order, compared as values.
package struct ScenarioRecords: RandomAccessCollection, Sendable, Equatable, ExpressibleByArrayLiteral {
    private var held: [ScenarioRecord]
    private let store: (any RecordStore)?

    package init(_ records: [ScenarioRecord] = []) {
        held = records
        store = nil
    }

    package init(arrayLiteral records: ScenarioRecord...) { self.init(records) }

    package init(store: any RecordStore) {
        held = []
        self.store = store
    }

    /// True when the records are read back from a store rather than held.
    package var isStored: Bool { store != nil }

    package var startIndex: Int { 0 }
    package var endIndex: Int { store?.count ?? held.count }

    package subscript(position: Int) -> ScenarioRecord {
        guard let store else { return held[position] }
        precondition(position >= 0 && position < store.count, "record index out of range")
        return store.record(at: position)
    }

    /// Adds a record to held records (a store is written by its owner, before it is handed over).
    package mutating func append(_ record: ScenarioRecord) {
        precondition(store == nil, "records read back from a store are not appended to")
        held.append(record)
    }

    package static func == (lhs: ScenarioRecords, rhs: ScenarioRecords) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }
}
