/// `quench steps` (terminal and SVG) and the steps parts of `quench share`.
public enum StepsText: LocalizedMessage {
    /// The SVG chart's title: "Steps · October 2026".
    case svgTitle(month: String)
    /// "Total: 123,456 steps".
    case total(String)
    /// "Badges: 3"; then `nextBadge` when one is still to earn.
    case badges(Int)
    case nextBadge(at: String, toGo: String)
    case wroteChart(String)
    /// `quench steps --svg FILE`'s refusals.
    case unexpectedFile(String)
    case twoFiles(svg: String, out: String)
    case svgWithJSON
    /// An axis label in thousands: `12k`, `12 Tsd.`, `12 k`.
    case thousands(String)
    /// An axis label in millions: `1.5M`.
    case millions(String)

    public func text(_ l: Language) -> Localized {
        switch self {
        case .svgTitle(let month): l.pick(en: "Steps · \(month)", de: "Schritte · \(month)", fr: "Pas · \(month)")
        case .total(let steps): l.pick(en: "Total: \(steps) steps", de: "Gesamt: \(steps) Schritte", fr: "Total : \(steps) pas")
        case .badges(let count): l.pick(en: "Badges: \(count)", de: "Abzeichen: \(count)", fr: "Badges : \(count)")
        case .nextBadge(let at, let toGo):
            l.pick(en: " · next at \(at) (\(toGo) to go)", de: " · nächstes bei \(at) (noch \(toGo))", fr: " · prochain à \(at) (encore \(toGo))")
        case .wroteChart(let file):
            l.pick(en: "Wrote the steps chart to \(file).", de: "Schrittdiagramm nach \(file) geschrieben.", fr: "Graphique des pas écrit dans \(file).")
        case .unexpectedFile(let file):
            l.pick(
                en: "unexpected argument '\(file)': a file name goes after --svg or --out",
                de: "unerwartetes Argument '\(file)': ein Dateiname gehört hinter --svg oder --out",
                fr: "argument inattendu '\(file)' : un nom de fichier se place après --svg ou --out")
        case .twoFiles(let svg, let out):
            l.pick(
                en: "--svg \(svg) and --out \(out): name one file",
                de: "--svg \(svg) und --out \(out): nur eine Datei angeben",
                fr: "--svg \(svg) et --out \(out) : indiquez un seul fichier")
        case .svgWithJSON:
            l.pick(
                en: "--svg with --json needs --out FILE: stdout carries the JSON",
                de: "--svg mit --json braucht --out DATEI: die Standardausgabe trägt das JSON",
                fr: "--svg avec --json exige --out FICHIER : la sortie standard porte le JSON")
        case .thousands(let n): l.pick(en: "\(n)k", de: "\(n) Tsd.", fr: "\(n) k")
        case .millions(let n): l.pick(en: "\(n)M", de: "\(n) Mio.", fr: "\(n) M")
        }
    }
}
