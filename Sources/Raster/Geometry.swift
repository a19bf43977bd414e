import Foundation

/// A point in a 2-D coordinate space (points or pixels, depending on who holds it).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate (down is positive).
    public var y: Double
    /// A point at (`x`, `y`).
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    /// A point at (`x`, `y`).
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    /// The origin.
    public static let zero = Point(x: 0, y: 0)

    /// The sum of two points, coordinate by coordinate.
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// The difference of two points, coordinate by coordinate.
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    /// The point with both coordinates multiplied by `s`.
    public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }
    /// The distance from this point to `other`.
    public func distance(to other: Point) -> Double { ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot() }
    /// Linear interpolation towards `other` by `t` (0 = self, 1 = other).
    public func interpolated(to other: Point, by t: Double) -> Point { Point(x: x + (other.x - x) * t, y: y + (other.y - y) * t) }
    /// `(x, y)`.
    public var description: String { "(\(x.compact), \(y.compact))" }
}

/// A width and a height.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double
    /// A size of `width` by `height`.
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    /// A size of `width` by `height`.
    public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
    /// No extent.
    public static let zero = Size(width: 0, height: 0)
    /// `WxH`.
    public var description: String { "\(width.compact)x\(height.compact)" }
}

/// An axis-aligned rectangle with its origin at the top-left corner (y grows downwards).
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// The extent from the origin.
    public var size: Size
    /// A rectangle from its corner and size.
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    /// A rectangle from its corner and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y); size = Size(width: width, height: height)
    }
    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The left edge.
    public var x: Double { origin.x }
    /// The top edge.
    public var y: Double { origin.y }
    /// The width.
    public var width: Double { size.width }
    /// The height.
    public var height: Double { size.height }
    /// The left edge.
    public var minX: Double { origin.x }
    /// The top edge.
    public var minY: Double { origin.y }
    /// The right edge.
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge.
    public var maxY: Double { origin.y + size.height }
    /// The horizontal centre.
    public var midX: Double { origin.x + size.width / 2 }
    /// The vertical centre.
    public var midY: Double { origin.y + size.height / 2 }
    /// The centre.
    public var center: Point { Point(x: midX, y: midY) }
    /// True when the rectangle has no area (or a NaN side).
    public var isEmpty: Bool { !(size.width > 0 && size.height > 0) }
    /// True when every coordinate is finite.
    public var isFinite: Bool { origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite }

    /// Whether `p` lies inside (the top and left edges are inside, the bottom and right ones outside).
    public func contains(_ p: Point) -> Bool { p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY }
    /// Whether `o` lies wholly inside, edges included (a rectangle contains itself; a hole's box
    /// contains its target's frame). Decided by the four edges alone, so an empty `o` is inside only
    /// where it stands; a NaN coordinate on either side makes it false.
    public func contains(_ o: Rect) -> Bool { o.minX >= minX && o.minY >= minY && o.maxX <= maxX && o.maxY <= maxY }
    /// Whether the two rectangles share any area.
    public func intersects(_ o: Rect) -> Bool { !intersection(o).isEmpty }
    /// The shared area, or `.zero` when there is none.
    public func intersection(_ o: Rect) -> Rect {
        let x0 = max(minX, o.minX), y0 = max(minY, o.minY)
        let x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
        guard x1 > x0, y1 > y0 else { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    /// The smallest rectangle holding both; an empty rectangle adds nothing.
    public func union(_ o: Rect) -> Rect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        let x0 = min(minX, o.minX), y0 = min(minY, o.minY)
        let x1 = max(maxX, o.maxX), y1 = max(maxY, o.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    /// Grown by `dx` on the left and right and `dy` at the top and bottom (negative values shrink it).
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy))
    }
    /// The rectangle grown by `d` on every edge.
    public func outsetBy(_ d: Double) -> Rect { Rect(x: minX - d, y: minY - d, width: width + 2 * d, height: height + 2 * d) }
    /// The rectangle shrunk by `e`, edge by edge.
    public func inset(by e: EdgeInsets) -> Rect {
        Rect(x: minX + e.leading, y: minY + e.top,
             width: max(0, width - e.leading - e.trailing), height: max(0, height - e.top - e.bottom))
    }
    /// The same rectangle moved by (`dx`, `dy`).
    public func offsetBy(dx: Double, dy: Double) -> Rect { Rect(x: minX + dx, y: minY + dy, width: width, height: height) }
    /// Every coordinate multiplied by `s` (points to pixels).
    public func scaled(by s: Double) -> Rect { Rect(x: minX * s, y: minY * s, width: width * s, height: height * s) }
    /// The smallest integer rectangle that holds this one.
    public var roundedOut: IntRect {
        guard isFinite else { return .zero }
        let x0 = Int(clampedToInt: minX.rounded(.down)), y0 = Int(clampedToInt: minY.rounded(.down))
        let x1 = Int(clampedToInt: maxX.rounded(.up)), y1 = Int(clampedToInt: maxY.rounded(.up))
        return IntRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
    /// The largest integer rectangle inside this one (the pixels it covers whole); empty when none.
    public var roundedIn: IntRect {
        guard isFinite else { return .zero }
        let x0 = Int(clampedToInt: minX.rounded(.up)), y0 = Int(clampedToInt: minY.rounded(.up))
        let x1 = Int(clampedToInt: maxX.rounded(.down)), y1 = Int(clampedToInt: maxY.rounded(.down))
        return IntRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
    /// `[x, y, width, height]`.
    public var description: String { "[\(minX.compact), \(minY.compact), \(width.compact), \(height.compact)]" }
}

/// An integer rectangle in device pixels: the unit of dirty areas, clips and masks.
public struct IntRect: Hashable, Sendable, CustomStringConvertible {
    /// The left column.
    public var x: Int
    /// The top row.
    public var y: Int
    /// The number of columns.
    public var width: Int
    /// The number of rows.
    public var height: Int
    /// A rectangle of pixels from its corner and size.
    public init(x: Int, y: Int, width: Int, height: Int) { self.x = x; self.y = y; self.width = width; self.height = height }
    /// The empty rectangle at the origin.
    public static let zero = IntRect(x: 0, y: 0, width: 0, height: 0)
    /// The first column past the right edge.
    public var maxX: Int { x + width }
    /// The first row past the bottom edge.
    public var maxY: Int { y + height }
    /// Whether it covers no pixel.
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    /// The number of pixels covered.
    public var area: Int { isEmpty ? 0 : width * height }
    /// The pixels in both rectangles (`.zero` when none).
    public func intersection(_ o: IntRect) -> IntRect {
        let x0 = max(x, o.x), y0 = max(y, o.y), x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
        guard x1 > x0, y1 > y0 else { return .zero }
        return IntRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    /// The smallest rectangle holding both (an empty one counts as nothing).
    public func union(_ o: IntRect) -> IntRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        let x0 = min(x, o.x), y0 = min(y, o.y), x1 = max(maxX, o.maxX), y1 = max(maxY, o.maxY)
        return IntRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    /// Whether the pixel (`px`, `py`) is inside.
    public func contains(x px: Int, y py: Int) -> Bool { px >= x && px < maxX && py >= y && py < maxY }
    /// Whether every pixel of `o` is inside (an empty `o` always is).
    public func contains(_ o: IntRect) -> Bool { o.isEmpty || (o.x >= x && o.y >= y && o.maxX <= maxX && o.maxY <= maxY) }
    /// The same rectangle moved by (`dx`, `dy`) pixels.
    public func offsetBy(dx: Int, dy: Int) -> IntRect { IntRect(x: x + dx, y: y + dy, width: width, height: height) }
    /// The same rectangle in `Double` coordinates.
    public var rect: Rect { Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)) }
    /// `[x, y, width, height]`.
    public var description: String { "[\(x), \(y), \(width), \(height)]" }
}

/// Distances inward from each edge of a rectangle.
public struct EdgeInsets: Hashable, Sendable {
    /// The inset from the top edge.
    public var top: Double
    /// The inset from the leading (left) edge.
    public var leading: Double
    /// The inset from the bottom edge.
    public var bottom: Double
    /// The inset from the trailing (right) edge.
    public var trailing: Double
    /// Insets from each edge (0 where left out).
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    /// The same inset on all four edges.
    public init(all v: Double) { self.init(top: v, leading: v, bottom: v, trailing: v) }
    /// The same inset `h` left and right, and `v` top and bottom.
    public init(horizontal h: Double = 0, vertical v: Double = 0) { self.init(top: v, leading: h, bottom: v, trailing: h) }
    /// No inset.
    public static let zero = EdgeInsets()
    /// The leading and trailing insets together.
    public var horizontal: Double { leading + trailing }
    /// The top and bottom insets together.
    public var vertical: Double { top + bottom }
}

/// An affine transform: x' = a·x + c·y + tx, y' = b·x + d·y + ty.
public struct Transform: Hashable, Sendable {
    /// The matrix [a c tx; b d ty]: x' = a·x + c·y + tx, y' = b·x + d·y + ty.
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double
    /// A transform from its six coefficients.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    /// The transform that changes nothing.
    public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    /// A move by (`x`, `y`).
    public static func translation(_ x: Double, _ y: Double) -> Transform { Transform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y) }
    /// A scale by `sx` horizontally and `sy` vertically.
    public static func scale(_ sx: Double, _ sy: Double) -> Transform { Transform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
    /// A scale by `s` in both directions.
    public static func scale(_ s: Double) -> Transform { .scale(s, s) }
    /// A rotation by `radians` (positive turns x towards y, clockwise on screen).
    public static func rotation(_ radians: Double) -> Transform {
        let cs = cos(radians), sn = sin(radians)
        return Transform(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }
    /// The transform that applies `self` first and then `next`.
    public func concatenating(_ next: Transform) -> Transform {
        Transform(a: a * next.a + b * next.c, b: a * next.b + b * next.d,
                  c: c * next.a + d * next.c, d: c * next.b + d * next.d,
                  tx: tx * next.a + ty * next.c + next.tx, ty: tx * next.b + ty * next.d + next.ty)
    }
    /// This transform after a move by (`x`, `y`) in its own space.
    public func translatedBy(_ x: Double, _ y: Double) -> Transform { Transform.translation(x, y).concatenating(self) }
    /// The inverse, or nil when the transform is singular.
    public var inverted: Transform? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return Transform(a: ia, b: ib, c: ic, d: id, tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }
    /// Where `p` goes.
    public func apply(_ p: Point) -> Point { Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty) }
    /// The bounding box of the transformed rectangle.
    public func apply(_ r: Rect) -> Rect {
        let ps = [apply(Point(r.minX, r.minY)), apply(Point(r.maxX, r.minY)), apply(Point(r.minX, r.maxY)), apply(Point(r.maxX, r.maxY))]
        let xs = ps.map(\.x), ys = ps.map(\.y)
        let x0 = xs.min()!, y0 = ys.min()!
        return Rect(x: x0, y: y0, width: xs.max()! - x0, height: ys.max()! - y0)
    }
    /// The largest factor by which the transform stretches a length (used to pick curve flattening steps).
    public var maxScale: Double {
        let sx = (a * a + b * b).squareRoot(), sy = (c * c + d * d).squareRoot()
        return max(sx, sy)
    }
    /// Whether the transform changes nothing.
    public var isIdentity: Bool { self == .identity }
}

extension Int {
    /// Converts a Double to Int, clamping out-of-range and NaN values instead of trapping.
    @inlinable public init(clampedToInt v: Double) {
        if v.isNaN { self = 0 }
        else if v >= 9.0e15 { self = 9_000_000_000_000_000 }
        else if v <= -9.0e15 { self = -9_000_000_000_000_000 }
        else { self = Int(v) }
    }
}

extension Double {
    /// A short rendering without a trailing ".0" for whole numbers.
    public var compact: String {
        if self == rounded(), abs(self) < 1e15 { return String(Int(self)) }
        return String(self)
    }
}

