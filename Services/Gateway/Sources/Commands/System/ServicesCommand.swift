import ArgumentParser
import Foundation
import QuenchClient
import QuenchStrings

/// `quench services [--json]`
struct ServicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "services",
        abstract: "List the services: default loopback ports and who subscribes to whom.",
        discussion: HelpText.reflow("""
            Prints the service catalog the services, `quench up` and the deployment checks all
            read: each service's executable, its default ports (requests, events, and the per-user
            event stream on the events port + 1) and the services whose events it follows. Needs
            no running service.

            Examples:
              quench services
              quench services --json    the catalog as JSON (deploy/catalog.json is a copy)
            """))

    @OptionGroup var language: LanguageOption

    @Flag(help: "Machine output.")
    var json = false

    func run() throws {
        let output = Output(json: json)
        if json {
            output.line(String(decoding: try ServiceCatalog.json(), as: UTF8.self))
            return
        }
        var table = Table(columns(SystemText.servicesHeaders), alignments: [.left, .right, .right, .right, .left])
        for entry in ServiceCatalog.all {
            table.add([
                entry.name, String(entry.rpcPort), String(entry.pubPort), String(entry.userPubPort),
                entry.upstreams.isEmpty ? "-" : entry.upstreams.joined(separator: ", "),
            ])
        }
        output.line(table.render(style: output.style))
    }
}
