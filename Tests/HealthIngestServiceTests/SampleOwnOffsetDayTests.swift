import Foundation
@testable import HealthIngestService
import MessagePack
import QuenchProtocol
import Testing

/// A sample that gives its own UTC offset (an Apple Health record's `-0400`) is on the day of
/// its start at that offset, whatever the request's zone; without one, on the request zone's day.
@Suite("Sample day at the sample's own offset")
struct SampleOwnOffsetDayTests {
    static let now = Date(timeIntervalSince1970: 1_793_534_400)  // 2026-11-02T12:00:00Z

    static func day(_ start: String, offset: Int?, zone: String) throws -> String {
        var rules = SampleRules(now: now, timeZone: TimeZone(identifier: zone)!)
        let input = SampleInput(
            type: "steps", value: 10, unit: "count", start: ISO8601DateFormatter().date(from: start), utcOffset: offset)
        do throws(SampleRejection) {
            return try rules.validate(input).day
        } catch {
            throw error
        }
    }

    @Test("the record's own offset decides the day in every request zone; the request's zone only without one", arguments: [
        "UTC", "America/New_York", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Kolkata",
    ])
    func ownOffset(zone: String) throws {
        // 2019-05-16T03:50Z: 23:50 on the 15th at -0400, 12:50 on the 16th at +0900.
        #expect(try Self.day("2019-05-16T03:50:00Z", offset: -14_400, zone: zone) == "2019-05-15")
        #expect(try Self.day("2019-05-16T03:50:00Z", offset: 32_400, zone: zone) == "2019-05-16")
        #expect(try Self.day("2019-05-15T18:30:00Z", offset: 19_800, zone: zone) == "2019-05-16")  // +05:30, midnight
        #expect(try Self.day("2019-05-15T18:29:59Z", offset: 19_800, zone: zone) == "2019-05-15")
    }

    @Test("without an offset the request's zone decides, as before")
    func requestZone() throws {
        #expect(try Self.day("2019-05-16T03:50:00Z", offset: nil, zone: "America/New_York") == "2019-05-15")
        #expect(try Self.day("2019-05-16T03:50:00Z", offset: nil, zone: "UTC") == "2019-05-16")
    }

    @Test("an offset beyond ±18 h is refused, naming utcOffset")
    func range() {
        var rules = SampleRules(now: Self.now, timeZone: TimeZone(identifier: "UTC")!)
        for (offset, ok) in [(64_800, true), (-64_800, true), (64_801, false), (-90_000, false)] {
            let input = SampleInput(type: "steps", value: 1, unit: "count", start: Self.now.addingTimeInterval(-60), utcOffset: offset)
            do throws(SampleRejection) {
                _ = try rules.validate(input)
                #expect(ok, "\(offset)")
            } catch {
                #expect(!ok && error.field == "utcOffset" && error.reason == SampleRejection.invalid, "\(offset): \(error)")
            }
        }
    }

    @Test("utcOffset travels in an import batch: the hand reader reads what the generic encoder writes, negatives included")
    func wire() throws {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let request = ImportBatchRequest(jobId: "j", sources: [SampleSource(name: "a")], samples: [-14_400, 0, 3600, -30, -100, 45_900, -64_800].map {
            SampleInput(type: "steps", value: 1, unit: "count", start: start, sourceIndex: 0, utcOffset: $0)
        })
        let bytes = try MessagePackEncoder().encode(request)
        let read = bytes.withUnsafeBufferPointer { buffer in
            var reader = ImportBatchReader(bytes: buffer)
            return reader.request()
        }
        #expect(read == request)
    }
}
