/// Arguments that start with `-` and a digit (`-5ml`, `-1`, `-.5l`) are amounts, never
/// options (no `quench` option is a digit), but argument-parser reads them as short options
/// and answers "Missing expected argument". They are handed over so that it reads them as
/// values and the command judges them by its rule: after an option that takes a value as
/// `--option=-5ml`, else as a positional after `--` at the end.
enum NegativeArguments {
    /// Options of `quench` that take no value (every other `--name` takes one).
    static let flags: Set<String> = [
        "--json", "--insecure", "--yes", "--health", "--strict", "--catalog", "--delete-data", "--help", "-h",
        "--version",
    ]

    static func isNegativeNumber(_ argument: String) -> Bool {
        let bytes = Array(argument.utf8)
        guard bytes.count >= 2, bytes[0] == UInt8(ascii: "-") else { return false }
        let next = bytes[1] == UInt8(ascii: ".") && bytes.count >= 3 ? bytes[2] : bytes[1]
        return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next)
    }

    static func prepared(_ arguments: [String]) -> [String] {
        guard !arguments.contains("--"), arguments.contains(where: isNegativeNumber) else { return arguments }
        var kept: [String] = []
        var positional: [String] = []
        for argument in arguments {
            guard isNegativeNumber(argument) else {
                kept.append(argument)
                continue
            }
            if let previous = kept.last, previous.hasPrefix("--"), !previous.contains("="), !flags.contains(previous) {
                kept[kept.count - 1] = "\(previous)=\(argument)"
            } else {
                positional.append(argument)
            }
        }
        return positional.isEmpty ? kept : kept + ["--"] + positional
    }
}
