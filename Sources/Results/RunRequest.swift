import ScenarioModel
import SpecModel

/// A run as it was asked for, in plain data: the options as given (by the command line or by a
/// test), before anything is looked up, read or checked. The engine's `RunPlan.make` checks all
/// of it and makes the plan; `arguments` renders it back as the command line that asks for it
/// again. A run's results carry its request, so every rerun line, of a whole run or of a merged
/// one, is this rendering (`rerun`).
package struct RunRequest: Sendable, Equatable {
    /// The command a request is for: what it renders as, and which of its parts it reads.
    package enum Command: String, Sendable, Equatable {
        case run, merge, trace, doctor, explore, bench
    }

    /// A report to write: its option's name (`json`, `junit`, ...) and the path given.
    package struct Report: Sendable, Equatable {
        package var option: String
        package var path: String

        package init(option: String, path: String) {
            self.option = option
            self.path = path
        }
    }

    package var command: Command
    /// Scenario files or folders (results files for `merge`).
    package var paths: [String]
    package var manifest: String?
    package var model: String?
    package var requirements: String?
    /// The reference's settings given, by name (`argon2: fast`).
    package var referenceSettings: [String: String] = [:]
    package var profile: String?

    package var tags: [String] = []
    package var ids: [String] = []
    /// `K/N`, as given.
    package var shard: String?
    package var jobs: Int?

    package var drivers: [String] = []
    /// `long` or `fresh`, as given.
    package var driverMode: String?
    package var stateMap: String?
    /// Durations as given (`500ms`, `5s`).
    package var handshakeTimeout: String?
    package var stepTimeout: String?
    package var scenarioTimeout: String?
    package var restartBudget: Int?
    package var maxLineBytes: Int?
    package var validateProtocol = false
    /// Where the drivers' stderr logs go.
    package var logFolder: String?

    package var allowSkips = false
    package var allowRefusals = false
    package var baselines: [String] = []
    package var strictBaseline = false
    /// `skips` (the flag alone: add skipped and not-checked outcomes) or `all` (failures and
    /// errors too); nil: no update.
    package var updateBaseline: String?
    package var statements: String?

    package var reports: [Report] = []
    package var junitIncludeReference = false
    /// As given.
    package var markdownMaxBytes: String?
    package var trace = false
    /// Record no times (start times, durations): two runs of one suite write the same reports.
    package var noTimes = false
    package var gateStrength = false
    package var quiet = false
    /// Print each outcome a baseline expects whole.
    package var verbose = false
    /// `doctor`: the smoke scenario alone.
    package var smokeOnly = false

    /// Not options, and never rendered: the most records held in memory before they go to a
    /// file (the command line reads `AUTHSPEC_RECORDS_HELD`), and the processors the engine may
    /// use for its own work (the suite on every mutant).
    package var recordsHeld: Int?
    package var processors = 1

    package init(_ command: Command = .run, paths: [String] = []) {
        self.command = command
        self.paths = paths
    }

    /// One option of a request: its name on the command line and where its value is kept. The
    /// one list of them (`fields`) is what renders a request, what the results file keeps of
    /// it, and what the command line fills it from.
    package enum Field: Sendable {
        case text(String, WritableKeyPath<RunRequest, String?> & Sendable)
        case texts(String, WritableKeyPath<RunRequest, [String]> & Sendable)
        case number(String, WritableKeyPath<RunRequest, Int?> & Sendable)
        case flag(String, WritableKeyPath<RunRequest, Bool> & Sendable)
        /// A flag that may be followed by one of `words`, the first being the flag alone.
        case word(String, WritableKeyPath<RunRequest, String?> & Sendable, words: [String])

        package var option: String {
            switch self {
            case .text(let name, _), .texts(let name, _), .number(let name, _), .flag(let name, _),
                .word(let name, _, _):
                return name
            }
        }
    }

    /// Every option a request holds but the reference's settings (named by each model) and the
    /// reports (named by the report kinds), in the order a request renders them.
    package static let fields: [Field] = [
        .text("manifest", \.manifest), .text("model", \.model), .text("requirements", \.requirements),
        .text("profile", \.profile), .texts("tag", \.tags), .texts("id", \.ids), .text("shard", \.shard),
        .number("jobs", \.jobs), .texts("driver", \.drivers), .text("driver-mode", \.driverMode),
        .text("state-map", \.stateMap), .text("handshake-timeout", \.handshakeTimeout),
        .text("step-timeout", \.stepTimeout), .text("scenario-timeout", \.scenarioTimeout),
        .number("restart-budget", \.restartBudget), .number("max-line-bytes", \.maxLineBytes),
        .flag("validate-protocol", \.validateProtocol), .text("log-dir", \.logFolder),
        .flag("allow-skips", \.allowSkips), .flag("allow-refusals", \.allowRefusals),
        .texts("baseline", \.baselines), .flag("strict-baseline", \.strictBaseline),
        .word("update-baseline", \.updateBaseline, words: RunRequest.baselineUpdates),
        .text("statements", \.statements),
        .flag("junit-include-reference", \.junitIncludeReference), .text("markdown-max-bytes", \.markdownMaxBytes),
        .flag("trace", \.trace), .flag("no-times", \.noTimes), .flag("gate-strength", \.gateStrength),
        .flag("quiet", \.quiet), .flag("verbose", \.verbose),
        .flag("smoke-only", \.smokeOnly),
    ]

    /// The options given, as `--name value` words: each field, the reference's settings after
    /// the model's options, the reports after the gate's.
    package var optionWords: [String] {
        var words: [String] = []
        for field in Self.fields {
            switch field {
            case .text(let name, let path): if let value = self[keyPath: path] { words += ["--" + name, value] }
            case .texts(let name, let path): for value in self[keyPath: path] { words += ["--" + name, value] }
            case .number(let name, let path):
                if let value = self[keyPath: path] { words += ["--" + name, String(value)] }
            case .flag(let name, let path): if self[keyPath: path] { words.append("--" + name) }
            case .word(let name, let path, _): if let value = self[keyPath: path] { words += ["--" + name, value] }
            }
            if field.option == "requirements" {
                for name in referenceSettings.keys.sorted() { words += ["--" + name, referenceSettings[name]!] }
            }
            if field.option == "statements" {
                for report in reports { words += ["--" + report.option, report.path] }
            }
        }
        return words
    }

    /// The command line that asks for this request, word by word, `authspec` first.
    package var arguments: [String] { ["authspec", command.rawValue] + paths + optionWords }

    /// `arguments` as one line a POSIX shell reads back word for word.
    package var shellLine: String { arguments.map(ShellWords.quoted).joined(separator: " ") }

    /// The run that does this run's work on one scenario alone (`id`, from the same paths), on
    /// one implementation (`driver`: its command; nil for the reference), with what decides its
    /// outcome and nothing it writes: the model and its settings, the profile, the drivers'
    /// options and state map, the baselines and the gate's policy; no report, no log folder
    /// (its logs go to its own), no baseline update, no shard, no other filter.
    package func rerun(id: String, driver: String?) -> RunRequest {
        var one = RunRequest(.run, paths: paths)
        one.manifest = manifest
        one.model = model
        one.requirements = requirements
        one.referenceSettings = referenceSettings
        one.profile = profile
        one.ids = [id]
        if let driver {
            one.drivers = [driver]
            one.driverMode = driverMode
            one.stateMap = stateMap
            one.handshakeTimeout = handshakeTimeout
            one.stepTimeout = stepTimeout
            one.scenarioTimeout = scenarioTimeout
            one.restartBudget = restartBudget
            one.maxLineBytes = maxLineBytes
            one.validateProtocol = validateProtocol
        }
        one.allowSkips = allowSkips
        one.allowRefusals = allowRefusals
        one.baselines = baselines
        one.strictBaseline = strictBaseline
        return one
    }

    /// What a run's results keep of its request: what it ran and how it judged, not where it
    /// wrote, what its reports traced or how it spread the work (reports and their settings,
    /// statements, logs, baseline update, quiet, times, jobs, shard, the records held,
    /// processors), so a merged run's is the whole run's, one worker's is several's, and a
    /// rerun writes no log over the run's.
    package var asRecorded: RunRequest {
        var kept = self
        kept.reports = []
        kept.junitIncludeReference = false
        kept.markdownMaxBytes = nil
        kept.statements = nil
        kept.logFolder = nil
        kept.updateBaseline = nil
        kept.quiet = false
        kept.verbose = false
        kept.noTimes = false
        kept.jobs = nil
        kept.shard = nil
        kept.recordsHeld = nil
        kept.processors = 1
        return kept
    }

    /// A doctor's request as the run of the suite it checked.
    package var asRun: RunRequest {
        var run = self
        run.command = .run
        run.smokeOnly = false
        return run
    }

    /// A doctor's request on the smoke scenario alone.
    package var smokeCheck: RunRequest {
        var smoke = self
        smoke.smokeOnly = true
        return smoke
    }

    /// What `--update-baseline` adds: `skips` (skipped and not-checked outcomes; the flag alone)
    /// or `all` (failures and errors too).
    package static let baselineUpdates = ["skips", "all"]

    /// The options given that hold for one model's suite only, each by its name.
    package var oneModelOptions: [String] {
        var given: [String] = []
        if !baselines.isEmpty { given.append("baseline") }
        if updateBaseline != nil { given.append("update-baseline") }
        if strictBaseline { given.append("strict-baseline") }
        if statements != nil { given.append("statements") }
        if shard != nil { given.append("shard") }
        if requirements != nil { given.append("requirements") }
        return given
    }

    /// Every file the request names for the run to read: none may be written over.
    package var namedInputs: [String] {
        [manifest, requirements, statements, stateMap].compactMap { $0 } + baselines
    }
}

extension RunRecord {
    /// The command that runs `record`'s scenario alone again on `implementation`: the run's own
    /// request, restricted to it.
    package func rerun(_ record: ScenarioRecord, on implementation: ImplementationRecord) -> String? {
        request?.rerun(id: record.id, driver: implementation.reference ? nil : implementation.command).shellLine
    }
}
