import AuthSpecTestSupport
import Foundation
import Testing

/// The CI recipes a mobile team pastes (Examples/ci/): valid for the CI system that reads them,
/// clean under the project's yamllint, shaped as the docs say (shards by the CI matrix, one
/// merge that is the gate, JUnit handed to the CI), and calling authspec only with options it
/// has. The workflow also passes actionlint (expressions, job needs, action versions: it
/// flagged actions on the Node 20 runtime GitHub retires).
@Suite(.tags(.binary)) struct CIRecipeTests {
    static let github = "Examples/ci/github-actions.yml"
    static let action = "Examples/ci/github-action.yml"
    static let gitlab = "Examples/ci/gitlab-ci.yml"
    static let nightly = "Examples/ci/github-nightly.yml"

    func python(_ script: String, _ arguments: [String]) throws -> TestSupport.ProcessResult {
        try TestSupport.execute(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script] + arguments)
    }

    @Test(arguments: [
        (github, "vendor.github-workflows"), (action, "vendor.github-workflows"), (gitlab, "vendor.gitlab-ci"),
        (nightly, "vendor.github-workflows"), ("action.yml", "vendor.github-actions"),
    ])
    func recipeFitsItsCISchema(file: String, schema: String) throws {
        let result = try TestSupport.execute(
            URL(fileURLWithPath: "/usr/bin/env"), ["check-jsonschema", "--builtin-schema", schema, file])
        #expect(
            result.status == 0,
            "\(file): \(result.stdout)\(result.stderr) (scripts/install-deps installs check-jsonschema)")
    }

    @Test func githubWorkflowPassesActionlint() throws {
        let result = try TestSupport.execute(
            URL(fileURLWithPath: "/usr/bin/env"), ["actionlint", Self.github, Self.action, Self.nightly])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr) (scripts/install-deps installs actionlint)")
    }

    @Test func recipesAreCleanUnderTheProjectsYamllint() throws {
        let result = try TestSupport.execute(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["yamllint", "--strict", Self.github, Self.action, Self.gitlab, Self.nightly, "action.yml"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    /// Every authspec command line in `files`: which subcommand, and its options.
    func authspecCalls(in files: [String] = [github, gitlab]) throws
        -> [(file: String, command: String, options: [String])]
    {
        let script = #"""
            import json, re, sys, yaml
            calls = []
            for path in sys.argv[1:]:
                document = yaml.safe_load(open(path))
                texts = []
                def walk(node):
                    if isinstance(node, dict):
                        for key, value in node.items():
                            if key in ("run", "script") and isinstance(value, (str, list)):
                                texts.extend([value] if isinstance(value, str) else [v for v in value if isinstance(v, str)])
                            else:
                                walk(value)
                    elif isinstance(node, list):
                        for item in node:
                            walk(item)
                walk(document)
                for text in texts:
                    joined = re.sub(r"\\\n\s*", " ", text)
                    for line in re.split(r"\n", joined):
                        match = re.match(r"\s*authspec (run|merge|generate)\b(.*)", line)
                        if match:
                            calls.append({"file": path, "command": match.group(1),
                                          "options": re.findall(r"(?<![\w-])--[a-z][a-z0-9-]*", match.group(2))})
            print(json.dumps(calls))
            """#
        let result = try python(script, files)
        try #require(result.status == 0, "\(result.stderr)")
        let calls = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
        return calls.map {
            ($0["file"] as? String ?? "", $0["command"] as? String ?? "", $0["options"] as? [String] ?? [])
        }
    }

    @Test func recipesCallAuthspecOnlyWithOptionsItHas() throws {
        let calls = try authspecCalls()
        // Each recipe runs shards and merges them.
        for file in [Self.github, Self.gitlab] {
            #expect(Set(calls.filter { $0.file == file }.map(\.command)) == ["run", "merge"], "\(file)")
        }
        var help: [String: String] = [:]
        for command in ["run", "merge"] { help[command] = try TestSupport.authspec(["help", command]).stdout }
        for call in calls {
            for option in call.options {
                #expect(
                    help[call.command]?.contains(option + " ") == true
                        || help[call.command]?.contains(option + "\n") == true,
                    "\(call.file): 'authspec \(call.command)' has no option \(option)")
            }
            // The suite the release carries, under the team's profile and baseline.
            let needed: Set<String> =
                call.command == "run"
                ? ["--baseline", "--shard", "--json", "--profile"] : ["--baseline", "--junit", "--markdown-max-bytes"]
            #expect(Set(call.options).isSuperset(of: needed), "\(call.file)")
        }
    }

    /// The nightly recipe writes a suite of random tests for the team's profile, a seed a
    /// night (exhaustive over the inputs the driver sends when it names them), and runs it in
    /// shards merged into one verdict, with options each command has.
    @Test func nightlyRecipeGeneratesRunsInShardsAndMerges() throws {
        let calls = try authspecCalls(in: [Self.nightly])
        #expect(calls.map(\.command) == ["generate", "run", "merge"])
        for call in calls {
            let help = try TestSupport.authspec(["help", call.command]).stdout
            for option in call.options {
                #expect(
                    help.contains(option + " ") || help.contains(option + "\n"),
                    "'authspec \(call.command)' has no option \(option)")
            }
        }
        let options = Dictionary(uniqueKeysWithValues: calls.map { ($0.command, Set($0.options)) })
        #expect(options["generate"] == ["--complete", "--profile", "--random-tests", "--seed", "--out"])
        // The inputs a driver sends, when the recipe names them, keep the machine to them.
        let text = try String(contentsOf: TestSupport.root.appendingPathComponent(Self.nightly), encoding: .utf8)
        #expect(text.firstMatch(of: /inputs=\(--inputs "\$INPUTS"\)/) != nil)
        #expect(text.firstMatch(of: /"\$\{inputs\[@\]\}" \\\n\s+--random-tests/) != nil)
        #expect(options["run"]?.isSuperset(of: ["--profile", "--shard", "--json"]) == true)
        #expect(options["merge"]?.isSuperset(of: ["--junit", "--markdown"]) == true)
    }

    @Test func gitlabRecipeShardsWithParallelAndHandsTheJUnitToGitLab() throws {
        let script = #"""
            import json, sys, yaml
            document = yaml.safe_load(open(sys.argv[1]))
            jobs = {name: job for name, job in document.items() if isinstance(job, dict) and "script" in job}
            print(json.dumps({
                "stages": document.get("stages"),
                "jobs": {name: {"stage": job.get("stage"), "parallel": job.get("parallel"),
                                "when": job.get("when"),
                                "artifacts_when": (job.get("artifacts") or {}).get("when"),
                                "junit": ((job.get("artifacts") or {}).get("reports") or {}).get("junit")}
                         for name, job in jobs.items()}}))
            """#
        let result = try python(script, [Self.gitlab])
        try #require(result.status == 0, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let stages = document["stages"] as? [String] ?? []
        let jobs = document["jobs"] as? [String: [String: Any]] ?? [:]
        #expect(stages.count == 3)
        #expect(jobs.values.allSatisfy { stages.contains($0["stage"] as? String ?? "") })
        let sharded = jobs.values.filter { $0["parallel"] as? Int == 3 }
        #expect(sharded.count == 1)
        #expect(sharded.first?["artifacts_when"] as? String == "always", "every shard's results reach the merge")
        let merging = jobs.values.filter { $0["junit"] != nil && !($0["junit"] is NSNull) }
        #expect(merging.count == 1)
        #expect(merging.first?["when"] as? String == "always", "the merge runs after failing shards too")
    }

    /// The recipes use the release tarball, nothing built from authspec's source, on images and
    /// runners with no Swift toolchain.
    @Test func recipesUseTheReleaseOnImagesWithoutSwift() throws {
        for file in [Self.github, Self.action, Self.gitlab, Self.nightly] {
            let text = try String(contentsOf: TestSupport.root.appendingPathComponent(file), encoding: .utf8)
            let lines = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }
            for line in lines {
                #expect(!line.contains("swift build") && !line.contains("scripts/package"), "\(file): \(line)")
                #expect(!line.contains("image: swift") && !line.contains("container: swift"), "\(file): \(line)")
            }
            #expect(text.contains("linux-x86_64.tar.gz") || text.contains("uses: your-org/authspec@"), "\(file)")
        }
    }

    /// A folder of the test's as a repository that uses the action locally (`uses: ./`).
    func actionProject(workflow: String) throws -> String {
        let project = try TestSupport.temporaryFolder([".github/workflows/authspec.yml": workflow])
        // A git repository: actionlint finds `./` from its root.
        let copied = try TestSupport.execute(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "tar -c action.yml action | tar -C '\(project)' -x && git -C '\(project)' init -q"])
        try #require(copied.status == 0, "\(copied.stderr)")
        return project
    }

    /// actionlint reads the action itself through `uses: ./`: the recipe's inputs are the
    /// action's, and an input it does not have is an error.
    @Test func aWorkflowUsingTheActionPassesActionlint() throws {
        let recipe = try String(contentsOf: TestSupport.root.appendingPathComponent(Self.action), encoding: .utf8)
        let local = recipe.replacingOccurrences(of: "uses: your-org/authspec@v0.2.0", with: "uses: ./")
        #expect(local != recipe)
        let project = try actionProject(workflow: local)
        defer { try? FileManager.default.removeItem(atPath: project) }
        let lint = { () throws -> TestSupport.ProcessResult in
            try TestSupport.execute(
                URL(fileURLWithPath: "/usr/bin/env"), ["actionlint", ".github/workflows/authspec.yml"],
                in: URL(fileURLWithPath: project))
        }
        let clean = try lint()
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
        try local.replacingOccurrences(of: "profile: minimal", with: "profil: minimal").write(
            toFile: project + "/.github/workflows/authspec.yml", atomically: true, encoding: .utf8)
        let wrong = try lint()
        #expect(wrong.status != 0 && wrong.stdout.contains("profil"), "\(wrong.stdout)")
    }

    /// The action's run step, run here as the runner would (its download step stubbed: the
    /// release is this build's binary; the upload and gate steps are the runner's own): in a
    /// team's checkout with a suite of its own and a driver with a bug, the job summary gets
    /// the Markdown report, each new failure an `::error` at its scenario's file and step line,
    /// and the outputs the exit code, the results and the artifact's name; on the suite
    /// authspec carries, a `::notice` naming the scenario and its rerun line.
    @Test func theActionsRunStepReportsAsTheRunnerReadsIt() throws {
        let home = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: home) }
        try FileManager.default.createDirectory(atPath: home + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: home + "/bin/authspec", withDestinationPath: TestSupport.binary.path)
        let brief = try String(
            contentsOf: TestSupport.root.appendingPathComponent("Scenarios/brief.yaml"), encoding: .utf8)
        let requirements = try String(
            contentsOf: TestSupport.root.appendingPathComponent("Scenarios/requirements.yaml"), encoding: .utf8)
        let team = try TestSupport.temporaryFolder([
            "authspec.yaml": "model: unlock\nscenarios: [suite]\nrequirements: suite/requirements.yaml\n",
            "suite/brief.yaml": brief, "suite/requirements.yaml": requirements,
        ])
        defer { try? FileManager.default.removeItem(atPath: team) }
        let bare = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: bare) }
        func run(paths: String, in team: String) throws -> (
            status: Int32, stdout: String, output: String, summary: String
        ) {
            let output = team + "/github-output"
            let summary = team + "/github-summary"
            try "".write(toFile: output, atomically: true, encoding: .utf8)
            try "".write(toFile: summary, atomically: true, encoding: .utf8)
            let result = try TestSupport.execute(
                URL(fileURLWithPath: TestSupport.root.path + "/action/run"), [], in: URL(fileURLWithPath: team),
                environment: [
                    "AUTHSPEC_HOME": home, "AUTHSPEC_REPORTS": team + "/reports-\(paths.isEmpty ? "carried" : "own")",
                    "AUTHSPEC_DRIVER":
                        "python3 \(TestSupport.root.path)/Examples/python/driver.py --argon2-memory-kib 8 --bug eighth-gives-15-min",
                    "AUTHSPEC_MODEL": "unlock", "AUTHSPEC_PATHS": paths, "AUTHSPEC_PROFILE": "full",
                    "AUTHSPEC_BASELINE": "", "AUTHSPEC_SHARD": "", "GITHUB_OUTPUT": output,
                    "GITHUB_STEP_SUMMARY": summary, "GITHUB_WORKSPACE": team,
                ])
            return (
                result.status, result.stdout, try String(contentsOfFile: output, encoding: .utf8),
                try String(contentsOfFile: summary, encoding: .utf8)
            )
        }
        let own = try run(paths: "suite", in: team)
        #expect(own.status == 0, "the step itself never fails: the gate step does")
        let outputs = Self.outputs(own.output)
        #expect(outputs["exit-code"] == "1" && outputs["artifact"] == "authspec-unlock", "\(own.output)")
        #expect(outputs["results"] == "\(team)/reports-own/results.json", "\(own.output)")
        // The job summary is the run's Markdown report, whole.
        let report = try String(contentsOfFile: team + "/reports-own/report.md", encoding: .utf8)
        #expect(!report.isEmpty && own.summary == report, "\(own.summary.prefix(500))")
        let stepLine = try #require(
            brief.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
                $0.contains("enter_pin: \"1111\"")
            })
        let title = "authspec: brief-pin-failure-8-and-beyond-lock-1-hour failed on python-example+eighth-gives-15-min"
        let errors = Self.annotations(own.stdout).filter { $0.command == "error" }
        #expect(
            errors.map(\.properties) == [["file": "suite/brief.yaml", "line": String(stepLine + 1), "title": title]],
            "\(own.stdout.suffix(3000))")
        #expect(
            errors.first?.message.contains(
                "\nrerun: authspec run suite --model unlock --profile full --id brief-pin-failure-8-and-beyond-lock-1-hour "
            ) == true, "\(own.stdout.suffix(2000))")
        // A checkout with no suite of its own: the one authspec carries.
        let carried = try run(paths: "", in: bare)
        #expect(Self.outputs(carried.output)["exit-code"] == "1", "\(carried.output)")
        // A carried suite's scenario is no file of the team's: a notice, never an error at a file.
        let carriedAnnotations = Self.annotations(carried.stdout)
        #expect(Set(carriedAnnotations.map(\.command)) == ["notice"], "\(carried.stdout.suffix(3000))")
        #expect(carriedAnnotations.allSatisfy { $0.properties["file"] == nil })
        #expect(carriedAnnotations.map { $0.properties["title"] }.contains(title))
    }

    /// The workflow commands of a step's output as the runner reads them: `::COMMAND
    /// key=value,...::MESSAGE`, the values and message unescaped (`%25`, `%0D`, `%0A`, and in
    /// values `%3A`, `%2C`).
    static func annotations(_ text: String) -> [(command: String, properties: [String: String], message: String)] {
        func unescaped(_ text: Substring) -> String {
            text.replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n")
                .replacingOccurrences(of: "%3A", with: ":").replacingOccurrences(of: "%2C", with: ",")
                .replacingOccurrences(of: "%25", with: "%")
        }
        return text.split(separator: "\n").compactMap { line in
            guard let match = line.wholeMatch(of: /::([a-z]+)(?: ([^:]*))?::(.*)/) else { return nil }
            let properties = (match.output.2 ?? "").split(separator: ",").compactMap { pair -> (String, String)? in
                pair.firstIndex(of: "=").map { (String(pair[..<$0]), unescaped(pair[pair.index(after: $0)...])) }
            }
            return (
                String(match.output.1), Dictionary(properties, uniquingKeysWith: { _, last in last }),
                unescaped(match.output.3)
            )
        }
    }

    /// A step's outputs as GitHub reads `$GITHUB_OUTPUT`: `name=value`, a line each.
    static func outputs(_ text: String) -> [String: String] {
        Dictionary(
            text.split(separator: "\n").compactMap { line in
                line.firstIndex(of: "=").map { (String(line[..<$0]), String(line[line.index(after: $0)...])) }
            }, uniquingKeysWith: { _, last in last })
    }
}
