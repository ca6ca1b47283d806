import ArgumentParser
@testable import QuenchCLI
import QuenchProtocol
import Testing

/// How `quench` hands negative amounts to argument-parser and names the argument of a
/// parse error (issue 25 item 10).
@Suite("CLI argument handling")
struct ArgumentHandlingTests {
    @Test("negative numbers become values: positionals after --, option values joined")
    func negativeArguments() {
        #expect(NegativeArguments.prepared(["log", "-5ml"]) == ["log", "--", "-5ml"])
        #expect(NegativeArguments.prepared(["log", "-5ml", "--fluid", "tea", "--json"]) == ["log", "--fluid", "tea", "--json", "--", "-5ml"])
        #expect(NegativeArguments.prepared(["goal", "set", "--json", "-.5l"]) == ["goal", "set", "--json", "--", "-.5l"])
        #expect(NegativeArguments.prepared(["ping", "intake", "--timeout", "-1"]) == ["ping", "intake", "--timeout=-1"])
        #expect(NegativeArguments.prepared(["intakes", "edit", "abc", "--amount", "-3oz"]) == ["intakes", "edit", "abc", "--amount=-3oz"])
        // Unchanged: no negative number, options, a `--` already there.
        #expect(NegativeArguments.prepared(["log", "250", "--json"]) == ["log", "250", "--json"])
        #expect(NegativeArguments.prepared(["log", "-h"]) == ["log", "-h"])
        #expect(NegativeArguments.prepared(["log", "--", "-5"]) == ["log", "--", "-5"])
        // After a flag a negative number is a positional, not the flag's value.
        #expect(NegativeArguments.prepared(["goal", "set", "--json", "-1"]) == ["goal", "set", "--json", "--", "-1"])
    }

    @Test("the field of an argument error", arguments: [
        ("Missing expected argument '<amount>'", "amount"),
        ("Unknown option '--bogus'", "--bogus"),
        ("AMOUNT: 'lots' is not an amount; use 250, 250ml, 0.5l or 12oz", "AMOUNT"),
        ("VALUE: '-80kg' has no unit", "VALUE"),
        ("--timeout must be at least 0.1 and at most 600 seconds, got 0", "--timeout"),
        ("The value 'x' is invalid for '--count <count>'", "--count"),
        ("The value 'x' is invalid for '<value>'", "value"),
        ("The value '2026-02-30' is invalid for '--day <YYYY-MM-DD>'", "--day"),
    ] as [(String, String)])
    func field(message: String, field: String) {
        #expect(ArgumentFailure.field(in: message) == field)
    }

    @Test("a message that names no argument has no field")
    func noField() {
        #expect(ArgumentFailure.field(in: "nothing to change: give --amount, --fluid or --at") == nil)
    }

    @Test("--day is parsed once, by argument-parser: a real date, or its usage error naming the option and the format")
    func dayOption() throws {
        #expect(try Today.parse(["--day", "2024-02-29"]).day == LocalDay(year: 2024, month: 2, day: 29))
        #expect(try Intakes.List.parse(["--day", "2026-11-20"]).day == LocalDay(year: 2026, month: 11, day: 20))
        #expect(try Today.parse([]).day == nil)
        for bad in ["2026-02-30", "yesterday", "2026-1-1", "+026-01-01"] {
            do {
                _ = try Today.parse(["--day", bad])
                Issue.record("--day \(bad) was accepted")
            } catch {
                let message = Today.message(for: error)
                #expect(message.contains("'--day <YYYY-MM-DD>'"), "\(message)")
                #expect(ArgumentFailure.field(in: message) == "--day")
                #expect(Today.exitCode(for: error) == .validationFailure)
            }
        }
    }

    @Test("an amount is read once, when the command line is parsed; a bad one keeps its message, field and exit status")
    func amountArgument() throws {
        guard case .amount(let value, let unit) = try Log.parse(["0.5l"]).amount else {
            Issue.record("0.5l is an amount")
            return
        }
        #expect(value == 0.5 && unit == .liter)
        let cases: [([String], String, any ParsableCommand.Type)] = [
            (["lots"], "AMOUNT: 'lots' is not an amount; use 250, 250ml, 0.5l or 12oz", Log.self),
            (["lots"], "AMOUNT: 'lots' is not an amount; use 3000, 3000ml, 2.5l or 100oz", Goal.Set.self),
            (["abc", "--amount", "x"], "--amount: 'x' is not an amount; use 250, 250ml, 0.5l or 12oz", Intakes.Edit.self),
        ]
        for (arguments, expected, command) in cases {
            do {
                _ = try command.parseAsRoot(arguments)
                Issue.record("\(command) \(arguments) was accepted")
            } catch {
                #expect(command.message(for: error) == expected)
                #expect(command.exitCode(for: error) == .validationFailure)
            }
        }
    }
}
