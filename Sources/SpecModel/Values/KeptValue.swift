// The checks below take closures, not key paths: a key path applied per element is resolved
// at run time, and these run on every observation of every input.
extension Value {
    /// Strings longer than this many UTF-8 bytes are cut in what a run keeps.
    public static let keptStringBytes = 4096
    /// Lists longer than this are cut in what a run keeps.
    public static let keptListItems = 256

    /// The value as a run keeps it: a huge string or list from a driver is cut, saying how long
    /// it was and carrying a 64-bit FNV-1a digest of the whole, so a run holds a bounded amount
    /// per input whatever drivers send. The cut form is itself within the bounds, so keeping a
    /// kept value changes nothing: expectations and observations compare in the same form, and
    /// two values that differ anywhere still differ.
    public func keptForReports() -> Value {
        switch self {
        case .string(let text) where text.utf8.count > Self.keptStringBytes:
            let note = "… (\(text.utf8.count) bytes in all, digest \(String(Self.digest(text), radix: 16)))"
            return .string(Self.prefix(of: text, bytes: Self.keptStringBytes - note.utf8.count) + note)
        case .list(let items) where items.count > Self.keptListItems:
            var digest = Digest.fnvOffset
            for item in items { digest = (digest ^ Self.digest(item.description)) &* 0x100_0000_01b3 }
            return .list(
                items.prefix(Self.keptListItems - 1).map { $0.keptForReports() }
                    + [.string("… (\(items.count) items in all, digest \(String(digest, radix: 16)))")])
        case .list(let items):
            return items.allSatisfy { $0.isKeptAsIs } ? self : .list(items.map { $0.keptForReports() })
        case .map(let entries):
            return entries.values.allSatisfy { $0.isKeptAsIs } ? self : .map(entries.mapValues { $0.keptForReports() })
        default:
            return self
        }
    }

    /// The longest start of `text` of at most `bytes` UTF-8 bytes that ends between characters'
    /// scalars (never half a scalar).
    static func prefix(of text: String, bytes: Int) -> String {
        var kept = String.UnicodeScalarView()
        var used = 0
        for scalar in text.unicodeScalars {
            used += UTF8.width(scalar)
            if used > bytes { break }
            kept.append(scalar)
        }
        return String(kept)
    }

    /// Whether `keptForReports()` gives the value back unchanged: nothing in it to cut. Checked
    /// without building anything, so a value that needs no cutting is kept as it is.
    public var isKeptAsIs: Bool {
        switch self {
        case .string(let text): return text.utf8.count <= Self.keptStringBytes
        case .list(let items): return items.count <= Self.keptListItems && items.allSatisfy { $0.isKeptAsIs }
        case .map(let entries): return entries.values.allSatisfy { $0.isKeptAsIs }
        default: return true
        }
    }

    static func digest(_ text: String) -> UInt64 { Digest.fnv1a(text) }
}

extension Dictionary where Key == String, Value == SpecModel.Value {
    public func keptForReports() -> [String: SpecModel.Value] {
        values.allSatisfy { $0.isKeptAsIs } ? self : mapValues { $0.keptForReports() }
    }
}
