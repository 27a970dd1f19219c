import AuthSpecTestSupport
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Every command that takes a driver against every fault of the misbehaving test driver, and
/// every command against every kind of hostile file: each ends with an exit code it documents
/// (0, 1 or 2, and never 0 on a driver a fault broke), never a trap (132 SIGILL, 134 SIGABRT,
/// 139 SIGSEGV) and never a hang. Run
/// through the built binary, each in a folder of its own.
@Suite(.tags(.binary)) struct FaultMatrixTests {
    static let faulty =
        "python3 " + TestSupport.root.appendingPathComponent("Tests/Fixtures/drivers/faulty_driver.py").path

    /// The faults of the test driver, each where it strikes every scenario (or at the handshake).
    static let faults = [
        "crash", "segfault", "hang", "garbage", "long-line", "early-exit", "wrong-version", "slow-start",
        "stderr-flood", "wrong-id", "late-reply", "few-inputs", "spawn-crash", "spawn-hang", "no-read",
        "fat-replies", "all-unsupported", "reply-ahead", "start-crash", "no-inputs", "hello-crash",
    ]

    /// Short timeouts so that a hanging fault costs a fraction of a second, not a minute.
    static let timeouts = [
        "--handshake-timeout", "1s", "--step-timeout", "400ms", "--scenario-timeout", "3s", "--restart-budget", "1",
    ]

    /// The faults after which a driver conforms all the same on this one-scenario suite (slow
    /// but in time, loud on stderr, a message too long on a key the scenario does not expect,
    /// declaring only the inputs the scenario takes, a forged reply after a reset the last
    /// scenario never has): run, doctor and explore may pass. Every other fault breaks the
    /// driver, and none of them may exit 0.
    static let harmless: Set = ["slow-start", "stderr-flood", "fat-replies", "few-inputs", "reply-ahead"]

    /// One run of the binary: what it is, its arguments, the folder it runs in, the exit codes
    /// it may end with.
    struct Case: Sendable {
        var what: String
        var arguments: [String]
        var folder: String
        var allowed: Set<Int32> = [0, 1, 2]
        /// Seconds before the case counts as hung: a guard, not a speed target.
        var limit: Double = 120
    }

    /// The commands that run every mutant of the model over what they load: a valid hostile
    /// file (CR line ends) is a whole suite to them, minutes of a debug build's work beside five
    /// other cases on two cores.
    static let searches: Set = ["mutate", "strengthen"]

    /// Runs every case, several side by side (most of them wait on a driver's timeout, not on
    /// a processor), and expects each to end with an exit code authspec documents.
    static func runAll(_ cases: [Case]) {
        let failures = Mutex<[String]>([])
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 6
        for item in cases {
            queue.addOperation {
                let result = try? TestSupport.execute(
                    TestSupport.binary, item.arguments, in: URL(fileURLWithPath: item.folder), limit: item.limit)
                guard let result else { return failures.withLock { $0.append("\(item.what) did not start") } }
                if !item.allowed.contains(result.status) {
                    failures.withLock {
                        $0.append(
                            "\(item.what) exited \(result.status)\n\(result.stdout.suffix(800))\n\(result.stderr.suffix(800))"
                        )
                    }
                }
            }
        }
        queue.waitUntilAllOperationsAreFinished()
        for failure in failures.withLock({ $0 }) { Issue.record(Comment(rawValue: failure)) }
        #expect(!cases.isEmpty)
    }

    @Test func everyCommandThatTakesADriverEndsInOrder() throws {
        // One scenario of two inputs: a fault that costs a timeout costs it once or twice.
        let root = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: root) }
        var cases: [Case] = []
        for fault in Self.faults {
            let folder = root + "/" + fault
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let one = folder + "/one.yaml"
            try
                "id: one\ntitle: t\nspec: [\"SCR-AUTH-006 §5.1\"]\nsteps:\n  - launch\n  - {biometric: cancel, expect: {state: PINInput}}\n"
                .write(toFile: one, atomically: true, encoding: .utf8)
            let driver = "\(Self.faulty) --fault \(fault) --scenario '*' --seconds 0.6 --ready-file \(folder)/ready"
            let logs = ["--log-dir", folder + "/logs"]
            let judged: Set<Int32> = Self.harmless.contains(fault) ? [0, 1, 2] : [1, 2]
            cases += [
                Case(
                    what: "run against --fault \(fault)",
                    arguments: ["run", one, "--driver", driver] + logs + Self.timeouts, folder: folder,
                    allowed: judged),
                Case(
                    what: "doctor against --fault \(fault)",
                    arguments: ["doctor", "--smoke-only", "--driver", driver] + logs + Self.timeouts, folder: folder,
                    allowed: judged),
                Case(
                    what: "explore against --fault \(fault)",
                    arguments: [
                        "explore", "--driver", driver, "--runs", "4", "--budget", "10s", "--seed", "1", "--out",
                        folder + "/e.yaml",
                    ] + logs + Self.timeouts, folder: folder, allowed: judged),
                Case(
                    what: "bench against --fault \(fault)",
                    arguments: ["bench", one, "--driver", driver, "--trials", "1", "--min-steps", "1"], folder: folder),
            ]
        }
        Self.runAll(cases)
    }

    /// The hostile files: CR and CR LF line ends, empty, binary, invalid UTF-8, huge (a sparse
    /// file past every size limit), a FIFO (never opened: a reader would block).
    static let files = [
        "cr.yaml", "crlf.yaml", "empty.yaml", "binary.yaml", "invalid.yaml", "huge.yaml", "fifo.yaml",
    ]

    static func make(_ name: String, at path: String) throws {
        func text(_ text: String) throws { try text.write(toFile: path, atomically: true, encoding: .utf8) }
        switch name {
        case "cr.yaml": try text("id: a\rtitle: t\rspec: [x]\rsteps: [launch]\r")
        case "crlf.yaml": try text("id: a\r\ntitle: t\r\nspec: [x]\r\nsteps: [launch]\r\n")
        case "empty.yaml": try text("")
        case "binary.yaml":
            try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 37) }).write(to: URL(fileURLWithPath: path))
        case "invalid.yaml": try Data([0x69, 0x64, 0x3a, 0x20, 0xff, 0xfe, 0x0a]).write(to: URL(fileURLWithPath: path))
        case "huge.yaml":
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            defer { close(descriptor) }
            #expect(ftruncate(descriptor, 300 << 20) == 0)
        default: #expect(mkfifo(path, 0o644) == 0)
        }
    }

    /// Each command given `file` where it takes one.
    static func commands(with file: String, in folder: String) -> [(String, [String])] {
        [
            ("run", ["run", file]), ("lint", ["lint", file]),
            ("record", ["record", file, "--output", folder + "/out.yaml"]),
            ("spec check", ["spec", "check", file]), ("lint --spec", ["lint", "--spec", file]),
            ("trace", ["trace", TestSupport.scenariosFolder, "--statements", file]), ("merge", ["merge", file]),
            // One mutant: the file is what is tried, not the search.
            ("mutate", ["mutate", file, "--quiet", "--explore-runs", "1", "--mutant", "success-delay-0ms"]),
            (
                "strengthen",
                ["strengthen", file, "--output", folder + "/s", "--explore-runs", "1", "--mutant", "success-delay-0ms"]
            ),
            ("check-model", ["check-model", "--depth", "1", "--worlds", "1", "--out", file]),
            ("generate", ["generate", "--cover", "requirements", "--requirements", file, "--out", folder + "/g"]),
            ("run --baseline", ["run", TestSupport.scenariosFolder, "--id", "brief-cancel-*", "--baseline", file]),
            ("run --manifest", ["run", "--manifest", file]), ("doctor", ["doctor", file]),
            ("init", ["init", file]), ("explore --baseline", ["explore", "--runs", "2", "--baseline", file]),
        ]
    }

    @Test func everyCommandReadsAHostileFileInOrder() throws {
        let root = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: root) }
        var cases: [Case] = []
        for name in Self.files {
            // A folder per file and command: what one command writes, another never reads.
            for (command, _) in Self.commands(with: "", in: "") {
                let folder = root + "/" + name + "-" + command.replacingOccurrences(of: " ", with: "-")
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                let file = folder + "/" + name
                try Self.make(name, at: file)
                let arguments = try #require(Self.commands(with: file, in: folder).first { $0.0 == command }).1
                cases.append(
                    Case(
                        what: "\(command) on \(name)", arguments: arguments, folder: folder,
                        limit: Self.searches.contains(command) ? 600 : 120))
            }
        }
        Self.runAll(cases)
    }
}
