import ChildProcess
import Foundation
import MessagePack
import Testing

/// Checks the codec against Python's `msgpack` package, an independent implementation.
///
/// Python packs every vector below; Swift must produce exactly the same bytes and decode
/// Python's bytes to the same value. Python unpacks Swift's bytes (with `timestamp=0` for exact
/// timestamps, and with `timestamp=3` wherever a `datetime` holds the timestamp exactly), compares
/// them with its own value and re-packs them. Needs `python3` on PATH with `pip install msgpack`.
@Suite struct PythonConformanceTests {
    struct Vector {
        let name: String
        let encode: () throws -> [UInt8]
        let decodesEqual: ([UInt8]) throws -> Bool
    }

    static func vector<T: Codable & Equatable>(_ name: String, _ value: T) -> Vector {
        Vector(
            name: name,
            encode: { try encoder.encode(value) },
            decodesEqual: { try decoder.decode(T.self, from: $0) == value }
        )
    }

    struct Inner: Codable, Equatable {
        var flag: Bool
        var nothing: Int?
    }

    struct Sample: Codable, Equatable {
        var id: Int
        var name: String
        var tags: [String]
        var score: Double
        var when: Date
        var data: Data
        var inner: Inner
        var counts: [String: Int]
        var shape: Shape
    }

    static let integers: [Int64] = [
        -33, -32, -1, 0, 127, 128, 255, 256, 65535, 65536, 4_294_967_295, 4_294_967_296,
        -128, -129, -32768, -32769, -2_147_483_648, -2_147_483_649, .min, .max,
    ]
    static let stringLengths = [0, 31, 32, 255, 256, 65535, 65536]
    static let binaryLengths = [0, 1, 255, 256, 65535, 65536]
    static let containerCounts = [0, 15, 16, 65535, 65536]
    static let extLengths = [1, 2, 4, 8, 16, 3, 255, 256, 65536]
    static let timestamps: [(Int64, UInt32)] = [
        (0, 0), (4_294_967_295, 0), (4_294_967_295, 999_999_999), (4_294_967_296, 0),
        (17_179_869_183, 999_999_999), (17_179_869_184, 0), (-1, 0), (-1, 999_999_999),
        (.min, 0), (.max, 999_999_999), (1_700_000_000, 123_456_789),
    ]

    static var vectors: [Vector] {
        var vectors: [Vector] = [
            vector("nil", Int?.none),
            vector("true", true),
            vector("false", false),
            vector("uint:18446744073709551615", UInt64.max),
            vector("f64:1.5", 1.5),
            vector("f64:-2.25", -2.25),
            vector("f64:inf", Double.infinity),
            vector("f64:1e300", 1e300),
            vector("f32:1.5", Float(1.5)),
            vector("f32:-0.25", Float(-0.25)),
            vector("f32:inf", Float.infinity),
            vector("str:unicode", "héllo 🎉 日本"),
            vector("intmap", [-40000: "d", -5: "a", 1: "b", 300: "c"]),
            vector("date", Date(timeIntervalSince1970: 1_700_000_000.5)),
            vector("struct", Sample(
                id: 7, name: "sample", tags: ["a", "b"], score: 0.5,
                when: Date(timeIntervalSince1970: 1_600_000_000.25), data: Data([0, 1, 2]),
                inner: Inner(flag: true, nothing: nil),
                counts: ["zeta": 1, "alpha": 2, "Beta": 3], shape: .rectangle(width: 2, height: 3)
            )),
            vector("value", MessagePackValue.map([
                MessagePackMapEntry(key: 1, value: "one"),
                MessagePackMapEntry(key: "list", value: [nil, true, -1, 2.5, .binary([9])]),
                MessagePackMapEntry(key: .binary([1, 2]), value: .ext(type: 100, data: [1, 2, 3, 4])),
                MessagePackMapEntry(key: .double(2.5), value: .timestamp(MessagePackTimestamp(seconds: 1, nanoseconds: 2))),
            ])),
        ]
        vectors += integers.map { vector("int:\($0)", $0) }
        vectors += stringLengths.map { vector("str:\($0)", String(repeating: "x", count: $0)) }
        vectors += binaryLengths.map { n in vector("bin:\(n)", Data((0..<n).map { UInt8(truncatingIfNeeded: $0) })) }
        vectors += containerCounts.map { n in vector("array:\(n)", (0..<n).map { $0 % 128 }) }
        vectors += containerCounts.map { n in vector("map:\(n)", Dictionary(uniqueKeysWithValues: (0..<n).map { (WideMap.key($0), $0) })) }
        vectors += extLengths.map { n in
            vector("ext:\(n)", MessagePackValue.ext(type: 5, data: (0..<n).map { UInt8(truncatingIfNeeded: $0) }))
        }
        vectors += timestamps.map { vector("ts:\($0.0):\($0.1)", MessagePackTimestamp(seconds: $0.0, nanoseconds: $0.1)) }
        return vectors
    }

    static let script = #"""
    import json, sys
    try:
        import msgpack
        from msgpack import ExtType, Timestamp
    except ImportError:
        print("msgpack is not installed")
        sys.exit(3)

    INTEGERS = [-33, -32, -1, 0, 127, 128, 255, 256, 65535, 65536, 2**32 - 1, 2**32,
                -128, -129, -32768, -32769, -2**31, -2**31 - 1, -2**63, 2**63 - 1]
    STRINGS = [0, 31, 32, 255, 256, 65535, 65536]
    BINARIES = [0, 1, 255, 256, 65535, 65536]
    CONTAINERS = [0, 15, 16, 65535, 65536]
    EXTS = [1, 2, 4, 8, 16, 3, 255, 256, 65536]
    TIMESTAMPS = [(0, 0), (2**32 - 1, 0), (2**32 - 1, 999999999), (2**32, 0), (2**34 - 1, 999999999),
                  (2**34, 0), (-1, 0), (-1, 999999999), (-2**63, 0), (2**63 - 1, 999999999),
                  (1700000000, 123456789)]

    def key(i):
        return "k%06d" % i

    def pattern(n):
        return bytes(i % 256 for i in range(n))

    vectors = {}
    def add(name, value, **options):
        vectors[name] = (value, options)

    add("nil", None)
    add("true", True)
    add("false", False)
    add("uint:18446744073709551615", 2**64 - 1)
    add("f64:1.5", 1.5)
    add("f64:-2.25", -2.25)
    add("f64:inf", float("inf"))
    add("f64:1e300", 1e300)
    add("f32:1.5", 1.5, use_single_float=True)
    add("f32:-0.25", -0.25, use_single_float=True)
    add("f32:inf", float("inf"), use_single_float=True)
    add("str:unicode", "héllo 🎉 日本")
    add("intmap", {-40000: "d", -5: "a", 1: "b", 300: "c"})
    add("date", Timestamp(1700000000, 500000000))
    add("struct", {
        "id": 7, "name": "sample", "tags": ["a", "b"], "score": 0.5,
        "when": Timestamp(1600000000, 250000000), "data": b"\x00\x01\x02",
        "inner": {"flag": True},
        "counts": {"Beta": 3, "alpha": 2, "zeta": 1},
        "shape": {"rectangle": {"width": 2, "height": 3}},
    })
    add("value", {
        1: "one",
        "list": [None, True, -1, 2.5, b"\x09"],
        b"\x01\x02": ExtType(100, b"\x01\x02\x03\x04"),
        2.5: Timestamp(1, 2),
    })
    for v in INTEGERS:
        add("int:%d" % v, v)
    for n in STRINGS:
        add("str:%d" % n, "x" * n)
    for n in BINARIES:
        add("bin:%d" % n, pattern(n))
    for n in CONTAINERS:
        add("array:%d" % n, [i % 128 for i in range(n)])
        add("map:%d" % n, {key(i): i for i in range(n)})
    for n in EXTS:
        add("ext:%d" % n, ExtType(5, pattern(n)))
    for s, ns in TIMESTAMPS:
        add("ts:%d:%d" % (s, ns), Timestamp(s, ns))

    def pack(value, options):
        return msgpack.packb(value, use_bin_type=True, **options)

    def unpack(data, timestamp):
        return msgpack.unpackb(data, raw=False, timestamp=timestamp, strict_map_key=False)

    class Inexact(Exception):
        pass

    def as_datetime(value):
        # The value as timestamp=3 decodes it, or Inexact when a timestamp has no exact datetime.
        if isinstance(value, Timestamp):
            if value.nanoseconds % 1000:
                raise Inexact()
            try:
                return value.to_datetime()
            except (ValueError, OverflowError, OSError):
                raise Inexact()
        if isinstance(value, list):
            return [as_datetime(v) for v in value]
        if isinstance(value, dict):
            return {k: as_datetime(v) for k, v in value.items()}
        return value

    swift = json.load(open(sys.argv[1]))
    python = {}
    failures = []
    for name, (value, options) in vectors.items():
        expected = pack(value, options)
        python[name] = expected.hex()
        if name not in swift:
            failures.append("%s: Swift sent no bytes" % name)
            continue
        data = bytes.fromhex(swift[name])
        if data != expected:
            failures.append("%s: Swift bytes %s differ from Python bytes %s" % (name, data[:40].hex(), expected[:40].hex()))
            continue
        try:
            exact = unpack(data, timestamp=0)
        except Exception as error:
            failures.append("%s: Python cannot unpack Swift bytes: %r" % (name, error))
            continue
        if exact != value:
            failures.append("%s: Python decoded %r" % (name, exact))
        if pack(exact, options) != data:
            failures.append("%s: re-packing Python's decoding changes the bytes" % name)
        try:
            expected_datetime = as_datetime(value)
        except Inexact:
            continue
        try:
            decoded = unpack(data, timestamp=3)
        except Exception as error:
            failures.append("%s: Python cannot unpack Swift bytes with timestamp=3: %r" % (name, error))
            continue
        if decoded != expected_datetime:
            failures.append("%s: Python decoded %r with timestamp=3" % (name, decoded))
        elif msgpack.packb(decoded, use_bin_type=True, datetime=True, **options) != data:
            failures.append("%s: re-packing the timestamp=3 decoding changes the bytes" % name)
    for name in swift:
        if name not in vectors:
            failures.append("%s: no Python vector" % name)
    json.dump({"python": python, "failures": failures}, open(sys.argv[2], "w"))
    """#

    static func python3() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("python3")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    @Test func matchesPythonMsgpack() throws {
        guard let python = Self.python3() else {
            Issue.record("python3 was not found on PATH. Run the test setup: install Python 3, then `pip install msgpack`.")
            return
        }
        let vectors = Self.vectors
        var swiftHex: [String: String] = [:]
        for vector in vectors {
            swiftHex[vector.name] = hex(try vector.encode())
        }

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("msgpack-conformance-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("swift.json")
        let output = directory.appendingPathComponent("python.json")
        try JSONEncoder().encode(swiftHex).write(to: input)

        let result = try ChildCommand(
            python.path, arguments: ["-c", Self.script, input.path, output.path],
            standardOutput: .pipe, standardError: .sameAsStandardOutput
        ).run()
        let consoleText = result.standardOutputText

        if result.status == 3 {
            Issue.record("Python's msgpack package is missing. Run the test setup: `pip install msgpack`.")
            return
        }
        guard result.status == 0 else {
            Issue.record("python3 failed with status \(result.status): \(consoleText)")
            return
        }

        struct Report: Decodable {
            var python: [String: String]
            var failures: [String]
        }
        let report = try JSONDecoder().decode(Report.self, from: Data(contentsOf: output))
        #expect(report.failures.isEmpty, "\(report.failures.joined(separator: "\n"))")
        #expect(report.python.count == vectors.count)
        for vector in vectors {
            guard let pythonHex = report.python[vector.name] else {
                Issue.record("\(vector.name): Python produced no bytes")
                continue
            }
            #expect(swiftHex[vector.name] == pythonHex, "\(vector.name): Swift and Python bytes differ")
            #expect(try vector.decodesEqual(bytes(hex: pythonHex)), "\(vector.name): Swift decodes Python's bytes to a different value")
        }
    }
}
