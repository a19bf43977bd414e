import Raster
import Views

/// A root over `content` with the fixed-metric text engine and a virtual clock.
@MainActor
func makeRoot(_ content: View, size: Size = Size(390, 844), scale: Double = 1, safeArea: EdgeInsets = .zero) throws -> ViewRoot {
    try ViewRoot(content: content, size: size, scale: scale, safeArea: safeArea, textEngine: FixedMetricTextEngine(), clock: VirtualClock())
}

/// A view of a fixed size that counts how often it is measured and placed.
@MainActor
final class Probe: View {
    var size: Size
    var measureCount = 0
    var placeCount = 0
    var color: Color
    init(_ size: Size, color: Color = .black) { self.size = size; self.color = color; super.init() }
    override func sizeThatFits(_ p: ProposedSize) -> Size { measureCount += 1; return size }
    override func placeSubviews(in bounds: Rect) { placeCount += 1 }
    override var hasOwnContent: Bool { true }
    override func draw(in canvas: Canvas) { canvas.fill(frame, color: color) }
}
