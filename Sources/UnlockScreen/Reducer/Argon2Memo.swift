import Synchronization

/// Real Argon2id, no repeated work: within a run the reference hashes each given PIN once (the
/// same encoded hash, salt included, serves every scenario that gives that PIN) and checks each
/// (hash, PIN) pair once. What a scenario observes is the same either way: a typed PIN matches
/// exactly when Argon2id says so. Shared by the copies of one reference (a class), safe across
/// threads.
package final class Argon2Memo: Sendable {
    private struct Entries {
        var hashes: [String: String] = [:]
        var verdicts: [String: Bool] = [:]
    }

    private let entries = Mutex(Entries())
    /// Distinct PINs and pairs kept at most; past it a table starts again (it only saves work,
    /// and a run of any size keeps it this small; the repeats it saves are nearly all within
    /// one scenario).
    static let capacity = 4_096

    package init() {}

    package func hash(_ pin: String, with hasher: Argon2idHasher) throws(Argon2Error) -> String {
        if let known = entries.withLock({ $0.hashes[pin] }) { return known }
        let encoded = try hasher.hash(pin)
        entries.withLock { table in
            if table.hashes.count >= Self.capacity { table.hashes.removeAll() }
            table.hashes[pin] = encoded
        }
        return encoded
    }

    /// `verify`, remembered per (hash, PIN) pair.
    package func verifier(_ verify: @escaping @Sendable (String, String) -> Bool) -> @Sendable (String, String) -> Bool
    {
        { [self] pin, encoded in
            // NUL cannot occur in an encoded hash or in a PIN of digits: a safe separator.
            let key = encoded + "\u{0}" + pin
            if let known = entries.withLock({ $0.verdicts[key] }) { return known }
            let verdict = verify(pin, encoded)
            entries.withLock { table in
                if table.verdicts.count >= Self.capacity { table.verdicts.removeAll() }
                table.verdicts[key] = verdict
            }
            return verdict
        }
    }
}
