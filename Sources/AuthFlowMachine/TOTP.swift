internal import CCrypto

/// Time-based one-time passwords (RFC 6238) over HOTP (RFC 4226), with OpenSSL's HMAC: what an
/// authenticator app shows and what the MFA screen's server checks (UIF-AUTH-001 §4.1: six digits).
package struct TOTP: Sendable, Hashable {
    package enum Algorithm: String, Sendable, CaseIterable { case sha1, sha256, sha512 }

    package var secret: [UInt8]
    package var digits: Int
    /// The time step X of RFC 6238 §4.1, in seconds, counted from T0 = 0.
    package var stepSeconds: Int
    package var algorithm: Algorithm

    package init(secret: [UInt8], digits: Int = 6, stepSeconds: Int = 30, algorithm: Algorithm = .sha1) {
        self.secret = secret
        self.digits = digits
        self.stepSeconds = stepSeconds
        self.algorithm = algorithm
    }

    /// The time step a moment falls in (milliseconds since 1970).
    package func counter(atMilliseconds milliseconds: Int) -> Int {
        Int((Double(milliseconds) / 1000).rounded(.down)) / stepSeconds
    }

    package func code(atMilliseconds milliseconds: Int) -> String {
        code(counter: counter(atMilliseconds: milliseconds))
    }

    /// RFC 4226 §5.3: HMAC of the big-endian counter, dynamic truncation, the last `digits`
    /// decimal digits, zero-padded. The counter is RFC 4226's 8 bytes: a step before T0 (a
    /// world whose clock starts in 1970's first minutes, looking steps back) wraps as they hold it.
    package func code(counter: Int) -> String {
        let bits = UInt64(truncatingIfNeeded: counter)
        let message = (0..<8).reversed().map { UInt8(truncatingIfNeeded: bits >> (UInt64($0) * 8)) }
        let mac = Self.hmac(algorithm, key: secret, message: message)
        let offset = Int(mac[mac.count - 1] & 0x0f)
        let binary =
            (UInt32(mac[offset] & 0x7f) << 24) | (UInt32(mac[offset + 1]) << 16) | (UInt32(mac[offset + 2]) << 8)
            | UInt32(mac[offset + 3])
        var modulus: UInt32 = 1
        for _ in 0..<digits { modulus *= 10 }
        let number = String(binary % modulus)
        return String(repeating: "0", count: max(digits - number.count, 0)) + number
    }

    static func hmac(_ algorithm: Algorithm, key: [UInt8], message: [UInt8]) -> [UInt8] {
        let digest: OpaquePointer? =
            switch algorithm {
            case .sha1: EVP_sha1()
            case .sha256: EVP_sha256()
            case .sha512: EVP_sha512()
            }
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        key.withUnsafeBufferPointer { keyBytes in
            message.withUnsafeBufferPointer { messageBytes in
                _ = HMAC(
                    digest, keyBytes.baseAddress, Int32(keyBytes.count), messageBytes.baseAddress, messageBytes.count,
                    &output, &length)
            }
        }
        return Array(output.prefix(Int(length)))
    }
}
