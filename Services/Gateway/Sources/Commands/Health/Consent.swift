import ArgumentParser
import Foundation
import QuenchProtocol
import QuenchStrings

/// `quench consent`, `quench consent grant TYPE…`, `quench consent revoke TYPE… [--delete-data]`
struct Consent: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Which health data Quench may store and use.",
        discussion: HelpText.reflow("""
            Types: steps, body-mass, distance, dietary-water, workouts. Data of a type without
            consent is not stored (imports count it as skipped). Revoking stops its use
            everywhere at once, and stays so after `quench analytics rebuild`: steps leave the
            steps chart, badges and step challenges; distance the walking distance challenges;
            workouts the one-rep maxes (quench orm), the workouts list (quench workouts) and the
            running challenges; dietary water stops counting as drinks (quench today,
            history, intakes); body-mass stops the auto goal (back to your manual goal, else
            2500 mL, from today). The data is kept: granting again counts it again, without a
            re-import. --delete-data also deletes what is stored.
            """),
        subcommands: [List.self, Grant.self, Revoke.self],
        defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Show each consent.")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await CLI.run(global) { gateway, output in
                let reply: ConsentListReply = try await gateway.call(.consentList, ConsentListRequest())
                try Consent.print(reply, output: output, zone: gateway.timeZone)
            }
        }
    }

    struct Grant: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Allow Quench to store and use these types.",
            discussion: HelpText.reflow("""
                Data kept from before a revoke counts again at once.
                Example: quench consent grant steps body-mass
                """))

        @OptionGroup var global: GlobalOptions

        @Argument(help: "steps, body-mass, distance, dietary-water, workouts")
        var types: [String]

        func validate() throws {
            try Consent.validate(types)
        }

        func run() async throws {
            try await CLI.run(global) { gateway, output in
                let reply: ConsentListReply = try await gateway.call(.consentGrant, ConsentChangeRequest(types: types))
                try Consent.print(reply, output: output, zone: gateway.timeZone)
            }
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Stop Quench using these types (and with --delete-data delete them).",
            discussion: HelpText.reflow("""
                Stops counting the types everywhere at once; the data is kept until --delete-data.
                Example: quench consent revoke body-mass --delete-data
                """))

        @OptionGroup var global: GlobalOptions

        @Argument(help: "steps, body-mass, distance, dietary-water, workouts")
        var types: [String]

        @Flag(help: "Also delete the stored data of these types (granting again brings nothing back).")
        var deleteData = false

        func validate() throws {
            try Consent.validate(types)
        }

        func run() async throws {
            try await CLI.run(global) { gateway, output in
                let reply: ConsentListReply = try await gateway.call(.consentRevoke,
                    ConsentChangeRequest(types: types, deleteData: deleteData ? true : nil))
                try Consent.print(reply, output: output, zone: gateway.timeZone)
            }
        }
    }

    static func validate(_ types: [String]) throws {
        guard !types.isEmpty else {
            throw ValidationError(tr(HealthText.nameAType(types: ConsentType.allCases.map(\.rawValue).joined(separator: ", "))))
        }
        for type in types where ConsentType(rawValue: type.lowercased()) == nil {
            throw ValidationError(tr(HealthText.notAConsentType(type: type, types: ConsentType.allCases.map(\.rawValue).joined(separator: ", "))))
        }
    }

    static func print(_ reply: ConsentListReply, output: Output, zone: String) throws {
        try output.emit(reply) {
            var table = Table(columns(HealthText.consentHeaders), alignments: [.left, .left, .left])
            for consent in reply.consents {
                table.add([
                    consent.type, consent.granted ? output.style.green(tr(HealthText.granted)) : output.style.dim(tr(HealthText.notGranted)),
                    consent.since.map { Format.dayAndTime($0, zone: zone) } ?? "",
                ])
            }
            var text = table.render(style: output.style)
            for (type, count) in (reply.deleted ?? [:]).sorted(by: { $0.key < $1.key }) {
                text += "\n" + tr(HealthText.deletedSamples(count: count, type: type))
            }
            return text
        }
    }
}
