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
    static let gitlab = "Examples/ci/gitlab-ci.yml"

    func python(_ script: String, _ arguments: [String]) throws -> TestSupport.ProcessResult {
        try TestSupport.execute(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script] + arguments)
    }

    @Test(arguments: [(github, "vendor.github-workflows"), (gitlab, "vendor.gitlab-ci")])
    func recipeFitsItsCISchema(file: String, schema: String) throws {
        let result = try TestSupport.execute(
            URL(fileURLWithPath: "/usr/bin/env"), ["check-jsonschema", "--builtin-schema", schema, file])
        #expect(
            result.status == 0,
            "\(file): \(result.stdout)\(result.stderr) (scripts/install-deps installs check-jsonschema)")
    }

    @Test func githubWorkflowPassesActionlint() throws {
        let result = try TestSupport.execute(URL(fileURLWithPath: "/usr/bin/env"), ["actionlint", Self.github])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr) (scripts/install-deps installs actionlint)")
    }

    @Test func recipesAreCleanUnderTheProjectsYamllint() throws {
        let result = try TestSupport.execute(
            URL(fileURLWithPath: "/usr/bin/env"), ["yamllint", "--strict", Self.github, Self.gitlab])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    /// Every authspec command line in the recipes: which subcommand, and its options.
    func authspecCalls() throws -> [(file: String, command: String, options: [String])] {
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
                        match = re.match(r"\s*authspec (run|merge)\b(.*)", line)
                        if match:
                            calls.append({"file": path, "command": match.group(1),
                                          "options": re.findall(r"(?<![\w-])--[a-z][a-z0-9-]*", match.group(2))})
            print(json.dumps(calls))
            """#
        let result = try python(script, [Self.github, Self.gitlab])
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
            if call.command == "run" {
                #expect(call.options.contains("--shard") && call.options.contains("--json"), "\(call.file)")
            } else {
                #expect(
                    call.options.contains("--junit") && call.options.contains("--markdown-max-bytes"), "\(call.file)")
            }
        }
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
}
