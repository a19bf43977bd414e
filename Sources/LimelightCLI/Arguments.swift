import Foundation
import Schema
import Tours

/// Parsed command-line arguments of one command: `--name value`, `--name=value`, bare `--flag`s and
/// positional words. Unknown options, missing values and repeated options are errors.
struct Arguments {
    private(set) var values: [String: String] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positional: [String] = []
    let command: String

    /// Parses `words` for `command`, accepting the options in `valued` (which take a value) and `switches`.
    /// `hidden` options are accepted but not listed among the known ones (an internal one, such as
    /// `test --worker`). An option in `choices` takes a value only as `--name=VALUE` or when the
    /// next word is one of its choices, and stands alone otherwise (`--update`, `--update missing`);
    /// `value(name)` is then nil while `has(name)` is true. An empty value of an option that takes
    /// a path (`pathOptions`), or an empty positional word when `positionalPaths` says what they
    /// are, is refused as an empty path.
    init(_ words: [String], command: String, valued: Set<String>, switches: Set<String>, hidden: Set<String> = [],
         choices: [String: [String]] = [:], positionalPaths: String? = nil) throws(CLIError) {
        self.command = command
        var i = 0
        var onlyPositional = false
        while i < words.count {
            let word = words[i]
            i += 1
            if onlyPositional || !word.hasPrefix("-") || word == "-" {
                positional.append(word); continue
            }
            if word == "--" { onlyPositional = true; continue }
            var name = word
            var inline: String?
            if let eq = word.firstIndex(of: "=") {
                name = String(word[..<eq]); inline = String(word[word.index(after: eq)...])
            }
            if name == "-h" { name = "--help" }
            if let allowed = choices[name] {
                guard !flags.contains(name) else { throw .usage("\(command): \(name) given twice") }
                flags.insert(name)
                let value = inline ?? (i < words.count && allowed.contains(words[i]) ? words[i] : nil)
                if inline == nil && value != nil { i += 1 }
                if let value {
                    guard allowed.contains(value) else {
                        throw .usage("\(command): \(name) \(Arguments.printable(value)): expected one of \(allowed.joined(separator: ", "))")
                    }
                    values[name] = value
                }
            } else if switches.contains(name) {
                guard inline == nil else { throw .usage("\(command): \(name) takes no value") }
                flags.insert(name)
            } else if valued.contains(name) {
                let value: String
                if let inline { value = inline } else {
                    guard i < words.count else { throw .usage("\(command): \(name) expects a value (\(Arguments.hint(name, command: command)))") }
                    value = words[i]; i += 1
                }
                guard values[name] == nil else { throw .usage("\(command): \(name) given twice") }
                if value.isEmpty && Arguments.pathOptions.contains(name) {
                    throw .usage("\(command): \(name): an empty path (expected \(Arguments.hint(name, command: command)))")
                }
                values[name] = value
            } else {
                let known = (valued.union(switches).union(choices.keys)).subtracting(hidden).sorted().joined(separator: ", ")
                throw .usage("\(command): unknown option \(Arguments.printable(name)) (known: \(known))")
            }
        }
        if let positionalPaths, positional.contains("") {
            throw .usage("\(command): an empty path (expected \(positionalPaths))")
        }
    }

    /// The options that name a file or a folder, whatever the command: given an empty string they
    /// would reach the file system as nothing, or as the current folder.
    static let pathOptions: Set<String> = ["--out", "--tour", "--script", "--events", "--junit", "--blob", "--report", "--results",
                                           "--review", "--video", "--announcements", "--screenshot", "--edit", "--from", "--tours",
                                           "--strings", "--catalog"]

    func has(_ flag: String) -> Bool { flags.contains(flag) }
    func value(_ name: String) -> String? { values[name] }

    /// An example of what `name` expects of `command`, for error messages.
    static func hint(_ name: String, command: String = "") -> String {
        switch name {
        case "--size": return "WxH in points, e.g. 390x844"
        case "--scale": return "device pixels per point, e.g. 2"
        case "--lang": return "a language tag the app speaks, e.g. en"
        case "--time": return "milliseconds, e.g. 150"
        case "--step": return "a step number from 1"
        case "--out": return "a path"
        case "--tour", "--script": return "a file"
        case "--events": return command == "simulate" ? "an event log, JSON lines" : "a file path, or - for stderr"
        case "--junit", "--blob", "--video", "--announcements", "--from": return "a file path"
        case "--report", "--results", "--review", "--tours", "--strings": return "a folder"
        case "--screenshot": return "an image file"
        case "--catalog": return "a catalog file, as limelight_session_write_catalog writes it"
        case "--edit": return "a tour file"
        case "--driver": return "an SDL video driver, e.g. x11, wayland, kmsdrm"
        case "--font": return "a font family, e.g. \"DejaVu Sans\""
        case "--frames": return "a number of frames"
        default: return "a value"
        }
    }

    /// `s` with control characters (C0 and C1) and line separators (U+2028, U+2029) escaped and cut
    /// to 80 characters, safe for a one-line message.
    static func printable(_ s: String) -> String { printableForOneLine(s) }
}
