import Foundation
import Results
import ScenarioModel
import SpecModel

#if canImport(Glibc)
    import Glibc
#endif

/// An implementation's records in a run of a few thousand scenarios or more, written to a temporary file as they come and
/// read back, one decoded record at a time, by each report: a run's memory then stays the same
/// whatever the size of its suite. The file is unlinked as soon as it is made, so it goes with
/// the process, however that ends. A record that cannot be written is held instead; one that
/// cannot be read back (the file damaged under the run) reads as errored, never as passed.
final class RecordSpill: RecordStore, @unchecked Sendable {
    private let descriptor: Int32
    /// Where each written record lies in the file.
    private var extents = Extents()
    /// The records after the first that could not be written.
    private var held: [ScenarioRecord] = []
    private let lock = NSLock()

    /// A spill in the system's temporary folder, or nil when no file can be made there.
    init?() {
        // Made and opened in one call, closed on exec: no driver inherits the file (to keep it
        // alive, or to write into it), even one started by another thread at that moment.
        var made: Int32 = -1
        var path = ""
        for _ in 0..<16 where made < 0 {
            path =
                NSTemporaryDirectory()
                + "/authspec-records-\(getpid())-\(String(UInt64.random(in: 1...UInt64.max), radix: 16))"
            made = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if made < 0 && errno != EEXIST { return nil }
        }
        guard made >= 0 else { return nil }
        guard unlink(path) == 0 else {
            // A file that cannot be unlinked would outlive the run: the records are held instead.
            close(made)
            return nil
        }
        descriptor = made
    }

    deinit { close(descriptor) }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return extents.count + held.count
    }

    func append(_ record: ScenarioRecord) {
        lock.lock()
        defer { lock.unlock() }
        guard held.isEmpty else { return held.append(record) }
        let bytes = RecordBytes.encode(record)
        guard bytes.count <= UInt32.max else { return held.append(record) }
        let start = extents.end
        var written = 0
        while written < bytes.count {
            let done = bytes.withUnsafeBytes {
                pwrite(descriptor, $0.baseAddress! + written, $0.count - written, off_t(start + written))
            }
            if done < 0 && errno == EINTR { continue }
            guard done > 0 else { return held.append(record) }
            written += done
        }
        extents.append(length: bytes.count)
    }

    func record(at index: Int) -> ScenarioRecord {
        lock.lock()
        let written = extents.count
        guard index < written else {
            defer { lock.unlock() }
            return held[index - written]
        }
        let (start, length) = extents[index]
        lock.unlock()
        var bytes = [UInt8](repeating: 0, count: length)
        var read = 0
        while read < length {
            let got = bytes.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + read, length - read, off_t(start + read))
            }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { return Self.unreadable(index, "the records file ended early") }
            read += got
        }
        return bytes.withUnsafeBufferPointer(RecordBytes.decode)
            ?? Self.unreadable(index, "its bytes are not a record")
    }

    /// A record that could not be read back: errored, so no report counts it as passed.
    private static func unreadable(_ index: Int, _ why: String) -> ScenarioRecord {
        ScenarioRecord(
            position: index, id: "<record \(index + 1)>", title: "a record that could not be read back",
            location: SourceLocation(file: "<records>", line: 0, column: 0), spec: [], covers: [], implementation: "",
            outcome: .errored,
            message: "this scenario's record could not be read back from the run's temporary file: \(why)",
            steps: [], hits: Hits())
    }
}

/// Where each record lies in a spill, in about 4 bytes a record (a large run holds these for
/// every record): its length, and every 64th record's start.
private struct Extents {
    private var lengths: [UInt32] = []
    private var starts: [Int] = []
    /// Where the last record ends.
    private(set) var end = 0

    var count: Int { lengths.count }

    mutating func append(length: Int) {
        if lengths.count % 64 == 0 { starts.append(end) }
        lengths.append(UInt32(length))
        end += length
    }

    subscript(index: Int) -> (start: Int, length: Int) {
        let first = index / 64 * 64
        let start = lengths[first..<index].reduce(starts[index / 64]) { $0 + Int($1) }
        return (start, Int(lengths[index]))
    }
}
