/// A spec model as a plug-in: its declaration, a factory for its reference implementation,
/// and the documents that go with it. Commands find a model by name in the registry and know
/// nothing else of it.
public struct ModelPackage: Sendable {
    public var declaration: ModelDeclaration
    /// Settings the reference accepts (`argon2` for the unlock model), each with its choices;
    /// the first choice is the default.
    public var referenceSettings: [ReferenceSetting]
    /// A reference implementation configured by `settings` (every name in it declared and
    /// checked). The factory is called once per worker; copies may share caches.
    public var makeReference: @Sendable (_ settings: [String: String]) -> any ImplementationUnderTest
    /// One line on how the reference is configured, for a run's banner.
    public var describeReference: @Sendable (_ settings: [String: String]) -> String
    /// The mapping of spec documents to this model (`spec check`), if the model has one.
    public var specMapping: String?
    /// The reference's rules kept as tables, which `spec check` compares with the documents'.
    public var ruleTables: [RuleTable]
    /// A short scenario (YAML) along the model's simplest path, which `doctor` runs on a driver.
    public var smokeScenario: String
    /// Systematic wrong variants of the reference, which `mutate` runs the suite against.
    public var mutants: @Sendable () -> [Mutant]
    /// What the model takes from the documents, quoted, which `spec check` looks for.
    public var facts: [DocumentFact]
    /// The documents' parts the model does not take, each with why (`spec check` accounts for
    /// every row, arrow, line of code and quoted string by a fact or one of these).
    public var exclusions: [DocumentExclusion]
    /// The manifest of the model's own suite, relative to the suites the release carries
    /// (`authspec.yaml`): what a run in a folder with no suite of its own runs.
    package var suiteManifest: String?

    public init(
        declaration: ModelDeclaration, referenceSettings: [ReferenceSetting] = [],
        makeReference: @escaping @Sendable ([String: String]) -> any ImplementationUnderTest,
        describeReference: @escaping @Sendable ([String: String]) -> String = { _ in "" },
        specMapping: String? = nil, ruleTables: [RuleTable] = [], smokeScenario: String,
        mutants: @escaping @Sendable () -> [Mutant] = { [] }, facts: [DocumentFact] = [],
        exclusions: [DocumentExclusion] = []
    ) {
        self.declaration = declaration
        self.referenceSettings = referenceSettings
        self.makeReference = makeReference
        self.describeReference = describeReference
        self.specMapping = specMapping
        self.ruleTables = ruleTables
        self.smokeScenario = smokeScenario
        self.mutants = mutants
        self.facts = facts
        self.exclusions = exclusions
    }

    public var name: String { declaration.name }

    /// What a model may bring beyond its declaration, reference and smoke scenario: the
    /// commands that need one say so when a model lacks it.
    public enum Capability: String, Sendable, CaseIterable {
        /// A mapping of the spec's documents to the model (`spec check`).
        case specMapping
        /// Quoted facts of the documents (`spec check`).
        case facts
        /// Rule tables compared with the documents' (`spec check`).
        case ruleTables
        /// Wrong variants of the reference (`mutate`, `strengthen`).
        case mutants
    }

    /// The capabilities this package has, read from what it holds.
    public var capabilities: Set<Capability> {
        var has: Set<Capability> = []
        if specMapping != nil { has.insert(.specMapping) }
        if !facts.isEmpty { has.insert(.facts) }
        if !ruleTables.isEmpty { has.insert(.ruleTables) }
        if !mutants().isEmpty { has.insert(.mutants) }
        return has
    }

    /// Every declared setting with its value: the given one, else its default. An unknown
    /// setting or value is a usage problem, returned as one sentence.
    public func resolve(settings given: [String: String]) -> Result<[String: String], SettingProblem> {
        var resolved: [String: String] = [:]
        for (name, value) in given {
            guard let setting = referenceSettings.first(where: { $0.name == name }) else {
                return .failure(SettingProblem(message: "the \(self.name) model's reference has no setting '\(name)'"))
            }
            guard setting.choices.contains(value) else {
                return .failure(
                    SettingProblem(
                        message: "--\(name) takes \(setting.choices.joined(separator: " or ")), not '\(value)'"))
            }
            resolved[name] = value
        }
        for setting in referenceSettings where resolved[setting.name] == nil {
            resolved[setting.name] = setting.choices.first
        }
        return .success(resolved)
    }

    /// The mutants `ids` name, in the model's order, or every one for no ids. An id the model
    /// has no mutant for, or a model without mutants, is a usage problem, returned as one sentence.
    public func mutants(chosen ids: [String]) -> Result<[Mutant], SettingProblem> {
        let known = mutants()
        if let unknown = ids.first(where: { id in !known.contains { $0.id == id } }) {
            return .failure(
                SettingProblem(
                    message:
                        "--mutant: the \(name) model has no mutant '\(unknown)' (`authspec mutate --list` lists them)"))
        }
        let chosen = ids.isEmpty ? known : known.filter { ids.contains($0.id) }
        guard !chosen.isEmpty else {
            return .failure(SettingProblem(message: "the \(name) model has no mutants to run the suite against"))
        }
        return .success(chosen)
    }
}

public struct SettingProblem: Error, Sendable, Equatable {
    public var message: String

    package init(message: String) {
        self.message = message
    }
}

public struct ReferenceSetting: Sendable {
    public var name: String
    public var choices: [String]
    public var summary: String

    public init(_ name: String, choices: [String], _ summary: String) {
        self.name = name
        self.choices = choices
        self.summary = summary
    }
}

/// The models a program knows, by name, the first being the default: what a plan looks a model
/// up in. The command line passes the registry's; a test may pass one of its own.
package struct ModelCatalogue: Sendable {
    package var packages: [ModelPackage]

    package init(_ packages: [ModelPackage]) {
        precondition(!packages.isEmpty, "a catalogue of no models")
        self.packages = packages
    }

    /// What a suite without a manifest naming its model is written for.
    package var defaultModel: String { packages[0].name }

    package func package(named name: String) -> ModelPackage? {
        packages.first { $0.name == name }
    }
}
