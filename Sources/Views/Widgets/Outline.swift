import Raster

/// One child with a line drawn along the inside of `shape` in its frame (an outlined button).
public final class Outline: View {
    /// The line's colour.
    public var color: Color { didSet { if color != oldValue { setNeedsDisplay() } } }
    /// The line's width in points.
    public var width: Double { didSet { if width != oldValue { setNeedsDisplay() } } }
    /// The outline's shape.
    public var shape: Shape { didSet { if shape != oldValue { setNeedsDisplay() } } }

    /// `child` outlined in `color`, `width` points wide, along `shape`.
    public init(color: Color, width: Double = 1, shape: Shape = .rect, child: View) {
        self.color = color; self.width = width; self.shape = shape
        super.init(children: [child])
    }

    /// It draws the line over its child.
    public override var hasOwnContent: Bool { true }

    /// The line, inside the frame.
    public override func drawForeground(in canvas: Canvas) {
        let outer = shape.outlineRect(in: frame)
        let w = min(max(0, width), min(outer.width, outer.height) / 2)
        guard w > 0 else { return }
        let radius = shape.cornerRadius(in: outer)
        var ring = Shape.roundedRect(cornerRadius: radius).path(in: outer)
        ring.append(Shape.roundedRect(cornerRadius: max(0, radius - w)).path(in: outer.insetBy(dx: w, dy: w)))
        canvas.fill(ring, color: color, rule: .evenOdd)
    }
}
