import CommandCatalog
import CommandLineKit

/// A subcommand: its declared spec, and what it does with parsed arguments.
protocol Command {
    static var spec: CommandSpec { get }
    static func run(_ arguments: ParsedArguments) throws -> ExitCode
}
