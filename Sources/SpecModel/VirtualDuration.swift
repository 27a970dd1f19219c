/// Durations on the virtual clock, in whole milliseconds (the clock's tick).
public enum VirtualDuration {
    public static let unitsInMilliseconds: [(suffix: String, milliseconds: Int)] = [
        ("ms", 1), ("s", 1_000), ("m", 60_000), ("h", 3_600_000), ("d", 86_400_000),
    ]

    /// Parses `59s`, `500ms`, `1h30m`, `30d`: one or more number-unit parts, largest first
    /// or in any order. Returns nil for anything else, including a bare number.
    public static func parse(_ text: String) -> Int? {
        var rest = Substring(text.trimmingCharacters(in: " "))
        guard !rest.isEmpty else { return nil }
        var total = 0
        while !rest.isEmpty {
            let digits = rest.prefix(while: \.isASCIIDigitCharacter)
            guard !digits.isEmpty, let number = Int(digits) else { return nil }
            rest = rest.dropFirst(digits.count)
            let unit = rest.prefix(while: \.isLetter)
            guard let factor = unitsInMilliseconds.first(where: { $0.suffix == unit })?.milliseconds
            else { return nil }
            rest = rest.dropFirst(unit.count)
            let (product, overflow) = number.multipliedReportingOverflow(by: factor)
            guard !overflow else { return nil }
            total += product
        }
        return total
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

extension Character {
    var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}

extension String {
    func trimmingCharacters(in set: Character) -> String {
        var text = Substring(self)
        while text.first == set { text.removeFirst() }
        while text.last == set { text.removeLast() }
        return String(text)
    }
}
