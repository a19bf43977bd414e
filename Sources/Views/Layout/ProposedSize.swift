import Raster

/// The size a parent offers a child. A nil dimension asks for the child's ideal size; zero asks for
/// its smallest and infinity for its largest (stacks probe both to learn how flexible a child is).
public struct ProposedSize: Hashable, Sendable, CustomStringConvertible {
    /// The width offered (nil = ideal).
    public var width: Double?
    /// The height offered (nil = ideal).
    public var height: Double?
    /// A proposal from its two dimensions.
    public init(width: Double?, height: Double?) { self.width = width; self.height = height }
    /// A proposal of exactly `size`.
    public init(_ size: Size) { width = size.width; height = size.height }

    /// "Use your ideal size" in both dimensions.
    public static let unspecified = ProposedSize(width: nil, height: nil)
    /// "Use your smallest size."
    public static let zero = ProposedSize(width: 0, height: 0)
    /// "Use your largest size."
    public static let infinity = ProposedSize(width: .infinity, height: .infinity)

    /// "(width, height)" with nil for unspecified dimensions.
    public var description: String {
        "(\(width.map(\.compact) ?? "nil"), \(height.map(\.compact) ?? "nil"))"
    }
}
