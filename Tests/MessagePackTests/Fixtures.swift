import Foundation
import MessagePack

struct Item: Codable, Equatable {
    var goal: String
    var amount: Double
    var tags: [String]
}

struct Body: Codable, Equatable {
    var title: String
    var items: [Item]
    var counts: [String: Int]
    var note: String?
}

struct Envelope: Codable, Equatable {
    var version: Int
    var id: String
    var type: String
    var user: String?
    var sentAt: Date
    var timeZone: String?
    var idempotencyKey: String?
    var body: MessagePackRaw
}

enum Shape: Codable, Equatable {
    case circle(radius: Double)
    case rectangle(width: Int, height: Int)
    case point
    case labelled(String, Int)
}

enum Colour: String, Codable, CaseIterable, CodingKeyRepresentable {
    case red, green, blue
}

enum Priority: Int, Codable {
    case low = 1, high = 9
}

struct Everything: Codable, Equatable {
    var bool = true
    var int = -12345
    var int8: Int8 = -8
    var int16: Int16 = -1600
    var int32: Int32 = -320_000
    var int64: Int64 = .min
    var uint: UInt = 42
    var uint8: UInt8 = 255
    var uint16: UInt16 = 65535
    var uint32: UInt32 = .max
    var uint64: UInt64 = .max
    var float: Float = 1.25
    var double: Double = -0.1
    var string = "héllo 🎉"
    var data = Data([0, 1, 2, 255])
    var bytes: [UInt8] = [1, 2, 3]
    var date = Date(timeIntervalSince1970: 1_700_000_000.5)
    var timestamp = MessagePackTimestamp(seconds: -5, nanoseconds: 7)
    var optionalPresent: Int? = 7
    var optionalAbsent: String?
    var shapes: [Shape] = [.circle(radius: 2), .rectangle(width: 3, height: 4), .point, .labelled("x", 1)]
    var colours: [Colour: Int] = [.red: 1, .blue: 3]
    var priority = Priority.high
    var nested: [[Int?]] = [[1, nil], [], [3]]
    var byName: [String: [Int]] = ["b": [2], "a": [1]]
    var byNumber: [Int: String] = [10: "ten", -1: "minus one", 2: "two"]
    var byUUID: [UUID: Int] = [UUID(uuidString: "00000000-0000-0000-0000-000000000001")!: 1, UUID(uuidString: "00000000-0000-0000-0000-000000000002")!: 2]
    var value: MessagePackValue = [1, "two", [3.0: nil], .binary([4]), .ext(type: 5, data: [6])]
    var raw = MessagePackRaw.nil
    var set: Set<Int> = [1]
}

func sampleBody() -> Body {
    Body(
        title: "Hydration",
        items: (0..<5).map { Item(goal: "goal \($0)", amount: Double($0) * 0.5, tags: ["t\($0)"]) },
        counts: ["water": 3, "tea": 1],
        note: nil
    )
}

func sampleEnvelope() throws -> Envelope {
    Envelope(
        version: 1,
        id: "7C9E6679-7425-40DE-944B-E07FC1F90AE7",
        type: "hydration.log",
        user: "user-42",
        sentAt: Date(timeIntervalSince1970: 1_700_000_000.123456),
        timeZone: "Europe/Berlin",
        idempotencyKey: nil,
        body: try MessagePackRaw(encoding: sampleBody())
    )
}
