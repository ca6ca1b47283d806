import Foundation

/// Number formatting for the report.
enum Format {
    static func fixed(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }

    static func micros(_ value: Double) -> String {
        value >= 100 ? fixed(value, 0) : fixed(value, 1)
    }

    static func ratio(_ value: Double) -> String {
        fixed(value, 2) + "×"
    }

    static func grouped(_ value: Double) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.maximumFractionDigits = 0
        formatter.groupingSeparator = ","
        return formatter.string(from: NSNumber(value: value.rounded())) ?? fixed(value, 0)
    }
}
