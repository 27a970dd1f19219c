/// Parses `YYYY-MM-DDTHH:MM:SS[.fff]Z` (UTC only) to milliseconds since 1970: the virtual
/// clock's origin needs no time zones.
enum Instant {
    static func parse(_ text: String) -> Int? {
        // Read as bytes: a well-formed instant is ASCII, and any other byte fails a check.
        var text = text
        return text.withUTF8 { chars in
            guard chars.count >= 20, chars[chars.count - 1] == UInt8(ascii: "Z"), chars[4] == UInt8(ascii: "-"),
                chars[7] == UInt8(ascii: "-"), chars[10] == UInt8(ascii: "T"), chars[13] == UInt8(ascii: ":"),
                chars[16] == UInt8(ascii: ":")
            else { return nil }
            // Digits only: Int("+1") and Int("-1") would accept a sign.
            func number(_ range: Range<Int>) -> Int? {
                var value = 0
                for index in range {
                    let byte = chars[index]
                    guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                    value = value * 10 + Int(byte - UInt8(ascii: "0"))
                }
                return value
            }
            guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
                let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
                (1...12).contains(month), (1...daysIn(month, year)).contains(day), hour < 24, minute < 60,
                second < 60
            else { return nil }
            var milliseconds = 0
            let tail = 19..<(chars.count - 1)
            if !tail.isEmpty {
                guard chars[tail.lowerBound] == UInt8(ascii: "."), tail.count >= 2, tail.count <= 4,
                    let fraction = number(tail.dropFirst())
                else { return nil }
                milliseconds = fraction * [1, 100, 10, 1][tail.count - 1]
            }
            let days = daysFromCivil(year: year, month: month, day: day)
            return ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1_000 + milliseconds
        }
    }

    private static func daysIn(_ month: Int, _ year: Int) -> Int {
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar.
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
