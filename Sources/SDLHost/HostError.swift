/// Why the window could not be opened or kept running. Each reads as one line for a person.
public enum HostError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No video driver gave a usable display; `tried` lists each driver with the reason it failed.
    case noUsableDisplay(tried: [String])
    /// SDL refused a step (`what` names it, `reason` is SDL's error text).
    case sdl(what: String, reason: String)

    /// One line for a person.
    public var description: String {
        switch self {
        case .noUsableDisplay(let tried):
            return "no usable display: tried \(tried.joined(separator: ", ")); render headless instead, e.g. `limelight render --out frame.png`"
        case let .sdl(what, reason):
            return "\(what) failed: \(reason.isEmpty ? "unknown SDL error" : reason)"
        }
    }
}
