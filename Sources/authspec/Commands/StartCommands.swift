import CommandCatalog
import CommandLineKit
import Engine
import ScenarioModel
import Skeletons
import SpecModel

/// `authspec init`: a starter suite, written only where nothing is.
enum InitCommand: Command {
    static let spec = CommandCatalog.initSuite

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let folder = arguments.positionals.first ?? "."
        let package = try SuiteArguments.package(arguments)
        let written: [String]
        do {
            written = try Starting.writeSuite(package, in: folder, manifestName: Manifest.fileName)
        } catch {
            throw InputError(message: error.description)
        }
        for path in written { Console.out("wrote \(path)") }
        Console.out(
            "next: authspec run \(folder)   (passes on the reference; then authspec new-driver --language python)")
        return .success
    }
}

/// `authspec suite export`: a suite authspec carries, written out where nothing is.
enum SuiteCommand: Command {
    static let spec = CommandCatalog.suite

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        guard arguments.positionals.first == "export", arguments.positionals.count == 2 else {
            throw UsageError(message: "Expected 'authspec suite export FOLDER'")
        }
        let folder = arguments.positionals[1]
        let package = try SuiteArguments.package(arguments)
        guard let carried = BuiltInSuites.carried else {
            throw InputError(
                message: "suite export: this authspec carries no suites (no share/authspec/suites beside its bin/)")
        }
        let exported: (written: [String], suite: String)
        do {
            exported = try Starting.exportSuite(carried, of: package, into: folder)
        } catch {
            throw InputError(message: error.description)
        }
        Console.out(
            "Wrote \(exported.written.count) files of \(carried.name(of: package.name)) into \(folder); run it with: "
                + "authspec run \(ShellWords.quoted(exported.suite)) --driver COMMAND")
        return .success
    }
}

/// `authspec new-driver`: a driver skeleton filled in from the model's declaration.
enum NewDriverCommand: Command {
    static let spec = CommandCatalog.newDriver

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let language = try CommandCatalog.skeletonLanguage(arguments)
        let model = try SuiteArguments.package(arguments).declaration
        let version = CommandCatalog.program.version
        let output = arguments.value("output") ?? language.fileName
        do {
            if output == "-" {
                let text = try Starting.skeleton(language, model: model, version: version)
                Console.out(text.hasSuffix("\n") ? String(text.dropLast()) : text)
                return .success
            }
            try Starting.writeSkeleton(language, model: model, version: version, to: output)
        } catch {
            throw InputError(message: error.description)
        }
        let build = language.buildCommand.map { "\($0) && " } ?? ""
        Console.out(
            "wrote \(output): a \(language.rawValue) driver for the \(model.name) model, every input a stub\n"
                + "next: \(build)authspec doctor --driver \"\(language.driverCommand)\"")
        return .success
    }
}
