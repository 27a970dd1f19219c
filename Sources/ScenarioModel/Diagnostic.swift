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

/// The closest candidate for a "did you mean" hint: within two edits (a typo), or sharing its
/// first four letters (another form of the same word, `failed` for `failure`).
func closestMatch(to word: String, among candidates: [String]) -> String? {
    let lowered = word.lowercased()
    let scored = candidates.map { ($0, editDistance(lowered, $0.lowercased())) }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
    if best.1 <= 2 && best.1 < best.0.count { return best.0 }
    let stem = lowered.prefix(4)
    guard stem.count == 4 else { return nil }
    return scored.filter { $0.0.lowercased().hasPrefix(stem) }.min(by: { $0.1 < $1.1 })?.0
}

func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
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
