import AuthSpecTestSupport
import ScenarioModel
import SpecModel
import Testing

/// Durations and instants are read byte by byte (loading speed); these hold what they accept
/// and refuse, non-ASCII text included, to the format the scenario guide gives.
@Suite struct TextReadingTests {
    @Test func durationsReadAsWritten() {
        let cases: [(String, VirtualDuration.Reading)] = [
            ("500ms", .milliseconds(500)), ("59s", .milliseconds(59_000)), ("1h30m", .milliseconds(5_400_000)),
            ("30m1h", .milliseconds(5_400_000)), ("1s500ms", .milliseconds(1_500)),
            ("  2d ", .milliseconds(172_800_000)),
            ("0s", .milliseconds(0)), ("36500d", .milliseconds(VirtualDuration.maximum)),
            ("36500d1ms", .outOfRange), ("99999999999999999999999ms", .outOfRange),
            ("99999999999999999999999ms5x", .malformed), ("", .malformed), ("   ", .malformed), ("5", .malformed),
            ("s", .malformed), ("1H", .malformed), ("1 s", .malformed), ("-1s", .malformed), ("+1s", .malformed),
            ("1sé", .malformed), ("١s", .malformed), ("1ś", .malformed), ("1s\u{301}", .malformed),
            ("1.5s", .malformed),
        ]
        for (text, reading) in cases { #expect(VirtualDuration.read(text) == reading, "\(text)") }
    }

    @Test func instantsAreUTCWithUpToThreeFractionDigits() {
        func clock(_ text: String) -> Value? {
            TestSupport.load("id: s\ntitle: t\nspec: [x]\ngiven: {clock: \"\(text)\"}\nsteps: [launch]\n")
                .scenarios.first?.given["clock"]
        }
        #expect(clock("1970-01-01T00:00:00Z") == .int(0))
        #expect(clock("2026-01-01T08:00:00.5Z") == .int(1_767_254_400_500))
        #expect(clock("2026-01-01T08:00:00.05Z") == .int(1_767_254_400_050))
        #expect(clock("2026-01-01T08:00:00.005Z") == .int(1_767_254_400_005))
        #expect(clock("2024-02-29T00:00:00Z") == .int(1_709_164_800_000))
        for bad in [
            "2025-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-01-01T24:00:00Z", "2026-01-01T08:00:00.Z",
            "2026-01-01T08:00:00.0005Z", "2026-01-01T08:00:00", "2026-01-01 08:00:00Z", "2026-01-01T08:00:00+01:00",
            "٢٠٢٦-01-01T08:00:00Z", "2026-01-01T08:00:00Ź", "2026-01-01T08:00:00.é5Z",
        ] {
            #expect(clock(bad) == nil, "\(bad)")
        }
    }
}
