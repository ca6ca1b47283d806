/// Writes SVG (XML) text, escaping every text and attribute value: `&`, `<`, `>`, `"` and
/// `'` become entities, and characters XML 1.0 does not allow (most control characters)
/// become U+FFFD, so any user-supplied name yields a well-formed document.
public struct SVGWriter: Sendable {
    private var text = ""
    private var open: [String] = []

    public init() {}

    /// `<svg …>` with the SVG namespace and a `viewBox` of `width` × `height`.
    public mutating func startDocument(width: Double, height: Double, attributes: [(String, String)] = []) {
        text += #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        start("svg", [
            ("xmlns", "http://www.w3.org/2000/svg"), ("width", SVGNumber.format(width)), ("height", SVGNumber.format(height)),
            ("viewBox", "0 0 \(SVGNumber.format(width)) \(SVGNumber.format(height))"),
        ] + attributes)
    }

    /// Opens an element; `end()` closes it.
    public mutating func start(_ name: String, _ attributes: [(String, String)] = []) {
        text += "<" + name + Self.attributes(attributes) + ">\n"
        open.append(name)
    }

    /// Closes the innermost open element.
    public mutating func end() {
        guard let name = open.popLast() else { return }
        text += "</" + name + ">\n"
    }

    /// An element without children: `<name …/>`, or `<name …>text</name>` with text.
    public mutating func element(_ name: String, _ attributes: [(String, String)] = [], text content: String? = nil) {
        if let content {
            text += "<" + name + Self.attributes(attributes) + ">" + Self.escape(content) + "</" + name + ">\n"
        } else {
            text += "<" + name + Self.attributes(attributes) + "/>\n"
        }
    }

    /// The document so far, every open element closed.
    public func finished() -> String {
        var copy = self
        while !copy.open.isEmpty { copy.end() }
        return copy.text
    }

    /// `text` made safe for XML character data and attribute values.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                let allowed = (value >= 0x20 && value < 0x7F) || (value >= 0xA0 && value != 0xFFFE && value != 0xFFFF)
                out.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return out
    }

    private static func attributes(_ attributes: [(String, String)]) -> String {
        attributes.map { " \($0.0)=\"\(escape($0.1))\"" }.joined()
    }
}

/// Numbers for SVG attributes: at most two decimals, no trailing zeros, never exponents.
public enum SVGNumber {
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        return AxisFormat.trimmed(value)
    }
}
