/// 64-bit FNV-1a, for digests that must be the same on every machine and every run.
public enum Digest {
    public static let fnvOffset: UInt64 = 0xcbf2_9ce4_8422_2325

    public static func fnv1a(_ text: String, from seed: UInt64 = fnvOffset) -> UInt64 {
        var text = text
        return text.withUTF8 { bytes in
            var hash = seed
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return hash
        }
    }

    public static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// FNV-1a fed piece by piece, each piece tagged and strings length-prefixed so that no two
/// different sequences of pieces feed the same bytes. Used where building the text to digest
/// would cost more than the digest (a suite's identity over thousands of scenarios).
public struct DigestStream: Sendable {
    public private(set) var value: UInt64

    public init(from seed: UInt64 = Digest.fnvOffset) { value = seed }

    public mutating func add(byte: UInt8) { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }

    public mutating func add(_ number: Int) {
        var bits = UInt64(bitPattern: Int64(number))
        for _ in 0..<8 {
            add(byte: UInt8(truncatingIfNeeded: bits))
            bits >>= 8
        }
    }

    public mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            add(bytes.count)
            for byte in bytes { add(byte: byte) }
        }
    }

    /// Maps are fed in key order, so equal values (whatever their keys' written order) feed
    /// the same bytes.
    public mutating func add(_ item: Value) {
        switch item {
        case .null: add(byte: 0)
        case .bool(let flag): add(byte: flag ? 2 : 1)
        case .int(let number):
            add(byte: 3)
            add(number)
        case .string(let text):
            add(byte: 4)
            add(text)
        case .list(let items):
            add(byte: 5)
            add(items.count)
            for element in items { add(element) }
        case .map(let entries):
            add(byte: 6)
            add(entries.count)
            for key in entries.keys.sorted() {
                add(key)
                add(entries[key]!)
            }
        }
    }
}
