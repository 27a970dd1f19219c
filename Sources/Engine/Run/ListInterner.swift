import Synchronization

/// Lists of strings kept once each, whichever thread loads them.
final class ListInterner: Sendable {
    private let lists = Mutex<Set<[String]>>([])

    init() {}

    /// The list equal to `list` kept first, or `list`, now kept.
    func intern(_ list: [String]) -> [String] {
        guard !list.isEmpty else { return [] }
        return lists.withLock { kept in kept.insert(list).memberAfterInsert }
    }
}
