/// Why a command will not write a file an option names: the case a test compares, its words
/// said once here.
package enum OutputRefusal: Error, Equatable, CustomStringConvertible {
    /// The file is one of the command's inputs (`input`, reached as `path`).
    case input(option: String, input: String, path: String)
    /// A symbolic link that leads out of its folder.
    case linkOutOfFolder(option: String, path: String, target: String)
    /// A file authspec did not write, or did and someone edited since.
    case notAuthspecs(option: String, path: String)

    package var description: String {
        switch self {
        case .input(let option, let input, let path):
            "--\(option) would write over \(input)\(input == path ? "" : " (as \(path))"), one of this command's inputs; give it a file of its own"
        case .linkOutOfFolder(let option, let path, let target):
            "--\(option) would write through \(path), a symlink to \(target) outside its folder; name a file of its own"
        case .notAuthspecs(let option, let path):
            "--\(option) would write over \(path), a file authspec did not write or that was edited since; name a new file (or move that one)"
        }
    }
}
