import ArgumentParser

/// Runs a command body with a connected gateway and turns every failure into one clear
/// line on stderr and a distinct exit status.
enum CLI {
    /// With `units` and output for people, the user's display units (``DisplayUnits``) are loaded
    /// first (one `units.get`) and hold while `body` runs.
    static func run(_ options: GlobalOptions, units: Bool = false, _ body: (Gateway, Output) async throws -> Void) async throws {
        let output = Output(json: options.json)
        let gateway: Gateway
        do {
            gateway = try Gateway(options: options)
        } catch {
            throw output.fail(error)
        }
        do {
            if units, !options.json {  // JSON stays in kg and mL
                try await DisplayUnits.$current.withValue(await DisplayUnits.load(gateway)) { try await body(gateway, output) }
            } else {
                try await body(gateway, output)
            }
            await gateway.close()
        } catch {
            await gateway.close()
            throw output.fail(error)
        }
    }
}
