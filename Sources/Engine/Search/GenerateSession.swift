import Exploration
import ScenarioModel
import SpecModel

/// `generate`: every input sequence up to a depth walked on the model's reference from seeded
/// worlds, and the fewest of them that meet each target of a coverage goal.
package struct GenerateSession: Sendable {
    /// The requirements of the catalogue `file` as targets: the catalogue's problems, each
    /// with its place, or that it holds none, as the failure.
    package static func requirementTargets(file: String) -> Result<[RequirementTarget], RequirementsProblem> {
        let (loaded, diagnostics) = RequirementCatalogue.load(file: file)
        if !diagnostics.isEmpty { return .failure(RequirementsProblem(diagnostics.map(\.description))) }
        guard !loaded.isEmpty else { return .failure(RequirementsProblem(["\(file): no requirement to cover"])) }
        return .success(loaded.map { RequirementTarget(id: $0.id, clause: $0.clause) })
    }

    /// The requirements each blind spot's keys are said with (`generate --complete
    /// --requirements`), or the catalogue's problems: a file that does not load, a key the
    /// model does not observe.
    /// None without a file; a file without `keys` observed (no blind spot to say) is a problem.
    package static func blindSpotRequirements(file: String?, observing keys: Set<String>?, model: ModelDeclaration)
        -> Result<[Requirement], RequirementsProblem>
    {
        guard let file else { return .success([]) }
        guard keys != nil else {
            return .failure(
                RequirementsProblem([
                    "--requirements names what rests on the blind spots of --profile or --observe: give one"
                ]))
        }
        let (loaded, diagnostics) = RequirementCatalogue.load(file: file)
        let problems =
            diagnostics + RequirementCatalogue.unknownKeys(in: loaded, observed: model.observations.map(\.key))
        return problems.isEmpty ? .success(loaded) : .failure(RequirementsProblem(problems.map(\.description)))
    }

    /// Why a requirements catalogue gives no targets: its problems, one a line.
    package struct RequirementsProblem: Error {
        package var lines: [String]
        init(_ lines: [String]) { self.lines = lines }
    }

    package var package: ModelPackage
    package var goal: CoverageGoal
    package var depth: Int
    package var worlds: Int
    package var seed: UInt64
    /// The requirements to cover, for `--cover requirements`.
    package var requirements: [RequirementTarget]
    package var clock: SessionClock

    package init(
        package: ModelPackage, goal: CoverageGoal, depth: Int, worlds: Int, seed: UInt64,
        requirements: [RequirementTarget] = [], clock: SessionClock
    ) {
        self.clock = clock
        self.package = package
        self.goal = goal
        self.depth = depth
        self.worlds = worlds
        self.seed = seed
        self.requirements = requirements
    }

    /// Why nothing can be walked.
    package enum Refusal: Error, CustomStringConvertible {
        case cannotSaveState(model: String)

        package var description: String {
            switch self {
            case .cannotSaveState(let model):
                return "the \(model) model's reference cannot save its state: nothing to walk"
            }
        }
    }

    /// The walk's plan and how long it took.
    package func plan() throws(Refusal) -> (plan: CoverageGenerator.Plan, seconds: Double) {
        let model = package.declaration
        let settings = (try? package.resolve(settings: [:]).get()) ?? [:]
        guard var reference = package.makeReference(settings) as? any StateSaving else {
            throw .cannotSaveState(model: model.name)
        }
        let worlds = ProbeGenerator(model: model).worlds(count: worlds, seed: seed)
        let generator = CoverageGenerator(model: model, goal: goal, depth: depth, requirements: requirements)
        let began = clock.monotonic()
        let plan = generator.plan(&reference, worlds: worlds)
        return (plan, clock.seconds(since: began))
    }

    /// A fresh reference, for the generated file's expectations.
    package func reference() -> any ImplementationUnderTest {
        package.makeReference((try? package.resolve(settings: [:]).get()) ?? [:])
    }
}

/// `generate --complete`: the reference's abstract machine, and a Wp-method suite over it for
/// the observed keys, sized before it is planned.
package struct CompleteSession: Sendable {
    package var package: ModelPackage
    /// The keys the suite's expectations hold (nil: every key).
    package var keys: Set<String>?
    package var extraStates: Int
    /// The most tests a suite may have.
    package var cap: Int
    /// The most abstract states a world adds before it is said not to close (and left out).
    package var stateLimit: Int
    package var clock: SessionClock
    /// Randomised Wp tests to add, and their seed: nil for the exhaustive suite alone.
    package var randomTests: (count: Int, seed: UInt64)?
    /// The inputs the machine's alphabet is kept to (nil: every input the model declares).
    package var inputs: Set<String>?

    package init(
        package: ModelPackage, keys: Set<String>?, extraStates: Int, cap: Int, stateLimit: Int, clock: SessionClock
    ) {
        self.package = package
        self.keys = keys
        self.extraStates = extraStates
        self.cap = cap
        self.stateLimit = stateLimit
        self.clock = clock
    }

    /// Why no suite was planned.
    package enum Refusal: Error, CustomStringConvertible {
        case cannotSaveState(model: String)
        case machine(AbstractMachine.Failure)
        /// The suite for the extra states asked passes the cap: `scenarios` its exact size when
        /// it was planned (`exact`), else its bound; `withoutExtra` the bound with none.
        case overCap(scenarios: Int, exact: Bool, cap: Int, extraStates: Int, withoutExtra: Int)

        package var description: String {
            switch self {
            case .cannotSaveState(let model):
                return "the \(model) model's reference cannot save its state: no abstract machine"
            case .machine(let failure): return failure.description
            case .overCap(let scenarios, let exact, let cap, let extraStates, let withoutExtra):
                return "the suite for --extra-states \(extraStates) "
                    + (exact ? "has \(scenarios)" : "could have up to \(scenarios)") + " scenarios, past --cap \(cap)"
                    + (extraStates > 0 ? " (with --extra-states 0, up to \(withoutExtra))" : "")
                    + "; --random-tests N writes N randomised Wp tests instead, which are not m-complete"
            }
        }
    }

    /// The most tests, before prefixes merge, a suite is planned with to learn its exact size
    /// (ten times the cap: the memory it takes stays a few times the cap's): past it, it is
    /// refused on its bound alone.
    package var planningLimit: Int { cap.multipliedReportingOverflow(by: 10).overflow ? .max : cap * 10 }

    /// The machine, its build time, and the planned suite.
    package struct Planned: Sendable {
        package var machine: AbstractMachine
        package var seconds: Double
        package var suite: CompleteSuite
        /// The most states a world could add before it was left out.
        package var stateLimit: Int
        /// The most scenarios the exhaustive part could have.
        package var cap: Int
    }

    package func plan() throws(Refusal) -> Planned {
        let model = package.declaration
        guard var reference = reference() as? any StateSaving else { throw .cannotSaveState(model: model.name) }
        let began = clock.monotonic()
        let machine: AbstractMachine
        do {
            machine = try AbstractMachine.build(
                &reference, model: model, worlds: AbstractMachine.worlds(of: model), limit: stateLimit,
                inputs: inputs)
        } catch {
            throw .machine(error)
        }
        let basis = CompleteSuite.Basis(machine, observing: keys)
        // The bound counts every test before prefixes merge and each state's identifying subset
        // is taken: within the planning limit the suite is planned and its exact size checked.
        let bound = basis.bound(extraStates: extraStates)
        let planned = bound <= planningLimit ? CompleteSuite.plan(basis, extraStates: extraStates) : nil
        let exhaustive = planned.flatMap { $0.tests.count <= cap ? $0 : nil }
        let suite: CompleteSuite
        if let randomTests {
            suite = CompleteSuite.adding(
                randomTests: randomTests.count, seed: randomTests.seed, to: exhaustive, extraStates: extraStates,
                basis: basis)
        } else if let exhaustive {
            suite = exhaustive
        } else {
            throw .overCap(
                scenarios: planned?.tests.count ?? bound, exact: planned != nil, cap: cap, extraStates: extraStates,
                withoutExtra: basis.bound(extraStates: 0))
        }
        return Planned(
            machine: machine, seconds: clock.seconds(since: began), suite: suite, stateLimit: stateLimit, cap: cap)
    }

    /// A fresh reference.
    package func reference() -> any ImplementationUnderTest {
        package.makeReference((try? package.resolve(settings: [:]).get()) ?? [:])
    }
}

extension CompleteSession {
    /// The inputs `--inputs` names (nil: every input), each one the model declares, alone or
    /// with one of its words (`tap:google`: that tap only), as `Input` describes it.
    package static func inputs(_ list: String?, model: ModelDeclaration) -> Result<
        Set<String>?, ObservedKeys.Problem
    > {
        guard let list else { return .success(nil) }
        func refused(_ message: String) -> Result<Set<String>?, ObservedKeys.Problem> {
            .failure(ObservedKeys.Problem(option: "inputs", message: ": " + message))
        }
        let declared = model.inputs.map(\.name)
        var kept: Set<String> = []
        for entry in NameList.items(list, keepingEmpty: true) {
            let parts = entry.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(
                NameList.trimmed)
            let name = parts[0]
            guard let input = model.input(named: name) else {
                return refused(
                    (name.isEmpty ? "an empty name" : "'\(name)'")
                        + " is not an input of the \(model.name) model (\(declared.joined(separator: ", ")))")
            }
            guard parts.count == 2 else {
                kept.insert(name)
                continue
            }
            guard case .oneOf(let words)? = input.argument, words.contains(parts[1]) else {
                let choices: String
                if case .oneOf(let words)? = input.argument {
                    choices = "one of " + words.joined(separator: ", ")
                } else {
                    choices = "it takes no word: name it alone to keep every argument it takes"
                }
                return refused("'\(parts[1])' is not a word of \(name) (\(choices))")
            }
            kept.insert(AbstractMachine.kept(name, word: parts[1]))
        }
        return .success(kept)
    }

    /// The keys a complete suite expects, as --profile or --observe names them.
    package struct ObservedKeys: Sendable, Equatable {
        /// nil: every key.
        package var keys: Set<String>?
        /// How the file says them: the profile's name, or the keys.
        package var label: String

        /// Why the keys could not be chosen: the option at fault and what is wrong, after it.
        package struct Problem: Error, Equatable {
            package var option: String
            package var message: String
        }

        package static func choose(profile: String?, observe: String?, model: ModelDeclaration)
            -> Result<ObservedKeys, Problem>
        {
            if profile != nil, observe != nil {
                return .failure(Problem(option: "profile", message: " and --observe both name the keys: give one"))
            }
            if let observe {
                switch model.observationKeys(observe) {
                case .success(let keys):
                    return .success(ObservedKeys(keys: keys, label: keys.sorted().joined(separator: ",")))
                case .failure(let error): return .failure(Problem(option: "observe", message: ": " + error.message))
                }
            }
            // The full profile is every key the app reports: a rendered screen's keys are
            // another profile's, which a driver that does not measure them would never check.
            let profile = profile ?? ConformanceProfile.full
            guard let named = model.profile(named: profile) else {
                return .failure(
                    Problem(
                        option: "profile",
                        message:
                            ": the \(model.name) model has no profile '\(profile)' (it has \(model.profiles.map(\.name).joined(separator: ", ")))"
                    ))
            }
            return .success(ObservedKeys(keys: Set(named.keys), label: profile))
        }
    }
}
