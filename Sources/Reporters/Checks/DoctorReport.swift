import DriverProtocol
import Engine
import Results
import Runner
import ScenarioModel
import SpecModel

/// What `doctor` says of a driver, in plain words, stage by stage; the advice for a failure
/// follows its kind, never its words. It keeps the notes met on the way (a scenario it will
/// skip, a name the model lacks) to say them after the smoke scenario.
package struct DoctorReport {
    let model: ModelDeclaration
    let terminal: TerminalReporter
    /// The driver's handshake timeout, for the advice on a slow hello.
    let handshakeTimeout: Duration
    private var notes: [String] = []

    /// The command that runs the smoke scenario again: doctor's, on the smoke scenario alone.
    let smokeRerun: String
    /// The driver's command, as doctor was given it.
    let command: String

    package init(model: ModelDeclaration, handshakeTimeout: Duration, doctor: RunRequest) {
        smokeRerun = doctor.smokeCheck.shellLine
        command = doctor.drivers.first ?? ""
        self.model = model
        terminal = TerminalReporter(model: model)
        self.handshakeTimeout = handshakeTimeout
    }

    /// The lines an event of the checkup prints (to standard output), in order.
    package mutating func lines(_ event: CheckupEvent) -> [String] {
        switch event {
        case .handshakeFailed(let error):
            // A command the shell could not find or run is said first, before the handshake.
            switch error.driverFailure?.kind {
            case .exited(status: 127)?, .exited(status: 126)?, .couldNotStart?:
                let why = error.driverFailure?.kind == .exited(status: 126) ? "cannot be run" : "was not found"
                return [
                    "  ✗ the driver command \(why): \(VisibleText.oneLine(command))", "    \(error)",
                    "\n" + advice(error.driverFailure),
                ]
            default:
                return ["  ✗ handshake failed: \(error)", "\n" + advice(error.driverFailure)]
            }
        case .shookHands(let info, let milliseconds):
            return [
                "  ✓ started and answered the hello in \(milliseconds) ms",
                "    \(VisibleText.oneLine(info.name)) \(VisibleText.oneLine(info.version)) (\(VisibleText.oneLine(info.language))), protocol \(info.protocolVersion)",
            ]
        case .declared(let what, let count, let missing, let unknown):
            if !unknown.isEmpty {
                notes.append(
                    "it declares \(what) the model does not have: \(unknown.joined(separator: ", ")) (check the spelling)"
                )
            }
            if !missing.isEmpty {
                notes.append(
                    "scenarios that use the \(what) it does not declare will be \(what == "inputs" ? "skipped" : "run without checking those keys")"
                )
            }
            return [
                "    \(what): \(count) declared"
                    + (missing.isEmpty ? ", all the model has" : "; not declared: \(missing.joined(separator: ", "))")
            ]
        case .observesNothing(let keys):
            return [
                "  ✗ it declares no observations",
                "\nThe driver speaks the protocol, but it observes nothing, so nothing it does can be checked against the spec. Declare the observation keys it reports in its hello (\(keys.joined(separator: ", "))) and report them in its replies.",
            ]
        case .profileNotMet(let profile, let lacking):
            return [
                "  ✗ it does not meet the \(profile.name) profile: it does not observe \(lacking.joined(separator: ", ")) (a run under it fails)"
            ]
        case .blindSpots(let check):
            return FoundScenarios(model: model).blindSpots(check, subject: "it")
        case .smoke(let scenario, let result):
            if result.outcome == .skipped {
                let needed = Set(scenario.steps.flatMap { $0.inputs.map(\.name) }).sorted()
                notes.append("the trivial scenario needs the inputs \(needed.joined(separator: ", "))")
            }
            let said = smoke(scenario, result)
            return result.outcome == .passed || result.outcome == .skipped ? said + notes.map { "  note: \($0)" } : said
        case .suiteLoaded(let scenarios, _):
            return scenarios == 0 ? [] : ["  running the suite: \(terminal.counted(scenarios, "scenario")) ..."]
        case .suiteRan(let implementation, let seconds, let diagnosis, let unsaid):
            return suite(implementation, seconds: seconds, diagnosis: diagnosis, unsaid: unsaid)
        }
    }

    /// What the smoke scenario's run says.
    func smoke(_ scenario: Scenario, _ result: ScenarioResult) -> [String] {
        switch result.outcome {
        case .passed:
            return ["  ✓ trivial scenario '\(scenario.id)' passed (\(scenario.steps.count) steps)"]
        case .partlyChecked, .notChecked:
            let record = result.record(position: 0, model: model)
            let unchecked = record.uncheckedKeys.joined(separator: ", ")
            return [
                "  ✗ trivial scenario ran, but \(record.checked) of its \(record.expectations) expectations were checked: the driver does not observe \(unchecked)",
                "\nThe driver speaks the protocol, but it does not observe what the spec requires, so nothing it does can be checked. Declare and report the observation keys (at least \(unchecked)) in its hello and its replies.",
            ]
        case .skipped:
            return ["  - trivial scenario skipped: \(result.message ?? "")"]
        case .refused:
            return [
                "  ✗ trivial scenario refused: \(result.message ?? result.firstProblem?.message ?? "")",
                "\nThe driver declares the inputs of the simplest path and refused it: nothing it does can be checked. Answer unsupported only for what the hello does not declare.",
            ]
        case .failed:
            let problem = terminal.problem(result.record(position: 0, model: model), rerun: smokeRerun) ?? ""
            return [
                "  ✗ trivial scenario failed:\n"
                    + problem.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"),
                "\nThe driver speaks the protocol, but its logic disagrees with the spec on the simplest path. Check the state names it reports (a --state-map file translates its own names) and the observations above.",
            ]
        case .errored:
            return [
                "  ✗ trivial scenario errored: \(result.firstProblem?.message ?? result.message ?? "")",
                "\n" + advice(result.failure),
            ]
        }
    }

    /// The suite's run on the driver, summed up: failures by the key that differs, fields it
    /// never reports, errors and skips by reason, what it does not observe, what the gate fails.
    package func suite(
        _ implementation: ImplementationRecord, seconds: Int, diagnosis: Diagnosis, unsaid: [GateReason]
    ) -> [String] {
        func listed(_ finding: Diagnosis.Finding) -> String {
            let shown = finding.scenarios.prefix(3).joined(separator: ", ")
            let more = finding.scenarios.count > 3 ? " and \(finding.scenarios.count - 3) more" : ""
            return "\(terminal.counted(finding.scenarios.count, "scenario")): \(shown)\(more)"
        }
        var lines = [
            "  " + (implementation.summary.passed == implementation.summary.total ? "✓ " : "✗ ")
                + terminal.summary(implementation.summary, implementation: implementation.name) + " (\(seconds) s)"
        ]
        if !diagnosis.failedKeys.isEmpty {
            lines.append("    ✗ failures, by the key that differs:")
            let width = diagnosis.failedKeys.map(\.what.count).max() ?? 0
            for finding in diagnosis.failedKeys {
                lines.append(
                    "        \(finding.what)\(String(repeating: " ", count: width - finding.what.count))  \(listed(finding))"
                )
            }
        }
        for finding in diagnosis.missingFields {
            lines.append(
                "    ✗ \(finding.what): the scenarios expect it, the driver never reports it (\(listed(finding)))")
        }
        for finding in diagnosis.errors { lines.append("    ✗ errored: \(finding.what) (\(listed(finding)))") }
        for finding in diagnosis.skips { lines.append("    ✗ skipped: \(finding.what) (\(listed(finding)))") }
        for finding in diagnosis.refusals { lines.append("    ✗ refused: \(finding.what) (\(listed(finding)))") }
        if let unchecked = terminal.unchecked(implementation) { lines.append("    ✗ " + unchecked) }
        for reason in unsaid { lines.append("    ✗ " + terminal.reason(reason)) }
        return lines
    }

    /// The command that runs the suite at `paths` (none: the manifest's) on the driver.
    package static func runIt(_ doctor: RunRequest) -> String { doctor.asRun.shellLine }

    /// The last word: whether the driver works, and the command that runs the suite on it.
    package func closing(works: Bool, suiteRan: Bool, runIt: String) -> String {
        guard works else {
            return
                "\nThe driver works, but the suite finds the problems above. Each failure's diff, with its file and line: \(runIt)"
        }
        return suiteRan
            ? "\nThe driver works and passes the suite. Run it with: \(runIt)"
            : "\nThe driver works. Run the suite with: \(runIt)"
    }

    /// What to do about a driver's failure, by its kind.
    package func advice(_ failure: DriverFailure?) -> String {
        let found: String
        switch failure?.kind {
        case .couldNotStart:
            found =
                "The command could not be run. It runs as /bin/sh -c 'exec COMMAND' from the current folder: check the path and that the program is installed."
        case .exited(status: 127):
            found =
                "The shell could not find the command (exit status 127). Check the program's name and path, relative to the current folder."
        case .killed: found = "It crashed. Its last stderr lines above usually say where."
        case .exited, .closedOutput:
            found =
                "It exited while the runner was waiting for a reply. Its last stderr lines above usually say why; a driver should answer errors with {\"ok\": false, \"error\": ...} instead of exiting."
        case .timedOut(handshake: true):
            found =
                "It started but did not answer the hello in time. A driver reads one JSON request per line on stdin and writes one JSON reply per line on stdout, flushing after each line (Python: sys.stdout.flush(); Java: System.out.flush()). If it is only slow to start, as a JVM can be, raise --handshake-timeout (now \(handshakeTimeout))."
        case .timedOut(handshake: false):
            found =
                "It did not answer a request in time. Check that it flushes stdout after every reply and never waits on a real clock: time comes in each request's time_ms. Raise --step-timeout if its logic is really that slow."
        case .notJSON:
            found =
                "It wrote a line to stdout that is not JSON. stdout carries protocol messages only; logs and debug prints belong on stderr."
        case .versionMismatch:
            found =
                "It chose a protocol version this runner does not speak. Answer the hello with \"protocol\": one of the versions offered in its \"versions\"."
        case .unrequestedOutput:
            found =
                "It wrote to stdout when no request was waiting for a reply. A driver writes exactly one reply to each request, after reading it; anything else belongs on stderr."
        case .wrongID: found = "Each reply must echo the id of the request it answers, and come in the same order."
        case .malformed:
            found = "A message does not have the shape docs/protocol.md gives; the problems listed name the field."
        case .lineTooLong:
            found = "A reply is longer than the line limit: report less, or raise --max-line-bytes."
        case .stoppedReading:
            found = "It stopped reading its stdin: a driver reads every request, one line at a time, until bye."
        case .reportedError:
            found = "It answered with an error of its own; its message above, and its stderr, say what went wrong."
        case .declarationChanged:
            found = "Restarted after a failure, it declared other capabilities: a driver declares the same every time."
        case .restartBudgetSpent:
            found = "It failed again and again: the first failure above is the one to fix."
        case .interrupted, .notRunning, nil:
            found = "See docs/protocol.md for what a driver must do, and the driver's stderr for what it did."
        }
        return "What to do: " + found
    }
}
