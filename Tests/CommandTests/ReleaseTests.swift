import AuthSpecTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The release tarball `scripts/package` builds runs on a bare machine: checked, not assumed,
/// inside a minimal Debian root (debootstrap's minbase: no Swift, no -dev package, none of the
/// three C libraries), where both committed suites pass on the reference.
@Suite(.serialized, .tags(.release)) struct ReleaseTests {
    static let tools = ["/usr/sbin/debootstrap", "/usr/sbin/chroot", "/usr/bin/unshare"]
    /// A minbase root needs root to make (device nodes, chroot); the set-up script installs
    /// debootstrap.
    static let canBootstrap =
        getuid() == 0 && tools.allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
    /// Kept between runs (about 200 MB, 40 s to make), under the build folder a clean clone starts
    /// without.
    static let debianRoot = TestSupport.root.appendingPathComponent(".build/debian-root/bookworm").path
    static let mirror = ProcessInfo.processInfo.environment["AUTHSPEC_DEBIAN_MIRROR"] ?? "http://deb.debian.org/debian"

    static func shell(_ command: String, limit: TimeInterval = 600) throws -> TestSupport.ProcessResult {
        try TestSupport.execute(URL(fileURLWithPath: "/bin/sh"), ["-c", command], limit: limit)
    }

    /// The minimal root, made once: into a sibling folder first, so an interrupted debootstrap
    /// never leaves a half root behind under the kept name.
    static func bootstrappedRoot(including packages: [String] = []) throws -> String {
        let root = debianRoot + (packages.isEmpty ? "" : "-" + packages.joined(separator: "-"))
        let ready = root + "/etc/debian_version"
        if FileManager.default.fileExists(atPath: ready) { return root }
        let partial = root + ".partial-\(getpid())"
        defer { _ = try? shell("rm -rf --one-file-system '\(partial)'") }
        let include = packages.isEmpty ? "" : "--include=\(packages.joined(separator: ",")) "
        let made = try shell("debootstrap --variant=minbase \(include)bookworm '\(partial)' '\(mirror)'", limit: 900)
        try #require(made.status == 0, "debootstrap failed: \(made.stderr.suffix(2000))")
        try FileManager.default.moveItem(atPath: partial, toPath: root)
        return root
    }

    /// The tarball, as `scripts/package` builds it into a folder of the test's.
    static func packaged(into folder: String) throws -> (tarball: String, name: String) {
        let packaged = try shell("scripts/package --output '\(folder)'", limit: 1200)
        try #require(packaged.status == 0, "scripts/package failed: \(packaged.stderr.suffix(4000))")
        let tarball = packaged.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let name = URL(fileURLWithPath: tarball).lastPathComponent.replacingOccurrences(of: ".tar.gz", with: "")
        return (tarball, name)
    }

    /// A command in `root`, in a mount namespace of its own with a fresh /proc (the Swift
    /// runtime reads its arguments there): the mount ends with the process.
    static func inRoot(_ root: String, _ folder: String, _ command: String) throws -> TestSupport.ProcessResult {
        try shell(
            "unshare --mount --pid --fork --mount-proc='\(root)/proc' chroot '\(root)' /bin/sh -c 'cd \(folder) && \(command)'"
        )
    }

    /// A team's machine: a bare Debian with python3 and libargon2 (what the Python example
    /// driver needs), the tarball unpacked, nothing of authspec's repository but that driver.
    /// From an empty folder the run takes the suite the tarball carries, says so first, and
    /// passes; `--model auth-flow` the flow's.
    @Test(
        .enabled(
            if: canBootstrap, "needs root and debootstrap, chroot, unshare (scripts/install-deps installs debootstrap)")
    )
    func theTarballCarriesItsSuitesToAnEmptyFolder() throws {
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (tarball, name) = try Self.packaged(into: folder)
        let listing = try Self.shell("tar tzf '\(tarball)'").stdout
        let files = Set(listing.split(separator: "\n").map(String.init))
        #expect(
            files.isSuperset(
                of: ["authspec.yaml", "AuthFlow/authspec.yaml"].map { "\(name)/share/authspec/suites/" + $0 }),
            "\(listing)")
        let root = try Self.bootstrappedRoot(including: ["python3", "libargon2-1"])
        let inside = "/tmp/release-test-\(UUID().uuidString)"
        let place = root + inside
        defer { _ = try? Self.shell("rm -rf --one-file-system '\(place)'") }
        let staged = try Self.shell(
            "mkdir -p '\(place)/app' && tar -C '\(place)' -xzf '\(tarball)' && cp -r Examples/python '\(place)/driver'")
        try #require(staged.status == 0, "\(staged.stderr)")
        let binary = "\(inside)/\(name)/bin/authspec"
        let driver = "python3 \(inside)/driver/driver.py"
        // Results outside the app's folder, read as values: the suite the run took, named as
        // the tarball's, and every scenario passed on the driver and the reference.
        let version = try TestSupport.authspec(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        for (model, size) in [("unlock", TestSupport.suiteSize), ("auth-flow", nil)] {
            let run = try Self.inRoot(
                root, inside + "/app",
                "\(binary) run --quiet --model \(model) --driver \"\(driver)\" --json \(inside)/\(model).json")
            #expect(run.status == 0, "\(model): \(run.stdout.suffix(2000))\(run.stderr.suffix(2000))")
            // It says first which suite it took.
            #expect(run.stdout.hasPrefix("Suite: \(version)'s \(model) suite, "), "\(run.stdout.prefix(2000))")
            let results = try TestSupport.results(at: place + "/\(model).json")
            #expect(results.suite.version == "\(version)'s \(model) suite")
            #expect(results.implementationNames.count == 2)
            #expect(results.summary.passed == 2 * results.suite.scenarios && results.suite.scenarios > 0)
            if let size { #expect(results.suite.scenarios == size) }
        }
        // Nothing was written into the app's folder.
        #expect(try Self.shell("ls -A '\(place)/app'").stdout.isEmpty)
    }

    @Test(
        .enabled(
            if: canBootstrap, "needs root and debootstrap, chroot, unshare (scripts/install-deps installs debootstrap)")
    )
    func theTarballRunsBothSuitesOnABareDebian() throws {
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let packaged = try Self.shell("scripts/package --output '\(folder)'", limit: 1200)
        try #require(packaged.status == 0, "scripts/package failed: \(packaged.stderr.suffix(4000))")
        let tarball = packaged.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let version = try TestSupport.authspec(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(
            URL(fileURLWithPath: tarball).lastPathComponent
                == version.replacingOccurrences(of: " ", with: "-") + "-linux-x86_64.tar.gz", "\(tarball)")
        let listing = Set(try Self.shell("tar tzf '\(tarball)'").stdout.split(separator: "\n").map(String.init))
        let folderName = version.replacingOccurrences(of: " ", with: "-") + "-linux-x86_64"
        #expect(
            listing.isSuperset(
                of: ["swift", "libyaml", "libargon2", "openssl"].map { "\(folderName)/licenses/\($0).txt" }),
            "\(listing)")

        let root = try Self.bootstrappedRoot()
        // This run's files in a folder of the root of its own, removed after.
        let inside = "/tmp/release-test-\(UUID().uuidString)"
        let place = root + inside
        defer { _ = try? Self.shell("rm -rf --one-file-system '\(place)'") }
        let staged = try Self.shell("mkdir -p '\(place)/suite' && tar -C '\(place)' -xzf '\(tarball)'")
        try #require(staged.status == 0, "\(staged.stderr)")
        try TestSupport.copySuites(to: place + "/suite")
        let binary = "\(inside)/\(version.replacingOccurrences(of: " ", with: "-"))-linux-x86_64/bin/authspec"

        // A mount namespace of its own with a fresh /proc (the Swift runtime reads its arguments
        // there): the mount ends with the process, never left on the machine.
        func inRoot(_ command: String) throws -> TestSupport.ProcessResult {
            try Self.shell(
                "unshare --mount --pid --fork --mount-proc='\(root)/proc' chroot '\(root)' /bin/sh -c 'cd \(inside)/suite && \(command)'"
            )
        }
        let bare = try inRoot(
            "command -v swift swiftc; ls /usr/lib/x86_64-linux-gnu | grep -E \"^lib(yaml|argon2|crypto)\"; true")
        #expect(bare.stdout.isEmpty, "the root is not bare: \(bare.stdout)")
        #expect(try inRoot("\(binary) --version").stdout == version + "\n")
        let unlock = try inRoot("\(binary) run Scenarios --json results.json")
        #expect(unlock.status == 0, "\(unlock.stdout)\(unlock.stderr)")
        let results = try TestSupport.results(at: "\(place)/suite/results.json")
        #expect(results.summary.passed == TestSupport.suiteSize && results.allRecords.count == TestSupport.suiteSize)
        let flow = try inRoot("\(binary) run AuthFlow --json flow.json")
        #expect(flow.status == 0, "\(flow.stdout)\(flow.stderr)")
        let flowResults = try TestSupport.results(at: "\(place)/suite/flow.json")
        #expect(flowResults.summary.passed == flowResults.suite.scenarios && flowResults.suite.scenarios > 0)
        // And it fails as it should there: a scenario whose expectation is wrong exits 1.
        try "id: w\ntitle: t\nspec: [x]\nsteps: [{launch: null, expect: {state: Dashboard}}]\n".write(
            toFile: "\(place)/suite/w.yaml", atomically: true, encoding: .utf8)
        let wrong = try inRoot("\(binary) run w.yaml")
        #expect(wrong.status == 1, "\(wrong.stdout)\(wrong.stderr)")
        // The complete suites Complete/README.md lists: the tarball's binary writes each byte
        // for byte (its digest, size and command as the row says).
        let complete = try Self.shell("AUTHSPEC_BINARY='\(root)\(binary)' scripts/complete-suites --check")
        #expect(complete.status == 0, "\(complete.stdout)\(complete.stderr)")
    }
}
