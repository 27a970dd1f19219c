/// Durations on the virtual clock, in whole milliseconds (the clock's tick).
public enum VirtualDuration {
    public static let unitsInMilliseconds: [(suffix: String, milliseconds: Int)] = [
        ("ms", 1), ("s", 1_000), ("m", 60_000), ("h", 3_600_000), ("d", 86_400_000),
    ]

    /// The longest duration anything takes, and the furthest a scenario's clock may run: 100
    /// years (36500d). Far beyond every rule of the spec, far below where sums of milliseconds
    /// could overflow, so the clock and every deadline built from it stay exact.
    public static let maximum = 36_500 * 86_400_000

    /// What a duration text reads as.
    public enum Reading: Equatable, Sendable {
        case milliseconds(Int)
        case malformed
        /// Well formed, but longer than `maximum`.
        case outOfRange
    }

    /// Reads `59s`, `500ms`, `1h30m`, `30d`: one or more number-unit parts, largest first or in
    /// any order. A bare number is malformed; a total over `maximum` is out of range.
    public static func read(_ text: String) -> Reading {
        // Read as bytes: every well-formed duration is ASCII, and any other byte, where a digit
        // or a unit should be, makes it malformed.
        var text = text
        return text.withUTF8 { bytes in
            var start = bytes.startIndex
            var end = bytes.endIndex
            while start < end, bytes[start] == UInt8(ascii: " ") { start += 1 }
            while end > start, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
            guard start < end else { return .malformed }
            var total = 0
            var tooLarge = false
            var index = start
            while index < end {
                let digitsStart = index
                var number = 0
                var overflow = false
                while index < end, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                    let (tens, tensOverflow) = number.multipliedReportingOverflow(by: 10)
                    let (sum, sumOverflow) = tens.addingReportingOverflow(Int(bytes[index] - UInt8(ascii: "0")))
                    overflow = overflow || tensOverflow || sumOverflow
                    number = sum
                    index += 1
                }
                guard index > digitsStart else { return .malformed }
                let unitStart = index
                while index < end, (bytes[index] | 0x20) >= UInt8(ascii: "a"),
                    (bytes[index] | 0x20) <= UInt8(ascii: "z")
                {
                    index += 1
                }
                let unit = UnsafeBufferPointer(rebasing: bytes[unitStart..<index])
                guard
                    let factor = unitsInMilliseconds.first(where: { $0.suffix.utf8.elementsEqual(unit) })?.milliseconds
                else { return .malformed }
                // Keep reading after an overflow: a malformed tail still says "malformed".
                guard !overflow else {
                    tooLarge = true
                    continue
                }
                let (product, productOverflow) = number.multipliedReportingOverflow(by: factor)
                let (sum, sumOverflow) = total.addingReportingOverflow(product)
                if productOverflow || sumOverflow || sum > maximum { tooLarge = true } else { total = sum }
            }
            return tooLarge ? .outOfRange : .milliseconds(total)
        }
    }

    /// The milliseconds of a well-formed duration within `maximum`, else nil.
    public static func parse(_ text: String) -> Int? {
        if case .milliseconds(let value) = read(text) { return value }
        return nil
    }

    /// The shortest exact rendering: 60000 → `1m`, 272000 → `4m32s`, 1500 → `1s500ms`.
    public static func format(_ milliseconds: Int) -> String {
        if milliseconds == 0 { return "0s" }
        var rest = milliseconds
        var parts = ""
        for (suffix, factor) in unitsInMilliseconds.reversed() where rest >= factor {
            parts += "\(rest / factor)\(suffix)"
            rest %= factor
        }
        return parts
    }
}
