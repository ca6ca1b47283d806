/// Short numbers for axis labels: `0`, `750`, `2.5k`, `12.5k`, `1.25k`, `1.5M`.
public enum AxisFormat {
    public static func compact(_ value: Double) -> String {
        let magnitude = abs(value)
        if magnitude >= 1_000_000 { return trimmed(value / 1_000_000) + "M" }
        if magnitude >= 1_000 { return trimmed(value / 1_000) + "k" }
        return trimmed(value)
    }

    /// At most two decimals, without trailing zeros.
    static func trimmed(_ value: Double) -> String {
        let hundredths = Int64((value * 100).rounded())
        let whole = hundredths / 100
        var fraction = abs(hundredths % 100)
        guard fraction != 0 else { return "\(whole)" }
        var digits = fraction < 10 ? "0\(fraction)" : "\(fraction)"
        if fraction % 10 == 0 {
            fraction /= 10
            digits = "\(fraction)"
        }
        return (hundredths < 0 && whole == 0 ? "-" : "") + "\(whole).\(digits)"
    }
}
