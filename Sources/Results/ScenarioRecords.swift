/// Where records too many to hold are kept: written once, read back by index, each read
/// decoding a fresh record (so a report's pass over them holds one at a time).
public protocol RecordStore: AnyObject, Sendable {
    var count: Int { get }
    func record(at index: Int) -> ScenarioRecord
}

/// An implementation's scenario records in suite order: held in memory, or (a large run's)
/// in a `RecordStore` and read back as each report goes over them, so a run's memory does not
/// grow with its suite. Either way the same records, in the same order, compared as values.
public struct ScenarioRecords: RandomAccessCollection, Sendable, Equatable, ExpressibleByArrayLiteral {
    private var held: [ScenarioRecord]
    private let store: (any RecordStore)?

    public init(_ records: [ScenarioRecord] = []) {
        held = records
        store = nil
    }

    public init(arrayLiteral records: ScenarioRecord...) { self.init(records) }

    public init(store: any RecordStore) {
        held = []
        self.store = store
    }

    /// True when the records are read back from a store rather than held.
    public var isStored: Bool { store != nil }

    public var startIndex: Int { 0 }
    public var endIndex: Int { store?.count ?? held.count }

    public subscript(position: Int) -> ScenarioRecord {
        guard let store else { return held[position] }
        precondition(position >= 0 && position < store.count, "record index out of range")
        return store.record(at: position)
    }

    /// Adds a record to held records (a store is written by its owner, before it is handed over).
    public mutating func append(_ record: ScenarioRecord) {
        precondition(store == nil, "records read back from a store are not appended to")
        held.append(record)
    }

    public static func == (lhs: ScenarioRecords, rhs: ScenarioRecords) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }
}
