import Raster

/// Views above the tree that a layer draws: an overlay's bubble, dialog box or message, or a
/// banner. A surface's views are the root's views like any other — found by `root.view(withID:)`,
/// listed by `root.allIdentifiedViews()`, laid out in screen points and reached by the root's hit
/// test through `root.route(_:into:)` — but they are painted where their layer says, not with the
/// tree.
///
/// An `.offscreen` surface keeps the pixels of its `bounds` (its content and shadows) in a pixmap of
/// its own, repaints only what its views invalidate, and is blended into the frame at an opacity and
/// zoom of the layer's choosing (a bubble fading, a dialog popping in): Flutter's repaint boundary
/// with an opacity layer. A `.direct` surface paints its views straight into the frame (a banner).
///
/// Hazard: only the layer that owns a surface places it (`place(_:ink:)`) and composites it; the
/// root lays out what its views invalidate, in the frame they were given.
@MainActor
public final class Surface {
    /// How a surface's views reach the frame.
    public enum Compositing: Sendable {
        /// Painted into the surface's own pixmap, then blended at an opacity (and zoom).
        case offscreen
        /// Painted straight into the frame where it is composited.
        case direct
    }

    /// The top view of the surface's subtree.
    public let content: View
    /// How the surface reaches the frame.
    public let compositing: Compositing
    /// The root showing the surface (nil while detached).
    public private(set) weak var root: ViewRoot?
    /// The device pixels the surface keeps: its ink rectangle rounded out to whole pixels.
    public private(set) var deviceBounds: IntRect = .zero
    private var pixmap: Pixmap?
    private var pixmapScale = 0.0
    /// The device pixels of `pixmap` to paint again before it is blended next.
    private var dirty = DirtyRegion(bounds: .zero)

    /// A detached surface showing `content` (moved from its old parent, if any).
    public init(content: View, compositing: Compositing = .offscreen) {
        content.removeFromParent()
        self.content = content
        self.compositing = compositing
    }

    /// `deviceBounds` in screen points.
    public var bounds: Rect {
        guard let root else { return .zero }
        let s = root.scale, b = deviceBounds
        return Rect(x: Double(b.x) / s, y: Double(b.y) / s, width: Double(b.width) / s, height: Double(b.height) / s)
    }

    /// Whether the surface is attached to a root.
    public var isAttached: Bool { root != nil }

    // MARK: - Attaching

    /// Attaches the surface on top of `root`'s others: its views join the root's id space. A surface
    /// attached elsewhere moves; one attached here already moves to the top. Not while anything lays
    /// out or paints (the root checks): a layer attaches in its `update(root:)`.
    public func attach(to root: ViewRoot) {
        root.checkChange(.surfaceAttached, view: content)
        detach()
        self.root = root
        content.surface = self
        content.owner = root
        root.surfaces.append(self)
        root.idIndexIsStale = true
        content.markSubtreeNeedsLayout()
    }

    /// Takes the surface's views off the root (they are no longer found or hit) and drops its pixels;
    /// the area it showed is composited again. Not while anything lays out or paints (the root checks).
    public func detach() {
        guard let root else { return }
        root.checkChange(.surfaceDetached, view: content)
        root.invalidateComposite(deviceRect: deviceBounds)
        root.surfaces.removeAll { $0 === self }
        content.unplaceWithoutInvalidating()
        content.owner = nil
        content.surface = nil
        root.idIndexIsStale = true
        self.root = nil
        deviceBounds = .zero
        pixmap = nil
    }

    // MARK: - Placing

    /// Places the content in `rect` (screen points) and keeps the pixels of `deviceInk` (what it
    /// draws on, shadows included, in device pixels; `rect` rounded out to whole pixels when nil).
    ///
    /// A surface moved by whole device pixels with nothing else changed keeps its pixels: its views'
    /// frames move with it and nothing is painted again (a bubble following a scrolled target).
    public func place(_ rect: Rect, deviceInk: IntRect? = nil) {
        guard let root, rect.isFinite else { return }
        let s = root.scale
        let newBounds = deviceInk ?? rect.scaled(by: s).roundedOut
        let dx = newBounds.x - deviceBounds.x, dy = newBounds.y - deviceBounds.y
        if compositing == .offscreen, newBounds.width == deviceBounds.width, newBounds.height == deviceBounds.height,
           dx != 0 || dy != 0, pixmap != nil, pixmapScale == s, dirty.isEmpty, content.isPlaced, !content.needsLayout {
            let shift = Point(Double(dx) / s, Double(dy) / s)
            let moved = content.frame.offsetBy(dx: shift.x, dy: shift.y)
            if moved.snapped(toScale: s) == rect.snapped(toScale: s) {
                root.invalidateComposite(deviceRect: deviceBounds)
                content.translateSubtree(by: shift, deviceX: dx, deviceY: dy)
                deviceBounds = newBounds
                dirty.reset(bounds: newBounds)
                dirty.removeAll()
                root.invalidateComposite(deviceRect: deviceBounds)
                return
            }
        }
        if newBounds != deviceBounds {
            root.invalidateComposite(deviceRect: deviceBounds)
            deviceBounds = newBounds
            dirty.reset(bounds: newBounds)
            root.invalidateComposite(deviceRect: deviceBounds)
        }
        content.place(in: rect)
    }

    /// Makes the next `place(_:deviceInk:)` place the content again even in the same rectangle (its
    /// top view's own geometry changed, a bubble's tail): what a layer calls in its layout, where
    /// nothing is marked for layout; the root's layout does not run for it.
    public func setNeedsPlacement() {
        content.needsLayout = true
        content.measureCache.removeAll(keepingCapacity: true)
    }

    /// Takes the surface's views off the screen while it stays attached (a bubble whose target went
    /// missing): they are not drawn, hit, listed or focused until the layer places the surface
    /// again, which paints it whole; the area it showed is composited again. A layer may do this in
    /// its layout: nothing is added or removed.
    public func hide() {
        guard let root, !deviceBounds.isEmpty || content.isPlaced else { return }
        root.invalidateComposite(deviceRect: deviceBounds)
        content.unplaceWithoutInvalidating()
        deviceBounds = .zero
        dirty.reset(bounds: .zero)
    }

    /// Asks for the surface to be blended again over its whole area (its opacity changed).
    public func setNeedsComposite() { root?.invalidateComposite(deviceRect: deviceBounds) }

    /// A view of the surface changed `rect` (device pixels): painted again, and composited.
    func invalidate(deviceRect rect: IntRect) {
        let r = rect.intersection(deviceBounds)
        guard !r.isEmpty else { return }
        if compositing == .offscreen { dirty.add(r) }
        root?.invalidateComposite(deviceRect: r)
    }

    // MARK: - Compositing

    /// Draws the surface over `region` (device pixels) of `frame`: its kept pixels blended at
    /// `opacity`, scaled by `zoom` about the centre of its bounds, or for a `.direct` surface its
    /// views painted straight in.
    public func composite(into frame: Pixmap, region: IntRect, opacity: Double = 1, zoom: Double = 1) {
        guard let root, opacity > 0, !deviceBounds.isEmpty else { return }
        switch compositing {
        case .direct:
            var canvas = Canvas(pixmap: frame, scale: root.scale)
            canvas.clip(toDevice: region.intersection(deviceBounds))
            guard !canvas.isClippedOut else { return }
            content.paint(in: canvas)
        case .offscreen:
            if zoom == 1, deviceBounds.intersection(region).isEmpty { return }
            paintIfNeeded(scale: root.scale)
            guard let pixmap else { return }
            var canvas = Canvas(pixmap: frame, scale: root.scale)
            canvas.clip(toDevice: region)
            if zoom == 1 {
                canvas.blend(pixmap, atDeviceX: deviceBounds.x, y: deviceBounds.y, opacity: opacity)
            } else {
                let f = bounds
                let zoomed = Rect(x: f.midX - f.width * zoom / 2, y: f.midY - f.height * zoom / 2,
                                  width: f.width * zoom, height: f.height * zoom)
                canvas.draw(pixmap, in: zoomed, sampling: .bilinear, opacity: opacity)
            }
        }
    }

    /// Paints what the views invalidated into the kept pixmap (all of it when the bounds or the
    /// scale changed), each rectangle from transparent up.
    private func paintIfNeeded(scale: Double) {
        if pixmap == nil || pixmap!.width != deviceBounds.width || pixmap!.height != deviceBounds.height || pixmapScale != scale {
            pixmap = try? Pixmap(width: deviceBounds.width, height: deviceBounds.height)
            pixmapScale = scale
            dirty.reset(bounds: deviceBounds)
        }
        guard let pixmap else { return }
        for r in dirty.rects {
            pixmap.fill(.clear, in: r.offsetBy(dx: -deviceBounds.x, dy: -deviceBounds.y))
            var canvas = Canvas(pixmap: pixmap, scale: scale, deviceOrigin: (deviceBounds.x, deviceBounds.y))
            canvas.clip(toDevice: r)
            content.paint(in: canvas)
        }
        dirty.removeAll()
    }
}
