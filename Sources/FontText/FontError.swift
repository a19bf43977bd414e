/// Why a font could not be set up. Every case reads as one line for a person.
public enum FontError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The requested family is not installed; fontconfig would have substituted `matched`.
    case familyNotFound(family: String, matched: String?, installed: [String])
    /// A font file that is missing, unreadable or not a font.
    case unreadableFile(path: String, reason: String)
    /// FreeType or fontconfig could not start.
    case libraryUnavailable(name: String, reason: String)

    /// One line naming the font and the problem.
    public var description: String {
        switch self {
        case let .familyNotFound(family, matched, installed):
            var notes: [String] = []
            if let matched { notes.append("fontconfig matched \"\(matched)\" instead") }
            if !installed.isEmpty {
                let shown = installed.prefix(8).map { "\"\($0)\"" }.joined(separator: ", ")
                notes.append("installed families include \(shown)" + (installed.count > 8 ? ", …" : ""))
            }
            let tail = notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")"
            return "font family \"\(family)\" not found\(tail)"
        case let .unreadableFile(path, reason):
            return "\(path): \(reason)"
        case let .libraryUnavailable(name, reason):
            return "\(name) could not start: \(reason)"
        }
    }
}
