import DriverProtocol
import Engine
import Foundation
import Reporters
import Results
import Runner
import ScenarioModel
import SpecModel
import SubprocessDriver

enum DoctorCommand: Command {
    static let spec = CommandSpec(
        name: "doctor",
        abstract: "Check that a driver works, and say what is wrong with it across the whole suite.",
        discussion: """
            Starts the driver, shakes hands, compares what it declares with the model and the \
            --profile, runs the model's short smoke scenario (for the unlock model: launch, \
            cancel the biometric prompt, type the right PIN, reach the Dashboard), then runs \
            the whole suite and sums up what is wrong: failures grouped by the key that \
            differs, fields the spec's values have that the driver never reports (such as an \
            event's params), errors and skips by reason. Each problem is said in plain words. \
            Exit codes: 0 the driver works and passes the suite, 1 it does not, 2 usage or \
            input errors.
            """,
        arguments: [.init(name: "paths", help: "Scenario files or folders (default: the manifest's, else Scenarios).")],
        options: DriverArguments.options.filter { $0.name != "log-dir" && $0.name != "driver-mode" }
            + [
                SuiteArguments.profileOption,
                .init(name: "smoke-only", valueName: nil, help: "Stop after the smoke scenario: do not run the suite."),
            ] + SuiteArguments.modelOptions.filter { ["manifest", "model", "requirements"].contains($0.name) })

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        // Drivers to end and reports to write: a signal stops this command in order.
        Interruption.stopInOrder()
        let manifest = try SuiteArguments.manifest(arguments, from: arguments.positionals)
        let package = try SuiteArguments.package(arguments, manifest: manifest)
        let model = package.declaration
        let profile = try SuiteArguments.profile(arguments, model: model)
        let drivers = try DriverArguments.parse(arguments, model: model)
        guard drivers.count == 1, var options = drivers.first else {
            throw UsageError(message: "doctor checks one driver: give exactly one --driver <command>")
        }
        options.stderrLog = nil
        Console.out("Checking driver: \(Console.visible(options.command))")
        var driver = SubprocessDriver(options: options)
        defer { driver.shutdown() }

        let started = ContinuousClock.now
        let info: DriverInfo
        do {
            info = try driver.connect()
        } catch {
            Console.out("  ✗ handshake failed: \(error)")
            Console.out("\n" + advice(for: error.description, options: options))
            return .failures
        }
        let elapsed = ContinuousClock.now - started
        Console.out(
            "  ✓ started and answered the hello in \(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000) ms"
        )
        Console.out(
            "    \(Console.visible(info.name)) \(Console.visible(info.version)) (\(Console.visible(info.language))), "
                + "protocol \(info.protocolVersion)")
        var warnings: [String] = []
        for (what, declared, known) in [
            ("inputs", info.inputs, model.inputs.map(\.name)),
            ("observations", info.observations, model.observations.map(\.key)),
        ] {
            let unknown = declared.filter { !known.contains($0) }
            let missing = known.filter { !declared.contains($0) && model.input(named: $0)?.expansion == nil }
            Console.out(
                "    \(what): \(declared.count) declared"
                    + (missing.isEmpty ? ", all the model has" : "; not declared: \(missing.joined(separator: ", "))"))
            if !unknown.isEmpty {
                warnings.append(
                    "it declares \(what) the model does not have: \(unknown.joined(separator: ", ")) (check the spelling)"
                )
            }
            if !missing.isEmpty {
                warnings.append(
                    "scenarios that use the \(what) it does not declare will be \(what == "inputs" ? "skipped" : "run without checking those keys")"
                )
            }
        }

        if info.observations.isEmpty {
            Console.out("  ✗ it declares no observations")
            Console.out(
                "\nThe driver speaks the protocol, but it observes nothing, so nothing it does can be checked against the spec. Declare the observation keys it reports in its hello (\(model.observations.map(\.key).joined(separator: ", "))) and report them in its replies."
            )
            return .failures
        }
        var problems = 0
        let lacking = profile.keys.filter { !info.observations.contains($0) }
        if !lacking.isEmpty {
            Console.out(
                "  ✗ it does not meet the \(profile.name) profile: it does not observe \(lacking.joined(separator: ", ")) (a run under it fails)"
            )
            problems += 1
        }

        let loaded = ScenarioLoader(model: model).load(text: package.smokeScenario, file: "(doctor)")
        guard let scenario = loaded.scenarios.first else {
            throw InputError(message: "internal: the doctor's scenario does not load: \(loaded.diagnostics)")
        }
        let result = ScenarioRunner(model: model).run(scenario, on: &driver)
        let reporter = TerminalReporter(model: model)
        switch result.outcome {
        case .passed:
            Console.out("  ✓ trivial scenario '\(scenario.id)' passed (\(scenario.steps.count) steps)")
        case .partlyChecked, .notChecked:
            let record = result.record(position: 0, model: model)
            let unchecked = record.uncheckedKeys.joined(separator: ", ")
            Console.out(
                "  ✗ trivial scenario ran, but \(record.checked) of its \(record.expectations) expectations were checked: the driver does not observe \(unchecked)"
            )
            Console.out(
                "\nThe driver speaks the protocol, but it does not observe what the spec requires, so nothing it does can be checked. Declare and report the observation keys (at least \(unchecked)) in its hello and its replies."
            )
            return .failures
        case .skipped:
            Console.out("  - trivial scenario skipped: \(result.message ?? "")")
            let needed = Set(scenario.steps.flatMap { $0.inputs.map(\.name) }).sorted()
            warnings.append("the trivial scenario needs the inputs \(needed.joined(separator: ", "))")
        case .failed:
            Console.out(
                "  ✗ trivial scenario failed:\n"
                    + (reporter.problem(result.record(position: 0, model: model)) ?? "").split(separator: "\n").map {
                        "    " + $0
                    }.joined(
                        separator: "\n"))
            Console.out(
                "\nThe driver speaks the protocol, but its logic disagrees with the spec on the simplest path. Check the state names it reports (a --state-map file translates its own names) and the observations above."
            )
            return .failures
        case .errored:
            let message = result.firstProblem?.message ?? result.message ?? ""
            Console.out("  ✗ trivial scenario errored: \(message)")
            Console.out("\n" + advice(for: message, options: options))
            return .failures
        }
        for warning in warnings { Console.out("  note: \(warning)") }
        let paths = arguments.positionals.map { shellQuoted($0) + " " }.joined()
        let runIt = "authspec run \(paths)--driver \(shellQuoted(options.command))"
        if arguments.flag("smoke-only") {
            Console.out("\nThe driver works. Run the suite with: \(runIt)")
            return problems > 0 ? .failures : .success
        }
        let (suiteProblems, inputErrors) = try checkSuite(
            arguments, manifest: manifest, model: model, options: options, profile: profile)
        problems += suiteProblems
        if inputErrors { return .badInput }
        if problems == 0 {
            Console.out("\nThe driver works and passes the suite. Run it with: \(runIt)")
            return .success
        }
        Console.out(
            "\nThe driver works, but the suite finds the problems above. Each failure's diff, with its file and line: \(runIt)"
        )
        return .failures
    }

    /// Runs the suite on the driver and sums up what is wrong; returns how many kinds of
    /// problem it found, and whether any scenario file had an input error.
    static func checkSuite(
        _ arguments: ParsedArguments, manifest: Manifest?, model: ModelDeclaration, options: DriverOptions,
        profile: ConformanceProfile
    ) throws -> (problems: Int, inputErrors: Bool) {
        let suite = Suite(
            paths: SuiteArguments.paths(arguments, manifest: manifest),
            requirementsFile: arguments.value("requirements") ?? manifest?.requirements, model: model,
            selection: SuiteSelection())
        for diagnostic in suite.loaded.diagnostics { Console.error(diagnostic.description) }
        guard !suite.scenarios.isEmpty else {
            throw InputError(
                message:
                    "doctor: no scenarios to run in \(SuiteArguments.paths(arguments, manifest: manifest).joined(separator: ", "))"
            )
        }
        let reporter = TerminalReporter(model: model)
        Console.out("  running the suite: \(reporter.counted(suite.scenarios.count, "scenario")) ...")
        let started = ContinuousClock.now
        let candidate = Candidate(label: options.command) { worker in
            SubprocessDriver(options: options.forWorker(worker))
        }
        let engine = RunEngine(model: model, profile: profile) { Interruption.signal.map(Interruption.name(of:)) }
        let run = engine.run(suite, on: [candidate])
        guard let implementation = run.implementations.first else { return (1, false) }
        let elapsed = ContinuousClock.now - started
        Console.out(
            "  " + (implementation.summary.passed == implementation.summary.total ? "✓ " : "✗ ")
                + reporter.summary(implementation.summary, implementation: implementation.name)
                + " (\(elapsed.components.seconds) s)")
        let diagnosis = Diagnosis(implementation.records)
        func listed(_ finding: Diagnosis.Finding) -> String {
            let shown = finding.scenarios.prefix(3).joined(separator: ", ")
            let more = finding.scenarios.count > 3 ? " and \(finding.scenarios.count - 3) more" : ""
            return "\(reporter.counted(finding.scenarios.count, "scenario")): \(shown)\(more)"
        }
        if !diagnosis.failedKeys.isEmpty {
            Console.out("    ✗ failures, by the key that differs:")
            let width = diagnosis.failedKeys.map(\.what.count).max() ?? 0
            for finding in diagnosis.failedKeys {
                Console.out(
                    "        \(finding.what)\(String(repeating: " ", count: width - finding.what.count))  \(listed(finding))"
                )
            }
        }
        for finding in diagnosis.missingFields {
            Console.out(
                "    ✗ \(finding.what): the scenarios expect it, the driver never reports it (\(listed(finding)))")
        }
        for finding in diagnosis.errors { Console.out("    ✗ errored: \(finding.what) (\(listed(finding)))") }
        for finding in diagnosis.skips { Console.out("    ✗ skipped: \(finding.what) (\(listed(finding)))") }
        if let unchecked = reporter.unchecked(implementation) { Console.out("    ✗ " + unchecked) }
        let unchecked = implementation.records.contains { $0.outcome == .partlyChecked || $0.outcome == .notChecked }
        // The gate's verdict as a run would give it: what the findings above do not already say.
        let gate = run.gate(GatePolicy())
        let unsaid = gate.reasons.filter { reason in
            switch reason {
            case .failures, .notChecked, .skipped, .broken: return false
            default: return true
            }
        }
        for reason in unsaid { Console.out("    ✗ " + reporter.reason(reason)) }
        let kinds = [
            !diagnosis.failedKeys.isEmpty, !diagnosis.errors.isEmpty, !diagnosis.skips.isEmpty, unchecked,
            !unsaid.isEmpty,
        ].filter { $0 }.count
        return (kinds, !suite.loaded.diagnostics.isEmpty)
    }

    /// What to do about an error, in plain words.
    static func advice(for message: String, options: DriverOptions) -> String {
        // Most specific first: a crash during the handshake is also "waiting for the handshake".
        let cases: [(matches: (String) -> Bool, advice: String)] = [
            (
                { $0.contains("could not start the driver") },
                "The command could not be run. It runs as /bin/sh -c 'exec COMMAND' from the current folder: check the path and that the program is installed."
            ),
            (
                { $0.contains("exited with status 127") },
                "The shell could not find the command (exit status 127). Check the program's name and path, relative to the current folder."
            ),
            ({ $0.contains("killed by signal") }, "It crashed. Its last stderr lines above usually say where."),
            (
                { $0.contains("exited") },
                "It exited while the runner was waiting for a reply. Its last stderr lines above usually say why; a driver should answer errors with {\"ok\": false, \"error\": ...} instead of exiting."
            ),
            (
                { $0.contains("timed out") && $0.contains("handshake") },
                "It started but did not answer the hello in time. A driver reads one JSON request per line on stdin and writes one JSON reply per line on stdout, flushing after each line (Python: sys.stdout.flush(); Java: System.out.flush()). If it is only slow to start, as a JVM can be, raise --handshake-timeout (now \(options.handshakeTimeout))."
            ),
            (
                { $0.contains("timed out") },
                "It did not answer a request in time. Check that it flushes stdout after every reply and never waits on a real clock: time comes in each request's time_ms. Raise --step-timeout if its logic is really that slow."
            ),
            (
                { $0.contains("not JSON") },
                "It wrote a line to stdout that is not JSON. stdout carries protocol messages only; logs and debug prints belong on stderr."
            ),
            (
                { $0.contains("protocol version mismatch") },
                "It chose a protocol version this runner does not speak. Answer the hello with \"protocol\": one of the versions offered in its \"versions\"."
            ),
            (
                { $0.contains("no request outstanding") || $0.contains("had written to stdout") },
                "It wrote to stdout when no request was waiting for a reply. A driver writes exactly one reply to each request, after reading it; anything else belongs on stderr."
            ),
            (
                { $0.contains("has id") },
                "Each reply must echo the id of the request it answers, and come in the same order."
            ),
            (
                { $0.contains("does not match its schema") },
                "A message does not have the shape docs/protocol.md gives; the problems listed name the field."
            ),
        ]
        let found =
            cases.first { $0.matches(message) }?.advice
            ?? "See docs/protocol.md for what a driver must do, and the driver's stderr for what it did."
        return "What to do: " + found
    }
}

/// A word the shell reads back as `text`: single quotes, with each quote inside written '\''.
func shellQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
