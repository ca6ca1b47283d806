import Foundation
import Testing

/// `quench log`, `intakes`, `fluids` and `status`, run as the built binary against the real intake service.
@Suite("CLI: hydration", .serialized)
struct CLIHydrationTests {
    @Test("log in each unit, list, edit and delete — human and --json")
    func logListEditDelete() throws {
        let folder = temporaryDirectory("cli-hydration")
        let intake = try ServiceProcess("intake", dataDirectory: folder.appendingPathComponent("intake"))
        let cli = CLIRunner(configPath: try CLIRunner.writeConfig([intake], to: folder), timeZone: "Europe/Berlin")

        let human = try cli.run(["log", "250ml", "--tz", "Europe/Berlin"])
        #expect(human.status == 0, "\(human.stderr)")
        #expect(human.stdout.contains("Logged 250 mL water"))

        // A wall-clock time of today in Berlin that is never in the future, whatever the hour
        // the suite runs at (08:30 was refused as future-dated between 00:00 and 08:35 there),
        // and the UTC time it stands for.
        var berlin = Calendar(identifier: .gregorian)
        berlin.timeZone = try #require(TimeZone(identifier: "Europe/Berlin"))
        let midnight = berlin.startOfDay(for: Date())
        let utc = DateFormatter()
        utc.locale = Locale(identifier: "en_US_POSIX")
        utc.timeZone = TimeZone(identifier: "UTC")
        utc.dateFormat = "HH:mm:ss'Z'"
        let coffee = try cli.run(["log", "0.5l", "--fluid", "coffee", "--at", "00:00", "--json", "--tz", "Europe/Berlin"])
        #expect(coffee.status == 0, "\(coffee.stderr)")
        let record = try coffee.json()
        #expect(record["volumeMl"] as? Double == 500)
        #expect(record["waterMl"] as? Double == 495)
        #expect(record["fluid"] as? String == "coffee")
        #expect((record["at"] as? String)?.hasSuffix(utc.string(from: midnight)) == true, "\(record["at"] ?? "")")
        let id = try #require(record["id"] as? String)
        #expect(record["day"] as? String != nil)

        let ounces = try cli.run(["log", "12oz", "--fluid", "milk", "--json"])
        #expect(try ounces.json()["volumeMl"] as? Double == 354.882)

        let list = try cli.run(["intakes", "--json", "--tz", "Europe/Berlin"])
        let intakes = try #require(try list.json()["intakes"] as? [[String: Any]])
        #expect(intakes.count == 3)
        #expect(Set(intakes.compactMap { $0["id"] as? String }).contains(id))
        for intake in intakes {
            for field in ["id", "fluid", "volumeMl", "waterMl", "at"] {
                #expect(intake[field] != nil, "intakes[].\(field) missing")
            }
        }
        let table = try cli.run(["intakes", "--tz", "Europe/Berlin"])
        #expect(table.stdout.contains("FLUID") && table.stdout.contains("coffee") && table.stdout.contains("Total water"))

        let edited = try cli.run(["intakes", "edit", id, "--amount", "330ml", "--fluid", "juice", "--json"])
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(try edited.json()["waterMl"] as? Double == 290.4)

        let removed = try cli.run(["intakes", "rm", id, "--json"])
        #expect(try removed.json()["deleted"] as? Bool == true)
        let again = try cli.run(["intakes", "rm", id])
        #expect(again.status == 65)
        #expect(again.stderr.contains("no intake"))
        intake.stop()
    }

    @Test("fluids list and add; errors name the field; exit codes per kind")
    func fluidsAndErrors() throws {
        let folder = temporaryDirectory("cli-fluids")
        let intake = try ServiceProcess("intake", dataDirectory: folder.appendingPathComponent("intake"))
        let cli = CLIRunner(configPath: try CLIRunner.writeConfig([intake], to: folder))

        let fluids = try cli.run(["fluids", "--json"])
        let names = try #require(try fluids.json()["fluids"] as? [[String: Any]]).compactMap { $0["name"] as? String }
        #expect(names.contains("sports drink") && names.contains("beer"))
        let added = try cli.run(["fluids", "add", "Kombucha", "--water", "97.5", "--json"])
        #expect(try added.json()["waterPercent"] as? Double == 97.5)
        let duplicate = try cli.run(["fluids", "add", "kombucha", "--water", "90", "--json"])
        #expect(duplicate.status == 65)
        #expect(try duplicate.jsonError()["code"] as? String == "already_exists")

        // Validation by the service: the field and the rule, exit 65.
        let tooMuch = try cli.run(["log", "7l", "--json"])
        #expect(tooMuch.status == 65)
        let error = try tooMuch.jsonError()
        #expect(error["code"] as? String == "invalid_argument")
        #expect(error["field"] as? String == "volume")
        #expect((error["message"] as? String)?.contains("6000") == true)

        let unknown = try cli.run(["log", "250", "--fluid", "lava"])
        #expect(unknown.status == 65)
        #expect(unknown.stderr.hasPrefix("error: fluid: no fluid named 'lava'"))
        #expect(unknown.stderr.split(separator: "\n").count == 1)

        // Usage errors: exit 64 with the rule.
        let usage = try cli.run(["log", "a-lot"])
        #expect(usage.status == 64)
        #expect(usage.stderr.contains("not an amount"))
        let noUser = try CLIRunner(configPath: cli.configPath, user: nil).run(["intakes"])
        #expect(noUser.status == 64)
        #expect(noUser.stderr.contains("no user"))

        // Service down: exit 69 naming it and how to start it.
        intake.stop()
        let down = try CLIRunner(configPath: cli.configPath).run(["intakes", "--timeout", "0.3"])
        #expect(down.status == 69)
        #expect(down.stderr.contains("intake is not answering") && down.stderr.contains("quench up"))
    }

    @Test("status shows every service and fails naming the one that is down")
    func status() throws {
        let folder = temporaryDirectory("cli-status")
        let intake = try ServiceProcess("intake", dataDirectory: folder.appendingPathComponent("intake"))
        let goals = try ServiceProcess("goals", dataDirectory: folder.appendingPathComponent("goals"))
        let health = try ServiceProcess("health-ingest", dataDirectory: folder.appendingPathComponent("health"))
        let analytics = try ServiceProcess("analytics", dataDirectory: folder.appendingPathComponent("analytics"))
        let cli = CLIRunner(configPath: try CLIRunner.writeConfig([intake, goals, health, analytics], to: folder))

        let all = try cli.run(["status", "--json"])
        #expect(all.status == 0, "\(all.stderr)")
        let services = try #require(try all.json()["services"] as? [[String: Any]])
        #expect(services.count == 4)
        for service in services {
            #expect(service["up"] as? Bool == true)
            for field in ["name", "endpoint", "version", "uptimeSeconds", "roundTripMs", "headSeq"] {
                #expect(service[field] != nil, "status services[].\(field) missing")
            }
        }
        goals.stop()
        let one = try cli.run(["status", "--timeout", "0.5"])
        #expect(one.status == 69)
        #expect(one.stdout.contains("down"))
        #expect(one.stderr.contains("goals"))
        intake.stop()
        health.stop()
        analytics.stop()
    }
}
