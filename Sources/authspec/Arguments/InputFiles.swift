import CommandCatalog
import CommandLineKit
import Foundation
import Reporters
import ScenarioModel
import SpecModel
import SubprocessDriver

/// A text file named on the command line, read as scenario files are (regular files only, the
/// size checked first, bad bytes located); a problem is an input error naming the file.
func readText(_ path: String, what: String, maxBytes: Int = 16 << 20) throws -> String {
    switch SourceFiles.read(path, maxBytes: maxBytes) {
    case .success(let text): return text
    case .failure(let problem):
        throw InputError(message: "\(problem.location): error: cannot read \(what): \(problem.message)")
    }
}

/// Bad input found by a command (not a usage mistake): printed as is, exit code 2.
struct InputError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
