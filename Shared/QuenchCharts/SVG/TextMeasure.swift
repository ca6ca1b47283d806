/// Estimates of how wide text is drawn, for layout without a font engine: an average
/// advance per character of a sans-serif face (wide letters and digits ~0.6 em, narrow
/// ones less), on the generous side so text fits.
public enum TextMeasure {
    public static func width(_ text: String, fontSize: Double, bold: Bool = false) -> Double {
        var ems = 0.0
        for character in text {
            ems += advance(character)
        }
        return ems * fontSize * (bold ? 1.08 : 1)
    }

    /// `text` cut with an ellipsis so it is at most `maxWidth` wide.
    public static func fit(_ text: String, maxWidth: Double, fontSize: Double, bold: Bool = false) -> String {
        guard width(text, fontSize: fontSize, bold: bold) > maxWidth else { return text }
        var kept = ""
        for character in text {
            if width(kept + String(character) + "…", fontSize: fontSize, bold: bold) > maxWidth { break }
            kept.append(character)
        }
        return kept.trimmingCharacters(while: { $0 == " " }) + "…"
    }

    private static func advance(_ character: Character) -> Double {
        if "iIl.,:;'|!j ".contains(character) { return 0.32 }
        if "mwMW@".contains(character) { return 0.9 }
        if character.isUppercase { return 0.7 }
        if let scalar = character.unicodeScalars.first, scalar.value >= 0x1100 { return 1.0 }
        return 0.6
    }
}
