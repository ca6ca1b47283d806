extension SampleSource {
    /// Apple writes devices as `<<HKDevice: 0x283a54f00>, name:iPhone, manufacturer:Apple Inc., …>`;
    /// the object address differs from record to record, so it is dropped and the rest kept
    /// (`name:iPhone, manufacturer:Apple Inc., …`). Other text is returned as it is.
    public static func normalizedDevice(_ raw: String) -> String {
        let utf8 = raw.utf8
        guard utf8.starts(with: "<<HKDevice:".utf8) else { return raw }
        // A byte scan: the generic `firstRange(of:)` costs more than parsing the whole record.
        var start: String.Index?
        var previous2: UInt8 = 0
        var previous: UInt8 = 0
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            utf8.formIndex(after: &index)
            if previous2 == UInt8(ascii: ">"), previous == UInt8(ascii: ","), byte == UInt8(ascii: " ") {
                start = index
                break
            }
            previous2 = previous
            previous = byte
        }
        guard let start else { return raw }
        var end = utf8.endIndex
        if start != end, utf8[utf8.index(before: end)] == UInt8(ascii: ">") {
            end = utf8.index(before: end)
        }
        return String(raw[start..<end])
    }
}
