import Foundation
import Synchronization

/// Work shared out among as many threads as the caller was given processors (at most 8),
/// results in the items' order: nothing a caller sees depends on which thread finished first.
package enum InParallel {
    /// `transform` of each item. Fewer than `minimumCount` items are done on the calling thread
    /// (threads would cost more than they save). Threads take the next `batch` items as they
    /// become free, so one slow item or one busy processor does not hold the others back.
    package static func map<Item: Sendable, Mapped>(
        _ items: [Item], processors: Int, minimumCount: Int = 64, batch: Int = 16,
        _ transform: @Sendable (Item) -> Mapped
    ) -> [Mapped] {
        let threads = min(processors, 8)
        guard threads > 1, items.count >= max(minimumCount, 2) else { return items.map(transform) }
        let slots = UnsafeMutableBufferPointer<Mapped>.allocate(capacity: items.count)
        // Each slot is initialized by exactly one thread, and all are when concurrentPerform returns.
        nonisolated(unsafe) let shared = slots
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            while true {
                let start = next.wrappingAdd(batch, ordering: .relaxed).oldValue
                guard start < items.count else { return }
                for index in start..<min(start + batch, items.count) {
                    (shared.baseAddress! + index).initialize(to: transform(items[index]))
                }
            }
        }
        // The results move out of the slots (no copy, no second release).
        let results = [Mapped](unsafeUninitializedCapacity: items.count) { buffer, count in
            _ = buffer.moveInitialize(fromContentsOf: slots)
            count = items.count
        }
        slots.deallocate()
        return results
    }
}
