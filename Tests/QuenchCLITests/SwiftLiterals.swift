/// The string literals of a Swift source file, found by a small scanner that knows
/// comments, `"…"`, `"""…"""`, raw strings (`#"…"#`) and interpolations (`\(…)`, with
/// literals nested inside): what the catalog lint (``CatalogLintTests``) reads.
struct SwiftLiteral: Equatable {
    /// 1-based line of the opening quote.
    var line: Int
    /// The literal's text with every interpolation replaced by `{}`.
    var text: String
    /// The source on the opening line before the literal (for `help:` / `abstract:`).
    var before: String
}

enum SwiftLiterals {
    static func scan(_ source: String) -> [SwiftLiteral] {
        let chars = Array(source)
        var literals: [SwiftLiteral] = []
        var index = 0
        var line = 1
        var lineStart = 0

        func peek(_ offset: Int = 0) -> Character? {
            index + offset < chars.count ? chars[index + offset] : nil
        }

        /// Reads a literal whose opening quote(s) start at `index` (after `hashes` #s).
        func readLiteral(hashes: Int) -> SwiftLiteral {
            let startLine = line
            let before = String(chars[lineStart..<max(lineStart, index - hashes)])
            let multiline = peek() == "\"" && peek(1) == "\"" && peek(2) == "\""
            index += multiline ? 3 : 1
            var text = ""
            let close = String(repeating: "\"", count: multiline ? 3 : 1) + String(repeating: "#", count: hashes)
            let escape = "\\" + String(repeating: "#", count: hashes)
            while index < chars.count {
                if String(chars[index..<min(chars.count, index + close.count)]) == close {
                    index += close.count
                    break
                }
                if String(chars[index..<min(chars.count, index + escape.count)]) == escape {
                    index += escape.count
                    if peek() == "(" {
                        skipInterpolation()
                        text += "{}"
                    } else if let escaped = peek() {
                        text.append(escaped == "n" ? "\n" : escaped)
                        index += 1
                    }
                    continue
                }
                if chars[index] == "\n" {
                    line += 1
                    lineStart = index + 1
                }
                text.append(chars[index])
                index += 1
            }
            return SwiftLiteral(line: startLine, text: text, before: before)
        }

        /// Skips `(…)` of an interpolation, recording literals inside it.
        func skipInterpolation() {
            var depth = 0
            while index < chars.count {
                let character = chars[index]
                if character == "(" { depth += 1 }
                if character == ")" {
                    depth -= 1
                    if depth == 0 {
                        index += 1
                        return
                    }
                }
                if character == "\"" {
                    literals.append(readLiteral(hashes: 0))
                    continue
                }
                if character == "\n" {
                    line += 1
                    lineStart = index + 1
                }
                index += 1
            }
        }

        while index < chars.count {
            let character = chars[index]
            if character == "\n" {
                line += 1
                index += 1
                lineStart = index
            } else if character == "/" && peek(1) == "/" {
                while index < chars.count && chars[index] != "\n" { index += 1 }
            } else if character == "/" && peek(1) == "*" {
                index += 2
                while index < chars.count && !(chars[index] == "*" && peek(1) == "/") {
                    if chars[index] == "\n" {
                        line += 1
                        lineStart = index + 1
                    }
                    index += 1
                }
                index += 2
            } else if character == "#" {
                var hashes = 0
                while peek(hashes) == "#" { hashes += 1 }
                if peek(hashes) == "\"" {
                    index += hashes
                    literals.append(readLiteral(hashes: hashes))
                } else {
                    index += hashes
                }
            } else if character == "\"" {
                literals.append(readLiteral(hashes: 0))
            } else {
                index += 1
            }
        }
        return literals.sorted { $0.line < $1.line }
    }
}
