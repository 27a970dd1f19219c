import SpecModel

/// Real Argon2id, no repeated work: within a run the reference hashes each given PIN once (the
/// same encoded hash, salt included, serves every scenario that gives that PIN) and checks each
/// (hash, PIN) pair once. What a scenario observes is the same either way: a typed PIN matches
/// exactly when Argon2id says so. Shared by the copies of one reference (a class), safe across
/// threads.
package final class Argon2Memo: Sendable {
    /// Distinct PINs and pairs kept at most; past it a table starts again (it only saves work,
    /// and a run of any size keeps it this small; the repeats it saves are nearly all within
    /// one scenario).
    static let capacity = 4_096
    private let hashes = SharedValues<String, String>(capacity: capacity)
    private let verdicts = SharedValues<String, Bool>(capacity: capacity)

    package init() {}

    package func hash(_ pin: String, with hasher: Argon2idHasher) throws(Argon2Error) -> String {
        try hashes.value(for: pin) { () throws(Argon2Error) in try hasher.hash(pin) }
    }

    /// `verify`, remembered per (hash, PIN) pair.
    package func verifier(_ verify: @escaping @Sendable (String, String) -> Bool) -> @Sendable (String, String) -> Bool
    {
        { [verdicts] pin, encoded in
            // NUL cannot occur in an encoded hash or in a PIN of digits: a safe separator.
            verdicts.value(for: encoded + "\u{0}" + pin) { verify(pin, encoded) }
        }
    }
}
