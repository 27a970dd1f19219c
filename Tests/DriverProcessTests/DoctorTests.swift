import AuthSpecTestSupport
import Engine
import Exploration
import Foundation
import Results
import Testing

/// `doctor`'s checkup through the engine and its reporter: a working driver passes, a buggy
/// one's failures are summed up by the key that differs, a broken one gets the advice for its
/// kind of failure.
@Suite(.tags(.drivers)) struct DoctorTests {
    @Test func doctorPassesAWorkingDriver() throws {
        let result = try LibraryDoctor.check("python3 Examples/python/driver.py")
        #expect(result.verdict == .works(suiteRan: true), "\(result.text)")
        // What it says, whole, its timings and the suite's size made constant.
        try Golden.compare(
            result.text.replacing(/\ \d+ ms/, with: " N ms").replacing(/\([\d.]+ s\)/, with: "(N s)")
                .replacingOccurrences(of: "\(TestSupport.suiteSize) scenarios", with: "{suite} scenarios")
                .replacingOccurrences(of: "\(TestSupport.suiteSize) passed", with: "{suite} passed"),
            with: "report-doctor-works.txt")
    }

    /// Past the smoke scenario, doctor runs the suite and sums up what is wrong: failures by the
    /// key that differs, and fields the spec's values have that the driver never reports.
    @Test func doctorSumsUpTheSuitesFailures() throws {
        let buggy = try LibraryDoctor.check("python3 Examples/python/driver.py --bug lock-from-first-failure")
        #expect(buggy.verdict != .works(suiteRan: true), "\(buggy.text)")
        // Its failures, grouped by the key that differs, lock_remaining among them.
        let diagnosis = buggy.events.compactMap { event -> Diagnosis? in
            guard case .suiteRan(_, _, let diagnosis, _) = event else { return nil }
            return diagnosis
        }.first
        #expect(diagnosis?.failedKeys.map(\.what).first == "lock_remaining", "\(buggy.text)")
        #expect(buggy.text.contains(try Regex(#"\n        lock_remaining +[0-9] scenarios: "#)), "\(buggy.text)")
        #expect(buggy.text.contains("The driver works, but the suite finds the problems above."))

        let noParams = try LibraryDoctor.check("python3 Tests/Fixtures/drivers/events_without_params.py")
        #expect(noParams.verdict != .works(suiteRan: true), "\(noParams.text)")
        #expect(
            noParams.text.contains(
                try Regex(
                    #"    ✗ events\[\]\.params: the scenarios expect it, the driver never reports it \([0-9]+ scenarios: "#
                )
            ), "\(noParams.text)")

        let states = try LibraryDoctor.check(
            "python3 Examples/python/driver.py --observe state --observe states", smokeOnly: true)
        let lacking = states.events.compactMap { event -> [String]? in
            guard case .profileNotMet(let profile, let lacking) = event, profile.name == "full" else { return nil }
            return lacking
        }
        #expect(lacking.count == 1 && lacking.first?.first == "navigation", "\(states.text)")
        #expect(states.verdict != .works(suiteRan: false))
    }

    /// A driver that observes fewer keys than the app reports is told their blind spots over
    /// the inputs it sends; over every input, past the checkup's limit, it is given the command
    /// that finds them.
    @Test func doctorSaysTheBlindSpotsOfTheKeysADriverObserves() throws {
        let pinOnly = try LibraryDoctor.check(
            "python3 Examples/python/driver.py --observe state --observe states --input launch --input kill "
                + "--input digit --input delete --input tap --input login_completed --input advance", smokeOnly: true)
        let check = pinOnly.events.compactMap { event -> BlindSpotCheck? in
            guard case .blindSpots(let check) = event else { return nil }
            return check
        }.first
        #expect(check?.keys == ["state", "states"])
        // enter_pin sends digits, which it declares: kept.
        #expect(
            check?.inputs == ["launch", "kill", "digit", "enter_pin", "delete", "tap", "login_completed", "advance"])
        guard case .built(let machine)? = check?.outcome else {
            Issue.record("no machine: \(pinOnly.text)")
            return
        }
        #expect(machine.leftOut.isEmpty && machine.inputs == check?.inputs)
        let spots = machine.blindSpots(
            observing: ["state", "states"], among: TestSupport.model.observations.map(\.key))
        let said = try #require(
            pinOnly.text.firstMatch(of: /Blind spots: with state, states, (\d+) states in (\d+) groups/),
            "\(pinOnly.text)")
        #expect(Int(said.output.1) == spots.reduce(0) { $0 + $1.states.count })
        #expect(Int(said.output.2) == spots.count)

        let every = try LibraryDoctor.check(
            "python3 Examples/python/driver.py --observe state --observe states", smokeOnly: true)
        #expect(
            every.text.firstMatch(of: /not shown: over every input, the model's first world passes 2000 states/) != nil,
            "\(every.text)")
        // CLITests runs it (past the cap, it still prints them).
        let command = every.text.split(separator: "\n").first { $0.starts(with: "    authspec generate --complete") }
        #expect(
            command
                == "    authspec generate --complete --model unlock --observe state,states --random-tests 1 --out complete"
        )
    }

    /// A driver command the shell could not find (exit 127) or run (126) is said first, as
    /// that, before any word about the handshake.
    @Test func aCommandThatCannotBeFoundOrRunIsSaidFirst() throws {
        let folder = try TestSupport.temporaryFolder(["driver.sh": "#!/bin/sh\nexit 0\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: folder + "/driver.sh")
        for (command, why) in [
            ("no-such-driver-program --flag", "was not found"), (folder + "/driver.sh", "cannot be run"),
        ] {
            let result = try LibraryDoctor.check(command)
            let firstMark = result.text.split(separator: "\n").first { $0.hasPrefix("  ✗") || $0.hasPrefix("  ✓") }
            #expect(firstMark == "  ✗ the driver command \(why): \(command)", "\(result.text)")
            #expect(!result.text.contains("handshake failed"), "\(result.text)")
            #expect(result.verdict != .works(suiteRan: true))
        }
    }

    @Test(
        arguments: [
            ("no-such-driver-program", nil, "exit status 127"),
            ("python3 -c 'import time; time.sleep(30)'", 1, "did not answer the hello in time"),
            (
                "python3 Tests/Fixtures/drivers/faulty_driver.py --fault wrong-version", nil,
                "Answer the hello with \"protocol\": one of the versions offered"
            ),
            (
                "python3 Tests/Fixtures/drivers/faulty_driver.py --fault garbage --scenario doctor-unlock-with-pin --at-input 2",
                nil, "logs and debug prints belong on stderr"
            ),
            (
                "python3 Examples/python/driver.py --bug cancel-counts-as-failure", nil,
                "its logic disagrees with the spec"
            ),
        ] as [(String, Int?, String)])
    func doctorExplainsWhatIsWrong(driver: String, handshakeSeconds: Int?, advice: String) throws {
        let result = try LibraryDoctor.check(driver, handshakeTimeout: handshakeSeconds.map { .seconds($0) })
        #expect(result.verdict != .works(suiteRan: true))
        #expect(result.text.contains(advice), "\(result.text)")
    }
}
