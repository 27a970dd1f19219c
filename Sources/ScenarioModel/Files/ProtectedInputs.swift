import Foundation

/// The files a command reads and must never write over: a suite's scenario files (everything
/// under its scenario folders), its manifest, catalogues, mapping and baselines, and whatever
/// else the command was given to read. Files are known by device and inode, so another path to
/// one, a symbolic link or a hard link is the same file.
package struct ProtectedInputs: Sendable {
    /// `device:inode` to the path the file was added by.
    private var files: [String: String] = [:]

    package init() {}

    /// A file, or a folder and every YAML file under it (what a suite reads from its folders:
    /// scenarios, catalogues, baselines). A path that does not exist is nothing to protect.
    package mutating func add(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        if info.st_mode & S_IFMT == S_IFDIR {
            guard let walker = FileManager.default.enumerator(atPath: path) else { return }
            for case let relative as String in walker {
                var inner = stat()
                let full = (path as NSString).appendingPathComponent(relative)
                guard relative.hasSuffix(".yaml") || relative.hasSuffix(".yml") else { continue }
                if stat(full, &inner) == 0, inner.st_mode & S_IFMT == S_IFREG { remember(inner, as: full) }
            }
            return
        }
        remember(info, as: path)
    }

    package mutating func add(_ paths: some Sequence<String>) {
        for path in paths { add(path) }
    }

    /// A suite's manifest and everything it names.
    package mutating func add(manifest: Manifest) {
        add(manifest.file)
        add(manifest.scenarios)
        add([manifest.requirements, manifest.specMapping].compactMap { $0 })
        add(manifest.baselines)
    }

    private mutating func remember(_ info: stat, as path: String) {
        let key = "\(info.st_dev):\(info.st_ino)"
        if files[key] == nil { files[key] = path }
    }

    /// The input that writing to `target` would write over, if any.
    package func input(at target: String) -> String? {
        var info = stat()
        guard stat(target, &info) == 0 else { return nil }
        return files["\(info.st_dev):\(info.st_ino)"]
    }

    /// Whether two paths reach one existing file.
    package static func same(_ one: String, _ other: String) -> Bool {
        var first = stat()
        var second = stat()
        return stat(one, &first) == 0 && stat(other, &second) == 0 && first.st_dev == second.st_dev
            && first.st_ino == second.st_ino
    }
}

extension ProtectedInputs {
    /// A command's inputs: the manifests of its suites (the one named, and those found from the
    /// current folder and from each path) with everything each names, the paths themselves, and
    /// the files its options name.
    package static func of(manifest named: String?, paths: [String], files: [String]) -> ProtectedInputs {
        var inputs = ProtectedInputs()
        var manifests = Set([named, Manifest.find(from: [])].compactMap { $0 })
        for path in paths { if let found = Manifest.find(from: [path]) { manifests.insert(found) } }
        for file in manifests.sorted() {
            inputs.add(file)
            if let manifest = Manifest.load(file: file).manifest { inputs.add(manifest: manifest) }
        }
        inputs.add(paths)
        inputs.add(files)
        return inputs
    }
}
