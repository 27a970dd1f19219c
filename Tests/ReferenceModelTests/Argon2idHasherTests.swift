import AuthSpecTestSupport
import Foundation
import Synchronization
import Testing
import UnlockScreen

/// SCR-AUTH-006 §8.1 and UIF-AUTH-001 §10.1: the PIN is kept only as an Argon2id hash with a salt.
@Suite struct Argon2idHasherTests {
    @Test(arguments: Argon2Profile.all)
    func hashRoundTripsAndCarriesTheProfile(profile: Argon2Profile) throws {
        let hash = try Argon2idHasher(profile: profile).hash("4821")
        // The PHC string's fields: algorithm, version, parameters, salt, hash.
        let fields = hash.split(separator: "$", omittingEmptySubsequences: false).map(String.init)
        #expect(fields.count == 6 && fields[0].isEmpty)
        #expect(
            Array(fields.dropFirst().prefix(3)) == [
                "argon2id", "v=19", "m=\(profile.memoryKiB),t=\(profile.iterations),p=\(profile.parallelism)",
            ])
        #expect(!hash.contains("4821"))
        #expect(Argon2idHasher.verify("4821", against: hash))
    }

    @Test(arguments: ["4820", "482", "48210", "", "1234"])
    func wrongPINDoesNotVerify(pin: String) throws {
        let hash = try Argon2idHasher(profile: .light).hash("4821")
        #expect(!Argon2idHasher.verify(pin, against: hash))
    }

    @Test func malformedHashNeverVerifies() {
        #expect(!Argon2idHasher.verify("4821", against: ""))
        #expect(!Argon2idHasher.verify("4821", against: "$argon2id$v=19$m=1024,t=1,p=1$AAAA$BBBB"))
        #expect(!Argon2idHasher.verify("4821", against: "4821"))
    }

    @Test func everyHashHasItsOwnSalt() throws {
        let hasher = Argon2idHasher(profile: .light)
        let hashes = try (0..<20).map { _ in try hasher.hash("1234") }
        let salts = hashes.map { $0.split(separator: "$")[3] }
        #expect(Set(salts).count == 20)
        #expect(Set(hashes).count == 20)
        #expect(hashes.allSatisfy { Argon2idHasher.verify("1234", against: $0) })
    }

    @Test func saltComesFromTheGivenGenerator() throws {
        var first = SeededGenerator(seed: 7)
        var second = SeededGenerator(seed: 7)
        let hasher = Argon2idHasher(profile: .light)
        #expect(try hasher.hash("1234", using: &first) == hasher.hash("1234", using: &second))
    }

    /// Debian's reference `argon2` tool computes the same encoded hash from the same salt,
    /// so the hashes are standard Argon2id (RFC 9106), not a private variant.
    @Test(arguments: Argon2Profile.all)
    func matchesTheArgon2CommandLineTool(profile: Argon2Profile) throws {
        let tool = URL(fileURLWithPath: "/usr/bin/argon2")
        try #require(
            FileManager.default.isExecutableFile(atPath: tool.path),
            "install Debian's argon2 package (scripts/install-deps)")
        let salt = "medtime-salt-16b"
        let ours = try Argon2idHasher(profile: profile).hash("0427", salt: Array(salt.utf8))
        let memoryExponent = Int(log2(Double(profile.memoryKiB)))
        let memoryFlag =
            1 << memoryExponent == Int(profile.memoryKiB)
            ? ["-m", String(memoryExponent)] : ["-k", String(profile.memoryKiB)]
        let process = Process()
        process.executableURL = tool
        process.arguments =
            [salt, "-id", "-t", String(profile.iterations), "-p", String(profile.parallelism), "-l", "32", "-e"]
            + memoryFlag
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data("0427".utf8))
        try input.fileHandleForWriting.close()
        let theirs = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(theirs == ours)
        #expect(Argon2idHasher.verify("0427", against: theirs))
    }
}

extension Argon2idHasherTests {
    /// The reference does real Argon2id once per given PIN and once per (hash, PIN) pair in a
    /// run, and the suite's verdicts are the same as without the memo.
    @Test func theReferenceHashesAndChecksEachPairOnce() throws {
        let calls = Mutex<[String]>([])
        let counting: @Sendable (String, String) -> Bool = { pin, encoded in
            calls.withLock { $0.append(encoded + " " + pin) }
            return Argon2idHasher.verify(pin, against: encoded)
        }
        let suite = TestSupport.suite().scenarios
        let memoised = TestSupport.run(suite, on: UnlockReference(machine: UnlockMachine(verifyPIN: counting)))
        let checks = calls.withLock { $0 }
        #expect(checks.count == Set(checks).count, "a (hash, PIN) pair was checked twice")
        #expect(checks.count > 5)
        let plain = TestSupport.run(suite, on: UnlockReference(memo: Argon2Memo()))
        #expect(memoised.map(\.outcome) == plain.map(\.outcome))
        #expect(memoised.allSatisfy { $0.outcome == .passed })
    }
}
