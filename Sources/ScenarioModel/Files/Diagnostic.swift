import SpecModel
import YAMLLoader

/// A problem in a scenario file, reported like a compiler's: location, message, and a short
/// excerpt of the source line with a caret under the column.
package struct Diagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    package var location: SourceLocation
    package var problem: Problem
    /// The problem in words.
    package var message: String { problem.description }
    /// At most `Excerpt.width` characters of the line around the column: a long line is never
    /// copied whole, however many problems it holds.
    package var excerpt: Excerpt?

    package struct Excerpt: Sendable, Equatable {
        package var text: String
        /// 1-based position of the reported column within `text`.
        package var caret: Int

        package static let width = 100

        /// The part of `line` around `column` (1-based, in characters); tabs shown as spaces.
        package init(line: Substring, column: Int) {
            let characters = line.count
            let column = max(1, min(column, characters + 1))
            var start = 0
            var end = characters
            if characters > Self.width {
                start = max(0, min(column - 1 - Self.width / 2, characters - Self.width))
                end = start + Self.width
            }
            let from = line.index(line.startIndex, offsetBy: start)
            let to = line.index(from, offsetBy: end - start)
            var shown = String(line[from..<to].map { $0 == "\t" ? " " : $0 })
            var caret = column - start
            if start > 0 {
                shown = "…" + shown
                caret += 1
            }
            if end < characters { shown += "…" }
            text = shown
            self.caret = caret
        }
    }

    package init(_ problem: Problem, at location: SourceLocation, excerpt: Excerpt? = nil) {
        self.problem = problem
        self.location = location
        self.excerpt = excerpt
    }

    package var description: String {
        // File names, messages quoting the file's words and excerpts are the file's text: one
        // line each, control characters made visible.
        var text = "\(VisibleText.oneLine(location.description)): error: \(VisibleText.oneLine(message))"
        if let excerpt {
            let shown = VisibleText.oneLine(excerpt.text)
            // Escapes widen the line before the caret; count them in.
            let before = VisibleText.oneLine(String(excerpt.text.prefix(max(0, excerpt.caret - 1)))).count
            text += "\n    \(shown)\n    " + String(repeating: " ", count: before) + "^"
        }
        return text
    }
}

/// The closest candidate for a "did you mean" hint: within two edits (a typo), or sharing its
/// first four letters (another form of the same word, `failed` for `failure`).
package func closestMatch(to word: String, among candidates: [String]) -> String? {
    // A word far longer than every candidate is no typo of one; and edit distance is quadratic.
    guard word.count <= (candidates.map(\.count).max() ?? 0) + 8 else { return nil }
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

/// The text values of a flat mapping (a requirement, a baseline entry) by key. Reported: a key
/// not among `keys` (with a did-you-mean), a value that is not text, and the `required` keys
/// missing, as `<what> is missing ...` at `mark` (then nil).
func textFields(
    _ pairs: [YAMLNode.Pair], keys: [String], required: [String], what: String, at mark: Mark,
    report: (Diagnostic.Problem, Mark) -> Void
) -> [String: String]? {
    var fields: [String: String] = [:]
    for pair in pairs {
        guard let key = pair.key.scalar, keys.contains(key) else {
            let key = pair.key.scalar ?? "?"
            report(
                .unknownName(kind: "\(what) key", name: key, suggestion: closestMatch(to: key, among: keys)),
                pair.key.mark)
            continue
        }
        guard let value = pair.value.scalar, !pair.value.isNull else {
            report(.mustBe(what: key, expected: "text"), pair.value.mark)
            continue
        }
        fields[key] = value
    }
    let missing = required.filter { fields[$0] == nil }
    guard missing.isEmpty else {
        report(.missingKeys(what: what, keys: missing), mark)
        return nil
    }
    return fields
}

extension Diagnostic {
    /// The items whose id is new, in order, and a diagnostic at each later one naming where its
    /// id was first: `duplicate scenario id 'a' (first defined at f.yaml:3:1)`.
    package static func firstOfEachID<Item>(
        _ items: [Item], what: String, id: (Item) -> String, location: (Item) -> SourceLocation
    ) -> (kept: [Item], diagnostics: [Diagnostic]) {
        // Each id's first item, by the id's hash: half the room a table of the ids
        // themselves takes, for a suite of tens of thousands. Two ids with one hash are told
        // apart by a search of the items before.
        var first: [Int: Int32] = [:]
        first.reserveCapacity(items.count)
        var repeated: [Int] = []
        var diagnostics: [Diagnostic] = []
        for index in items.indices {
            let name = id(items[index])
            let hash = name.hashValue
            let earlier = first[hash].map { Int($0) }.flatMap { known in
                id(items[known]) == name ? known : items[..<index].firstIndex { id($0) == name }
            }
            if first[hash] == nil { first[hash] = Int32(clamping: index) }
            if let earlier {
                repeated.append(index)
                diagnostics.append(
                    Diagnostic(
                        .duplicateID(what: what, id: name, first: location(items[earlier])), at: location(items[index]))
                )
            }
        }
        // Nearly always nothing is repeated, and the items are kept as they are, uncopied.
        guard !repeated.isEmpty else { return (items, diagnostics) }
        let dropped = Set(repeated)
        let kept = items.indices.filter { !dropped.contains($0) }.map { items[$0] }
        return (kept, diagnostics)
    }
}

/// Ids of scenarios, requirements and statements: letters, digits, '-', '_' and '.', never
/// empty, so that nothing invisible (a control or zero-width character) or blank makes two ids
/// look like one, or an id look like none.
package enum Identifier {
    /// What is wrong with `id`, said of `what` ("id", "requirement id"), or nil.
    package static func problem(_ id: String, what: String) -> Diagnostic.Problem? {
        if id.isEmpty { return .emptyIdentifier(what: what) }
        guard !isPlain(id) else { return nil }
        return .identifierNotPlain(what: what, id: id)
    }

    /// ASCII ids are checked byte by byte.
    package static func isPlain(_ id: String) -> Bool {
        let ascii = id.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                return true
            default:
                return false
            }
        }
        return ascii || id.allSatisfy { $0.isLetter || $0.isNumber || "-_.".contains($0) }
    }
}

extension Diagnostic {
    /// Each of `names` that is none of `known`, as a diagnostic at `location`: the problem
    /// `problem` makes of the name and the closest known one, if any.
    package static func unknown(
        _ names: [String], known: [String], at location: SourceLocation, _ problem: (String, String?) -> Problem
    ) -> [Diagnostic] {
        let knownSet = Set(known)
        return names.filter { !knownSet.contains($0) }.map { name in
            Diagnostic(problem(name, closestMatch(to: name, among: known)), at: location)
        }
    }
}
