import ArgumentParser

/// Runs a command body with a connected gateway and turns every failure into one clear
/// line on stderr and a distinct exit status.
enum CLI {
    static func run(_ options: GlobalOptions, _ body: (Gateway, Output) async throws -> Void) async throws {
        let output = Output(json: options.json)
        let gateway: Gateway
        do {
            gateway = try Gateway(options: options)
        } catch {
            throw output.fail(error)
        }
        do {
            try await body(gateway, output)
            await gateway.close()
        } catch {
            await gateway.close()
            throw output.fail(error)
        }
    }
}
