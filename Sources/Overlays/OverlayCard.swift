import Raster
import Views

/// A piece of overlay content (a bubble, an alert box, a pop-up) as an embedded view root: laid
/// out, hit tested and painted by Views, rendered into its own transparent pixmap, then blended into
/// the frame with the overlay's opacity (and a zoom for pop-in animations).
///
/// Hazard: `origin` is snapped to whole device pixels so an unzoomed card copies pixel for pixel.
@MainActor
final class OverlayCard {
    let root: ViewRoot
    /// Top-left corner in screen points.
    private(set) var origin: Point = .zero
    private var pixmap: Pixmap?
    private var needsRender = true

    init(content: View, size: Size, parent: ViewRoot) throws(ViewError) {
        root = try ViewRoot(content: content, size: OverlayCard.safe(size), scale: parent.scale, safeArea: .zero,
                            textEngine: parent.textEngine, clock: parent.clock)
        root.backgroundColor = .clear
    }

    private static func safe(_ s: Size) -> Size {
        Size(max(1, s.width.isFinite ? s.width : 1), max(1, s.height.isFinite ? s.height : 1))
    }

    /// The card's rectangle in screen points.
    var frame: Rect { Rect(origin: origin, size: root.size) }

    /// Moves the card; returns whether it moved.
    @discardableResult
    func move(to point: Point) -> Bool {
        let s = root.scale
        let snapped = Point((point.x * s).rounded() / s, (point.y * s).rounded() / s)
        guard snapped != origin else { return false }
        origin = snapped
        return true
    }

    /// Resizes the card (and re-renders it).
    func resize(to size: Size) {
        let s = OverlayCard.safe(size)
        guard s != root.size else { return }
        try? root.resize(to: s, scale: root.scale, safeArea: .zero)
        needsRender = true
    }

    /// Whether the embedded root has changes not yet rendered.
    var isDirty: Bool { needsRender || !root.dirtyRegion.isEmpty || root.needsLayout }

    /// Renders what changed into the card's pixmap.
    func renderIfNeeded() {
        let bounds = root.deviceBounds
        if pixmap == nil || pixmap!.bounds != bounds {
            pixmap = try? Pixmap(width: max(1, bounds.width), height: max(1, bounds.height))
            needsRender = true
        }
        guard let pixmap else { return }
        if needsRender { root.renderFull(into: pixmap) } else { root.render(into: pixmap) }
        needsRender = false
    }

    /// Blends the card into `region` of `frame` at `opacity`, zoomed by `zoom` about its centre.
    func draw(into frame: Pixmap, region: IntRect, scale: Double, opacity: Double, zoom: Double = 1) {
        guard opacity > 0 else { return }
        renderIfNeeded()
        guard let pixmap else { return }
        var canvas = Canvas(pixmap: frame, scale: scale)
        canvas.clip(toDevice: region)
        let f = self.frame
        let dest = zoom == 1 ? f : Rect(x: f.midX - f.width * zoom / 2, y: f.midY - f.height * zoom / 2,
                                       width: f.width * zoom, height: f.height * zoom)
        canvas.draw(pixmap, in: dest, sampling: zoom == 1 ? .nearest : .bilinear, opacity: opacity)
    }

    /// Sends a pointer or key event, with positions moved into the card's coordinates.
    @discardableResult
    func send(_ event: InputEvent) -> Bool {
        func local(_ p: Point) -> Point { Point(p.x - origin.x, p.y - origin.y) }
        switch event {
        case let .pointerDown(p, b): return root.send(.pointerDown(local(p), button: b))
        case let .pointerMove(p): return root.send(.pointerMove(local(p)))
        case let .pointerUp(p, b): return root.send(.pointerUp(local(p), button: b))
        case let .wheel(dy, p): return root.send(.wheel(dy: dy, at: local(p)))
        case .key, .resize: return root.send(event)
        }
    }

    /// Whether `p` (screen points) hits a view of the card that takes the pointer.
    func hits(_ p: Point) -> Bool {
        frame.contains(p) && root.hitTest(Point(p.x - origin.x, p.y - origin.y)) != nil
    }
}
