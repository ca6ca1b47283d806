import Testing
import ZeroMQ

@Suite struct Z85Tests {
    @Test func rfc32TestVector() {
        let vector: [UInt8] = [0x86, 0x4F, 0xD2, 0x6F, 0xB5, 0x59, 0xF7, 0x5B]
        #expect(Z85.encode(vector) == "HelloWorld")
        #expect(Z85.decode("HelloWorld") == vector)
    }

    @Test func roundTrip() {
        let data = (0..<256).map { UInt8($0) }
        let encoded = Z85.encode(data)
        #expect(encoded?.count == 320)
        #expect(encoded.flatMap(Z85.decode) == data)
        #expect(Z85.encode([]) == "")
        #expect(Z85.decode("") == [])
    }

    @Test(arguments: ["Hell", "#####", "HelloWorl", "Hello Worl", "Hell\u{0}World", "HelloWörl", "~~~~~"])
    func invalidTextDecodesToNil(_ input: String) {
        #expect(Z85.decode(input) == nil)
    }

    @Test func lengthNotMultipleOfFourDoesNotEncode() {
        #expect(Z85.encode([1, 2, 3]) == nil)
    }
}
