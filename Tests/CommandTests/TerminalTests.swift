import AuthSpecTestSupport
import Foundation
import Testing

/// What a person at a terminal sees, through a real pseudo-terminal (Python's pty): one
/// progress line rewritten in place, colour unless NO_COLOR, plain lines and no colour when
/// the output is a file, colour there with FORCE_COLOR.
@Suite(.tags(.binary)) struct TerminalTests {
    /// Runs the binary with its output on a pseudo-terminal; returns everything it wrote.
    func onTerminal(_ arguments: [String], environment: [String: String] = [:]) throws -> String {
        let script = """
            import os, pty, sys, json
            extra = json.loads(sys.argv[1])
            env = dict(os.environ, **extra)
            for key in [k for k, v in extra.items() if v == ""]:
                env.pop(key)
            pid, fd = pty.fork()
            if pid == 0:
                os.execve(sys.argv[2], sys.argv[2:], env)
            out = b""
            while True:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                out += chunk
            os.waitpid(pid, 0)
            sys.stdout.write(out.decode("utf-8", "replace"))
            """
        let settings = String(decoding: try JSONSerialization.data(withJSONObject: environment), as: UTF8.self)
        let result = try TestSupport.execute(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", "-c", script, settings, TestSupport.binary.path] + arguments)
        try #require(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    /// `text` with timings made constant and its escape character and carriage returns
    /// written out (`\e`, `\r`), so a golden file shows each byte a terminal is sent.
    static func visible(_ text: String) -> String {
        GoldenOutputTests.steady(text).replacingOccurrences(of: "\u{1B}", with: "\\e")
            .replacingOccurrences(of: "\r", with: "\\r")
    }

    @Test func aTerminalGetsOneUpdatingLineAndColour() throws {
        let shown = try onTerminal(["run", "--id", "pin-*"], environment: ["NO_COLOR": "", "FORCE_COLOR": ""])
        // Each passing scenario replaces the line before it: carriage return, clear to end.
        #expect(shown.components(separatedBy: "\r\u{1B}[K").count > 8, "\(shown.debugDescription)")
        // Every byte, its control characters made visible: the verdict green, no passing line kept.
        try Golden.compare(Self.visible(shown), with: "terminal-colour.txt")
        // NO_COLOR turns colour off and keeps the updating line.
        let plain = try onTerminal(["run", "--id", "pin-*"], environment: ["NO_COLOR": "1"])
        try Golden.compare(Self.visible(plain), with: "terminal-no-colour.txt")
    }

    /// In a failure, what the spec expects and what was observed are coloured apart.
    @Test func expectedAndObservedAreColouredApart() throws {
        let logs = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: logs) }
        let forced = try TestSupport.execute(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "-u", "NO_COLOR", "FORCE_COLOR=1", TestSupport.binary.path, "run", "--id", "brief-*", "--log-dir", logs,
                "--driver",
                "python3 Examples/python/driver.py --argon2-memory-kib 8 --bug eighth-gives-15-min",
            ])
        #expect(forced.status == 1)
        #expect(
            forced.stdout.contains(
                try Regex(#"\u{1B}\[32m +lock_remaining: +expected 1h\u{1B}\[0m\n\u{1B}\[31m +observed 15m\u{1B}\[0m"#)),
            "\(forced.stdout.debugDescription)")
    }

    @Test func aFileGetsPlainLinesUnlessColourIsForced() throws {
        let logged = try TestSupport.authspec(["run", "--id", "pin-*"])
        try Golden.compare(Self.visible(logged.stdout), with: "terminal-file.txt")
        let forced = try TestSupport.execute(
            URL(fileURLWithPath: "/usr/bin/env"),
            // NO_COLOR would win; the test runner may set it.
            ["-u", "NO_COLOR", "FORCE_COLOR=1", TestSupport.binary.path, "run", "--id", "pin-*"])
        // Coloured lines, and no updating line where there is no terminal.
        try Golden.compare(Self.visible(forced.stdout), with: "terminal-file-forced-colour.txt")
    }
}
