import Synchronization

/// Lists of strings kept once each, whichever thread loads them, each known by its number.
final class ListInterner: Sendable {
    /// Every list kept, the empty one first, and each list's number.
    private let kept = Mutex<(lists: [[String]], numbers: [[String]: Int32])>(([[]], [[]: 0]))

    init() {}

    /// The number of the list equal to `list`, kept now if it was not.
    func intern(_ list: [String]) -> Int32 {
        kept.withLock { kept in
            if let number = kept.numbers[list] { return number }
            let number = Int32(kept.lists.count)
            kept.lists.append(list)
            kept.numbers[list] = number
            return number
        }
    }

    /// The lists kept, each at its number.
    var lists: [[String]] { kept.withLock { $0.lists } }
}
