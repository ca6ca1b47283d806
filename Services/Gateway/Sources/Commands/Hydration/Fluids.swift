import ArgumentParser
import Foundation
import QuenchProtocol
import QuenchStrings

/// `quench fluids`, `quench fluids add NAME --water PERCENT`, `quench fluids edit NAME …`
struct Fluids: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The fluids you can log and their water content.",
        subcommands: [List.self, Add.self, Edit.self],
        defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List fluids.")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await CLI.run(global) { gateway, output in
                let reply: ListFluidsReply = try await gateway.call(.fluidsList, ListFluidsRequest())
                try output.emit(reply) {
                    var table = Table(columns(HydrationText.fluidsHeaders), alignments: [.left, .right, .left])
                    for fluid in reply.fluids {
                        table.add([tr(FluidText(name: fluid.name)), formatPercent(fluid.waterPercent), fluid.custom ? output.style.dim(tr(HydrationText.yours)) : ""])
                    }
                    return table.render(style: output.style)
                }
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a fluid of your own.",
            discussion: "Example: quench fluids add kombucha --water 97.5")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The fluid's name (unique among yours).")
        var name: String

        @Option(help: "Water content in percent, more than 0 and at most 100.")
        var water: Double

        func validate() throws {
            guard water.isFinite, water > 0, water <= 100 else {
                throw ValidationError(tr(HydrationText.waterRange(l10n.decimal(water, maximum: 6))))
            }
        }

        func run() async throws {
            try await CLI.run(global) { gateway, output in
                let fluid: Fluid = try await gateway.call(.fluidsAdd, AddFluidRequest(name: name, waterPercent: water))
                try output.emit(fluid) { tr(HydrationText.fluidAdded(name: fluid.name, percent: formatPercent(fluid.waterPercent))) }
            }
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change a fluid's name or water content (your own copy of a shared fluid).",
            discussion: HelpText.reflow("""
                Editing a shared fluid makes your own copy; operators change the shared catalog with --catalog.
                Example: quench fluids edit coffee --water 98
                """))

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The fluid to change.")
        var name: String

        @Option(name: .customLong("name"), help: "A new name.")
        var newName: String?

        @Option(help: "New water content in percent.")
        var water: Double?

        @Flag(help: "Change the shared catalog (operators only).")
        var catalog = false

        func run() async throws {
            try await CLI.run(global) { gateway, output in
                let fluid: Fluid = try await gateway.call(.fluidsEdit,
                    EditFluidRequest(name: FluidText.canonical(name), newName: newName, waterPercent: water, catalog: catalog ? true : nil))
                try output.emit(fluid) { tr(HydrationText.fluidChanged(name: tr(FluidText(name: fluid.name)), percent: formatPercent(fluid.waterPercent))) }
            }
        }
    }
}

/// A water content (97.5) as the locale writes a percentage: `97.5 %`, two fraction digits at most.
func formatPercent(_ value: Double) -> String {
    l10n.percent(value, maximum: 2)
}
