/// Where a child sits horizontally in spare room.
public enum HorizontalAlignment: Hashable, Sendable {
    /// At the leading (left) edge, in the middle, or at the trailing (right) edge.
    case leading, center, trailing

    /// The offset of a child in `free` points of spare room.
    public func offset(in free: Double) -> Double {
        switch self {
        case .leading: return 0
        case .center: return free / 2
        case .trailing: return free
        }
    }
}

/// Where a child sits vertically in spare room.
public enum VerticalAlignment: Hashable, Sendable {
    /// At the top, in the middle, or at the bottom.
    case top, center, bottom

    /// The offset of a child in `free` points of spare room.
    public func offset(in free: Double) -> Double {
        switch self {
        case .top: return 0
        case .center: return free / 2
        case .bottom: return free
        }
    }
}

/// A horizontal and a vertical alignment together (a corner, an edge's middle or the centre).
public struct Alignment: Hashable, Sendable {
    /// Where the child sits horizontally.
    public var horizontal: HorizontalAlignment
    /// Where the child sits vertically.
    public var vertical: VerticalAlignment
    /// An alignment from its two parts.
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal; self.vertical = vertical
    }

    /// The top-left corner.
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    /// The middle of the top edge.
    public static let top = Alignment(horizontal: .center, vertical: .top)
    /// The top-right corner.
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    /// The middle of the left edge.
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    /// The centre.
    public static let center = Alignment(horizontal: .center, vertical: .center)
    /// The middle of the right edge.
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    /// The bottom-left corner.
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    /// The middle of the bottom edge.
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    /// The bottom-right corner.
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}

/// Edges of a rectangle, as a set.
public struct Edges: OptionSet, Hashable, Sendable {
    /// The set as bits.
    public let rawValue: Int
    /// A set from its bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The top edge.
    public static let top = Edges(rawValue: 1)
    /// The leading (left) edge.
    public static let leading = Edges(rawValue: 2)
    /// The bottom edge.
    public static let bottom = Edges(rawValue: 4)
    /// The trailing (right) edge.
    public static let trailing = Edges(rawValue: 8)
    /// The leading and trailing edges.
    public static let horizontal: Edges = [.leading, .trailing]
    /// The top and bottom edges.
    public static let vertical: Edges = [.top, .bottom]
    /// All four edges.
    public static let all: Edges = [.top, .leading, .bottom, .trailing]
}
