import CommandLineKit
import Exploration
import Models
import ScenarioModel
import Skeletons
import SubprocessDriver

/// Every subcommand's declaration: its name, abstract, discussion, arguments and options with
/// their defaults, declared once and read by the command line's parser and help, and by the
/// tests that check the CLI reference and the CI recipes against them.
package enum CommandCatalog {
    /// The program: its name, version, overview and subcommands.
    package static let program = Program(
        name: "authspec", version: "0.2.0",
        overview: "Conformance suite and test oracle for the MedTime unlock screen.",
        description:
            "Runs YAML scenarios derived from the specification against the reference state machine "
            + "and reports, per step, what the spec expects and what was observed.",
        commands: all)

    /// Every subcommand, in the order the root help lists them.
    package static var all: [CommandSpec] {
        [
            run, merge, lint, record, doctor, spec, model, explore, mutate, strengthen, checkModel, generate, trace,
            bench,
            initSuite, suite,
            newDriver,
        ]
    }

    package static let bench = CommandSpec(
        name: "bench",
        abstract: "Measure input steps per second through authspec against a driver's own ceiling.",
        discussion: """
            The yardstick is the do-nothing driver (Benchmarks/do-nothing-driver, built with \
            `swift build -c release --product do-nothing-driver`), which answers every request \
            with a fixed reply. The suite's requests are recorded once as authspec sends them; \
            then, --trials times, alternating: the driver alone is fed those exact lines by a \
            replayer that keeps input requests in flight as authspec does (up to 16, topped up \
            in one write once 8 or fewer are out; start and reset alone), and the suite runs \
            through authspec against the same driver. Both count input steps per second (start \
            and reset exchanges included, the process start and handshake not); the medians and \
            their ratio (authspec / driver alone) are printed, with the CPU time per input step \
            of the driver alone, of authspec, and of the driver under authspec. With --driver, \
            the same comparison is made for that driver too, and its throughput through \
            authspec is also given as a fraction of the do-nothing driver alone.
            """,
        arguments: [.init(name: "paths", help: "Scenario files or folders to run (default: Scenarios).")],
        options: [
            .init(
                name: "driver", valueName: "command",
                help: "Another driver to measure the same way (e.g. \"python3 Examples/python/driver.py\")."),
            SharedOptions.trials.option,
            .init(
                name: "explore", valueName: nil,
                help:
                    "Instead: the reference's steps per second inside explore against a raw loop feeding it the same inputs."
            ),
            SharedOptions.benchRuns.option,
            .init(
                name: "min-steps", valueName: "n",
                help: "Input steps per trial at least (default 20000); the suite repeats until reached."),
        ] + SharedOptions.model.filter { $0.name == "model" })

    package static let checkModel = CommandSpec(
        name: "check-model",
        abstract: "Check the model's invariants on its reference over every input sequence up to a depth.",
        discussion: """
            Breadth-first over every input sequence up to --depth from the default world and \
            from --worlds minus one seeded random worlds, visiting each reference state (at \
            each virtual time) once, and checking every invariant of the model after every \
            input. Inputs tried from each state: every input with no argument or a choice of \
            words, the right PIN and one digit off it, its first digit alone, and clock inputs \
            at 1 ms, at each of the model's timers and at each duration the state shows. A \
            broken invariant is printed with the shortest sequence that breaks it (written as \
            a scenario with --out). Then dead ends: from where each state was first reached, \
            a second search of up to --depth inputs for a way out that does not pass through \
            the initial state (a kill), for each state the model declares a way out of (a \
            state it declares none from is a hand-over). Declared states never reached are \
            listed. Exit codes: 0 every invariant holds to that depth and no state is a dead \
            end, 1 otherwise, 2 usage errors.
            """,
        arguments: [],
        options: [
            SharedOptions.checkDepth.option, SharedOptions.checkWorlds.option,
            .init(name: "seed", valueName: "n", help: "The random worlds' seed (default 1)."),
            .init(
                name: "out", valueName: "folder", help: "Write each broken invariant's sequence there as a scenario."),
        ] + SharedOptions.model.filter { $0.name == "model" })

    package static let doctor = CommandSpec(
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
        options: SharedOptions.drivers.filter { $0.name != "log-dir" && $0.name != "driver-mode" }
            + [
                SharedOptions.profile,
                .init(name: "smoke-only", valueName: nil, help: "Stop after the smoke scenario: do not run the suite."),
            ] + SharedOptions.model.filter { ["manifest", "model", "requirements"].contains($0.name) })

    package static let explore = CommandSpec(
        name: "explore",
        abstract: "Look for bugs no scenario was written for: random input sequences compared with the reference.",
        discussion: """
            Drives the driver with long random input sequences built from the model: worlds \
            from the given keys, inputs weighted toward those the current state takes and \
            toward input x state pairs not met yet, clock inputs aimed at the model's timers \
            one tick either side. Every step is compared with the reference on every key the \
            driver observes (or --keys). The first divergence is shrunk to the smallest \
            sequence that still differs on the same key after the same kind of input, replayed \
            to tell a steady failure from a flaky one, and written as a scenario file with the \
            reference's observations as expectations: it loads, passes on the reference and \
            fails on the driver. A first divergence in counters or texts alone is followed by \
            a search for one in the state, which tells more: a tenth of --budget, a second at \
            most (with --runs, the same runs again, so the count reproduces it); the one in \
            the state is reported if found, and the output says which. With no --driver, the \
            reference itself is explored and judged by the model's invariants alone. The same --seed gives the same runs and \
            the same file. Before searching, the scenarios explore wrote before into the \
            folder of --out are replayed: one that diverges again is the divergence found, in \
            its own file (not written again), and nothing is searched. \
            Finding nothing is not a proof: the summary says how much was tried. A world or an \
            input the driver declares and answers unsupported to is a refusal: counted by value \
            (the given values of the worlds refused, the inputs, how many runs) and a failure \
            unless --allow-refusals. No divergence found is a verdict only when the driver ran \
            every input x state pair the reference reached (under --given and --skip-input); \
            pairs it never ran make it INCONCLUSIVE, each named. Exit codes: 0 no divergence \
            found, 1 a divergence found (the file written), refusals, or inconclusive, 2 usage \
            or input errors.
            """,
        arguments: [],
        options: [
            .init(name: "seed", valueName: "n", help: "The seed of every random choice (default: a new one, printed)."),
            .init(
                name: "budget", valueName: "duration",
                help:
                    "Time to explore for, such as 30s or 5m (default 60s); shrinking a divergence found takes at most as long again."
            ),
            SharedOptions.exploreRuns.option, SharedOptions.exploreDepth.option,
            .init(
                name: "keys", valueName: "key,key",
                help: "Compare only these observation keys (default: every key the driver observes)."),
            .init(
                name: "out", valueName: "file",
                help:
                    "Where to write the counterexample scenario (default: explore-SEED.yaml in a temporary folder, named in the first line)."
            ),
            .init(name: "json", valueName: "file", help: "Write what was tried and found as JSON ('-' for stdout)."),
            .init(
                name: "baseline", valueName: "file",
                help:
                    "Pass over a divergence at an input, on keys, that this baseline's failures record (written by run --update-baseline all), and go on looking."
            ),
            .init(
                name: "given", valueName: "key=value",
                help: "Keep this given key at this value in every world, as a scenario's given says it (repeatable).",
                repeatable: true),
            .init(
                name: "skip-input", valueName: "name",
                help: "Never send this input (one the model declares; repeatable).", repeatable: true),
            SharedOptions.allowRefusals,
            .init(name: "quiet", valueName: nil, help: "Print only what was found and the verdict."),
            .init(
                name: "jobs", valueName: "n",
                help: "Workers, each with its own driver process and reference (default 1); the same runs for any n."),
        ] + SharedOptions.drivers.filter { $0.name != "driver-mode" }
            + SharedOptions.model.filter { $0.name != "requirements" && $0.name != "manifest" })

    package static let generate = CommandSpec(
        name: "generate",
        abstract: "Write a small set of scenarios that covers every reachable state, transition, pair or requirement.",
        discussion: """
            Walks the reference breadth first over every input sequence up to --depth from the \
            default world and --worlds minus one seeded random worlds (the inputs check-model \
            tries) and keeps each target's first, shortest, witness. Each scenario then starts \
            as the witness of the first target not met yet and grows, up to 20 inputs, by the \
            nearest move (at most 3 inputs on) that meets another. --cover states: each \
            declared state entered; transitions: each declared transition taken; pairs: each \
            input met in each state; requirements: each requirement of the catalogue whose \
            clause, or reading, a taken transition cites. The scenarios are written to \
            FOLDER/cover-GOAL.yaml with the reference's observations as expectations, traced \
            to the clauses of the transitions they take, each named after the last target it \
            is the first to cover. Targets not \
            met are listed with the reason. The files cover the targets as the reference \
            reaches them: an implementation that differs may take other paths. When no target \
            can be met, nothing is written. \
            With --complete instead of --cover: builds the reference's abstract machine (each \
            state in its relative form, every timer as its time left; inputs the model \
            declares, or those --inputs names, and advances to the next deadline, at the offsets the model declares (exactly at it, \
            for each model authspec carries); from \
            each world of each given key's closed values), fails if a state met by a second \
            way behaves otherwise or if it does not close, minimises it under the observed keys \
            and writes a Wp-method suite for --extra-states to FOLDER/complete.yaml, its exact \
            size checked against --cap before anything is written; a world whose machine does not close \
            is left out and named. With --random-tests N, N randomised Wp tests are added (the \
            whole file when the exhaustive suite is past the cap), and the file says they are \
            not m-complete. The guarantee it gives is printed and written in the file with its \
            assumptions. With --profile or --observe it prints the blind spots of those keys: \
            the states they cannot tell apart though other keys can, and each key that would \
            separate some, with the requirements of the --requirements catalogue that declare \
            it and none of the keys observed. Exit codes: 0 written, 1 no target met, or no complete suite (no world \
            closes, or a suite past the cap without --random-tests): nothing written, 2 usage \
            errors.
            """,
        arguments: [],
        options: [
            .init(
                name: "cover", valueName: CoverageGoal.allCases.map(\.rawValue).joined(separator: "|"),
                help: "What to cover (required)."),
            .init(
                name: "out", valueName: "folder",
                help: "Where to write cover-GOAL.yaml (default: a temporary folder, named in the first line)."),
            SharedOptions.generateDepth.option, SharedOptions.generateWorlds.option,
            .init(
                name: "seed", valueName: "n",
                help: "The random worlds' seed, or with --complete the random tests' (default 1)."),
            .init(name: "complete", valueName: nil, help: "Write a Wp-method suite over the abstract machine instead."),
            SharedOptions.extraStates.option,
            .init(
                name: "profile", valueName: "name",
                help: "For --complete: the profile whose keys the scenarios expect (default full: every key)."),
            .init(
                name: "observe", valueName: "key,key",
                help: "For --complete: the keys the scenarios expect, instead of a profile's."),
            SharedOptions.completeCap.option, SharedOptions.randomTests.option,
            .init(
                name: "inputs", valueName: "name,name:word",
                help:
                    "For --complete: only these inputs in the machine's alphabet, each with every argument or with one word (tap:google); the clock input keeps the advances to deadlines; the guarantee is over them."
            ),
            .init(
                name: "requirements", valueName: "file",
                help:
                    "With --cover requirements: the catalogue to cover (default Scenarios/requirements.yaml). With --complete and --profile or --observe: the catalogue whose requirements each blind spot's keys are said with (none by default)."
            ),
        ] + SharedOptions.model.filter { $0.name == "model" })

    package static let lint = CommandSpec(
        name: "lint",
        abstract: "Check scenarios (and spec documents) for every problem, fast enough for a pre-commit hook.",
        discussion: """
            Loads every scenario file and reports every problem with file:line:column: format \
            errors, duplicate ids, unknown requirement ids, requirements no scenario covers, and \
            each scenario whose expectations do not hold on the reference, at the step where \
            they stop holding. With --spec, the spec documents are checked against the model too \
            (as 'authspec spec check'). Exit codes: 0 nothing wrong, 1 contradictions or \
            disagreements, 2 input errors.
            """,
        arguments: [.init(name: "paths", help: "Scenario files or folders (default: Scenarios).")],
        options: [
            .init(
                name: "spec", valueName: "document",
                help: "Also check this spec document against the model (repeatable).", repeatable: true),
            .init(
                name: "mapping", valueName: "file",
                help: "For --spec: sections and state names per document (default: docs/spec-mapping.yaml)."),
            .init(
                name: "load-only", valueName: nil,
                help:
                    "Only load the files and report their input errors; run nothing on the reference (times the loader: Benchmarks/load-speed)."
            ),
        ] + SharedOptions.model.filter { ["manifest", "model", "requirements"].contains($0.name) })

    package static let merge = CommandSpec(
        name: "merge",
        abstract: "Put the results of a run's shards back together and write its reports.",
        discussion: """
            Reads the --json results of every shard of one run ('authspec run --shard K/N'), \
            checks that they are the N shards of one suite, model and set of implementations, \
            each once, and prints and writes exactly what one whole run would have: the \
            problems, the matrix, the totals, the gate's verdict, and the JSON, JUnit, Markdown \
            and coverage reports. Exit codes: as 'authspec run' (0 the gate passes, 1 it \
            fails, a shard interrupted included); 2 a file that is not such a shard, a shard \
            missing or given twice, shards of different runs.
            """,
        arguments: [.init(name: "results", help: "The shards' results JSON files.", optional: false)],
        options: SharedOptions.reports + [SharedOptions.statements] + SharedOptions.reportSettings
            + SharedOptions.closing + SharedOptions.gate.filter { $0.name != "update-baseline" })

    package static let mutate = CommandSpec(
        name: "mutate",
        abstract: "Measure the suite: run it against systematic mutants of the reference.",
        discussion: """
            Runs every scenario against each of the model's mutants of the reference (for the \
            unlock model: each rule number one higher and lower, the lock's end a tick early \
            and late, each transition dropped and redirected, each kind of output omitted \
            state by state, each platform error code misread, a forged biometric success \
            trusted, an enrolment change ignored, timers on the hand-set wall clock, labels, focus order and the capture flag got wrong). A mutant is killed when a scenario fails or errors on it. Each \
            survivor is then explored against the reference (--explore-runs at least, then on \
            while an input x state pair is unmet, up to ten times as many): a divergence makes \
            it a hole in the suite (its shrunk sequence is printed, and written as a scenario \
            with --counterexamples); none, with every input sent in every state it arrives in, \
            makes it probably equivalent; none with pairs left unmet leaves it undecided. The \
            score is killed / (killed + holes + undecided), for every key and for each --keys \
            set (what a driver observing only those would let the suite catch). With --mutant, \
            only the mutants named run, and the score and the report are theirs alone. Exit codes: 0 \
            no hole and none undecided with every key, 1 holes or undecided survivors, 2 usage \
            or input errors.
            """,
        arguments: [.init(name: "paths", help: "Scenario files or folders (default: the manifest's, else Scenarios).")],
        options: [
            .init(
                name: "keys", valueName: "key,key",
                help: "Also score the suite as seen through only these keys, such as state,states (repeatable).",
                repeatable: true),
            .init(
                name: "mutant", valueName: "id",
                help: "Only this mutant (repeatable; --list lists the ids).", repeatable: true),
        ] + SharedOptions.mutationSearch + [
            .init(name: "markdown", valueName: "file", help: "Write the score, holes and equivalents as Markdown."),
            .init(
                name: "counterexamples", valueName: "folder",
                help: "Write each hole's shrunk sequence there as a scenario file (every key only)."),
            .init(name: "quiet", valueName: nil, help: "Print only the scores."),
            .init(
                name: "list", valueName: nil,
                help:
                    "List the model's mutants (id, kind, the rule each breaks, what it does) and run nothing: the ids a statement names as its falsifiers."
            ),
        ] + SharedOptions.model.filter { ["manifest", "model", "requirements"].contains($0.name) })

    package static let strengthen = CommandSpec(
        name: "strengthen",
        abstract: "Write the scenarios that kill the mutants the suite lets through.",
        discussion: """
            Runs the suite on the model's mutants as mutate does. Each survivor is explored \
            against the reference; for each one told apart (a hole in the suite), the shrunk \
            sequence is written as a scenario: the reference's observations as expectations, \
            the keys that told them apart kept at the step where they part, a title saying \
            what the reference does there, the mutant's clauses and the transitions' as spec. \
            A scenario is written only once it has been loaded back and run: it must pass on \
            the reference and fail on its mutant. Survivors no exploration run told apart are \
            listed as probably equivalent with the search made, or as undecided when the \
            search left input x state pairs unmet. The files are named after the \
            mutant (mutant-ID.yaml); before anything runs, each is refused if a file there \
            does not begin with '# Found by authspec'. Review them \
            before committing: they say what the reference does. Exit codes: 0 every hole \
            closed and no survivor undecided, 1 a hole left open or a survivor undecided, 2 \
            usage or input errors.
            """,
        arguments: [.init(name: "paths", help: "Scenario files or folders (default: the manifest's, else Scenarios).")],
        options: [
            .init(
                name: "output", valueName: "folder",
                help: "Where to write the scenarios (default: the first path's generated folder)."),
            .init(
                name: "mutant", valueName: "id",
                help: "Only this mutant (repeatable; `mutate --list` lists the ids).", repeatable: true),
        ] + SharedOptions.mutationSearch + [
            .init(name: "quiet", valueName: nil, help: "No progress line.")
        ] + SharedOptions.model.filter { ["manifest", "model", "requirements"].contains($0.name) })

    package static let record = CommandSpec(
        name: "record",
        abstract: "Write the reference's observations into a scenario file as expectations.",
        discussion: """
            Runs the reference on the scenarios of a file and writes what it observed as expect \
            blocks: for the steps marked 'record: true', or for every step of a scenario that \
            expects nothing. Only those steps' lines change; the rest of the file stays as \
            written. The result is loaded and run again before it is written, so what is written \
            passes. Review it before committing: it records what the reference does, right or wrong.
            """,
        arguments: [.init(name: "file", help: "The scenario file to record.", optional: false, repeating: false)],
        options: [
            .init(
                name: "output", valueName: "file", help: "Where to write the recorded file (default: standard output)."),
            .init(name: "in-place", valueName: nil, help: "Rewrite the scenario file itself."),
            .init(
                name: "all-keys", valueName: nil,
                help: "Record every observation key, the UI-level ones too, not only what changed."),
        ] + SharedOptions.model.filter { $0.name == "model" })

    package static let run = CommandSpec(
        name: "run",
        abstract: "Run scenarios against the reference and any external drivers.",
        discussion: """
            Loads every scenario file under the given paths and runs each against the model's \
            reference and against each --driver, printing a line per scenario, the details \
            of every failure, a scenario x implementation matrix when there are several, and a \
            summary. With --jobs N each implementation runs on N workers (N driver processes), \
            and the output is exactly that of one. With --shard K/N only the K-th of N parts \
            of the suite runs; 'authspec merge' puts the parts' --json results back together. \
            A scenario passes only when every expectation in it was checked: one that ran \
            without a difference but expects keys the implementation does not observe is \
            'partly checked' or 'not checked', never counted as passed. Paths whose manifests \
            name different models (Scenarios and AuthFlow/Scenarios) run each model's suite in \
            turn, then give one verdict and one JUnit, Markdown and coverage report with a part \
            per model (--json, --shard, baselines and --statements are one model's, and refused \
            there). The last line is the gate's verdict. Exit codes: 0 when every implementation ran every scenario without \
            a failure or an error, observes what --profile needs, skipped nothing (or \
            --allow-skips) and refused no world or input it declares (or --allow-refusals); \
            1 otherwise; 2 for bad input (a scenario file that does not load, \
            an unknown option, a filter that selects nothing).
            """,
        arguments: [.init(name: "paths", help: "Scenario files or folders to run (default: Scenarios).")],
        options: [
            .init(
                name: "tag", valueName: "tag", help: "Run only scenarios with this tag (repeatable; any of them).",
                repeatable: true),
            .init(
                name: "id", valueName: "glob",
                help: "Run only scenarios whose id matches this glob, such as 'pin-*' (repeatable).", repeatable: true),
            .init(
                name: "jobs", valueName: "n",
                help: "Workers per implementation, each with its own driver process (default 1)."),
            .init(
                name: "shard", valueName: "k/n",
                help: "Run only part K of N (by a hash of each scenario id, stable as scenarios come and go)."),
            SharedOptions.profile,
        ] + SharedOptions.gate + SharedOptions.model + SharedOptions.reports + [SharedOptions.statements]
            + SharedOptions.reportSettings
            + [
                .init(
                    name: "trace", valueName: nil,
                    help: "Keep the states every step went through, passing ones too, in the JSON results."),
                .init(
                    name: "no-times", valueName: nil,
                    help:
                        "Record no times (each implementation's start, each scenario's duration): two runs of one suite write the same reports, as the committed ones are written."
                ),
                .init(
                    name: "gate-strength", valueName: nil,
                    help:
                        "For each driver that declares fewer keys than the model, run the suite on every mutant of the reference through those keys and say what share of the mutants the suite kills with every key it still kills, and the blind spots of those keys over the inputs it declares."
                ),
            ]
            + SharedOptions.closing + SharedOptions.drivers)

    package static let spec = CommandSpec(
        name: "spec",
        abstract: "Check spec documents against the model: authspec spec check DOC...",
        discussion: """
            'spec check' reads spec documents as they are written (plain text with unfenced \
            diagrams, or Markdown with ```mermaid blocks), takes their stateDiagram-v2 and \
            flowchart diagrams in the sections the mapping names, translates their state names \
            (docs/spec-mapping.yaml), and compares them with the model's transitions: a document \
            arrow may pass straight over states the app leaves by itself (PINValidating, \
            BiometricSuccess). It reports, with file and line, arrows the model lacks, the same \
            source and trigger going elsewhere (a conflict), and transitions the model has that a \
            document does not draw; and compares the tables the model keeps its rules in (for the \
            unlock model: the lock schedule of SCR-AUTH-006 §6.1.2 and UIF-AUTH-001 §10.3, the \
            session lifetime by tier of UIF-AUTH-001 §10.2, the analytics events of SCR-AUTH-006 \
            §11.1 and UIF-AUTH-001 §11.2, the delay from an unlock to the Dashboard) with the \
            documents' tables, naming the rule, the scenarios each disagreement touches and the \
            other documents' rows for the same key. Disagreements the mapping records as read \
            (each with its reading, found by its text) are listed as notes and do not fail the \
            check: what the check finds at such a line, when it is the line's one disagreement, is \
            said under the note and decided by its reading; one whose text is gone is a warning. \
            Every table row, arrow, line of code and quoted string of a document is accounted for: \
            quoted by a fact of a model, excluded by one with its reason, or a warning at its line. \
            Exit codes: 0 the documents agree with the model or every disagreement is recorded, 1 \
            they disagree, 2 usage or input errors.
            """,
        arguments: [
            .init(
                name: "check", help: "The check to run (the only one for now).", optional: false, repeating: false,
                literal: true),
            .init(name: "documents", help: "The spec documents to read.", optional: false),
        ],
        options: [
            .init(
                name: "mapping", valueName: "file",
                help: "Sections and state names per document (default: docs/spec-mapping.yaml, if there)."),
            .init(
                name: "scenarios", valueName: "path",
                help:
                    "Scenarios run on the reference to name what a disagreement touches (default: the manifest's, else Scenarios)."
            ),
            .init(
                name: "list-facts", valueName: nil,
                help:
                    "Print the quoted facts the model takes from each document (texts, numbers, arrows, table rows, platform configuration), each with the line that writes it, then each excluded part with its reason and the document's account, instead of checking."
            ),
        ] + SharedOptions.model.filter { ["manifest", "model"].contains($0.name) })

    package static let trace = CommandSpec(
        name: "trace",
        abstract: "Trace every normative statement of the spec documents to what verifies it.",
        discussion: """
            Reads the statement catalogue (statements.yaml: each statement of the spec \
            documents with the falsifiers that would break it and the requirements it rests on, \
            or why the suite cannot check it: modelled, not observable through the driver \
            protocol with the reason, part of the other model, or followed another document with \
            the reading that decides), runs the suite on the reference, and \
            prints per document how many statements there are and how many of those the suite \
            can check are verified: a statement counts as verified only when every falsifier it \
            names (a mutant of the reference that breaks it) is killed by a scenario covering \
            it, the first named (its primary one) caught at the statement's trigger, the step \
            where that mutant first parts from the reference, and every requirement it rests on \
            was verified in this run. Then every statement not verified, with its place and \
            reason: an error when every falsifier it names survived or what it rests on failed, \
            a warning when it names no falsifier, some survived, its primary one was killed only \
            away from its trigger, or a reading is recorded but not pinned; last a verdict \
            line. Exit codes: 0 no error \
            (warnings are counted, not failed on), 1 an error, 2 usage or input errors.
            """,
        arguments: [
            .init(
                name: "paths",
                help:
                    "Scenario files or folders (default: the manifest's, else Scenarios); several models' suites are each run on their own reference."
            )
        ],
        options: [
            .init(
                name: "statements", valueName: "file",
                help: "The statement catalogue (default: the nearest statements.yaml to the scenarios)."),
            .init(
                name: "markdown", valueName: "file",
                help:
                    "Also write the trace as Markdown: this file the index, a part per document beside it (`-`: all of it to standard output)."
            ),
        ] + SharedOptions.model)

    package static let model = CommandSpec(
        name: "model",
        abstract: "Print the model's states, inputs and transitions, for docs and other tools.",
        discussion: nil,
        arguments: [],
        options: [
            .init(
                name: "format", valueName: "format",
                help:
                    "mermaid (a stateDiagram-v2) or json (default: also the given keys with their defaults, the observations and the timers)."
            ),
            .init(
                name: "list", valueName: nil,
                help: "Print the name of every model this authspec has, one a line, the default first."),
        ] + SharedOptions.model.filter { $0.name == "model" })

    package static let initSuite = CommandSpec(
        name: "init",
        abstract: "Write a starter suite: a manifest and a first scenario that passes on the reference.",
        discussion: """
            Writes FOLDER/authspec.yaml (the manifest: the model, the scenario folder) and \
            FOLDER/Scenarios/first.yaml, the model's shortest path from launch to its goal, which \
            passes on the reference as written. Nothing is written over: a file already there is \
            an error and nothing is written. Then 'authspec run FOLDER' runs it.
            """,
        arguments: [
            .init(name: "folder", help: "Where to write the suite (default: the current folder).", repeating: false)
        ],
        options: SharedOptions.model.filter { $0.name == "model" })

    package static let suite = CommandSpec(
        name: "suite",
        abstract: "Write out a suite authspec carries, to vendor or extend: authspec suite export FOLDER",
        discussion: """
            authspec carries each model's suite (its scenarios, requirements and statements, \
            spec mapping and manifest) and runs it where a folder has no suite of its own: \
            'authspec run --driver CMD' in an app's repository runs the default model's, \
            '--model auth-flow' the flow's, and the first line names the suite, its version and \
            digest. 'suite export FOLDER' writes the model's suite into FOLDER as it is laid \
            out (FOLDER/authspec.yaml for the unlock model, FOLDER/AuthFlow/ for the flow), to \
            keep beside the app and extend; 'authspec run' on the folder it names runs it as \
            before. Nothing is written over: a file already there is an error and nothing is \
            written. Exit codes: 0 written, 2 usage errors or a file in the way.
            """,
        arguments: [
            .init(
                name: "export", help: "What to do (the only thing for now).", optional: false, repeating: false,
                literal: true),
            .init(name: "folder", help: "Where to write the suite.", optional: false, repeating: false),
        ],
        options: SharedOptions.model.filter { $0.name == "model" })

    /// `--language`, one of the languages a skeleton is written in.
    package static func skeletonLanguage(_ arguments: ParsedArguments) throws -> SkeletonLanguage {
        let names = SkeletonLanguage.allCases.map(\.rawValue)
        guard let word = arguments.value("language") else {
            throw UsageError(message: "Name the skeleton's language with --language (\(names.joined(separator: ", ")))")
        }
        guard let language = SkeletonLanguage(rawValue: word) else {
            let guess = closestMatch(to: word, among: names).map { " (did you mean '\($0)'?)" } ?? ""
            throw UsageError(message: "--language takes \(names.joined(separator: ", ")), not '\(word)'\(guess)")
        }
        return language
    }

    package static let newDriver = CommandSpec(
        name: "new-driver",
        abstract: "Write a driver skeleton for your app, from the model's own declaration.",
        discussion: """
            Writes a driver in the chosen language that speaks the protocol: the handshake, \
            every input of the model as a stub that answers 'not implemented' (authspec reports \
            its scenarios skipped, never passed), every observation key and every given key of \
            the world, each with its type and meaning. It is written from the model this \
            authspec has, so it is never out of date. Fill in the stubs one by one and run \
            'authspec doctor' on it. Nothing is written over.
            """,
        arguments: [],
        options: [
            .init(
                name: "language", valueName: "name",
                help: "The skeleton's language: " + SkeletonLanguage.allCases.map(\.rawValue).joined(separator: ", ")
                    + " (required)."),
            .init(
                name: "output", valueName: "file",
                help:
                    "Where to write it (default: the language's usual file name in the current folder; - for standard output)."
            ),
        ] + SharedOptions.model.filter { $0.name == "model" })
}
