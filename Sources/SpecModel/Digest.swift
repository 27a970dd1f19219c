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
