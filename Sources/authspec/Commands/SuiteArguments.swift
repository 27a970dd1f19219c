import Results
import SpecModel

/// The options that pick a model and a suite, shared by the commands that load scenarios.
enum SuiteArguments {
    /// `--model`, `--requirements`, and one option per setting of any registered model's
    /// reference (`--argon2`), named as the model names it.
    static var modelOptions: [CommandSpec.Option] {
        [
            .init(
                name: "model", valueName: "name",
                help: "The spec model the scenarios are written for: "
                    + ModelRegistry.packages.map(\.name).joined(separator: ", ")
                    + " (default: \(ModelRegistry.defaultModel))."),
            .init(
                name: "requirements", valueName: "file",
                help: "The requirements catalogue (default: requirements.yaml in the first scenario folder, if there)."),
        ]
            + ModelRegistry.packages.flatMap(\.referenceSettings).map {
                .init(name: $0.name, valueName: $0.choices.joined(separator: "|"), help: $0.summary)
            }
    }

    static func paths(_ arguments: ParsedArguments) -> [String] {
        arguments.positionals.isEmpty ? ["Scenarios"] : arguments.positionals
    }

    static func package(_ arguments: ParsedArguments) throws -> ModelPackage {
        let name = arguments.value("model") ?? ModelRegistry.defaultModel
        guard let package = ModelRegistry.package(named: name) else {
            throw UsageError(
                message:
                    "Unknown model '\(name)' (expected \(ModelRegistry.packages.map(\.name).joined(separator: " or ")))"
            )
        }
        return package
    }

    /// The values given for the model's reference settings; a setting of another model is a
    /// usage error.
    static func referenceSettings(_ arguments: ParsedArguments, package: ModelPackage) throws -> [String: String] {
        var given: [String: String] = [:]
        for setting in ModelRegistry.packages.flatMap(\.referenceSettings) {
            if let value = arguments.value(setting.name) { given[setting.name] = value }
        }
        switch package.resolve(settings: given) {
        case .success(let settings): return settings
        case .failure(let problem): throw UsageError(message: problem.message)
        }
    }

    static func jobs(_ arguments: ParsedArguments) throws -> Int {
        guard let text = arguments.value("jobs") else { return 1 }
        guard let jobs = Int(text), (1...64).contains(jobs) else {
            throw UsageError(message: "--jobs takes a whole number from 1 to 64, not '\(text)'")
        }
        return jobs
    }

    static func shard(_ arguments: ParsedArguments) throws -> Shard? {
        guard let text = arguments.value("shard") else { return nil }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), (1...1000).contains(count),
            (1...count).contains(index)
        else {
            throw UsageError(message: "--shard takes K/N with 1 <= K <= N <= 1000, such as 2/3, not '\(text)'")
        }
        return Shard(index: index, count: count)
    }
}
