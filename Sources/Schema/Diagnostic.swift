/// One problem in a file Limelight reads (a tour, a screens file, a script): `home.json:14: steps[2].target: no view with id "sav" (known: save, …)`.
public struct Diagnostic: Hashable, Sendable, Codable, CustomStringConvertible {
    /// How bad a problem is.
    public enum Severity: String, Hashable, Sendable, Codable {
        /// The file cannot be used as it is (and `limelight check` and `test` fail).
        case error
        /// Worth a look; nothing fails.
        case warning
    }

    /// The file as the user named it.
    public var file: String
    /// The 1-based line, or nil for problems with the file as a whole (unreadable, too large).
    public var line: Int?
    /// The JSON path of the value at fault, empty for the top level.
    public var path: String
    /// What was wrong and what was expected.
    public var message: String
    /// An error, or a warning.
    public var severity: Severity

    /// A problem at `line` of `file`.
    public init(file: String, line: Int?, path: String, message: String, severity: Severity = .error) {
        self.file = file; self.line = line; self.path = path; self.message = message; self.severity = severity
    }

    /// `file:line: path: message` on one line (`warning: ` before the message of a warning).
    public var description: String {
        var s = file
        if let line { s += ":\(line)" }
        s += ": "
        if !path.isEmpty { s += path + ": " }
        return s + (severity == .warning ? "warning: " : "") + message
    }
}

/// Why a file could not be used: every problem found, in file order.
public struct LoadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The problems, at least one.
    public var diagnostics: [Diagnostic]

    /// An error listing `diagnostics`.
    public init(diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    /// One problem a line.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }

    /// The first problem, plus how many more there are: one line for a banner.
    public var summary: String {
        guard let first = diagnostics.first else { return "unknown problem" }
        let more = diagnostics.count - 1
        return first.description + (more > 0 ? " (and \(more) more problem\(more == 1 ? "" : "s"))" : "")
    }
}
