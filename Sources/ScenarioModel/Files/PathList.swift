/// File paths held in one buffer of bytes, each read back as a string when asked: a suite of
/// tens of thousands of files held a string allocation per path for the whole run. Paths are
/// read a file at a time (a run reads a file again when it reaches its scenarios), never in a
/// loop over every scenario.
package struct PathList: RandomAccessCollection, Sendable, Equatable, ExpressibleByArrayLiteral {
    private var bytes: [UInt8] = []
    /// Where each path ends in `bytes`; it begins where the one before ends.
    private var ends: [Int] = []

    package init() {}

    package init(_ paths: some Sequence<String>) {
        for path in paths { append(path) }
    }

    package init(arrayLiteral paths: String...) { self.init(paths) }

    /// `names` in `folder`, each `folder/name`, held in exactly the room they take.
    package init(folder: String, names: [String]) {
        let prefix = folder.utf8.count + 1
        bytes.reserveCapacity(names.reduce(0) { $0 + prefix + $1.utf8.count })
        ends.reserveCapacity(names.count)
        for name in names {
            bytes.append(contentsOf: folder.utf8)
            bytes.append(UInt8(ascii: "/"))
            bytes.append(contentsOf: name.utf8)
            ends.append(bytes.count)
        }
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { ends.count }

    package subscript(position: Int) -> String {
        let start = position == 0 ? 0 : ends[position - 1]
        return String(decoding: bytes[start..<ends[position]], as: UTF8.self)
    }

    package mutating func append(_ path: String) {
        bytes.append(contentsOf: path.utf8)
        ends.append(bytes.count)
    }

    package mutating func append(contentsOf paths: PathList) {
        // Nearly always the one folder's: its list is taken as it is, not copied.
        guard !isEmpty else {
            self = paths
            return
        }
        let offset = bytes.count
        bytes += paths.bytes
        ends += paths.ends.lazy.map { $0 + offset }
    }
}
