import CommandCatalog
import CommandLineKit
import Foundation
import ScenarioModel
import Skeletons

/// `authspec init`: a starter suite, written only where nothing is.
enum InitCommand: Command {
    static let spec = CommandCatalog.initSuite

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let folder = arguments.positionals.first ?? "."
        let package = try SuiteArguments.package(arguments)
        let files = SuiteSkeleton.files(package, manifestName: Manifest.fileName).map {
            (path: folder == "." ? $0.path : "\(folder)/\($0.path)", text: $0.text)
        }
        // All or nothing: one file already there and none is written.
        if let taken = files.first(where: { FileManager.default.fileExists(atPath: $0.path) }) {
            throw InputError(
                message: "error: \(taken.path) exists already; init writes nothing over a file (nothing was written)")
        }
        for file in files { try NewFile.write(file.text, to: file.path) }
        for file in files { Console.out("wrote \(file.path)") }
        Console.out(
            "next: authspec run \(folder)   (passes on the reference; then authspec new-driver --language python)")
        return .success
    }
}

/// `authspec new-driver`: a driver skeleton filled in from the model's declaration.
enum NewDriverCommand: Command {
    static let spec = CommandCatalog.newDriver

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let names = SkeletonLanguage.allCases.map(\.rawValue).joined(separator: ", ")
        guard let word = arguments.value("language") else {
            throw UsageError(message: "Name the skeleton's language with --language (\(names))")
        }
        guard let language = SkeletonLanguage(rawValue: word) else {
            let guess = closestMatch(to: word, among: SkeletonLanguage.allCases.map(\.rawValue))
            throw UsageError(
                message: "--language takes \(names), not '\(word)'" + (guess.map { " (did you mean '\($0)'?)" } ?? ""))
        }
        let package = try SuiteArguments.package(arguments)
        guard
            let text = DriverSkeleton.text(
                language, model: package.declaration, version: CommandCatalog.program.version)
        else { throw InputError(message: "error: this authspec was built without the \(word) template") }
        let output = arguments.value("output") ?? language.fileName
        if output == "-" {
            Console.out(text.hasSuffix("\n") ? String(text.dropLast()) : text)
            return .success
        }
        if FileManager.default.fileExists(atPath: output) {
            throw InputError(message: "error: \(output) exists already; new-driver writes nothing over a file")
        }
        try NewFile.write(text, to: output)
        Console.out("wrote \(output): a \(word) driver for the \(package.name) model, every input a stub")
        let build = language.buildCommand.map { "\($0) && " } ?? ""
        Console.out("next: \(build)authspec doctor --driver \"\(language.driverCommand)\"")
        return .success
    }
}

/// A file that did not exist, written whole or not at all; its folder made if need be.
enum NewFile {
    static func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .withoutOverwriting)
        } catch {
            throw InputError(message: "error: could not write \(path): \(error.localizedDescription)")
        }
    }
}
