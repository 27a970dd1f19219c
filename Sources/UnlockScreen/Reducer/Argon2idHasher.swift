internal import CArgon2

/// Argon2id cost parameters (RFC 9106 §3.1): passes, memory in KiB, lanes.
package struct Argon2Profile: Sendable, Equatable, CustomStringConvertible {
    package var name: String
    package var iterations: UInt32
    package var memoryKiB: UInt32
    package var parallelism: UInt32

    package init(name: String, iterations: UInt32, memoryKiB: UInt32, parallelism: UInt32) {
        self.name = name
        self.iterations = iterations
        self.memoryKiB = memoryKiB
        self.parallelism = parallelism
    }

    /// Cheap enough (about 1 ms) for suites of hundreds of PIN checks.
    package static let light = Argon2Profile(name: "light", iterations: 1, memoryKiB: 1024, parallelism: 1)
    /// The OWASP Password Storage Cheat Sheet minimum for Argon2id: m=19 MiB, t=2, p=1.
    package static let owasp = Argon2Profile(name: "owasp", iterations: 2, memoryKiB: 19_456, parallelism: 1)

    package static let all = [light, owasp]

    package var description: String { "\(name) (m=\(memoryKiB) KiB, t=\(iterations), p=\(parallelism))" }
}

package struct Argon2Error: Error, Sendable, CustomStringConvertible {
    package var code: Int32
    package var description: String { "argon2: " + String(cString: argon2_error_message(code)) }
}

/// Hashes PINs to the PHC encoded form `$argon2id$v=19$m=..,t=..,p=..$salt$hash` with libargon2,
/// and checks a PIN against such a hash. libargon2 compares the recomputed tag with the stored
/// one in constant time (its argon2_compare), so a wrong PIN takes as long as a right one.
package struct Argon2idHasher: Sendable {
    package static let saltLength = 16
    package static let hashLength = 32

    package var profile: Argon2Profile

    package init(profile: Argon2Profile) {
        self.profile = profile
    }

    /// Hashes `pin` with a fresh random salt drawn from `generator`.
    package func hash<G: RandomNumberGenerator>(_ pin: String, using generator: inout G) throws(Argon2Error) -> String {
        let salt = (0..<Self.saltLength).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return try hash(pin, salt: salt)
    }

    package func hash(_ pin: String) throws(Argon2Error) -> String {
        var generator = SystemRandomNumberGenerator()
        return try hash(pin, using: &generator)
    }

    package func hash(_ pin: String, salt: [UInt8]) throws(Argon2Error) -> String {
        let length = argon2_encodedlen(
            profile.iterations, profile.memoryKiB, profile.parallelism, UInt32(salt.count),
            UInt32(Self.hashLength), Argon2_id)
        var encoded = [CChar](repeating: 0, count: length)
        let password = Array(pin.utf8)
        let code = argon2id_hash_encoded(
            profile.iterations, profile.memoryKiB, profile.parallelism, password, password.count,
            salt, salt.count, Self.hashLength, &encoded, length)
        guard code == ARGON2_OK.rawValue else { throw Argon2Error(code: code) }
        return String(decoding: encoded.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// True when `pin` hashes to `encoded`. Any malformed hash is a mismatch, never a match.
    package static func verify(_ pin: String, against encoded: String) -> Bool {
        let password = Array(pin.utf8)
        return argon2id_verify(encoded, password, password.count) == ARGON2_OK.rawValue
    }
}
