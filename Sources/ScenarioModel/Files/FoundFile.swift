import Foundation
import SpecModel

#if canImport(Glibc)
    import Glibc
#endif

/// A file authspec writes and may write again (a scenario it found or generated): it begins
/// with its command's banner and ends with a seal, a line recording the digest of everything
/// above it. Such a file is written over only while it is as authspec left it: a banner alone
/// proves nothing (a hand-written file may copy it), and a file edited by hand since is its
/// author's.
package enum FoundFile {
    static let sealPrefix = "# Sealed by authspec (edit this file and authspec no longer writes over it): "

    /// `text` with its seal as the last line.
    package static func sealed(_ text: String) -> String {
        let body = text.hasSuffix("\n") || text.isEmpty ? text : text + "\n"
        return body + sealPrefix + digest(body) + "\n"
    }

    /// Whether `text` begins with `banner` and ends with the seal of what is above it.
    package static func isUntouched(_ text: String, banner: String) -> Bool {
        guard text.hasPrefix(banner), let seal = text.range(of: "\n" + sealPrefix, options: .backwards) else {
            return false
        }
        let body = String(text[...seal.lowerBound])
        let recorded = text[seal.upperBound...].trimmingCharacters(in: .newlines)
        return recorded == digest(body)
    }

    /// Whether the regular file at `path` is one authspec wrote with `banner` and nobody changed.
    package static func isUntouched(at path: String, banner: String) -> Bool {
        guard case .success(let text) = SourceFiles.read(path, maxBytes: 64 << 20) else { return false }
        return isUntouched(text, banner: banner)
    }

    static func digest(_ text: String) -> String { Digest.hex(Digest.fnv1a(text)) }

    /// Where `path` leads, when it is a symlink whose target lies outside the folder it is
    /// in: a command writing found files there never writes through it. Nil otherwise.
    package static func linkLeavingItsFolder(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return nil }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard let realFolder = realpath(folder, nil) else { return path }
        defer { free(realFolder) }
        guard let target = realpath(path, nil) else {
            // A dangling link: where it would write is not known to be inside.
            return (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? path
        }
        defer { free(target) }
        let inside = String(cString: realFolder)
        let real = String(cString: target)
        return real.hasPrefix(inside.hasSuffix("/") ? inside : inside + "/") ? nil : real
    }
}
