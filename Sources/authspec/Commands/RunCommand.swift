import Coverage
import DriverProtocol
import Foundation
import ReferenceMachine
import Reporters
import Runner
import ScenarioModel
import SpecModel
import SubprocessDriver

enum RunCommand: Command {
    static let spec = CommandSpec(
        name: "run",
        abstract: "Run scenarios against the reference and any external drivers.",
        discussion: """
            Loads every scenario file under the given paths and runs each against the reference \
            unlock machine and against each --driver, printing a line per scenario, the details \
            of every failure, a scenario x implementation matrix when there are several, and a \
            summary. Exit codes: 0 when every scenario passed (or was skipped), 1 when any failed \
            or errored, 2 for bad input (a scenario file that does not load, an unknown option).
            """,
        arguments: [.init(name: "paths", help: "Scenario files or folders to run (default: Scenarios).")],
        options: [
            .init(
                name: "tag", valueName: "tag", help: "Run only scenarios with this tag (repeatable; any of them).",
                repeatable: true),
            .init(
                name: "id", valueName: "glob",
                help: "Run only scenarios whose id matches this glob, such as 'pin-*' (repeatable).", repeatable: true),
            .init(name: "json", valueName: "file", help: "Write the results as JSON to this file (atomically)."),
            .init(
                name: "junit", valueName: "file",
                help: "Write JUnit XML: a testsuite per implementation, a testcase per scenario."),
            .init(
                name: "markdown", valueName: "file",
                help: "Write a Markdown report: summary, matrix, failures, coverage graphs, requirements."),
            .init(
                name: "coverage", valueName: "file",
                help: "Write the state-coverage graphs (Mermaid in Markdown) for every implementation."),
            .init(
                name: "requirements", valueName: "file",
                help: "The requirements catalogue (default: requirements.yaml in the first scenario folder, if there)."),
            .init(
                name: "argon2", valueName: "profile",
                help: "Argon2id cost for the reference's PIN hash: light (default) or owasp (m=19456 KiB, t=2, p=1)."),
            .init(name: "quiet", valueName: nil, help: "Print only failures and the summary."),
        ] + DriverArguments.options)

    /// The report options, in the order they are written.
    static let reportOptions = ["json", "junit", "markdown", "coverage"]

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        // Drivers to end and reports to write: a signal stops this command in order.
        Interruption.stopInOrder()
        let profileName = arguments.value("argon2") ?? Argon2Profile.light.name
        guard let profile = Argon2Profile.all.first(where: { $0.name == profileName }) else {
            throw UsageError(message: "Unknown Argon2 profile '\(profileName)' (expected light or owasp)")
        }
        let drivers = try DriverArguments.parse(arguments)
        // Every place a report or a log goes is checked before anything runs.
        let outputs = try ReportOutputs(arguments, options: reportOptions)
        if !drivers.isEmpty { try DriverArguments.checkLogFolder(arguments) }
        let model = UnlockModel.declaration
        let (loaded, catalogue) = loadSuite(arguments, model: model)
        for diagnostic in loaded.diagnostics { Console.error(diagnostic.description) }

        let selected = loaded.scenarios.filter { scenario in
            (arguments.all("tag").isEmpty || !Set(arguments.all("tag")).isDisjoint(with: scenario.tags))
                && (arguments.all("id").isEmpty || arguments.all("id").contains { Glob.matches($0, scenario.id) })
        }
        let reporter = TerminalReporter(model: model)
        let quiet = arguments.flag("quiet")
        let names = ["reference"] + drivers.map(\.command)
        if !quiet {
            Console.out(
                "Running \(reporter.counted(selected.count, "scenario")) from \(reporter.counted(loaded.files.count, "file")) "
                    + "against \(names.count == 1 ? "the reference" : reporter.counted(names.count, "implementation")) (the reference hashes with Argon2id \(profile))"
            )
        }
        let runner = ScenarioRunner(model: model)
        var runs: [ImplementationRun] = []
        let stopped = { Interruption.signal != nil }

        func execute<I: ImplementationUnderTest>(_ implementation: inout I, label: String) -> [ScenarioResult] {
            runner.run(selected, on: &implementation, until: stopped) { result, number in
                if !quiet {
                    Console.out(
                        reporter.progressLine(
                            result, number: number, of: selected.count, implementation: names.count > 1 ? label : nil))
                }
            }
        }

        var reference = ReferenceImplementation(profile: profile)
        runs.append(
            ImplementationRun(name: "reference", details: nil, results: execute(&reference, label: "reference")))
        for options in drivers where !stopped() {
            var driver = SubprocessDriver(options: options)
            if !quiet { Console.out("Starting driver: \(Console.visible(options.command))") }
            // A failed handshake is remembered by the driver and errors every scenario with its reason.
            _ = try? driver.connect()
            let results = execute(&driver, label: driver.name)
            driver.shutdown()
            let details = DriverDetails(
                command: options.command, info: driver.info, restarts: driver.restarts, log: options.stderrLog)
            runs.append(ImplementationRun(name: driver.name, details: details, results: results))
        }
        var interruption: RunInterruption?
        if let signal = Interruption.signal {
            var unfinished: [(implementation: String, scenario: String)] = []
            for (index, command) in names.enumerated() {
                // A run that started goes by the name its driver gave; one never started, by its command.
                let name = index < runs.count ? runs[index].name : command
                let finished = Set((index < runs.count ? runs[index].results : []).map(\.scenario.id))
                unfinished += selected.filter { !finished.contains($0.id) }.map { (name, $0.id) }
            }
            interruption = RunInterruption(signal: Interruption.name(of: signal), unfinished: unfinished)
        }

        let allResults = runs.flatMap(\.results)
        var problems: [String] = []
        for run in runs {
            if let verdict = ScenarioRunner.brokenVerdict(run.results) {
                problems.append(
                    reporter.brokenDriver(
                        run.name, command: run.details?.command, message: verdict, log: run.details?.log))
            } else {
                problems += run.results.compactMap {
                    reporter.problem($0, implementation: runs.count > 1 ? run.name : nil)
                }
            }
        }
        if !problems.isEmpty { Console.out("\n" + problems.joined(separator: "\n\n")) }
        if runs.count > 1 { Console.out("\n" + reporter.matrix(selected, runs: runs.map { ($0.name, $0.results) })) }
        Console.out("")
        for run in runs { Console.out(reporter.summary(RunSummary(run.results), implementation: run.name)) }
        let uncovered = RequirementCatalogue.uncovered(catalogue, by: loaded.scenarios)
        if !uncovered.isEmpty {
            Console.out(
                "\(reporter.counted(uncovered.count, "requirement")) no scenario covers: "
                    + uncovered.map(\.id).joined(separator: ", "))
        }
        if !loaded.diagnostics.isEmpty {
            Console.out(
                "\(reporter.counted(loaded.diagnostics.count, "input error")) (above): the scenarios they are in did not run"
            )
        }
        if let interruption {
            Console.out(
                "INTERRUPTED by \(interruption.signal): \(reporter.counted(interruption.unfinished.count, "scenario run")) did not finish; "
                    + "the reports hold what did")
        }
        let named = runs.map { (name: $0.name, results: $0.results) }
        let coverage = runs.map { CoverageReport(implementation: $0.name, results: $0.results, model: model) }
        let written = outputs.write { option in
            switch option {
            case "json":
                return JSONReporter(model: model).document(
                    allResults, implementations: runs.map(\.report), coverage: coverage, requirements: catalogue,
                    interruption: interruption
                ).rendered()
            case "junit":
                return JUnitReporter(model: model).document(named, interruption: interruption)
            case "markdown":
                return MarkdownReporter(model: model).document(
                    runs: named, coverage: coverage, requirements: catalogue, interruption: interruption)
            default:
                return "# State coverage\n\n"
                    + coverage.map { MermaidCoverage().markdown($0, heading: "##") }.joined(separator: "\n")
            }
        }
        // The most serious ending wins: a signal, then bad input or an unwritten report, then
        // conformance failures.
        if let signal = Interruption.signal { return ExitCode.interrupted(by: signal) }
        if !loaded.diagnostics.isEmpty || !written { return .badInput }
        let summary = RunSummary(allResults)
        return summary.failed + summary.errored > 0 ? .failures : .success
    }
}

/// The scenarios under the command's paths (default: Scenarios) and their requirements
/// catalogue, with every problem of either among the loader's diagnostics. A scenario that
/// cites an unknown requirement is left out like any other scenario with an input error.
func loadSuite(_ arguments: ParsedArguments, model: ModelDeclaration) -> (
    loaded: ScenarioLoader.Result, catalogue: [Requirement]
) {
    let paths = arguments.positionals.isEmpty ? ["Scenarios"] : arguments.positionals
    var loaded = ScenarioLoader(model: model).load(paths: paths)
    let catalogue = requirementsCatalogue(arguments.value("requirements"), paths: paths)
    let unknown = RequirementCatalogue.unknownCitations(in: loaded.scenarios, requirements: catalogue.requirements)
    let known = Set(catalogue.requirements.map(\.id))
    loaded.scenarios.removeAll { scenario in scenario.covers.contains { !known.contains($0.id) } }
    loaded.diagnostics += catalogue.diagnostics + unknown
    return (loaded, catalogue.requirements)
}

/// The catalogue named by --requirements, else the nearest requirements.yaml in a given
/// folder, or beside a given file, or in a folder above either; or none.
func requirementsCatalogue(_ explicit: String?, paths: [String]) -> (
    requirements: [Requirement], diagnostics: [Diagnostic]
) {
    if let explicit { return RequirementCatalogue.load(file: explicit) }
    for path in paths {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
        var folder = URL(fileURLWithPath: path).standardizedFileURL
        if !isFolder.boolValue { folder.deleteLastPathComponent() }
        while true {
            let candidate = folder.appendingPathComponent(RequirementCatalogue.fileName).path
            if FileManager.default.fileExists(atPath: candidate) { return RequirementCatalogue.load(file: candidate) }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
    }
    return ([], [])
}

struct DriverDetails {
    var command: String
    var info: DriverInfo?
    var restarts: Int
    var log: String?
}

/// One implementation's results in a run.
struct ImplementationRun {
    var name: String
    var details: DriverDetails?
    var results: [ScenarioResult]

    var report: ImplementationReport {
        ImplementationReport(
            name: name, command: details?.command, version: details?.info?.version, language: details?.info?.language,
            restarts: details?.restarts ?? 0, broken: ScenarioRunner.brokenVerdict(results), results: results)
    }
}

/// Shell-style globs for --id: `*` any run of characters, `?` any one. Matched in
/// O(pattern x text) time at worst, whatever the number of stars.
enum Glob {
    static func matches(_ pattern: String, _ text: String) -> Bool {
        let pattern = Array(pattern)
        let text = Array(text)
        var p = 0
        var t = 0
        // The last star seen, and the text position it is currently taken to stretch to.
        var star: Int?
        var stretch = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == "*" {
                star = p
                stretch = t
                p += 1
            } else if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
                p += 1
                t += 1
            } else if let star {
                // Let the last star take one more character and retry from there; an earlier
                // star never needs to: the last one can absorb whatever it would.
                p = star + 1
                stretch += 1
                t = stretch
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
