/// Unit symbols after a formatted number (CLDR's short forms: German and French write ml and l).
public enum UnitText: LocalizedMessage {
    case millilitres(String)
    case litres(String)
    case fluidOunces(String)
    case kilograms(String)
    case pounds(String)
    case kilometres(String)
    case metres(String)
    case kilocalories(String)
    case minutes(String)
    /// A unit's symbol alone, by the code the services use (`mL`, `L`, `fl-oz`, `kg`, `lb`).
    case symbol(String)

    public func text(_ l: Language) -> Localized {
        switch self {
        case .millilitres(let n): l.pick(en: "\(n) mL", de: "\(n) ml", fr: "\(n) ml")
        case .litres(let n): l.pick(en: "\(n) L", de: "\(n) l", fr: "\(n) l")
        case .fluidOunces(let n): l.pick(en: "\(n) fl oz", de: "\(n) fl oz", fr: "\(n) oz liq.")
        case .kilograms(let n): l.pick(en: "\(n) kg", de: "\(n) kg", fr: "\(n) kg")
        case .pounds(let n): l.pick(en: "\(n) lb", de: "\(n) lb", fr: "\(n) lb")
        case .kilometres(let n): l.pick(en: "\(n) km", de: "\(n) km", fr: "\(n) km")
        case .metres(let n): l.pick(en: "\(n) m", de: "\(n) m", fr: "\(n) m")
        case .kilocalories(let n): l.pick(en: "\(n) kcal", de: "\(n) kcal", fr: "\(n) kcal")
        case .minutes(let n): l.pick(en: "\(n) min", de: "\(n) Min.", fr: "\(n) min")
        case .symbol(let code):
            switch code {
            case "mL": l.pick(en: "mL", de: "ml", fr: "ml")
            case "L": l.pick(en: "L", de: "l", fr: "l")
            case "fl-oz": l.pick(en: "fl oz (US)", de: "fl oz (US)", fr: "oz liq. (US)")
            case "kg": l.pick(en: "kg", de: "kg", fr: "kg")
            case "lb": l.pick(en: "lb", de: "lb", fr: "lb")
            default: .verbatim(code)
            }
        }
    }
}
