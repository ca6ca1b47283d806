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
        ("AMOUNT : 'lots' n’est pas une quantité ; utilisez 250, 250ml, 0.5l ou 12oz", "AMOUNT"),  // French spacing (#30)
        ("--water doit être supérieur à 0 et au plus 100, reçu 200", "--water"),
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

/// `--user`, `--tz` and `--timeout` are read once, by their rules, when argument-parser reads
/// the command line (issue 28 item 5).
@Suite("CLI global options")
struct GlobalOptionTests {
    @Test("--user by the user id rule; a refused id keeps the rule's message for --user or QUENCH_USER")
    func user() throws {
        #expect(try GlobalOptions.parse(["--user", "ana.b@x"]).user == .valid("ana.b@x"))
        #expect(try GlobalOptions.parse([]).user == nil)
        for bad in ["a/b", "x y", String(repeating: "u", count: 65)] {
            let option = try GlobalOptions.parse(["--user", bad]).user
            #expect(option == .invalid(bad))
            #expect(throws: CLIError.self) { try option?.id(source: "--user") }
        }
        do {
            _ = try UserArgument(argument: "bob/evil").id(source: "QUENCH_USER")
            Issue.record("a bad QUENCH_USER was accepted")
        } catch let error as CLIError {
            #expect(error.field == "QUENCH_USER" && error.exitCode == 64, "\(error)")
            #expect(error.message.contains("1 to 64 characters of letters, digits"), "\(error)")
        }
    }

    @Test("--tz by the services' zone rule, kept as typed; a refused name names --tz and the rule")
    func zone() throws {
        #expect(try GlobalOptions.parse(["--tz", "UTC"]).tz == .valid(ZoneID("UTC")!))
        #expect(try GlobalOptions.parse(["--tz", "Europe/Berlin"]).tz?.zone().identifier == "Europe/Berlin")
        for bad in ["Mars/Olympus", "UTC+5", "GMT+0500", "europe/berlin"] {
            let option = try GlobalOptions.parse(["--tz", bad]).tz
            #expect(option == .invalid(bad))
            do {
                _ = try option?.zone()
                Issue.record("--tz \(bad) was accepted")
            } catch {
                #expect("\(error)".contains("--tz: '\(bad)' is not an IANA time zone"), "\(error)")
            }
        }
    }

    @Test("--timeout: a number within 0.1…600 s; outside it the range's message; no number is argument-parser's error")
    func timeout() throws {
        #expect(try GlobalOptions.parse(["--timeout", "2.5"]).timeout?.duration == .milliseconds(2500))
        #expect(try GlobalOptions.parse(["--timeout", "0.1"]).timeout?.seconds == 0.1)
        #expect(try GlobalOptions.parse(["--timeout", "600"]).timeout?.seconds == 600)
        for (bad, shown) in [("0", "0"), ("-1", "-1"), ("600.5", "600.5")] {
            do {
                _ = try GlobalOptions.parse(["--timeout=\(bad)"])
                Issue.record("--timeout \(bad) was accepted")
            } catch {
                #expect(GlobalOptions.message(for: error) == "--timeout must be at least 0.1 and at most 600 seconds, got \(shown)")
                #expect(GlobalOptions.exitCode(for: error) == .validationFailure)
            }
        }
        do {
            _ = try GlobalOptions.parse(["--timeout", "soon"])
            Issue.record("--timeout soon was accepted")
        } catch {
            let message = GlobalOptions.message(for: error)
            #expect(ArgumentFailure.field(in: message) == "--timeout", "\(message)")
            #expect(GlobalOptions.exitCode(for: error) == .validationFailure)
        }
    }
}
