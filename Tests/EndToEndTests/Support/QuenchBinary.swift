import ChildProcess
import Foundation
import QuenchTestSupport

/// The built `quench` as an operator runs it from a shell: none of the test process's
/// `QUENCH_` variables, no colour, no standard input.
struct QuenchBinary {
    let path: String
    var environment: [String: String]

    init() throws {
        path = try Binaries.url(of: "quench").path
        environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("QUENCH_") }
        environment["NO_COLOR"] = "1"
    }

    func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let result = try ChildCommand(path, arguments: arguments, environment: environment, standardInput: .null).run()
        return (result.status, result.standardOutputText, result.standardErrorText)
    }
}
