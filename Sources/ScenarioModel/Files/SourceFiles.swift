import Foundation
import YAMLLoader

#if canImport(Glibc)
    import Glibc
#endif

/// Reads the files a command is given, refusing what would hang, exhaust memory or mislead:
/// a FIFO or device is never opened, a file's size is checked before its bytes are read, an
/// unreadable folder or a symlink loop is a problem named with its path, never a silent skip.
package enum SourceFiles {
    /// A regular file's text: at most `maxBytes` bytes (never more are read), UTF-8, no NUL.
    /// Bad bytes are reported at their own line and column.
    package static func read(_ path: String, maxBytes: Int) -> Result<String, Diagnostic> {
        func failure(_ problem: Diagnostic.Problem) -> Result<String, Diagnostic> {
            .failure(Diagnostic(problem, at: SourceLocation(file: path, line: 0, column: 0)))
        }
        var info = stat()
        guard stat(path, &info) == 0 else { return failure(.system(reason: reason(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else { return failure(.notAFile(kind: kind(info.st_mode))) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return failure(.system(reason: reason(errno))) }
        defer { close(descriptor) }
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            return failure(.changedWhileOpened)
        }
        guard Int(info.st_size) <= maxBytes else {
            return failure(.overSizeLimit(bytes: Int(info.st_size), limit: maxBytes))
        }
        // Room for the size stat gave and one byte more, to see the end; a file that grows while
        // it is read gets more room, up to one byte over the limit.
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while count <= maxBytes {
            if count == bytes.count {
                bytes += repeatElement(0, count: min(bytes.count, maxBytes + 1 - bytes.count))
            }
            let got = bytes.withUnsafeMutableBytes {
                Glibc.read(descriptor, $0.baseAddress! + count, $0.count - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                return failure(.system(reason: reason(errno)))
            }
            if got == 0 { break }
            count += got
        }
        guard count <= maxBytes else { return failure(.grewPastLimit(limit: maxBytes)) }
        bytes.removeSubrange(count...)
        return text(of: bytes, file: path)
    }

    /// A file's bytes as text: UTF-8 without NUL, or the first bad byte's line and column.
    package static func text(of bytes: [UInt8], file: String) -> Result<String, Diagnostic> {
        // Almost every file is good text: validated in one pass; a bad one is decoded again to
        // find where.
        let hasNUL = bytes.withUnsafeBytes { $0.baseAddress.map { memchr($0, 0, bytes.count) != nil } ?? false }
        if !hasNUL, let text = String(validating: bytes, as: UTF8.self) { return .success(text) }
        if let problem = badByte(in: bytes) {
            return .failure(
                Diagnostic(problem.problem, at: SourceLocation(file: file, line: problem.line, column: problem.column)))
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    /// The first byte a text file must not hold: invalid UTF-8 or NUL, with its line and column.
    static func badByte(in bytes: [UInt8]) -> (problem: Diagnostic.Problem, line: Int, column: Int)? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var line = 1
        var column = 1
        var afterCR = false
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\0" { return (.nulByte, line, column) }
                if SourceText.isLineBreak(scalar) {
                    // CR LF is one break.
                    if !(afterCR && scalar == "\n") { line += 1 }
                    column = 1
                } else {
                    column += 1
                }
                afterCR = scalar == "\r"
            case .emptyInput:
                return nil
            case .error:
                return (.notUTF8, line, column)
            }
        }
    }

    /// Files under `folder` whose names end in one of `suffixes`, recursively, sorted; every
    /// folder that cannot be listed, symlink loop and non-file entry with such a name is a problem.
    package static func files(under folder: String, suffixes: [String], excluding excluded: Set<String> = [])
        -> (files: PathList, problems: [Diagnostic])
    {
        let base = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        var found: [String] = []
        var problems: [Diagnostic] = []
        var visited: Set<[UInt64]> = []
        func problem(_ path: String, _ problem: Diagnostic.Problem) {
            problems.append(Diagnostic(problem, at: SourceLocation(file: path, line: 0, column: 0)))
        }
        func walk(_ relative: String) {
            let path = relative.isEmpty ? base : base + "/" + relative
            var info = stat()
            guard stat(path, &info) == 0 else { return problem(path, .system(reason: reason(errno))) }
            // A folder reached twice (through a symlink back up the tree) is walked once.
            guard visited.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted else { return }
            guard let directory = opendir(path) else {
                return problem(path, .folderUnreadable(reason: reason(errno)))
            }
            // The entry's type as the folder records it spares a stat per file; a link, or a file
            // system that does not record types, is looked up.
            var entries: [(name: String, type: UInt8)] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) {
                    String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
                }
                if name != "." && name != ".." { entries.append((name, entry.pointee.d_type)) }
            }
            closedir(directory)
            for (name, type) in entries.sorted(by: { $0.name < $1.name }) {
                let child = relative.isEmpty ? name : relative + "/" + name
                let childPath = base + "/" + child
                var entry = stat()
                if type == UInt8(DT_REG) {
                    entry.st_mode = S_IFREG
                } else if type == UInt8(DT_DIR) {
                    entry.st_mode = S_IFDIR
                } else if stat(childPath, &entry) != 0 {
                    // A dangling link with another name is nobody's business; a loop or a broken
                    // scenario file is.
                    if errno == ELOOP || suffixes.contains(where: name.hasSuffix) {
                        problem(childPath, .system(reason: reason(errno)))
                    }
                    continue
                }
                switch entry.st_mode & S_IFMT {
                case S_IFDIR:
                    walk(child)
                case S_IFREG:
                    if suffixes.contains(where: name.hasSuffix), !excluded.contains(name) { found.append(child) }
                default:
                    if suffixes.contains(where: name.hasSuffix) {
                        problem(childPath, .notAFile(kind: kind(entry.st_mode)))
                    }
                }
            }
        }
        walk("")
        return (PathList(folder: base, names: found.sorted()), problems)
    }

    /// What a path is, in words, for a path that is not a regular file.
    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    /// errno in plain words: `no such file or folder`, `symlink loop`…
    package static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file or folder"
        case EACCES, EPERM: return "permission denied"
        case ELOOP: return "a symlink loop (too many levels of symbolic links)"
        case ENOTDIR: return "a part of the path is not a folder"
        case EISDIR: return "is a folder"
        default: return String(cString: strerror(code)).lowercased()
        }
    }

    /// A catalogue file read and parsed by `parse`, or, when it cannot be read, nothing and the
    /// reason, said of `what` ("the requirements catalogue").
    static func readCatalogue<Item>(
        _ file: String, what: String, parse: (_ text: String) -> ([Item], [Diagnostic])
    ) -> ([Item], [Diagnostic]) {
        switch read(file, maxBytes: YAMLLimits.standard.maxBytes) {
        case .success(let text): return parse(text)
        case .failure(var problem):
            problem.problem = .cannotRead(what: what, problem.problem)
            return ([], [problem])
        }
    }
}
