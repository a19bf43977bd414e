/// Where a child sits horizontally in spare room.
public enum HorizontalAlignment: Hashable, Sendable {
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
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal; self.vertical = vertical
    }

    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}

/// Edges of a rectangle, as a set.
public struct Edges: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let top = Edges(rawValue: 1)
    public static let leading = Edges(rawValue: 2)
    public static let bottom = Edges(rawValue: 4)
    public static let trailing = Edges(rawValue: 8)
    public static let horizontal: Edges = [.leading, .trailing]
    public static let vertical: Edges = [.top, .bottom]
    public static let all: Edges = [.top, .leading, .bottom, .trailing]
}
