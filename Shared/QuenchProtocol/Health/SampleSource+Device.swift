extension SampleSource {
    /// Apple writes devices as `<<HKDevice: 0x283a54f00>, name:iPhone, manufacturer:Apple Inc., …>`;
    /// the object address differs from record to record, so it is dropped and the rest kept
    /// (`name:iPhone, manufacturer:Apple Inc., …`). Other text is returned as it is.
    public static func normalizedDevice(_ raw: String) -> String {
        guard raw.hasPrefix("<<HKDevice:"), let close = raw.utf8.firstRange(of: ">, ".utf8) else { return raw }
        var rest = raw[close.upperBound...]
        if rest.hasSuffix(">") {
            rest = rest.dropLast()
        }
        return String(rest)
    }
}
