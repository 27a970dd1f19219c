import CommandLineKit
import Engine
import Exploration
import Models
import Reporters
import Results
import ScenarioModel
import SpecModel
import SubprocessDriver

/// The options several commands share, each declared once.
package enum SharedOptions {
    /// `--manifest`, `--model`, `--requirements`, and one option per setting of any registered
    /// model's reference (`--argon2`), named as the model names it.
    package static var model: [CommandSpec.Option] {
        [
            .init(
                name: "manifest", valueName: "file",
                help:
                    "The suite's manifest (default: the nearest \(Manifest.fileName) in the folder of the paths given or above it, else in the current folder or above)."
            ),
            .init(
                name: "model", valueName: "name",
                help: "The spec model the scenarios are written for, one of `authspec model --list`"
                    + " (default: the manifest's, else \(ModelRegistry.defaultModel))."),
            .init(
                name: "requirements", valueName: "file",
                help:
                    "The requirements catalogue (default: the manifest's, else requirements.yaml in the first scenario folder or above, if there)."
            ),
        ]
            + referenceSettingsOnce.map {
                .init(name: $0.name, valueName: $0.choices.joined(separator: "|"), help: $0.summary)
            }
    }

    /// Every model's reference settings, each once (models may share one, as the auth-flow
    /// model shares the unlock model's --argon2).
    package static var referenceSettingsOnce: [ReferenceSetting] {
        var seen: Set<String> = []
        return ModelRegistry.packages.flatMap(\.referenceSettings).filter { seen.insert($0.name).inserted }
    }

    package static let profile = CommandSpec.Option(
        name: "profile", valueName: "name",
        help:
            "What every implementation must observe to pass (default full: every key the app reports). Profiles of the default model: "
            + profileList(ModelRegistry.package(named: ModelRegistry.defaultModel)?.declaration.profiles ?? []))

    /// Each profile with its keys; one that holds the one before it says so and lists what it adds.
    static func profileList(_ profiles: [ConformanceProfile]) -> String {
        profiles.indices.map { index in
            let profile = profiles[index]
            if index > 0, Set(profile.keys).isSuperset(of: profiles[index - 1].keys) {
                let before = profiles[index - 1]
                let added = profile.keys.filter { !before.keys.contains($0) }
                return "\(profile.name) (\(before.name)'s and \(added.joined(separator: ", ")))"
            }
            return "\(profile.name) (\(profile.keys.joined(separator: ", ")))"
        }.joined(separator: "; ")
    }

    package static let jobs = NumberOption(
        "jobs", "Workers per implementation, each with its own driver process", in: RunPlan.numberRanges["jobs"]!,
        default: 1)

    /// How to run external drivers: shared by run, doctor and explore.
    package static let drivers: [CommandSpec.Option] = [
        .init(
            name: "driver", valueName: "command",
            help: "Also run this driver command, speaking the authspec protocol on stdin/stdout (repeatable).",
            repeatable: true),
        .init(
            name: "driver-mode", valueName: "mode",
            help: "long (default): one process, reset between scenarios; fresh: a new process for each scenario."),
        .init(
            name: "state-map", valueName: "file",
            help: "YAML or JSON mapping from a driver's state names to the spec's."),
        .init(
            name: "handshake-timeout", valueName: "duration",
            help: "Time allowed from start to the hello reply (default 30s)."),
        .init(name: "step-timeout", valueName: "duration", help: "Time allowed for each reply (default 5s)."),
        .init(
            name: "scenario-timeout", valueName: "duration", help: "Time allowed for a whole scenario (default 60s)."),
        restartBudget.option,
        .init(
            name: "max-line-bytes", valueName: "n",
            help:
                "Longest stdout line taken from a driver (default \(DriverOptions.defaults.maxLineBytes)); a longer one is a protocol error."
        ),
        .init(
            name: "validate-protocol", valueName: nil, help: "Check every message against the protocol's JSON Schemas."),
        .init(
            name: "log-dir", valueName: "folder",
            help:
                "Where each driver's stderr is written (default: a temporary folder of the run's, removed when the run passes, named when it does not)."
        ),
    ]

    package static let restartBudget = NumberOption(
        "restart-budget", "Restarts allowed after crashes, timeouts or protocol errors",
        in: RunPlan.numberRanges["restart-budget"]!,
        default: DriverOptions.defaults.restartBudget)

    /// The reports a run writes, in the order they are written.
    package static let reports: [CommandSpec.Option] = ReportKind.allCases.map {
        .init(name: $0.rawValue, valueName: "file", help: $0.help)
    }

    /// An input of the Markdown report, not a report: kept apart from `reports`, the files written.
    package static let statements = CommandSpec.Option(
        name: "statements", valueName: "file",
        help:
            "Trace this statement catalogue (statements.yaml) in the Markdown report: per implementation, the spec's statements its run verified."
    )

    /// Shared by the gate (`run`, `merge`) and `explore`.
    package static let allowRefusals = CommandSpec.Option(
        name: "allow-refusals", valueName: nil,
        help:
            "Let refusals (a world or an input the driver declares, answered unsupported) pass, counted apart and said in the verdict."
    )

    /// How the gate judges: shared by `run` and `merge`.
    package static let gate: [CommandSpec.Option] = [
        .init(
            name: "allow-skips", valueName: nil,
            help:
                "Let skipped scenarios (inputs an implementation does not declare) pass the gate; refusals stay failures."
        ),
        allowRefusals,
        .init(
            name: "baseline", valueName: "file",
            help:
                "Outcomes an implementation is known to have, by scenario id (YAML: implementation, expected); the gate fails only on others (repeatable, one per implementation).",
            repeatable: true),
        .init(
            name: "strict-baseline", valueName: nil,
            help: "Fail on a scenario that passes where its baseline expects otherwise."),
        .init(
            name: "update-baseline", valueName: nil,
            help:
                "Rewrite each --baseline file from this run: entries added for skipped and not-checked outcomes (with 'all', for failures and errors too, each listed as a warning), dropped for what passes now and for scenarios the suite no longer has, the others kept.",
            words: RunRequest.baselineUpdates),
    ]

    /// What the terminal shows after the scenarios: shared by `run` and `merge`.
    package static let closing: [CommandSpec.Option] = [
        .init(name: "quiet", valueName: nil, help: "Print only the problems and the verdict."),
        .init(
            name: "verbose", valueName: nil,
            help: "Print each outcome a baseline expects whole, as new ones are (by default one line each)."),
    ]

    /// How the reports are written: shared by `run` and `merge`.
    package static let reportSettings: [CommandSpec.Option] = [
        .init(
            name: "junit-include-reference", valueName: nil,
            help:
                "Give the model's reference a testsuite in the JUnit too (by default only the implementations under test have one, unless the reference ran alone)."
        ),
        .init(
            name: "markdown-max-bytes", valueName: "n",
            help:
                "Cut the Markdown report at whole sections before it passes N bytes, ending it with what was left out (default 65536: what a GitHub comment or step summary holds)."
        ),
    ]

    // Each command's own numeric options.
    package static let exploreRuns = NumberOption(
        "runs", "Stop after this many sequences (default: as the budget allows)", in: 1...10_000_000, default: nil)
    package static let exploreDepth = NumberOption(
        "depth", "Inputs per sequence", in: 1...1000, default: ExplorationSettings(seed: 0).depth)
    package static let checkDepth = NumberOption("depth", "Inputs per sequence", in: 1...12, default: 4)
    package static let checkWorlds = NumberOption(
        "worlds", "Worlds to start from: the default and n-1 random ones", in: 1...1000, default: 4)
    package static let generateDepth = NumberOption(
        "depth", "How far the walk looks: inputs to a target at most", in: 1...12, default: 5)
    package static let extraStates = NumberOption(
        "extra-states", "For --complete: states an implementation may have beyond the reference's", in: 0...4,
        default: 0)
    package static let completeCap = NumberOption(
        "cap", "For --complete: the most scenarios the exhaustive suite may have (random tests come beside it)",
        in: 1...1_000_000, default: 20_000)
    package static let randomTests = NumberOption(
        "random-tests",
        "For --complete: add this many randomised Wp tests, drawn with --seed (default 1); they are not m-complete, and with the exhaustive suite past --cap they are the whole file",
        in: 1...1_000_000, default: nil)
    package static let generateWorlds = NumberOption(
        "worlds", "Worlds to start from: the default and n-1 random ones", in: 1...1000, default: 8)
    /// How `mutate` and `strengthen` run the mutants and explore each survivor.
    package static var mutationSearch: [CommandSpec.Option] {
        [
            mutationJobs.option,
            mutationRuns.option,
            .init(name: "seed", valueName: "n", help: "The exploration's seed (default 1)."),
        ]
    }
    /// No number for a default: one worker per core of the machine it runs on.
    package static let mutationJobs = NumberOption(
        "jobs", "Mutants run at once (default one per core)", in: RunPlan.numberRanges["jobs"]!, default: nil)
    package static let mutationRuns = NumberOption(
        "explore-runs",
        "Exploration runs per survivor to tell holes from equivalents (at least; then on while an input x state pair is unmet, up to ten times as many)",
        in: 1...1_000_000, default: 300)
    package static let trials = NumberOption("trials", "Measurements of each kind", in: 1...Int.max, default: 5)
    package static let benchRuns = NumberOption(
        "runs", "With --explore: probes per trial", in: 1...Int.max, default: 300)
}
