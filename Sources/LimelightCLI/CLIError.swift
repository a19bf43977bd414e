/// A command-line failure: one line for stderr, and the exit code.
struct CLIError: Error, CustomStringConvertible {
    /// What went wrong, naming the file, flag or line and what was expected.
    var message: String
    /// 2 for bad usage (flags, values), 1 for failures while working (files, rendering).
    var exitCode: Int32

    static func usage(_ message: String) -> CLIError { CLIError(message: message, exitCode: 2) }
    static func failure(_ message: String) -> CLIError { CLIError(message: message, exitCode: 1) }

    var description: String { message }
}
