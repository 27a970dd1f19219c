import AuthSpecTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Hostile scenario files and options, through the built binary: each ends in a located input
/// error (exit 2) with bounded time and memory, never a trap, a hang or a green gate.
@Suite(.serialized, .tags(.binary)) struct HostileInputTests {
    static let header = "id: a\ntitle: t\nspec: [\"SCR-AUTH-006 §5.1\"]\n"

    /// spec check and lint --spec check a text only as a document it says it is and reads as:
    /// SCR-AUTH-006 without its Identificador line (and six of its facts changed), an empty
    /// file, an unrelated text, and the document's first 40 lines (fewer than half its facts)
    /// are each an input error naming what is missing, never "agrees"; the document with its
    /// line and the same six changes is read, and each change is a finding.
    @Test func specCheckRefusesATextItCannotIdentify() throws {
        let document = try String(
            contentsOf: TestSupport.shared.appendingPathComponent("spec/000_09f6d5a5ecdfd677.txt"), encoding: .utf8)
        var changed = document
        for (old, new) in [
            ("Bloqueo 5 minutos", "Bloqueo 6 minutos"), ("Bloqueo 15 minutos", "Bloqueo 16 minutos"),
            ("Bloqueo 1 hora", "Bloqueo 2 horas"), ("Bloqueo 1 minuto", "Bloqueo 2 minutos"),
            ("Usar PIN", "Usar clave"), ("Iniciar sesion nuevamente", "Volver a entrar"),
        ] {
            #expect(changed.contains(old), "\(old)")
            changed = changed.replacingOccurrences(of: old, with: new)
        }
        let unnamed = changed.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("Identificador:") }.joined(separator: "\n")
        let head = document.split(separator: "\n", omittingEmptySubsequences: false).prefix(40).joined(separator: "\n")
        let folder = try TestSupport.temporaryFolder([
            "000_09f6d5a5ecdfd677.txt": unnamed, "empty.txt": "", "blank.txt": "\n  \n",
            "lorem.txt": "Lorem ipsum dolor sit amet.\n", "head.txt": head, "changed.txt": changed,
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (file, message) in [
            ("000_09f6d5a5ecdfd677.txt", "no Identificador line and no file name of a document the model reads"),
            ("empty.txt", "the document is empty"), ("blank.txt", "the document is empty"),
            ("lorem.txt", "not one of the documents the unlock model reads"),
            ("head.txt", "its Identificador line says SCR-AUTH-006, but only "),
        ] {
            for command in [["spec", "check"], ["lint", "--spec"]] {
                let result = try TestSupport.authspec(command + [folder + "/" + file])
                #expect(result.status == 2, "\(command) \(file): \(result.stdout)\(result.stderr)")
                #expect(result.stderr.contains("\(folder)/\(file): error: \(message)"), "\(file): \(result.stderr)")
                #expect(!result.stdout.contains("agrees"), "\(file): \(result.stdout)")
            }
        }
        let read = try TestSupport.authspec(["spec", "check", folder + "/changed.txt"])
        #expect(read.status == 1, "\(read.stdout)\(read.stderr)")
        let facts = read.stdout.split(separator: "\n").filter { $0.contains("error: fact changed:") }
        #expect(facts.count >= 6, "\(read.stdout)")
    }

    @Test func aLineOfThousandsOfErrorsCostsLittle() throws {
        let steps = (0..<5_000).map { "nope\($0)" }.joined(separator: ", ")
        let folder = try TestSupport.temporaryFolder([
            "many.yaml": Self.header + "steps: [\(steps)]\n", "one.yaml": Self.header + "steps: [nope]\n",
        ])
        let measured = try TestSupport.measure(TestSupport.binary, ["lint", folder + "/many.yaml"])
        #expect(measured.status == 2)
        #expect(measured.peakKilobytes < 50_000, "peak RSS \(measured.peakKilobytes) KB")
        // Against the same command on a one-error file, side by side, with a floor so a busy
        // machine does not fail it: an excerpt built from the whole 54 KB line per error took
        // minutes, far beyond this bound.
        let one = try TestSupport.measure(TestSupport.binary, ["lint", folder + "/one.yaml"])
        #expect(
            measured.seconds < max(one.seconds, 0.25) * 20,
            "5,000 errors: \(measured.seconds) s, one error: \(one.seconds) s")
        let lines = measured.stdout.split(separator: "\n")
        #expect(lines.filter { $0.contains(": error: unknown input") }.count == 50)
        #expect(
            measured.stdout.contains("many.yaml: error: and 4950 more problems in this file (the first 50 are listed)"))
        // Each excerpt is a short window of the 54 KB line around its column, not the line.
        #expect(lines.allSatisfy { $0.count < 200 })
    }

    @Test func oversizedFilesAreRefusedBeforeTheyAreRead() throws {
        let folder = try TestSupport.temporaryFolder([:])
        let path = folder + "/big.yaml"
        // 200 MB, sparse: the size is there without the disk.
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, 200 << 20) == 0)
        let measured = try TestSupport.measure(TestSupport.binary, ["lint", path])
        #expect(measured.status == 2)
        #expect(measured.stdout.contains("big.yaml: error: is 209715200 bytes, over the limit of 1048576 bytes"))
        #expect(measured.peakKilobytes < 50_000, "peak RSS \(measured.peakKilobytes) KB")
    }

    @Test func manyKeysAndStarryGlobsTakeLinearTime() throws {
        func keys(_ count: Int) -> String { (0..<count).map { "k\($0): 1" }.joined(separator: "\n") + "\nk5: 2\n" }
        let folder = try TestSupport.temporaryFolder(["small.yaml": keys(6_000), "keys.yaml": keys(60_000)])
        let small = try TestSupport.measure(TestSupport.binary, ["lint", folder + "/small.yaml"])
        let measured = try TestSupport.measure(TestSupport.binary, ["lint", folder + "/keys.yaml"])
        #expect(measured.stdout.contains("keys.yaml:60001:1: error: duplicate key 'k5' (first at line 6)"))
        // Ten times the keys, about ten times the time: a quadratic check would take a hundred.
        #expect(
            measured.seconds < max(small.seconds, 0.05) * 40,
            "6k keys: \(small.seconds) s, 60k keys: \(measured.seconds) s")
        let glob = try TestSupport.measure(
            TestSupport.binary, ["run", TestSupport.scenariosFolder, "--id", "*?*?*?*?*?*?*?*?*?*?*Z", "--quiet"])
        // Backtracking globs took over a minute; a linear match takes the time of starting up.
        #expect(glob.seconds < 30, "took \(glob.seconds) s")
        // It matches nothing, which is an input error (GateTests checks the message).
        #expect(glob.status == 2)
    }

    @Test func unreadablePathsAreInputErrorsNotSilentSkips() throws {
        let folder = try TestSupport.temporaryFolder([
            "ok/a.yaml": Self.header + "steps: [launch]\n", "locked/b.yaml": Self.header + "steps: [launch]\n",
        ])
        #expect(chmod(folder + "/locked", 0) == 0)
        #expect(mkfifo(folder + "/ok/pipe.yaml", 0o644) == 0)
        #expect(symlink("loop-b", folder + "/ok/loop-a") == 0)
        #expect(symlink("loop-a", folder + "/ok/loop-b") == 0)
        defer { chmod(folder + "/locked", 0o755) }
        // As root every folder is readable: the check runs as nobody then.
        let result =
            getuid() == 0
            ? try TestSupport.execute(
                URL(fileURLWithPath: "/usr/bin/setpriv"),
                ["--reuid=65534", "--regid=65534", "--clear-groups", TestSupport.binary.path, "lint", folder])
            : try TestSupport.authspec(["lint", folder])
        #expect(result.status == 2)
        let errors = TestSupport.errors(in: result.stdout, under: folder)
        #expect(
            errors == [
                "locked: error: folder cannot be read: permission denied",
                "ok/loop-a: error: a symlink loop (too many levels of symbolic links)",
                "ok/loop-b: error: a symlink loop (too many levels of symbolic links)",
                "ok/pipe.yaml: error: is a FIFO, not a file",
            ])
    }

    @Test func badBytesArePointedAtWhereTheyAre() throws {
        let folder = try TestSupport.temporaryFolder([:])
        try Data((Self.header + "steps:\n  - launch\n  - tap: \"x\u{0}y\"\n").utf8).write(
            to: URL(fileURLWithPath: folder + "/nul.yaml"))
        try Data(Array((Self.header + "steps: [la").utf8) + [0xC3, 0x28] + Array("unch]\n".utf8)).write(
            to: URL(fileURLWithPath: folder + "/utf8.yaml"))
        let result = try TestSupport.authspec(["lint", folder])
        #expect(result.status == 2)
        #expect(result.stdout.contains("nul.yaml:6:12: error: a NUL byte; a text file holds none"))
        #expect(result.stdout.contains("utf8.yaml:4:11: error: bytes that are not UTF-8 text"))
    }

    @Test func unknownRequirementsAndInputsAreBoundedPerFile() throws {
        let covers = (0..<300).map { "REQ-NOPE-\($0)" }.joined(separator: ", ")
        let many = (0..<12).map {
            "---\nid: s\($0)\ntitle: t\nspec: [x]\nsteps:\n  - launch\n  - advance: 1ms\n    repeat: 9999\n"
        }.joined()
        let folder = try TestSupport.temporaryFolder([
            "requirements.yaml": "- {id: REQ-A, clause: x, text: y}\n",
            "cites.yaml": "id: a\ntitle: t\nspec: [x]\ncovers: [\(covers)]\nsteps: [launch]\n", "many.yaml": many,
        ])
        // Loaded, none selected: what is measured is the loading.
        let result = try TestSupport.authspec(["run", folder, "--id", "none"])
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.filter { $0.contains("error: unknown requirement") }.count == 50)
        #expect(result.stderr.contains("cites.yaml: error: and 250 more unknown requirements in this file"))
        #expect(
            result.stderr.contains(
                "many.yaml:82:1: error: the file's scenarios send more than 100000 inputs together by this scenario; split the file"
            ))
    }

    @Test func aClosedOutputStreamIsNotACrash() throws {
        // Our own pipe, its reading end closed before authspec writes: `authspec lint | head -c 0`.
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        for arguments in [
            ["lint", TestSupport.scenariosFolder], ["run", TestSupport.scenariosFolder, "--id", "brief-*"],
        ] {
            let process = Process()
            process.executableURL = TestSupport.binary
            process.arguments = arguments
            process.standardOutput = FileHandle(fileDescriptor: ends[1], closeOnDealloc: false)
            process.standardError = FileHandle(fileDescriptor: ends[1], closeOnDealloc: false)
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(arguments)")
        }
    }

    @Test func aSignalStopsCommandsWithoutDriversAtOnce() throws {
        let many = (0..<10).map {
            "---\nid: s\($0)\ntitle: t\nspec: [x]\nsteps:\n  - launch\n  - advance: 1ms\n    repeat: 9999\n"
        }.joined()
        let folder = try TestSupport.temporaryFolder(["many.yaml": many])
        let process = Process()
        process.executableURL = TestSupport.binary
        process.arguments = ["lint", folder]
        _ = FileManager.default.createFile(atPath: folder + "/out.txt", contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: folder + "/out.txt")
        try process.run()
        usleep(300_000)
        let sent = Date()
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        #expect(Date().timeIntervalSince(sent) < 5)
    }
}
