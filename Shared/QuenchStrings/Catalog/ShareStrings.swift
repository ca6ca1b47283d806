/// `quench share`: the card, the chat text and the command's messages.
public enum ShareStrings: LocalizedMessage {
    case cardTitle
    case waterHeading
    case goalReached
    case challengesCaption
    case noChallenges
    case recordsHeading
    case noRecords
    case footer
    case ofGoal(String)
    case toGo(String)
    case stepsHeading(month: String)
    case steps(String)
    case challengesHeading(month: String)
    case firstBadgeAt(String)
    case badges(Int)
    case chatTitle
    case chatWater(total: String, goal: String, percent: String)
    case chatSteps(month: String, total: String, badges: String)
    case chatPoints(month: String, points: String)
    case chatRecords(String)
    case wrote(file: String, format: String)
    case textWithPNG
    case pngMissing(tool: String)
    case cannotRun(converter: String, why: String)
    case converterFailed(tool: String, status: Int32, path: String)
    case pngConvertedBy(String)
    case pngNeeds(String)

    public func text(_ l: Language) -> Localized {
        switch self {
        case .cardTitle: l.pick(en: "My progress", de: "Mein Fortschritt", fr: "Mes progrès")
        case .waterHeading: l.pick(en: "Water today", de: "Wasser heute", fr: "Eau aujourd’hui")
        case .goalReached: l.pick(en: "Goal reached", de: "Ziel erreicht", fr: "Objectif atteint")
        case .challengesCaption: l.pick(en: "points", de: "Punkte", fr: "points")
        case .noChallenges: l.pick(en: "No challenge completed yet", de: "Noch keine Herausforderung geschafft", fr: "Aucun défi réussi pour l’instant")
        case .recordsHeading: l.pick(en: "One-rep max records", de: "Bestwerte Maximalkraft", fr: "Records sur une répétition")
        case .noRecords: l.pick(en: "No lifts yet", de: "Noch keine Hebungen", fr: "Pas encore de levées")
        case .footer: l.pick(en: "Shared from Quench", de: "Geteilt aus Quench", fr: "Partagé depuis Quench")
        case .ofGoal(let goal): l.pick(en: "of \(goal)", de: "von \(goal)", fr: "sur \(goal)")
        case .toGo(let remaining): l.pick(en: "\(remaining) to go", de: "noch \(remaining)", fr: "encore \(remaining)")
        case .stepsHeading(let month): l.pick(en: "Steps · \(month)", de: "Schritte · \(month)", fr: "Pas · \(month)")
        case .steps(let total): l.pick(en: "\(total) steps", de: "\(total) Schritte", fr: "\(total) pas")
        case .challengesHeading(let month): l.pick(en: "Challenges · \(month)", de: "Herausforderungen · \(month)", fr: "Défis · \(month)")
        case .firstBadgeAt(let steps): l.pick(en: "first badge at \(steps)", de: "erstes Abzeichen bei \(steps)", fr: "premier badge à \(steps)")
        case .badges(let count):
            l.plural(count, en: Plural(one: "\(count) badge", other: "\(count) badges"), de: Plural(one: "\(count) Abzeichen", other: "\(count) Abzeichen"),
                     fr: Plural(one: "\(count) badge", other: "\(count) badges"))
        case .chatTitle: l.pick(en: "My Quench progress", de: "Mein Fortschritt mit Quench", fr: "Mes progrès Quench")
        case .chatWater(let total, let goal, let percent):
            l.pick(en: "💧 Water today: \(total) of \(goal) (\(percent))", de: "💧 Wasser heute: \(total) von \(goal) (\(percent))", fr: "💧 Eau aujourd’hui : \(total) sur \(goal) (\(percent))")
        case .chatSteps(let month, let total, let badges):
            l.pick(en: "👟 Steps in \(month): \(total) · \(badges)", de: "👟 Schritte im \(month): \(total) · \(badges)", fr: "👟 Pas en \(month) : \(total) · \(badges)")
        case .chatPoints(let month, let points):
            l.pick(en: "🏆 Challenge points in \(month): \(points)", de: "🏆 Punkte aus Herausforderungen im \(month): \(points)", fr: "🏆 Points de défis en \(month) : \(points)")
        case .chatRecords(let records):
            l.pick(en: "🏋 One-rep max records: \(records)", de: "🏋 Bestwerte Maximalkraft: \(records)", fr: "🏋 Records sur une répétition : \(records)")
        case .wrote(let file, let format):
            l.pick(en: "Wrote the \(format) card to \(file).", de: "\(format)-Karte nach \(file) geschrieben.", fr: "Carte \(format) écrite dans \(file).")
        case .textWithPNG:
            l.pick(
                en: "--text and --png: a PNG needs the card, not the text; choose one",
                de: "--text und --png: ein PNG braucht die Karte, nicht den Text; eines wählen",
                fr: "--text et --png : un PNG exige la carte, pas le texte ; choisissez")
        case .pngMissing(let tool):
            l.pick(
                en: "--png: \(tool) is not on PATH; install librsvg's converter (Debian/Ubuntu: apt-get install librsvg2-bin) or write the SVG with --out FILE",
                de: "--png: \(tool) ist nicht im PATH; den Konverter von librsvg installieren (Debian/Ubuntu: apt-get install librsvg2-bin) oder das SVG mit --out DATEI schreiben",
                fr: "--png : \(tool) n’est pas dans le PATH ; installez le convertisseur de librsvg (Debian/Ubuntu : apt-get install librsvg2-bin) ou écrivez le SVG avec --out FICHIER")
        case .cannotRun(let converter, let why):
            l.pick(en: "--png: cannot run \(converter): \(why)", de: "--png: \(converter) lässt sich nicht starten: \(why)", fr: "--png : impossible de lancer \(converter) : \(why)")
        case .converterFailed(let tool, let status, let path):
            l.pick(
                en: "--png: \(tool) failed (exit \(String(status))) writing \(path)", de: "--png: \(tool) ist beim Schreiben von \(path) gescheitert (Exit \(String(status)))",
                fr: "--png : \(tool) a échoué (sortie \(String(status))) en écrivant \(path)")
        case .pngConvertedBy(let tool): l.pick(en: "PNG: converted by \(tool).", de: "PNG: umgewandelt von \(tool).", fr: "PNG : converti par \(tool).")
        case .pngNeeds(let tool):
            l.pick(
                en: "PNG needs \(tool) (librsvg), not on PATH here:\ninstall it (Debian/Ubuntu: apt-get install librsvg2-bin).",
                de: "PNG braucht \(tool) (librsvg), hier nicht im PATH:\ninstallieren (Debian/Ubuntu: apt-get install librsvg2-bin).",
                fr: "Le PNG exige \(tool) (librsvg), absent du PATH ici :\ninstallez-le (Debian/Ubuntu : apt-get install librsvg2-bin).")
        }
    }
}
