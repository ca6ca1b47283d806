import Foundation
import MessagePack
import QuenchProtocol
import Testing

@Suite("ZoneID")
struct ZoneIDTests {
    @Test("an IANA name is kept as sent; UTC stays UTC though Foundation calls it GMT")
    func names() throws {
        for name in ["Europe/Berlin", "America/Argentina/Buenos_Aires", "Etc/GMT+5", "UTC", "Etc/UTC", "GMT"] {
            let zone = try #require(ZoneID(name), "\(name)")
            #expect(zone.identifier == name && zone.description == name)
        }
        #expect(ZoneID("UTC")?.timeZone.secondsFromGMT() == 0)
        #expect(ZoneID("Asia/Kolkata")?.timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: 0)) == 19_800)
        #expect(ZoneID.utc.identifier == "UTC")
    }

    @Test("the zone rule refuses offsets, bad shapes and unknown names", arguments: [
        "Europe/Berlin\0", "UTC+5", "GMT+5", "GMT+0500", "UTC-03:00", "europe/berlin", "Europe//Berlin", "Europe/Berlin/",
        "/Europe/Berlin", " Europe/Berlin", "Mars/Olympus", "", String(repeating: "A", count: 65),
    ])
    func refused(name: String) {
        #expect(ZoneID(name) == nil, "\(name.debugDescription)")
    }

    @Test("on the wire a zone is its name; a bad one fails decoding with the rule")
    func wire() throws {
        let zone = try #require(ZoneID("Europe/Berlin"))
        #expect(try MessagePackEncoder().encode(zone) == MessagePackEncoder().encode("Europe/Berlin"))
        #expect(try MessagePackDecoder().decode(ZoneID.self, from: MessagePackEncoder().encode("Europe/Berlin")) == zone)
        do {
            _ = try MessagePackDecoder().decode(ZoneID.self, from: MessagePackEncoder().encode("UTC+5"))
            Issue.record("an offset decoded as a zone")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription == "'UTC+5' is not an IANA time zone (e.g. Europe/Berlin)")
        }
    }
}
