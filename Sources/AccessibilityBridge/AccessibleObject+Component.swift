import Raster
import Views

/// The coordinates a client asks extents and points in (`AtspiCoordType`).
enum CoordinateType: UInt32 {
    /// Pixels of the screen.
    case screen = 0
    /// Pixels of the window.
    case window = 1
    /// Pixels from the element's parent's top-left corner.
    case parent = 2
}

/// Pixels as AT-SPI2 carries them: 32-bit integers. An element's frame can lie beyond them (a
/// scroll view's content millions of points long, at scale 2 or 3), and a client can name any
/// point: a box is held to the part of it that 32-bit pixels reach, so that its right and bottom
/// edges fit too, and a box wholly beyond them is empty at their edge.
enum DevicePixels {
    /// `value` rounded to a pixel and held to `Int32`'s range; NaN is 0.
    static func clamped(_ value: Double) -> Int32 {
        guard !value.isNaN else { return 0 }
        return Int32(max(Double(Int32.min), min(Double(Int32.max), value.rounded())))
    }

    /// The start and length of a span from `start` as long as `length` (pixels), both in 32-bit
    /// pixels and its end too; a span in range keeps its own rounding (start and length rounded
    /// each, as a frame at whole pixels is).
    static func span(_ start: Double, _ length: Double) -> (start: Int32, length: Int32) {
        let first = clamped(start)
        let long = length.isNaN ? 0 : max(0, length.rounded())
        let end = clamped(start.rounded() + long)
        return (first, Int32(clamping: Int64(end) - Int64(first)))
    }

    /// `x`, `y`, `width` and `height` (pixels) as AT-SPI's `(iiii)`.
    static func box(x: Double, y: Double, width: Double, height: Double) -> (Int32, Int32, Int32, Int32) {
        let across = span(x, width), down = span(y, height)
        return (across.start, down.start, across.length, down.length)
    }
}

extension AccessibleObject {
    /// Element `index`'s frame in the pixels `type` asks for, held to 32-bit pixels.
    func extents(_ index: Int, type: CoordinateType, context c: Context) -> (Int32, Int32, Int32, Int32) {
        guard let tree = c.tree, tree.elements.indices.contains(index) else { return (0, 0, 0, 0) }
        let f = tree.elements[index].frame, scale = c.pixelsPerPoint
        var x = f.minX * scale, y = f.minY * scale
        switch type {
        case .screen: x += c.origin.x; y += c.origin.y
        case .parent:
            if let p = tree.elements[index].parent { x -= tree.elements[p].frame.minX * scale; y -= tree.elements[p].frame.minY * scale }
        case .window: break
        }
        return DevicePixels.box(x: x, y: y, width: f.width * scale, height: f.height * scale)
    }

    /// A point a client gives in `type`'s pixels (for element `index`), in points of the screen.
    /// Any 32-bit point is a point: one far outside the screen is inside nothing.
    func point(_ x: Int32, _ y: Int32, type: CoordinateType, of index: Int, context c: Context) -> Point {
        var px = Double(x), py = Double(y)
        if type == .screen { px -= c.origin.x; py -= c.origin.y }
        var p = Point(x: px / c.pixelsPerPoint, y: py / c.pixelsPerPoint)
        if type == .parent, let tree = c.tree, let parent = tree.elements[index].parent {
            p.x += tree.elements[parent].frame.minX; p.y += tree.elements[parent].frame.minY
        }
        return p
    }

    /// The `org.a11y.atspi.Component` answers of an element: its extents in pixels, hit testing,
    /// its layer, and taking the focus.
    func component<Reply: BusWriter>(_ member: String, call: MethodCall, reply: inout Reply?, context c: Context,
                                     request: inout AccessibilityBridge.Request?) {
        guard case .element(let i) = self, let tree = c.tree else { reply = nil; return }
        // The dispatch refused a coordinate type that is none of the three.
        func coordinates(_ at: Int) -> CoordinateType { CoordinateType(rawValue: call.uint32(at)) ?? .window }
        switch member {
        case "GetExtents":
            let e = extents(i, type: coordinates(0), context: c)
            reply!.container("r", "iiii") { $0.int32(e.0); $0.int32(e.1); $0.int32(e.2); $0.int32(e.3) }
        case "GetPosition":
            let e = extents(i, type: coordinates(0), context: c)
            reply!.int32(e.0); reply!.int32(e.1)
        case "GetSize":
            let e = extents(i, type: .window, context: c)
            reply!.int32(e.2); reply!.int32(e.3)
        case "Contains":
            let p = point(call.int32(0), call.int32(1), type: coordinates(2), of: i, context: c)
            reply!.bool(tree.elements[i].frame.contains(p))
        case "GetAccessibleAtPoint":
            let p = point(call.int32(0), call.int32(1), type: coordinates(2), of: i, context: c)
            if let hit = tree.element(at: p, from: i), hit != i || tree.elements[i].children.isEmpty {
                reply!.reference(c.uniqueName, c.path(of: hit))
            } else {
                reply!.reference("", "/org/a11y/atspi/null")
            }
        case "GetLayer": reply!.uint32(tree.elements[i].role == .dialog ? 5 : 3)   // popup, widget
        case "GetMDIZOrder": reply!.int16(0)
        case "GetAlpha": reply!.double(1)
        case "GrabFocus":
            if let id = tree.elements[i].id, tree.elements[i].role.isFocusable { request = .focus(id: id); reply!.bool(true) } else { reply!.bool(false) }
        default: reply = nil
        }
    }
}
