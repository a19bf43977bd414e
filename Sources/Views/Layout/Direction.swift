import Raster

/// Which way text runs and an interface is laid out. A line's text takes its paragraph's direction
/// (from its first strong character, as UAX #9 says, or the app's language when it has none); a
/// root's layout takes its language's (`ViewRoot.layoutDirection`), and every `leading` and
/// `trailing` in the tree (alignments, insets, stacks, grids, tab bars) follows it, as iOS mirrors
/// an app in Arabic or Hebrew.
public enum TextDirection: Hashable, Sendable {
    /// Latin, Japanese, Devanagari, …: lines start at the left.
    case leftToRight
    /// Arabic, Hebrew, …: lines start at the right.
    case rightToLeft

    /// The languages written right to left (primary subtags).
    public static let rightToLeftLanguages: Set<String> = ["ar", "he", "iw", "fa", "ur", "yi", "ps", "sd", "ug", "dv", "ckb"]

    /// The direction `language` (a BCP 47 code such as "ar" or "he-IL") is written in; left to right
    /// when it is nil.
    public init(language: String?) {
        let primary = language?.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { String($0).lowercased() } ?? ""
        self = TextDirection.rightToLeftLanguages.contains(primary) ? .rightToLeft : .leftToRight
    }
}

extension HorizontalAlignment {
    /// The offset of a child in `free` points of spare room, `leading` being the left in a
    /// left-to-right layout and the right in a right-to-left one.
    public func offset(in free: Double, direction: TextDirection) -> Double {
        direction == .leftToRight ? offset(in: free) : free - offset(in: free)
    }
}

extension EdgeInsets {
    /// Insets whose leading and trailing are the left and right of a layout in `direction`, as
    /// left and right (leading is left, as `Rect.inset(by:)` takes it).
    public func resolved(for direction: TextDirection) -> EdgeInsets {
        direction == .leftToRight ? self : EdgeInsets(top: top, leading: trailing, bottom: bottom, trailing: leading)
    }
}

extension Rect {
    /// A rectangle of `size` placed inside this one at `alignment`, its leading edge the side
    /// `direction` starts from.
    public func aligned(_ size: Size, _ alignment: Alignment, direction: TextDirection) -> Rect {
        Rect(x: minX + alignment.horizontal.offset(in: width - size.width, direction: direction),
             y: minY + alignment.vertical.offset(in: height - size.height),
             width: size.width, height: size.height)
    }

    /// The x of a child `width` wide whose leading edge is `offset` in from this rectangle's
    /// leading edge (the left, or the right in a right-to-left layout).
    public func x(ofLeadingOffset offset: Double, width: Double, direction: TextDirection) -> Double {
        direction == .leftToRight ? minX + offset : maxX - offset - width
    }
}
