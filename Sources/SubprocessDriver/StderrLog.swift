import Foundation
import Synchronization

/// A driver's stderr log file, kept for the whole run across restarts and fresh processes,
/// with a cap per file and one for all the logs of the run together: a driver that floods
/// stderr, or a thousand fresh processes that each say a little, cost a bounded disk.
package final class StderrLog: @unchecked Sendable {
    static let maxBytesPerFile = 16 << 20
    static let maxBytesPerRun = 64 << 20
    /// The line that ends a log cut at its cap.
    package static let cutNotice =
        "\n[authspec: log cut here: at most \(maxBytesPerFile) bytes per driver log, \(maxBytesPerRun) per run]\n"
    private static let writtenThisRun = Mutex(0)

    let path: String
    private let handle: FileHandle
    private var written = 0
    private var truncated = false

    /// Opens `path` empty; nil if it cannot be written (the run checks the folder beforehand).
    init?(path: String) {
        try? FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { return nil }
        self.path = path
        self.handle = handle
    }

    deinit {
        try? handle.close()
    }

    func append(_ bytes: ArraySlice<UInt8>) {
        guard !truncated else { return }
        let allowed = Self.writtenThisRun.withLock { total -> Int in
            let allowed = max(0, min(bytes.count, Self.maxBytesPerFile - written, Self.maxBytesPerRun - total))
            total += allowed
            return allowed
        }
        if allowed > 0 {
            try? handle.write(contentsOf: bytes.prefix(allowed))
            written += allowed
        }
        if allowed < bytes.count {
            truncated = true
            try? handle.write(contentsOf: Data(Self.cutNotice.utf8))
        }
    }
}
