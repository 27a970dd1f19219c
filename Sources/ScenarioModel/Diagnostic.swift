/// A problem in a scenario file, reported like a compiler's: location, message, the source
/// line and a caret under the column.
public struct Diagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String
    public var sourceLine: String?

    public init(_ message: String, at location: SourceLocation, sourceLine: String? = nil) {
        self.message = message
        self.location = location
        self.sourceLine = sourceLine
    }

    public var description: String {
        var text = "\(location): error: \(message)"
        if let sourceLine {
            let visible = sourceLine.replacingTabs()
            text += "\n    \(visible)\n    " + String(repeating: " ", count: max(0, location.column - 1)) + "^"
        }
        return text
    }
}

extension String {
    fileprivate func replacingTabs() -> String {
        String(map { $0 == "\t" ? " " : $0 })
    }
}

/// The closest candidate within a small edit distance, for "did you mean" hints.
func closestMatch(to word: String, among candidates: [String]) -> String? {
    let scored = candidates.map { ($0, editDistance(word.lowercased(), $0.lowercased())) }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
    return best.1 <= max(2, word.count / 3) ? best.0 : nil
}

func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...max(b.count, 1) where !b.isEmpty {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        }
        previous = current
    }
    return previous[b.count]
}
