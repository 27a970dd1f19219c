import AuthSpecTestSupport
import CommandLineKit
import Foundation
import ScenarioModel
import Testing

/// `run --gate-strength` as a user sees it (the measure itself: SearchTests' GateStrengthTests).
@Suite(.tags(.binary)) struct GateStrengthRunTests {
    /// The run says it for a driver of fewer keys, before the verdict (the last line), and not
    /// for one that declares them all.
    @Test func theRunSaysItBeforeTheVerdict() throws {
        let lock = TestSupport.scenariosFolder + "/lock.yaml"
        let partial = try TestSupport.authspec([
            "run", lock, "--gate-strength", "--quiet", "--driver",
            "python3 \(TestSupport.root.path)/Examples/python/driver.py --observe state --observe states",
        ])
        let lines = partial.stdout.split(separator: "\n")
        let said = try #require(lines.firstIndex { $0.hasPrefix("gate strength: with the 2 keys python-example") })
        #expect(said < lines.count - 1, "\(partial.stdout)")
        #expect(partial.status == 1)
        let whole = try TestSupport.authspec([
            "run", lock, "--gate-strength", "--quiet", "--driver",
            "python3 \(TestSupport.root.path)/Examples/python/driver.py",
        ])
        #expect(whole.status == 0, "\(whole.stdout)\(whole.stderr)")
        #expect(!whole.stdout.contains("gate strength"))
    }

    /// Beside the strength, the blind spots of the driver's keys over the inputs it declares
    /// (kept in the results file), each key that would separate states named with the
    /// requirements only it could check there.
    @Test func theRunSaysTheBlindSpotsOfTheDriversKeysOverItsInputs() throws {
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let inputs = ["launch", "kill", "digit", "delete", "tap", "login_completed", "advance"]
        let run = try TestSupport.authspec([
            "run", TestSupport.scenariosFolder + "/lock.yaml", "--gate-strength", "--quiet", "--json",
            folder + "/results.json", "--driver",
            "python3 \(TestSupport.root.path)/Examples/python/driver.py --observe state --observe states "
                + inputs.map { "--input \($0)" }.joined(separator: " "),
        ])
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let strength = try #require(
            lines.firstIndex { $0.hasPrefix("gate strength: with the 2 keys") }, "\(run.stdout)")
        // enter_pin sends digits, which it declares: kept, and said apart from the seven.
        let over =
            "  - the keys python-example observes, over the 7 inputs python-example declares (and enter_pin, sent as them), in "
        #expect(lines[strength + 1].starts(with: over), "\(run.stdout)")
        #expect(lines[strength + 2].starts(with: "    Blind spots: with state, states, "), "\(run.stdout)")
        // The verdict is still the last line.
        #expect(lines.last?.starts(with: "FAIL: ") == true, "\(run.stdout)")
        // Each requirement named for a key declares that key and neither key observed.
        let catalogue = RequirementCatalogue.load(file: TestSupport.scenariosFolder + "/requirements.yaml").requirements
        var named = 0
        for line in lines where line.hasPrefix("      observe ") {
            let key = String(line.dropFirst("      observe ".count).prefix { $0 != " " })
            guard let rest = line.firstMatch(of: /; \d+ requirements? \(([^)]*)\) declares? it and no key observed/)
            else { continue }
            for id in rest.output.1.split(separator: ", ").map({ String($0.split(separator: " and ")[0]) }) {
                let requirement = try #require(catalogue.first { $0.id == id }, "\(id)")
                #expect(
                    requirement.keys.contains(key) && Set(requirement.keys).isDisjoint(with: ["state", "states"]),
                    "\(line)")
                named += 1
            }
        }
        #expect(named > 0, "\(run.stdout)")
        // docs/usage.md quotes this run's figures.
        let spots = try #require(
            run.stdout.firstMatch(of: /Blind spots: with state, states, (\d+) states in (\d+) groups/))
        let events = try #require(
            run.stdout.firstMatch(
                of:
                    /observe events to separate states in (\d+) of the \d+ groups; (\d+) requirements \([^)]*\) declare it/
            ))
        let usage = try String(contentsOf: TestSupport.root.appendingPathComponent("docs/usage.md"), encoding: .utf8)
            .replacing("\n", with: " ")
        let states = Int(spots.output.1)!.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
        let quoted =
            "\(states) states in \(spots.output.2) groups, and `events` would separate states in \(events.output.1) of them, "
            + "with \(events.output.2) requirements that declare it and no key"
        #expect(usage.contains(quoted), "docs/usage.md should say: \(quoted)")
        // The results file keeps what the driver declared, in the model's order.
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/results.json")))
                as? [String: Any])
        let implementations = try #require(document["implementations"] as? [[String: Any]])
        let driver = try #require(implementations.first { $0["reference"] as? Bool == false })
        #expect(driver["inputs"] as? [String] == TestSupport.model.inputs.map(\.name).filter(inputs.contains))
        #expect(implementations.first { $0["reference"] as? Bool == true }?["inputs"] == nil)
    }
}

/// `model --format json` is what other tools build on (the Hypothesis benchmark among them):
/// the given keys with their defaults and the timers are there, as the model declares them.
@Suite(.tags(.binary)) struct ModelJSONTests {
    @Test func theJSONCarriesTheGivenKeysAndTheTimers() throws {
        for model in ["unlock", "auth-flow"] {
            let result = try TestSupport.authspec(["model", "--model", model, "--format", "json"])
            #expect(result.status == 0, "\(result.stderr)")
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let given = try #require(document["given"] as? [[String: Any]])
            let pinLength = try #require(given.first { $0["key"] as? String == "pin_length" })
            #expect(pinLength["default"] as? Int == 4 && pinLength["type"] as? String == "one of 4, 6")
            let timers = try #require(document["timers_ms"] as? [Int])
            #expect(timers.contains(300_000), "the 5 minutes away")
            if model == "auth-flow" {
                #expect(given.contains { $0["key"] as? String == "totp_secret" })
                #expect(timers.contains(1_500), "the first splash")
            }
        }
    }
}

/// `strengthen` as a user runs it: the scenarios it writes make the suite kill what it let
/// through, a second run has nothing to close, and it never writes over a file of the suite's.
@Suite(.tags(.binary)) struct StrengthenRunTests {
    @Test func theWrittenScenariosCloseTheHolesAndNothingOfTheSuitesIsWrittenOver() throws {
        let scenarios = TestSupport.scenariosFolder
        let files = [
            "S/session.yaml": try String(contentsOfFile: scenarios + "/session.yaml", encoding: .utf8),
            "S/requirements.yaml": try String(contentsOfFile: scenarios + "/requirements.yaml", encoding: .utf8),
        ]
        let folder = try TestSupport.temporaryFolder(files)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let mutants = ["--mutant", "lock-row-6-failures-plus-1", "--mutant", "lock-row-5-length-plus-1ms"]
        let first = try TestSupport.authspec(["strengthen", folder + "/S", "--quiet"] + mutants)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        #expect(first.stdout.contains("closed lock-row-6-failures-plus-1"), "\(first.stdout)")
        let written = folder + "/S/generated/mutant-lock-row-6-failures-plus-1.yaml"
        #expect(FileManager.default.fileExists(atPath: written))
        // The suite now holds the written scenario: the second run finds both mutants killed.
        let again = try TestSupport.authspec(["strengthen", folder + "/S", "--quiet"] + mutants)
        #expect(again.status == 0)
        #expect(again.stdout.contains("kill 2 of the unlock model's 2 mutants"), "\(again.stdout)")
        // A hand-written scenario where one would go is the suite's: refused before anything
        // runs, exit 2, left as it was, and the other mutant's file not written either.
        try FileManager.default.removeItem(atPath: written)
        let other = folder + "/S/generated/mutant-lock-row-5-length-plus-1ms.yaml"
        let mine = "# mine\nid: mine\ntitle: Mine\nspec: [\"SCR-AUTH-006 §5.1\"]\nsteps:\n  - launch\n"
        try Data(mine.utf8).write(to: URL(fileURLWithPath: other))
        let refused = try TestSupport.authspec(["strengthen", folder + "/S", "--quiet"] + mutants)
        #expect(refused.status == 2)
        #expect(
            refused.stderr.contains(OutputRefusal.input(option: "output", input: other, path: other).description),
            "\(refused.stderr)")
        #expect(try String(contentsOfFile: other, encoding: .utf8) == mine)
        #expect(!FileManager.default.fileExists(atPath: written), "nothing is written on a refusal")
        // Outside the suite too: a file authspec did not write is refused.
        let outside = folder + "/elsewhere"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try Data("notes\n".utf8).write(to: URL(fileURLWithPath: outside + "/mutant-lock-row-6-failures-plus-1.yaml"))
        let away = try TestSupport.authspec(
            ["strengthen", folder + "/S", "--quiet", "--output", outside, "--mutant", "lock-row-6-failures-plus-1"])
        #expect(away.status == 2, "\(away.stdout)\(away.stderr)")
        #expect(
            try String(contentsOfFile: outside + "/mutant-lock-row-6-failures-plus-1.yaml", encoding: .utf8)
                == "notes\n")
    }
}
