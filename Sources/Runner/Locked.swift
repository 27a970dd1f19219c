import Foundation

/// A value shared between threads behind a lock.
package final class Locked<Value>: @unchecked Sendable {
    private var stored: Value
    private let lock = NSLock()

    package init(_ value: Value) {
        stored = value
    }

    package var value: Value { lock.withLock { stored } }

    @discardableResult
    package func update<Result>(_ change: (inout Value) -> Result) -> Result {
        lock.withLock { change(&stored) }
    }
}
