import Foundation
import QuenchProtocol
import Testing
@testable import WebService

@Suite struct SecretTests {
    @Test func generatedSecretsHave256RandomBitsInTheirForm() {
        var seen = Set<String>()
        for kind in BearerSecret.Kind.allCases {
            for _ in 0..<50 {
                let text = BearerSecret.generate(kind)
                #expect(text.hasPrefix(kind.rawValue))
                #expect(text.utf8.count == 3 + 43)
                #expect(BearerSecret.isWellFormed(text, as: kind))
                seen.insert(text)
            }
        }
        #expect(seen.count == 150)
        // 43 base64url characters carry 258 bits, of which the 32 bytes fill 256.
        #expect(Data(base64Encoded: String(BearerSecret.generate(.token).dropFirst(3)).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/") + "=")?.count == 32)
    }

    @Test func malformedTextIsNeverLookedUp() {
        let good = BearerSecret.generate(.token)
        #expect(Secret.parse(good, as: .token) != nil)
        #expect(Secret.parse(good, as: .session) == nil)
        #expect(Secret.parse(String(good.dropLast()), as: .token) == nil)
        #expect(Secret.parse(good + "A", as: .token) == nil)
        #expect(Secret.parse("qt_" + String(repeating: "+", count: 43), as: .token) == nil)
        #expect(Secret.parse("", as: .token) == nil)
    }

    @Test func theIdIsTheHashsPrefixAndTheComparisonIsExact() throws {
        let secret = try #require(Secret.parse(BearerSecret.generate(.token), as: .token))
        #expect(secret.id.count == 12)
        #expect(secret.id == secret.hash.prefix(6).map { String(format: "%02x", $0) }.joined())
        var other = secret.hash
        other[31] ^= 1
        #expect(Secret.constantTimeEqual(secret.hash, secret.hash))
        #expect(!Secret.constantTimeEqual(secret.hash, other))
        #expect(!Secret.constantTimeEqual(secret.hash, Array(secret.hash.prefix(31))))
    }

    @Test func theHashIsSHA256OfTheWholeText() throws {
        // SHA-256("qt_" + 43 × "A"), computed with Python's hashlib.
        let text = "qt_" + String(repeating: "A", count: 43)
        let secret = try #require(Secret.parse(text, as: .token))
        #expect(secret.hash.map { String(format: "%02x", $0) }.joined() == SecretTests.expectedHash)
    }

    static let expectedHash = "a2a9fe48534eabb40ed76b611f26fdc591d9ce0ab260881d12cbee7c5e167751"
}
