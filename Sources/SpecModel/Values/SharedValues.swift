import Synchronization

/// Values made once per key and handed out shared, safe across threads. It only saves work, so
/// past `capacity` keys it starts again. For an observation that depends on a few fields of a
/// state (what a screen draws for its phase and size), later steps take the stored copy instead
/// of building it again, and two equal ones compare by identity (a dictionary or an array that
/// shares its storage with the other is equal without a look inside).
package final class SharedValues<Key: Hashable & Sendable, Kept: Sendable>: Sendable {
    private let stored = Mutex([Key: Kept]())
    package let capacity: Int

    package init(capacity: Int = 1_024) {
        self.capacity = capacity
    }

    /// The value kept for `key`, else `make()` kept for the next time (nothing is kept when it
    /// throws).
    package func value<Failure: Error>(for key: Key, _ make: () throws(Failure) -> Kept) throws(Failure) -> Kept {
        if let known = stored.withLock({ $0[key] }) { return known }
        let made = try make()
        stored.withLock { table in
            if table.count >= capacity { table.removeAll(keepingCapacity: true) }
            table[key] = made
        }
        return made
    }
}
