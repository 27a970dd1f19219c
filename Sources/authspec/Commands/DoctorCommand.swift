import DriverProtocol
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
        abstract: "Check that a driver starts, speaks the protocol and runs a trivial scenario.",
        discussion: """
            Starts the driver, shakes hands, compares what it declares with the model, runs the \
            model's short smoke scenario (for the unlock model: launch, cancel the biometric \
            prompt, type the right PIN, reach the Dashboard), and says in plain words what is \
            wrong when something is. Exit codes: 0 the driver works, 1 it does not, 2 usage errors.
            """,
        arguments: [],
        options: DriverArguments.options.filter { $0.name != "log-dir" && $0.name != "driver-mode" }
            + SuiteArguments.modelOptions.filter { $0.name == "model" })

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        // Drivers to end and reports to write: a signal stops this command in order.
        Interruption.stopInOrder()
        let package = try SuiteArguments.package(arguments)
        let model = package.declaration
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
        Console.out("\nThe driver works. Run the suite with: authspec run --driver \(shellQuoted(options.command))")
        return .success
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
