/// Why a raster operation refused its input. Every case reads as one line for a person.
public enum RasterError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A pixmap or mask size that is zero, negative, not finite or too large.
    case invalidSize(width: Int, height: Int, reason: String)

    /// One line naming the bad value and what was expected.
    public var description: String {
        switch self {
        case let .invalidSize(w, h, reason): return "invalid size \(w)x\(h): \(reason)"
        }
    }
}
