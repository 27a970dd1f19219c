import AuthSpecTestSupport
import Foundation
import Models
import Testing

/// What each command prints, through the built binary, compared whole with its golden file
/// (Fixtures/golden/output-NAME.txt) once timings are made constant: the command line's own
/// behaviour (options to a plan, events to text, exit codes), where the logic under it is
/// tested in process. `AUTHSPEC_RECORD_GOLDEN=1` writes them again, on purpose.
@Suite(.tags(.binary)) struct GoldenOutputTests {
    static let spec = TestSupport.shared.appendingPathComponent("spec").path

    /// A golden file's commands: each run in turn (in the checkout, or in `{tmp}` when
    /// `inFolder`; `{tmp}` a fresh folder holding `files`), and what each printed and its exit
    /// code recorded one after the other.
    struct Case: Sendable {
        var name: String
        var files: [String: String] = [:]
        var commands: [[String]]
        var inFolder = false
        /// Symbolic links made in `{tmp}` beside the files: name → destination.
        var links: [String: String] = [:]

        init(_ name: String, _ arguments: [String]) {
            self.name = name
            commands = [arguments]
        }

        init(
            _ name: String, files: [String: String] = [:], links: [String: String] = [:], inFolder: Bool = false,
            commands: [[String]]
        ) {
            self.name = name
            self.files = files
            self.links = links
            self.inFolder = inFolder
            self.commands = commands
        }
    }

    /// Each command on a small, fixed input; its exit code is part of what is recorded.
    static let cases: [Case] = [
        Case("run", ["run", "Scenarios", "--id", "brief-*"]),
        Case("run-quiet", ["run", "Scenarios", "--id", "lock-*", "--quiet", "--profile", "minimal"]),
        Case(
            "run-failing",
            [
                "run", "Scenarios", "--id", "brief-*", "--log-dir", "{tmp}", "--driver",
                "python3 Examples/python/driver.py --argon2-memory-kib 8 --bug eighth-gives-15-min",
            ]
        ),
        Case("merge-nothing", ["merge"]),
        Case("lint", ["lint", "Scenarios/brief.yaml"]),
        Case("model", ["model", "--format", "mermaid"]),
        Case("model-list", ["model", "--list"]),
        Case("check-model", ["check-model", "--depth", "2", "--worlds", "1"]),
        Case("explore", ["explore", "--seed", "7", "--runs", "20", "--depth", "10", "--out", "/dev/null"]),
        Case("spec-check", ["spec", "check", "../shared/spec/004_b4cf290522684947.txt"]),
        Case("spec-check-list-facts", ["spec", "check", "--list-facts", "../shared/spec/004_b4cf290522684947.txt"]),
        Case("trace", ["trace", "Scenarios/brief.yaml"]),
        Case("generate", ["generate", "--cover", "states", "--depth", "2", "--worlds", "1", "--out", "{tmp}"]),
        Case("record", ["record", "Scenarios/brief.yaml"]),
        Case("mutate-list", ["mutate", "--list"]),
        Case("unknown", ["rnu"]),
        Case("bad-option", ["run", "--jbos", "2"]),
        // Usage errors: each is exit 2 with one message naming the option or the file, and no
        // report written.
        Case(
            "usage-errors", files: ["bad.json": "{\n  \"format\": tru\n}\n"],
            commands: [
                ["run", "--colour"], ["frobnicate"], ["lint", "--load-onyl"], ["run", "--argon2", "scrypt"],
                ["run", "--json"], ["spec", "chekc", "doc.txt"], ["merge", "{tmp}/bad.json", "--junit", "{tmp}/m.xml"],
                ["run", "--markdown-max-bytes", "100", "--quiet"], ["check-model", "--depth", "99"],
                ["run", "--model", "auth-flow", "--quiet"],
                ["run", "Scenarios", "AuthFlow/Scenarios", "--shard", "1/2", "--json", "{tmp}/r.json"],
                ["model", "--format", "dot"], ["run", "--quiet", "--profile", "most"],
            ]),
        // explore's, generate's and a run's options naming what the model or the search has not.
        Case(
            "search-usage-errors",
            commands: [
                ["explore", "--driver", "x", "--driver", "y"], ["explore", "--jobs", "0"],
                ["explore", "--driver", "x", "--seed", "-1"], ["explore", "--driver", "x", "--budget", "soon"],
                ["explore", "--driver", "x", "--depth", "0"], ["explore", "--driver", "x", "--runs", "many"],
                ["explore", "--keys", "state,colour"], ["explore", "--out", "-", "--json", "-"],
                ["explore", "--out", "{tmp}/e.yaml", "--json", "{tmp}/e.yaml"],
                ["explore", "--runs", "1", "--given", "colour=red"], ["explore", "--runs", "1", "--skip-input", "fly"],
                ["generate"], ["generate", "--cover", "edges"], ["generate", "--cover", "states", "--depth", "99"],
            ]),
        // A failing scenario: exit 1, the step and each difference, expected over observed.
        Case(
            "run-wrong-expectation",
            files: [
                "wrong.yaml": """
                id: wrong-lock
                title: Expects a two-minute lock
                spec: ["SCR-AUTH-006 §6.1.2"]
                given: {biometric_enabled: false, pin_failures: 4}
                steps:
                  - launch
                  - enter_pin: "0000"
                    expect: {state: PINBlocked, lock_remaining: 2m, countdown: "02:00"}

                """
            ], commands: [["run", "{tmp}", "--json", "{tmp}/r.json"]]),
        // Broken files: exit 2, every error at its place, the good scenario still run and reported.
        Case(
            "run-broken-files",
            files: [
                "a-good.yaml":
                    "id: good\ntitle: fine\nspec: [\"SCR-AUTH-006 §5.1\"]\nsteps:\n  - launch:\n    expect: {state: BiometricPrompt}\n",
                "b-bad.yaml":
                    "id: bad\ntitle: typo\nspec: [\"SCR-AUTH-006 §5.1\"]\nsteps:\n  - launch:\n    expect: {state: BiometricPromt}\n  - advance: 3 days\n",
                "c-syntax.yaml": "id: x\nsteps: [\n",
            ], commands: [["run", "{tmp}", "--json", "{tmp}/r.json"]]),
        // An empty path is no path: every option value and argument that is empty is a usage
        // error naming it, and nothing is written (taken as a folder, '' is the root).
        Case(
            "empty-values", inFolder: true,
            commands: [
                ["suite", "export", ""], ["init", ""], ["generate", "--cover", "states", "--out", ""],
                ["run", "--log-dir", ""], ["run", "Scenarios", ""], ["explore", "--keys", ""], ["explore", "--out="],
            ]),
        // Numbers past what a duration holds, alone or summed, are located input errors.
        Case(
            "overflowing-numbers",
            files: [
                "huge.yaml": HostileInputTests.header + "steps:\n  - launch\n  - advance: 106751991167d106751991167d\n",
                "sum.yaml": HostileInputTests.header.replacingOccurrences(of: "id: a", with: "id: b")
                    + "steps:\n  - launch\n  - advance: 30000d\n  - advance: 30000d\n",
                "repeat.yaml": HostileInputTests.header.replacingOccurrences(of: "id: a", with: "id: c")
                    + "steps:\n  - launch\n  - advance: 36500d\n    repeat: 2\n",
                "given.yaml": HostileInputTests.header.replacingOccurrences(of: "id: a", with: "id: d")
                    + "given:\n  session_age: 99999999999999999999d\nsteps: [launch]\n",
                "inputs/r.yaml": HostileInputTests.header
                    + "steps:\n  - launch\n  - enter_pin: \"1111\"\n    repeat: 3000\n",
            ],
            commands: [
                ["lint", "{tmp}/huge.yaml", "{tmp}/sum.yaml", "{tmp}/repeat.yaml", "{tmp}/given.yaml"],
                ["run", "--step-timeout", "106751991167d106751991167d"], ["run", "{tmp}/inputs"],
            ]),
        // A report named onto one of the command's own inputs, by any name, is refused before
        // anything runs; record's --output onto another file of its suite too, and onto its
        // own scenario without --in-place.
        Case(
            "reports-onto-inputs",
            files: [
                "suite/a.yaml": "id: a1\ntitle: t\nspec: [x]\ncovers: [REQ-A]\nsteps: [launch]\n",
                "suite/requirements.yaml": "- {id: REQ-A, clause: x, text: y}\n",
            ],
            links: ["link.yaml": "{tmp}/suite/a.yaml"],
            commands: [
                ["run", "{tmp}/suite", "--quiet", "--json", "{tmp}/suite/a.yaml"],
                ["run", "{tmp}/suite", "--quiet", "--markdown", "{tmp}/suite/../suite/requirements.yaml"],
                ["run", "{tmp}/suite", "--quiet", "--junit", "{tmp}/link.yaml"],
                ["merge", "{tmp}/suite/a.yaml", "--markdown", "{tmp}/suite/a.yaml"],
            ]),
        Case(
            "record-onto-inputs",
            files: [
                "authspec.yaml": "model: unlock\nscenarios: [suite]\nrequirements: suite/requirements.yaml\n",
                "suite/requirements.yaml": "- {id: REQ-A, clause: x, text: y}\n",
                "suite/a.yaml": "id: a\ntitle: t\nspec: [x]\nsteps:\n  - launch\n",
                "suite/b.yaml": "id: b\ntitle: t\nspec: [x]\n\(TestSupport.launchChecked)",
            ],
            links: ["link.yaml": "suite/b.yaml"], inFolder: true,
            commands: [
                "suite/b.yaml", "suite/requirements.yaml", "authspec.yaml", "link.yaml", "./suite/../suite/b.yaml",
                "suite/a.yaml",
            ].map {
                ["record", "suite/a.yaml", "--output", $0]
            }),
        // new-driver and init write nothing over a file, and name the languages there are.
        Case(
            "start-refusals",
            files: ["driver.py": "mine\n", "taken/Scenarios/first.yaml": "mine\n", "blocked/Scenarios": "a file\n"],
            inFolder: true,
            commands: [
                ["new-driver", "--language", "python"], ["new-driver", "--language", "kotlinn"], ["new-driver"],
                ["init", "taken"], ["init", "blocked"],
            ]),
        // Report targets that clash or cannot be written: refused before anything runs (no
        // output, nothing written), each with its message.
        Case(
            "report-targets-refused", files: ["file.txt": "not a folder\n"],
            commands: [
                ["--json", "{tmp}/r.json", "--junit", "{tmp}/r.json"],
                ["--json", "{tmp}/r.json", "--junit", "{tmp}/./r.json"],
                ["--json", "-", "--markdown", "/dev/stdout"], ["--json", "{tmp}/file.txt/r.json"],
                ["--junit", "{tmp}"],
                ["--json", ""],
                ["--log-dir", "{tmp}/file.txt/logs", "--driver", "python3 Examples/python/driver.py"],
            ].map { ["run", "Scenarios", "--id", "brief-*"] + $0 }),
        // A text spec check cannot identify is an input error naming what is missing, never
        // "agrees"; the document with its line and six facts changed is read, each change a finding.
        Case(
            "spec-check-unidentified", files: HostileInputTests.unidentifiedDocuments(),
            commands: ["000_09f6d5a5ecdfd677.txt", "empty.txt", "blank.txt", "lorem.txt", "head.txt"].flatMap { file in
                [["spec", "check", "{tmp}/" + file], ["lint", "--spec", "{tmp}/" + file]]
            } + [["spec", "check", "{tmp}/changed.txt"]]),
        Case("lint-one-file", ["lint", "Scenarios/lock.yaml"]),
        Case("run-one-file", ["run", "Scenarios/lock.yaml"]),
        // The whole suite, from its manifest's folder, says what no scenario covers; one file of
        // it does not; lint --manifest says it too.
        Case(
            "manifest-coverage",
            files: [
                "authspec.yaml": "model: unlock\nscenarios: [cases]\nrequirements: reqs.yaml\n",
                "reqs.yaml": "- {id: REQ-A, clause: x, text: y}\n- {id: REQ-B, clause: x, text: y}\n",
                "cases/a.yaml": "id: a\ntitle: t\nspec: [x]\ncovers: [REQ-A]\n\(ManifestTests.steps)",
                "cases/b.yaml": "id: b\ntitle: t\nspec: [x]\n\(ManifestTests.steps)",
            ], inFolder: true,
            commands: [["run"], ["run", "cases/a.yaml"], ["lint", "--manifest", "{tmp}/authspec.yaml"]]),
        // A scenario with an input error never runs, and the others do.
        Case(
            "input-errors-and-the-rest",
            files: [
                "requirements.yaml": "- {id: REQ-A, clause: x, text: y}\n",
                "s.yaml": [
                    ("unknown-key", "colour: red\n"), ("good", "covers: [REQ-A]\n"), ("bad id!", ""),
                    ("tags", "tags: 5\n"), ("unknown-requirement", "covers: [REQ-NOPE]\n"),
                ].map { "---\nid: \($0.0)\ntitle: t\nspec: [\"SCR-AUTH-006 §5.1\"]\n\($0.1)steps: [launch]\n" }.joined()
                    + "---\nid: record\ntitle: t\nspec: [x]\nsteps:\n  - launch:\n    record: maybe\n",
            ], commands: [["run", "{tmp}"]]),
        // Lines as editors count them (LF, CR LF, CR, U+2028), columns in characters, a byte
        // order mark no column.
        Case(
            "lines-and-columns",
            files: [
                "ls.yaml": "id: a\ntitle: \"t\u{2028}x\"\nspec: [x]\nsteps:\n  - launch\n  - bogus: 1\n",
                "crlf.yaml": "id: b\r\ntitle: t\r\nspec: [x]\r\nsteps:\r\n  - launch\r\n  - bogus: 1\r\n",
                "cr.yaml": "id: c\rtitle: t\rspec: [x]\rsteps:\r  - launch\r  - bogus: 1\r",
                "wide.yaml": "id: d\ntitle: té\nspec: [x]\nsteps:\n  - launch\n  - {é: 1, bogus: 1}\n",
                "bom.yaml": "\u{FEFF}{id: e, title: t, spec: [x], steps: [launch], bogus: 1}\n",
                "bom-lines.yaml": "\u{FEFF}id: f\ntitle: t\nspec: [x]\nsteps:\n  - launch\n  - bogus: 1\n",
                "bom-ls.yaml": "\u{FEFF}id: g\ntitle: \"t\u{2028}x\"\nspec: [x]\nsteps:\n  - launch\n  - bogus: 1\n",
            ], commands: [["lint", "{tmp}"]]),
        // Several implementations: a matrix, a scenario a row, and each one's count.
        Case(
            "run-matrix",
            [
                "run", "--id", "brief-*", "--log-dir", "{tmp}", "--driver", "python3 Examples/python/driver.py",
                "--driver", "python3 Examples/python/driver.py --bug eighth-gives-15-min",
            ]),
        // A baseline of another implementation, and drivers that call themselves alike (or
        // 'reference'): bad input before anything is compared.
        Case(
            "implementations-misnamed", files: ["b.yaml": "implementation: some-other-app\nexpected: []\n"],
            commands: [
                [
                    "explore", "--runs", "5", "--baseline", "{tmp}/b.yaml", "--log-dir", "{tmp}/logs", "--driver",
                    "python3 Examples/python/driver.py --argon2-memory-kib 8",
                ],
                [
                    "run", "Scenarios", "--id", "brief-cancel-goes-to-pin", "--quiet", "--log-dir", "{tmp}/logs",
                    "--driver", "python3 Examples/python/driver.py", "--driver", "python3 Examples/python/driver.py",
                ],
                [
                    "run", "Scenarios", "--id", "brief-cancel-goes-to-pin", "--quiet", "--log-dir", "{tmp}/logs",
                    "--driver",
                    "python3 Tests/Fixtures/drivers/faulty_driver.py --fault crash --scenario none --name reference",
                ],
            ]),
        // A file of no scenario passes any run and covers nothing: generate never writes one.
        // Targets none of which can be met end in exit 1 with nothing written; a catalogue of no
        // requirement is refused before the walk.
        Case(
            "generate-nothing-to-write",
            files: [
                "one.yaml":
                    "- {id: REQ-LOCK-PERSISTS, clause: \"SCR-AUTH-006 §6.2\", text: \"The lock survives a restart\", keys: [state]}\n",
                "none.yaml": "# none yet\n[]\n",
            ],
            commands: [
                [
                    "generate", "--cover", "requirements", "--requirements", "{tmp}/one.yaml", "--depth", "1",
                    "--worlds", "1", "--out", "{tmp}/out",
                ],
                ["generate", "--cover", "requirements", "--requirements", "{tmp}/none.yaml", "--out", "{tmp}/out"],
            ]),
    ]

    /// Timings, rates and durations that differ from one run to the next.
    static func steady(_ text: String) -> String {
        TestSupport.withoutTimings(text)
            .replacing(/\(\d+ ms\)/, with: "(N ms)")
            .replacing(/\d+ inputs\/s/, with: "N inputs/s")
            .replacing(/\d+\.\d s/, with: "N s")
    }

    @Test(arguments: cases.map(\.name))
    func outputIsAsRecorded(name: String) throws {
        let golden = try #require(Self.cases.first { $0.name == name })
        let folder = try TestSupport.temporaryFolder(golden.files)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, destination) in golden.links {
            try FileManager.default.createSymbolicLink(
                atPath: folder + "/" + name,
                withDestinationPath: destination.replacingOccurrences(of: "{tmp}", with: folder))
        }
        // Where the checkout and the test's folder are is no part of what a command says, nor
        // which models the registry has: the golden says `{models}` where it lists them all.
        let models = ModelRegistry.packages.map { $0.name + "\n" }.joined()
        func placed(_ text: String) -> String {
            Golden.placed(Self.steady(text), folder: folder).replacingOccurrences(of: models, with: "{models}\n")
        }
        var text = ""
        for arguments in golden.commands {
            let result = try TestSupport.authspec(
                arguments.map { $0.replacingOccurrences(of: "{tmp}", with: folder) },
                in: golden.inFolder ? URL(fileURLWithPath: folder) : TestSupport.root)
            text +=
                "$ authspec \(arguments.joined(separator: " "))\nexit \(result.status)\n--- stdout\n"
                + placed(result.stdout) + "--- stderr\n" + placed(result.stderr)
        }
        // What the commands wrote into the folder is part of what they did: a refused one writes nothing.
        let given = Set(
            (Array(golden.files.keys) + Array(golden.links.keys)).compactMap {
                $0.split(separator: "/").first.map(String.init)
            })
        let written = try FileManager.default.contentsOfDirectory(atPath: folder).sorted().filter {
            !given.contains($0)
        }
        if !written.isEmpty { text += "--- written\n" + written.joined(separator: "\n") + "\n" }
        try GoldenHelpTests.compare(text, with: "output-\(name).txt")
    }
}
