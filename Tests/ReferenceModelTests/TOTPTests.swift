import AuthSpecTestSupport
import Testing

@testable import AuthFlowMachine

/// RFC 6238 Appendix B: the reference's one-time codes are the RFC's, for each hash, at each
/// listed time (eight digits there; the MFA screen uses the last six, RFC 4226 §5.3).
@Suite struct TOTPTests {
    static let secrets: [TOTP.Algorithm: String] = [
        .sha1: "12345678901234567890",
        .sha256: "12345678901234567890123456789012",
        .sha512: "1234567890123456789012345678901234567890123456789012345678901234",
    ]

    static let vectors: [(seconds: Int, sha1: String, sha256: String, sha512: String)] = [
        (59, "94287082", "46119246", "90693936"),
        (1_111_111_109, "07081804", "68084774", "25091201"),
        (1_111_111_111, "14050471", "67062674", "99943326"),
        (1_234_567_890, "89005924", "91819424", "93441116"),
        (2_000_000_000, "69279037", "90698825", "38618901"),
        (20_000_000_000, "65353130", "77737706", "47863826"),
    ]

    @Test(arguments: TOTP.Algorithm.allCases)
    func theRFCVectorsPass(algorithm: TOTP.Algorithm) {
        let totp = TOTP(secret: Array(Self.secrets[algorithm]!.utf8), digits: 8, algorithm: algorithm)
        for vector in Self.vectors {
            let expected =
                switch algorithm {
                case .sha1: vector.sha1
                case .sha256: vector.sha256
                case .sha512: vector.sha512
                }
            #expect(totp.code(atMilliseconds: vector.seconds * 1000) == expected, "T=\(vector.seconds)")
        }
    }

    /// Six digits are the last six of the eight, zeros kept; a code holds for its 30-second step.
    @Test func sixDigitsAndTheStepBoundary() {
        let totp = TOTP(secret: Array(Self.secrets[.sha1]!.utf8))
        #expect(totp.code(atMilliseconds: 1_111_111_109_000) == "081804")
        #expect(totp.code(atMilliseconds: 59_000) == "287082")
        // 59 s is in step 1 (30-59.999 s); 60 s starts step 2.
        #expect(totp.counter(atMilliseconds: 59_999) == 1)
        #expect(totp.counter(atMilliseconds: 60_000) == 2)
        #expect(totp.code(atMilliseconds: 30_000) == totp.code(atMilliseconds: 59_999))
        #expect(totp.code(atMilliseconds: 60_000) != totp.code(atMilliseconds: 59_999))
    }
}
