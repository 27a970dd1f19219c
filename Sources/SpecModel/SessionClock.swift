/// The machine's clocks as a session is given them. Only the command line makes one from the
/// machine (`authspec`'s `SessionClock.machine`); a test passes its own, and no other module
/// reads a clock of the machine's, so every date and duration a session reports comes from here.
package struct SessionClock: Sendable {
    /// Time from an arbitrary start, never going back: how long something took, and budgets.
    package var monotonic: @Sendable () -> Duration
    /// Seconds since 1970-01-01 00:00 UTC: timestamps and today's date.
    package var wall: @Sendable () -> Double

    package init(monotonic: @escaping @Sendable () -> Duration, wall: @escaping @Sendable () -> Double) {
        self.monotonic = monotonic
        self.wall = wall
    }

    /// A clock that stands still: every duration is zero, every date `wall`'s.
    package static func frozen(at wall: Double) -> SessionClock {
        SessionClock(monotonic: { .zero }, wall: { wall })
    }

    /// Today in UTC, `YYYY-MM-DD`.
    package var today: String { Self.civil(wall()).date }

    /// Now in UTC to the second, ISO 8601 with no zone (`2026-12-04T18:34:37`), as JUnit's
    /// `timestamp` takes it.
    package var timestamp: String {
        let moment = Self.civil(wall())
        return moment.date + "T" + moment.time
    }

    /// Seconds elapsed since `start` (a `monotonic()` reading).
    package func seconds(since start: Duration) -> Double {
        (monotonic() - start).inSeconds
    }

    /// The UTC calendar date and time of a moment (days since the epoch to a proleptic Gregorian
    /// date, by eras of 400 years).
    static func civil(_ seconds: Double) -> (date: String, time: String) {
        let whole = Int(seconds.rounded(.down))
        let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
        let inDay = whole - days * 86_400
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return (
            "\(yearText)-\(two(month))-\(two(day))",
            "\(two(inDay / 3600)):\(two(inDay / 60 % 60)):\(two(inDay % 60))"
        )
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    package var inSeconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
