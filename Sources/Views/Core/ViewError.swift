import Raster

/// Why the view layer refused its input. Every case reads as one line for a person.
public enum ViewError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A screen size that is not finite, not positive, or would need too large a pixmap.
    case invalidSize(Size, reason: String)
    /// A scale (device pixels per point) that is not finite or outside 0.25...8.
    case invalidScale(Double)

    /// One line naming the bad value and what was expected.
    public var description: String {
        switch self {
        case let .invalidSize(s, reason): return "invalid screen size \(s): \(reason)"
        case let .invalidScale(s): return "invalid scale \(s): expected a number from 0.25 to 8"
        }
    }
}
