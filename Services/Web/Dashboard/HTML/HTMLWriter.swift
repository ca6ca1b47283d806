public import QuenchCharts

/// Writes HTML text. Every text and attribute value goes through one escape — the one the
/// SVG charts use (`SVGWriter.escape`: `&`, `<`, `>`, `"`, `'` as entities, characters XML
/// does not allow as U+FFFD) — so a user's fluid or exercise name can never become markup.
/// The output is also well-formed XML (void elements closed with `/>`, every attribute
/// quoted), so the tests parse it with an XML parser.
///
/// The only way in for markup is ``svg(_:)``, which takes a finished `SVGWriter`, itself
/// escaped throughout.
public struct HTMLWriter: Sendable {
    private(set) var text = ""
    private var open: [String] = []

    public init() {
        text.reserveCapacity(16 * 1024)
    }

    /// `text` made safe for HTML text and attribute values (the one escape).
    public static func escape(_ text: String) -> String {
        SVGWriter.escape(text)
    }

    /// Opens `name`; ``end()`` closes it.
    public mutating func start(_ name: String, _ attributes: [(String, String?)] = []) {
        text += "<" + name + Self.attributes(attributes) + ">"
        open.append(name)
    }

    /// Closes the innermost open element.
    public mutating func end() {
        guard let name = open.popLast() else { return }
        text += "</" + name + ">"
    }

    /// `<name …>text</name>` (escaped text).
    public mutating func element(_ name: String, _ attributes: [(String, String?)] = [], text content: String) {
        text += "<" + name + Self.attributes(attributes) + ">" + Self.escape(content) + "</" + name + ">"
    }

    /// A void element: `<input …/>`, `<meta …/>`.
    public mutating func void(_ name: String, _ attributes: [(String, String?)] = []) {
        text += "<" + name + Self.attributes(attributes) + "/>"
    }

    /// Escaped text.
    public mutating func text(_ content: String) {
        text += Self.escape(content)
    }

    /// An inline SVG drawn with QuenchCharts' writer (escaped by it).
    public mutating func svg(_ drawing: SVGWriter) {
        text += drawing.finished()
    }

    /// Text of this writer's own making that contains no user data (the style sheet's
    /// link, a line break between blocks): written as is.
    mutating func trusted(_ markup: StaticString) {
        text += markup.description
    }

    /// The document so far, every open element closed.
    public func finished() -> String {
        var copy = self
        while !copy.open.isEmpty { copy.end() }
        return copy.text
    }

    /// Attributes with a nil value are left out; an empty value is written `name=""`.
    private static func attributes(_ attributes: [(String, String?)]) -> String {
        var out = ""
        for (name, value) in attributes {
            guard let value else { continue }
            out += " " + name + "=\"" + escape(value) + "\""
        }
        return out
    }
}
