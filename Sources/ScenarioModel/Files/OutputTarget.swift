import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A plain sentence about a path that cannot be written, for an exit-2 error.
package struct OutputError: Error, CustomStringConvertible {
    package var description: String

    package init(description: String) { self.description = description }
}

/// Where a report goes, decided before the run: `-` is standard output; a device, a FIFO or a
/// socket, and anything under /dev or /proc, is written in place and never renamed over; a
/// regular file is written whole or not at all (a temporary file beside it, renamed over it).
package enum OutputTarget: Equatable, Sendable {
    case standardOutput
    case inPlace(String)
    case atomic(String)

    package static func resolve(_ path: String) throws(OutputError) -> OutputTarget {
        if path.isEmpty { throw OutputError(description: "an empty path; give a file name, or - for standard output") }
        if path == "-" { return .standardOutput }
        if path.hasPrefix("/dev/") || path.hasPrefix("/proc/") { return .inPlace(path) }
        var info = stat()
        if stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: throw OutputError(description: "\(path) is a folder")
            default: return .inPlace(path)
            }
            // A symlink to a report keeps being a symlink: the file it points to is replaced.
            if let real = realpath(path, nil) {
                defer { free(real) }
                return .atomic(String(cString: real))
            }
        }
        return .atomic(path)
    }

    package var path: String {
        switch self {
        case .standardOutput: return "-"
        case .inPlace(let path), .atomic(let path): return path
        }
    }

    /// Two targets with the same identity are the same file: a device and inode when it
    /// exists (so `-` and `/dev/stdout` meet), else its folder's real path and its name.
    package var identity: String {
        var info = stat()
        switch self {
        case .standardOutput:
            if fstat(1, &info) == 0 { return "\(info.st_dev):\(info.st_ino)" }
            return "-"
        case .inPlace(let path), .atomic(let path):
            if stat(path, &info) == 0 { return "\(info.st_dev):\(info.st_ino)" }
            let url = URL(fileURLWithPath: path)
            let folder = url.deletingLastPathComponent().path
            guard let real = realpath(folder, nil) else { return url.standardizedFileURL.path }
            defer { free(real) }
            return String(cString: real) + "/" + url.lastPathComponent
        }
    }

    /// Fails with the reason when the target could not be written: its folder cannot be made,
    /// or a file cannot be created there. Makes nothing: `write` makes the folders it needs.
    package func checkWritable() throws(OutputError) {
        switch self {
        case .standardOutput:
            return
        case .inPlace(let path):
            // Never opened to check: a FIFO's reader would take the open and close as the end.
            var info = stat()
            if stat(path, &info) != 0 {
                try Self.checkFolder(URL(fileURLWithPath: path).deletingLastPathComponent().path, for: path)
            } else if access(path, W_OK) != 0 {
                throw OutputError(description: "cannot write \(path): \(Self.reason(errno))")
            }
        case .atomic(let path):
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            try Self.checkFolder(folder, for: path)
        }
    }

    /// Proves a file can be written in `folder`, making nothing: when it is there, a file is
    /// created in it and removed; when it is not, its nearest existing ancestor must be a
    /// folder this process may write into (the folder is made when something is written).
    package static func checkFolder(_ folder: String, for what: String) throws(OutputError) {
        var info = stat()
        guard stat(folder, &info) == 0 else {
            if let failure = cannotMake(folder) {
                throw OutputError(
                    description: "cannot write \(what): the folder \(folder) cannot be made (\(reason(failure)))")
            }
            return
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw OutputError(
                description: "cannot write \(what): the folder \(folder) cannot be made (\(reason(ENOTDIR)))")
        }
        let probe = folder + "/.authspec-probe-\(getpid())"
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw OutputError(description: "cannot write \(what): \(reason(errno)) in \(folder)")
        }
        close(descriptor)
        unlink(probe)
    }

    /// Why `folder`, which is not there, could not be made: its nearest existing ancestor is
    /// not a folder, or cannot be written into; nil when it could.
    static func cannotMake(_ folder: String) -> Int32? {
        if errno != ENOENT { return errno }
        var ancestor = (folder as NSString).deletingLastPathComponent
        if ancestor.isEmpty { ancestor = "." }
        var info = stat()
        while stat(ancestor, &info) != 0 {
            if errno != ENOENT { return errno }
            let parent = (ancestor as NSString).deletingLastPathComponent
            ancestor = parent.isEmpty ? "." : parent
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { return ENOTDIR }
        return access(ancestor, W_OK | X_OK) == 0 ? nil : errno
    }

    package func write(_ text: String) throws(OutputError) {
        try write { (emit: (String) throws(OutputError) -> Void) throws(OutputError) in try emit(text) }
    }

    /// Writes what `produce` emits, piece by piece, so a large report is never whole in memory.
    package func write(
        _ produce: (_ emit: (String) throws(OutputError) -> Void) throws(OutputError) -> Void
    ) throws(OutputError) {
        switch self {
        case .standardOutput:
            try Self.stream(produce, to: 1, path: "standard output")
        case .inPlace(let path):
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw OutputError(description: "cannot write \(path): \(Self.reason(errno))") }
            defer { close(descriptor) }
            try Self.stream(produce, to: descriptor, path: path)
        case .atomic(let path):
            let url = URL(fileURLWithPath: path)
            let folder = url.deletingLastPathComponent().path
            _ = Self.makeFolders(folder)
            let temporary = folder + "/.\(url.lastPathComponent).\(getpid()).tmp"
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw OutputError(description: "cannot write \(path): \(Self.reason(errno))") }
            do {
                try Self.stream(produce, to: descriptor, path: path)
            } catch {
                close(descriptor)
                unlink(temporary)
                throw error
            }
            close(descriptor)
            guard rename(temporary, path) == 0 else {
                let reason = Self.reason(errno)
                unlink(temporary)
                throw OutputError(description: "cannot write \(path): \(reason)")
            }
        }
    }

    /// Emitted text goes out in writes of about 64 KiB.
    private static func stream(
        _ produce: ((String) throws(OutputError) -> Void) throws(OutputError) -> Void, to descriptor: Int32,
        path: String
    ) throws(OutputError) {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 16)
        try produce { (text: String) throws(OutputError) in
            if buffer.count + text.utf8.count < 1 << 16 {
                buffer.append(contentsOf: text.utf8)
                return
            }
            try writeAll(buffer, to: descriptor, path: path)
            buffer.removeAll(keepingCapacity: true)
            // A large piece goes out from its own storage, never copied whole.
            var piece = text
            let failure = piece.withUTF8 { bytes in
                Result { () throws(OutputError) in
                    try writeAll(UnsafeRawBufferPointer(bytes), to: descriptor, path: path)
                }
            }
            try failure.get()
        }
        try writeAll(buffer, to: descriptor, path: path)
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(OutputError) {
        let written = bytes.withUnsafeBytes { raw in
            Result { () throws(OutputError) in try writeAll(raw, to: descriptor, path: path) }
        }
        try written.get()
    }

    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String)
        throws(OutputError)
    {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw OutputError(description: "cannot write \(path): \(reason(errno))")
            }
            offset += written
        }
    }

    static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file or folder"
        case EACCES, EPERM: return "permission denied"
        case ENOTDIR: return "a part of the path is not a folder"
        case ENOSPC: return "no space left on the device"
        case EROFS: return "read-only file system"
        default: return String(cString: strerror(code)).lowercased()
        }
    }

    /// `mkdir -p`: nil when the folder exists or was made, else the errno of the step that failed.
    static func makeFolders(_ folder: String) -> Int32? {
        var info = stat()
        if stat(folder, &info) == 0 { return info.st_mode & S_IFMT == S_IFDIR ? nil : ENOTDIR }
        if errno != ENOENT { return errno }
        let parent = (folder as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != folder, let failure = makeFolders(parent) { return failure }
        return mkdir(folder, 0o755) == 0 || errno == EEXIST ? nil : errno
    }
}

extension OutputTarget {
    /// Runs `body` holding an exclusive lock on `file`'s folder (flock(2) on the folder itself,
    /// so no lock file is left beside the user's): what reads a file, changes it and writes it
    /// back does so one process at a time, whoever else does the same to a file of that folder.
    package static func whileLocking<Result>(folderOf file: String, _ body: () throws -> Result) rethrows -> Result {
        // The folder the file really is in: runs naming it through other links meet here.
        var path = file
        if let real = realpath(file, nil) {
            path = String(cString: real)
            free(real)
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        // A folder that cannot be opened is said by the write that follows; nothing to lock.
        guard descriptor >= 0 else { return try body() }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}
