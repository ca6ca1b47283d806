import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An SVG document parsed with Foundation's XMLParser: every element in document order
/// with its attributes and text, or a parse error.
public struct ParsedSVG {
    public struct Element {
        public var name: String
        public var attributes: [String: String]
        public var text: String

        public var classes: [String] { (attributes["class"] ?? "").split(separator: " ").map(String.init) }
    }

    public var elements: [Element] = []

    public init(_ text: String) throws {
        let collector = Collector()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = collector
        guard parser.parse() else {
            throw ParseFailure(description: "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "?") at line \(parser.lineNumber)")
        }
        elements = collector.elements
    }

    /// The elements with `name` (`class` attribute) among their classes.
    public func withClass(_ name: String) -> [Element] {
        elements.filter { $0.classes.contains(name) }
    }

    public var root: Element? { elements.first }

    public struct ParseFailure: Error, CustomStringConvertible {
        public var description: String
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var elements: [Element] = []
        private var open: [Int] = []

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            elements.append(Element(name: name, attributes: attributes, text: ""))
            open.append(elements.count - 1)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            _ = open.popLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let index = open.last { elements[index].text += string }
        }
    }
}
