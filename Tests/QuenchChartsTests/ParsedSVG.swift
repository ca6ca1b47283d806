import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// An SVG document parsed with Foundation's XMLParser: every element in document order
/// with its attributes and text, or a parse error.
struct ParsedSVG {
    struct Element {
        var name: String
        var attributes: [String: String]
        var text: String

        var classes: [String] { (attributes["class"] ?? "").split(separator: " ").map(String.init) }
    }

    var elements: [Element] = []

    init(_ text: String) throws {
        let collector = Collector()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = collector
        guard parser.parse() else {
            throw ParseFailure(description: "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "?") at line \(parser.lineNumber)")
        }
        elements = collector.elements
    }

    /// The elements with `name` (`class` attribute) among their classes.
    func withClass(_ name: String) -> [Element] {
        elements.filter { $0.classes.contains(name) }
    }

    var root: Element? { elements.first }

    struct ParseFailure: Error, CustomStringConvertible {
        var description: String
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
