import Foundation
import Results
import ScenarioModel
import SpecModel
import SubprocessDriver

/// One model's suite as a run takes it: where its scenarios and catalogues are, the model's
/// package (from the catalogue the plan was made with: the engine names no model), the
/// reference's settings, what implementations must observe, and the drivers to run. Made by
/// `RunPlan.make` alone.
package struct SuitePlan: Sendable {
    package var manifest: Manifest?
    package var paths: [String]
    package var package: ModelPackage
    package var referenceSettings: [String: String]
    package var profile: ConformanceProfile
    /// The requirements catalogue named (else the manifest's, else the nearest one).
    package var requirementsFile: String?
    /// The statement catalogue traced in the Markdown report, if any.
    package var statementsFile: String?
    package var drivers: [DriverOptions]
    /// Baselines the options name, beside the manifest's.
    package var baselineFiles: [String]
    /// Set when the suite is the one the release carries (the request named none, and there
    /// is none at or above the current folder).
    package var builtIn: BuiltInSuites?

    fileprivate init(
        manifest: Manifest?, paths: [String], package: ModelPackage, referenceSettings: [String: String],
        profile: ConformanceProfile, requirementsFile: String? = nil, statementsFile: String? = nil,
        drivers: [DriverOptions] = [], baselineFiles: [String] = []
    ) {
        self.manifest = manifest
        self.paths = paths
        self.package = package
        self.referenceSettings = referenceSettings
        self.profile = profile
        self.requirementsFile = requirementsFile
        self.statementsFile = statementsFile
        self.drivers = drivers
        self.baselineFiles = baselineFiles
    }

    package var model: ModelDeclaration { package.declaration }
    var catalogueFile: String? { requirementsFile ?? manifest?.requirements }
    /// Whether the paths are the whole suite, so that a requirement no scenario covers is worth
    /// saying: without a manifest, any paths are taken to be.
    package var isWholeSuite: Bool { manifest?.isWholeSuite(paths) ?? true }
    /// Every baseline the run judges by: the manifest's, then the options'.
    var allBaselines: [String] { (manifest?.baselines ?? []) + baselineFiles }
}

/// The suites authspec carries, one per model, each at the manifest its model's package names
/// under `root` (in the release, `share/authspec/suites` beside `bin/`): what a run in a folder
/// with no suite of its own runs, so a team needs nothing of authspec's repository.
package struct BuiltInSuites: Sendable, Equatable {
    package var root: String
    /// authspec's version: the suites are its.
    package var version: String

    package init(root: String, version: String) {
        self.root = root
        self.version = version
    }

    /// How a result names the suite: `authspec 0.2.0's unlock suite`.
    package func name(of model: String) -> String { "authspec \(version)'s \(model) suite" }
}

/// The reports a run writes, resolved and checked before anything runs: each target writable,
/// no two naming one file, none over one of the run's inputs.
package struct ReportTargets: Sendable {
    /// In the order given.
    package private(set) var targets: [(option: String, target: OutputTarget)] = []
    /// The files among them (standard output aside), by option.
    private var files: [(option: String, path: String)] = []

    /// Whether a report goes to standard output (the terminal's text then goes to standard
    /// error, so the report stays parseable).
    package var toStandardOutput: Bool {
        targets.contains { $0.target.identity == OutputTarget.standardOutput.identity }
    }

    static func resolve(_ reports: [RunRequest.Report]) throws(RunPlanError) -> ReportTargets {
        var resolved = ReportTargets()
        var owners: [String: (option: String, target: OutputTarget)] = [:]
        for report in reports {
            let target: OutputTarget
            do {
                target = try OutputTarget.resolve(report.path)
                try target.checkWritable()
            } catch {
                throw .output(option: report.option, problem: error.description)
            }
            if let other = owners[target.identity] {
                let toTerminal = target == .standardOutput || other.target == .standardOutput
                throw .sameTarget(
                    first: other.option, second: report.option,
                    place: toTerminal ? "standard output" : "'\(report.path)'")
            }
            owners[target.identity] = (report.option, target)
            resolved.targets.append((report.option, target))
            if target != .standardOutput { resolved.files.append((report.option, report.path)) }
        }
        return resolved
    }

    /// Refuses a report that would be written over one of `inputs`: a mistyped option must not
    /// destroy the suite it checks.
    package func refuse(_ inputs: ProtectedInputs) throws(RunPlanError) {
        for (option, path) in files {
            if let input = inputs.input(at: path) { throw .writesOverInput(option: option, input: input, path: path) }
        }
    }
}

/// A whole run as planned: the suites (one per model), what is selected, how it runs, how the
/// gate judges, what it writes, and the request it was made from (whose rendering is every
/// rerun line).
package struct RunPlan: Sendable {
    package var request: RunRequest
    package var suites: [SuitePlan]
    package var selection: SuiteSelection
    package var jobs = 1
    /// Keep every step's states entered, passing ones too.
    package var trace = false
    /// Measure what share of the suite's mutant kills each driver's declared keys keep.
    package var gateStrength = false
    /// The most records an implementation holds in memory before they go to a file.
    package var recordsHeld = Int.max
    package var policy: GatePolicy
    package var reports = ReportTargets()
    /// The Markdown report's cap in bytes (nil: none).
    package var markdownLimit: Int?
    /// Processors the engine may use for its own work (loading, the suite on every mutant).
    package var processors = 1
    /// What the run's times and the baselines' expiry are read on.
    package var clock: SessionClock
    /// Where the drivers' stderr logs go: `--log-dir`, else a temporary folder of this run's
    /// (`logsAreTemporary`), which the command line removes when the run passes and names when
    /// it does not: nothing is written into the current folder unasked.
    package var logFolder = ""
    package var logsAreTemporary = false
    /// Asked before and after each scenario: a reason (a signal's name) ends the run.
    package var stop: @Sendable () -> String?

    init(request: RunRequest, suites: [SuitePlan], clock: SessionClock, stop: @escaping @Sendable () -> String?) {
        self.request = request
        self.clock = clock
        self.suites = suites
        self.selection = SuiteSelection(tags: request.tags, ids: request.ids)
        self.policy = GatePolicy(
            allowSkips: request.allowSkips, allowRefusals: request.allowRefusals, strictBaseline: request.strictBaseline
        )
        self.stop = stop
    }

    /// The one place a run is planned: `request` checked whole against `models` (every option,
    /// every file an option names, every report target) before anything runs or is written.
    /// `clock` times the run and dates the baselines' expiry; `stop` is asked between scenarios.
    package static func make(
        _ request: RunRequest, models: ModelCatalogue, clock: SessionClock, builtIn: BuiltInSuites? = nil,
        stop: @escaping @Sendable () -> String? = { nil }
    ) throws(RunPlanError) -> RunPlan {
        let logs = request.logFolder ?? temporaryFolder("logs")
        let planner = Planner(request: request, models: models, logFolder: logs, builtIn: builtIn)
        var plan = RunPlan(request: request, suites: try planner.suites(), clock: clock, stop: stop)
        plan.logFolder = logs
        plan.logsAreTemporary = request.logFolder == nil
        plan.selection.shard = try planner.shard()
        try planner.checkNumbers()
        plan.jobs = request.jobs ?? 1
        plan.trace = request.trace
        plan.gateStrength = request.gateStrength
        plan.recordsHeld = request.recordsHeld ?? .max
        plan.processors = max(1, request.processors)
        plan.policy.today = clock.today
        plan.markdownLimit = try planner.markdownLimit()
        try planner.checkFiles()
        plan.reports = try ReportTargets.resolve(request.reports)
        try plan.reports.refuse(planner.inputs)
        // Run's drivers and explore's write their stderr to the log folder.
        let logged = request.command == .run && plan.suites.contains { !$0.drivers.isEmpty }
        if logged || request.command == .explore { try planner.checkLogFolder() }
        return plan
    }

    /// This plan (a merge's) with the suites of the runs read back from the shards: each
    /// model's judged by the plan's gate options, baselines and statements.
    package func merging(_ runs: [(run: RunRecord, package: ModelPackage)]) throws(RunPlanError) -> RunPlan {
        if runs.count > 1, let option = request.oneModelOptions.first {
            throw .oneModelOnly(option: option, models: runs.count, merged: true)
        }
        var plan = self
        plan.suites = runs.map { run, package in
            SuitePlan(
                manifest: nil, paths: [], package: package, referenceSettings: [:], profile: run.profile,
                statementsFile: request.statements, baselineFiles: request.baselines)
        }
        return plan
    }
}

/// Why a run cannot start: each a value, with its words. `isUsage` tells a mistake in the
/// options (said with the command's usage) from bad input.
package enum RunPlanError: Error, Equatable, CustomStringConvertible {
    /// The paths hold no scenario at all.
    case noScenarios(paths: [String])
    /// The filters chose none of the scenarios loaded.
    case nothingSelected(tags: [String], ids: [String], loaded: Int)
    /// Files that cannot be read or do not load (a manifest; a catalogue, state map or
    /// baseline an option names; a baseline to update): each problem at its place.
    case inputs([Diagnostic])
    /// A model no manifest or option may name: `manifest` when a manifest named it.
    case unknownModel(name: String, known: [String], manifest: String?)
    /// `--model` names one model and the suite found is another's.
    case notTheSuitesModel(asked: String, suites: String, manifest: String)
    /// A command of one model given the suites of several.
    case severalModels([String])
    /// An option of one model's run given with several models' suites (or merged results).
    case oneModelOnly(option: String, models: Int, merged: Bool)
    /// `trace --requirements` with several models' suites.
    case requirementsOfSeveral(models: Int)
    /// A command that takes one driver (doctor) or at most one (explore) given another number.
    case driverCount(RunRequest.Command, given: Int)
    /// A reference setting the model does not have, or a value it does not take.
    case setting(String)
    case unknownProfile(name: String, model: String, profiles: [String])
    /// An option's value it cannot take: what it takes, in words.
    case badValue(option: String, given: String, takes: String)
    case unknownDriverMode(String)
    /// A report that cannot be written where the option says.
    case output(option: String, problem: String)
    case sameTarget(first: String, second: String, place: String)
    case writesOverInput(option: String, input: String, path: String)
    case logFolder(problem: String)
    /// `merge` given no results files.
    case noResultsFiles

    package var isUsage: Bool {
        switch self {
        case .noScenarios, .inputs: return false
        case .unknownModel(_, _, let manifest): return manifest == nil
        default: return true
        }
    }

    package var description: String {
        switch self {
        case .noScenarios(let paths): return "run: no scenarios in \(paths.joined(separator: ", ")): nothing to run"
        case .nothingSelected(let tags, let ids, let loaded):
            let filters = tags.map { "--tag \($0)" } + ids.map { "--id \($0)" }
            return "\(filters.joined(separator: " ")) matched none of the \(loaded) scenarios loaded: nothing to run"
        case .inputs(let problems): return problems.map(\.description).joined(separator: "\n")
        case .unknownModel(let name, let known, let manifest):
            let expected = known.joined(separator: " or ")
            if let manifest { return "\(manifest): error: unknown model '\(name)' (expected \(expected))" }
            return "Unknown model '\(name)' (expected \(expected))"
        case .notTheSuitesModel(let asked, let suites, let manifest):
            return
                "--model \(asked), but the suite found is the \(suites) model's (\(manifest)): name the \(asked) suite's scenarios, or leave --model out"
        case .severalModels(let models):
            return
                "these paths hold suites of \(models.count) models (\(models.joined(separator: ", "))): this command takes one model's at a time (run and trace take several)"
        case .oneModelOnly(let option, let models, let merged):
            return merged
                ? "--\(option) belongs to one model's run, and these results hold \(models) models' runs: merge each model's on its own for it"
                : "--\(option) belongs to one model's run, and these paths hold suites of \(models) models: run each model's suite on its own for it"
        case .requirementsOfSeveral(let models):
            return
                "--requirements names one model's catalogue, and these paths hold suites of \(models) models: each suite's manifest names its own"
        case .driverCount(let command, _):
            return command == .doctor
                ? "doctor checks one driver: give exactly one --driver <command>"
                : "explore drives one implementation: give one --driver <command> (or none, for the reference alone)"
        case .setting(let message): return message
        case .unknownProfile(let name, let model, let profiles):
            return "--profile takes \(profiles.joined(separator: ", ")) (the \(model) model's), not '\(name)'"
        case .badValue(let option, let given, let takes): return "--\(option) takes \(takes), not '\(given)'"
        case .unknownDriverMode(let mode): return "Unknown driver mode '\(mode)' (expected long or fresh)"
        case .output(let option, let problem): return "--\(option): \(problem)"
        case .sameTarget(let first, let second, let place):
            return "--\(first) and --\(second) both write to \(place); give each report its own file"
        case .writesOverInput(let option, let input, let path):
            return
                "--\(option) would write over \(input)\(input == path ? "" : " (as \(path))"), one of this command's inputs; give it a file of its own"
        case .logFolder(let problem): return "--log-dir: \(problem)"
        case .noResultsFiles:
            return "Name the results JSON file of every shard ('authspec run --shard K/N --json FILE')"
        }
    }
}

/// The checks of one request, in the order `RunPlan.make` makes them.
private struct Planner {
    var request: RunRequest
    var models: ModelCatalogue
    var logFolder: String
    var builtIn: BuiltInSuites?

    /// Every model's suite the request names, each with its package, settings, profile and
    /// drivers.
    func suites() throws(RunPlanError) -> [SuitePlan] {
        switch request.command {
        case .merge:
            if request.paths.isEmpty { throw .noResultsFiles }
            return []
        case .explore:
            if request.drivers.count > 1 { throw .driverCount(.explore, given: request.drivers.count) }
            let package = try self.package(manifest: nil)
            return [try suite(manifest: nil, paths: [], package: package, several: false)]
        case .doctor, .bench:
            if request.command == .doctor && request.drivers.count != 1 {
                throw .driverCount(.doctor, given: request.drivers.count)
            }
            if let suite = try builtInSuite() { return [suite] }
            let manifest = try RunPlan.manifest(
                explicit: request.manifest, paths: request.paths, pinned: pinned, models: models)
            let package = try self.package(manifest: manifest)
            return [
                try suite(
                    manifest: manifest, paths: SuiteLocator.paths(request.paths, manifest: manifest), package: package,
                    several: false)
            ]
        case .run, .trace:
            if let suite = try builtInSuite() { return [suite] }
            let found = try RunPlan.located { () throws(SuiteLocator.Problem) in
                try SuiteLocator.suitesByModel(
                    explicit: request.manifest, paths: request.paths, pinned: pinned, defaultModel: models.defaultModel)
            }
            if found.count > 1 {
                if request.command == .trace, request.requirements != nil {
                    throw .requirementsOfSeveral(models: found.count)
                }
                if request.command == .run, let option = request.oneModelOptions.first {
                    throw .oneModelOnly(option: option, models: found.count, merged: false)
                }
            }
            var suites: [SuitePlan] = []
            for (manifest, paths) in found {
                suites.append(
                    try suite(
                        manifest: manifest, paths: paths, package: try package(manifest: manifest),
                        several: found.count > 1))
            }
            return suites
        }
    }

    /// A model or a manifest named: one model for every path.
    var pinned: Bool { request.manifest != nil || request.model != nil }

    /// The built-in suite of the model `--model` names (else the default), when the request
    /// names no suite and none is found at or above the current folder.
    func builtInSuite() throws(RunPlanError) -> SuitePlan? {
        guard request.paths.isEmpty, request.manifest == nil, Manifest.find(from: []) == nil, let builtIn else {
            return nil
        }
        let package = try self.package(manifest: nil)
        guard let relative = package.suiteManifest else { return nil }
        let (manifest, problems) = Manifest.load(file: builtIn.root + "/" + relative)
        guard let manifest else { throw .inputs(problems) }
        var suite = try self.suite(
            manifest: manifest, paths: SuiteLocator.paths([], manifest: manifest), package: package, several: false)
        suite.builtIn = builtIn
        return suite
    }

    func package(manifest: Manifest?) throws(RunPlanError) -> ModelPackage {
        try RunPlan.package(
            model: request.model, manifest: manifest, pathsGiven: !request.paths.isEmpty, models: models)
    }

    func suite(manifest: Manifest?, paths: [String], package: ModelPackage, several: Bool) throws(RunPlanError)
        -> SuitePlan
    {
        let model = package.declaration
        let settings: [String: String]
        switch package.resolve(settings: request.referenceSettings) {
        case .success(let resolved): settings = resolved
        case .failure(let problem): throw .setting(problem.message)
        }
        // The trace judges statements on every key; a run, on what the profile requires.
        let profile: ConformanceProfile
        if request.command == .trace {
            profile = model.profiles[model.profiles.count - 1]
        } else {
            let name = request.profile ?? ConformanceProfile.full
            guard let named = model.profile(named: name) else {
                throw .unknownProfile(name: name, model: model.name, profiles: model.profiles.map(\.name))
            }
            profile = named
        }
        return SuitePlan(
            manifest: manifest, paths: paths, package: package, referenceSettings: settings, profile: profile,
            requirementsFile: request.requirements,
            statementsFile: request.command == .trace ? nil : request.statements,
            drivers: try drivers(model: model, logPrefix: several ? package.name + "-" : ""),
            baselineFiles: request.baselines)
    }

    /// One options value per driver command, in order. Every option is checked, drivers or not.
    func drivers(model: ModelDeclaration, logPrefix: String) throws(RunPlanError) -> [DriverOptions] {
        var shared = DriverOptions(command: "", model: model)
        if let mode = request.driverMode {
            guard ["long", "fresh"].contains(mode) else { throw .unknownDriverMode(mode) }
            shared.freshProcessPerScenario = mode == "fresh"
        }
        shared.validateProtocol = request.validateProtocol
        if let text = request.handshakeTimeout { shared.handshakeTimeout = try duration(text, "handshake-timeout") }
        if let text = request.stepTimeout { shared.stepTimeout = try duration(text, "step-timeout") }
        if let text = request.scenarioTimeout { shared.scenarioTimeout = try duration(text, "scenario-timeout") }
        if let bytes = request.maxLineBytes { shared.maxLineBytes = bytes }
        if let budget = request.restartBudget { shared.restartBudget = budget }
        if let file = request.stateMap {
            switch StateMap.load(file: file) {
            case .success(let map): shared.stateMap = map
            case .failure(let problem): throw .inputs([problem])
            }
        }
        return request.drivers.enumerated().map { index, command in
            var options = shared
            options.command = command
            // doctor's driver writes its stderr where doctor prints.
            options.stderrLog =
                request.command == .doctor ? nil : "\(logFolder)/\(logPrefix)driver-\(index + 1).stderr.log"
            return options
        }
    }

    /// Timeouts run from 1 ms to a day: longer is a typo, and the deadlines stay exact.
    func duration(_ text: String, _ option: String) throws(RunPlanError) -> Duration {
        guard case .milliseconds(let milliseconds) = VirtualDuration.read(text), milliseconds > 0,
            milliseconds <= RunPlan.longestTimeout
        else {
            throw .badValue(option: option, given: text, takes: "a duration from 1ms to 24h, such as 500ms, 5s or 2m")
        }
        return .milliseconds(milliseconds)
    }

    /// Every whole number given within what it takes (`RunPlan.numberRanges`).
    func checkNumbers() throws(RunPlanError) {
        for case .number(let name, let path) in RunRequest.fields {
            guard let value = request[keyPath: path], let range = RunPlan.numberRanges[name],
                !range.contains(value)
            else { continue }
            throw .badValue(
                option: name, given: String(value),
                takes: "a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
    }

    func shard() throws(RunPlanError) -> Shard? {
        guard let text = request.shard else { return nil }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), (1...1000).contains(count),
            (1...count).contains(index)
        else {
            throw .badValue(option: "shard", given: text, takes: "K/N with 1 <= K <= N <= 1000, such as 2/3")
        }
        return Shard(index: index, count: count)
    }

    func markdownLimit() throws(RunPlanError) -> Int? {
        guard let text = request.markdownMaxBytes else { return RunPlan.defaultMarkdownBytes }
        guard let bytes = Int(text), bytes >= RunPlan.leastMarkdownBytes else {
            throw .badValue(
                option: "markdown-max-bytes", given: text,
                takes: "a whole number of bytes from \(RunPlan.leastMarkdownBytes)")
        }
        return bytes
    }

    /// Every file an option names is read before anything runs: one that cannot be, or a
    /// baseline to be updated that does not load, stops the run with nothing written.
    func checkFiles() throws(RunPlanError) {
        var problems: [Diagnostic] = []
        func readable(_ file: String?, _ what: String) {
            guard let file else { return }
            if case .failure(let problem) = SourceFiles.readSmallYAML(file, what: what) { problems.append(problem) }
        }
        readable(request.requirements, "requirements catalogue")
        readable(request.statements, "statement catalogue")
        for file in request.baselines {
            if request.updateBaseline != nil {
                // Updating a baseline that does not load would lose what it held.
                problems += Baseline.load(file: file).diagnostics
            } else {
                readable(file, "baseline")
            }
        }
        if !problems.isEmpty { throw .inputs(problems) }
    }

    /// What no report may be written over: the suites' manifests and what they name, the paths,
    /// and every file an option names.
    var inputs: ProtectedInputs {
        ProtectedInputs.of(manifest: request.manifest, paths: request.paths, files: request.namedInputs)
    }

    /// The folder for drivers' stderr logs, made and proved writable.
    func checkLogFolder() throws(RunPlanError) {
        do {
            try OutputTarget.checkFolder(logFolder, for: "the drivers' logs")
        } catch {
            throw .logFolder(problem: error.description)
        }
    }
}

extension RunPlan {
    /// The suite's manifest: `explicit`, else the nearest one at or above `paths` (or the
    /// current folder); nil when there is none. Paths whose manifests name several models
    /// are refused unless `pinned` (a model or a manifest named).
    package static func manifest(explicit: String?, paths: [String], pinned: Bool, models: ModelCatalogue)
        throws(RunPlanError) -> Manifest?
    {
        try located { () throws(SuiteLocator.Problem) in
            try SuiteLocator.manifest(
                explicit: explicit, paths: paths, pinned: pinned, defaultModel: models.defaultModel)
        }
    }

    static func located<Found>(_ find: () throws(SuiteLocator.Problem) -> Found) throws(RunPlanError) -> Found {
        do {
            return try find()
        } catch {
            switch error {
            case .manifest(let diagnostics): throw .inputs(diagnostics)
            case .severalModels(let models): throw .severalModels(models)
            }
        }
    }

    /// The model `model` names, else the manifest's, else the default.
    package static func package(model: String?, manifest: Manifest?, pathsGiven: Bool, models: ModelCatalogue)
        throws(RunPlanError) -> ModelPackage
    {
        let name = model ?? manifest?.model ?? models.defaultModel
        guard let package = models.package(named: name) else {
            throw .unknownModel(
                name: name, known: models.packages.map(\.name), manifest: model == nil ? manifest?.file : nil)
        }
        if let asked = model, let manifest, let suites = manifest.model, suites != asked, !pathsGiven {
            // The manifest's scenarios are another model's; each would be an input error: say the
            // one mistake instead. Paths given with --model are read as that model's.
            throw .notTheSuitesModel(asked: asked, suites: suites, manifest: manifest.file)
        }
        return package
    }

    /// After the run: the temporary log folder is removed when the run passed (there is nothing
    /// in it to read) and kept when it did not. The folder kept, to be named, or nil.
    package func settleLogs(passed: Bool) -> String? {
        guard logsAreTemporary, FileManager.default.fileExists(atPath: logFolder) else { return nil }
        if passed {
            try? FileManager.default.removeItem(atPath: logFolder)
            return nil
        }
        return logFolder
    }

    /// A folder of this run's own under the system's temporary folder, not made yet.
    package static func temporaryFolder(_ what: String) -> String {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return base + "/authspec-\(what)-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
    }
    /// Timeouts run from 1 ms to a day.
    package static let longestTimeout = 86_400_000
    /// What each whole number of a request takes: a typo or a value that cannot work is refused.
    package static let numberRanges: [String: ClosedRange<Int>] = [
        "jobs": 1...64, "restart-budget": 0...1000, "max-line-bytes": 1024...(256 << 20),
    ]
    /// What a Markdown report is cut to unless `--markdown-max-bytes` says: what a GitHub
    /// comment or step summary holds (65,536 characters; a byte is never less than one).
    package static let defaultMarkdownBytes = 65_536
    /// Below this the Markdown report's verdict, totals and note of what was cut may not fit.
    package static let leastMarkdownBytes = 2048
}
