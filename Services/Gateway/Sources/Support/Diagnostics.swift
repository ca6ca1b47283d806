import ChildProcess
import HealthImport
import QuenchClient
import QuenchProtocol
import QuenchStrings

/// An error of a parser or of the system in the user's language: the parsers' errors carry
/// their catalog message (``AppleHealthImportError/message``, ``NotAWorkoutLog/message``, …),
/// system errors their POSIX code (``SystemErrorText``); anything else shows its own text.
func diagnostic(_ error: any Error) -> String {
    switch error {
    case let error as AppleHealthImportError: tr(error.message)
    case let error as NotAWorkoutLog: tr(error.message)
    case let error as WorkoutLineError: tr(WorkoutLogText.atLine(error.lineNumber, error.detail))
    case let error as HealthAutoExportError: tr(CommonText.field(error.field, message: tr(error.rule)))
    case let error as CLIError: error.description
    case let error as ConfigError: tr(error.localized)
    case let error as SpawnError:
        tr(ChildProcessText.cannotRun(executable: error.executable, directory: error.workingDirectory, step: error.step, SystemErrorText(errno: error.code)))
    case let error as QuenchError: CLIError.rejected(service: "quench", error: error).message
    default: tr(SystemErrorText(error))
    }
}
