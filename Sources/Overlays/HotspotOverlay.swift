import Raster
import Views

/// Hotspots: a pulsing beacon on each of some targets, with no dim, over an app that stays usable.
/// A tap (or Enter on a focused beacon) on one reports it (`onOpen`), and its tour step opens as a
/// spotlight. Each beacon is a button on the overlay's surface, `overlay.hotspot.N`, named for
/// assistive technology by its step's title; the pulse follows the clock and stands still under
/// reduced motion.
@MainActor
public final class HotspotOverlay: Overlay {
    /// One beacon: what it marks and what a screen reader calls it.
    public struct Beacon: Hashable, Sendable {
        /// The target it sits on.
        public var target: HoleTarget
        /// Its label ("Filters").
        public var label: String
        /// A beacon on `target` labelled `label`.
        public init(target: HoleTarget, label: String) { self.target = target; self.label = label }
    }

    /// The beacons, in order.
    public let beacons: [Beacon]
    /// The beacon's colour.
    public var color: Color
    /// Called with a beacon's index when it is tapped or activated.
    public var onOpen: (@MainActor (Int) -> Void)?
    private var views: [BeaconView] = []
    private var start = 0.0

    /// Beacons on `beacons`' targets in `color`.
    public init(beacons: [Beacon], color: Color = Palette.readableTint) {
        self.beacons = beacons
        self.color = color
        super.init(kind: .hotspot)
        appearDuration = 0.2
        for (i, b) in beacons.enumerated() {
            let view = BeaconView(color: color)
            let button = Button(shape: .circle, pressedColor: nil, action: { [weak self] in self?.onOpen?(i) }, label: view)
            button.id = "overlay.hotspot.\(i)"
            button.accessibilityLabel = b.label
            views.append(view)
            addSurface(FrameView(width: BeaconView.size, height: BeaconView.size, child: button), compositing: .direct)
        }
    }

    /// The app stays usable: the focus may go to the beacons and the tree alike.
    public override var isModal: Bool { false }

    /// Each beacon at its target's top trailing corner (or where its rectangle is).
    public override func layout(root: ViewRoot) {
        for (i, b) in beacons.enumerated() {
            let frame: Rect?
            switch b.target {
            case .rect(let r): frame = r
            case .view(let id): frame = root.view(withID: id).flatMap { $0.isPlaced ? $0.visibleFrame : nil }
            case .element(let query):
                frame = root.resolve(query).element.map { e in
                    e.id.flatMap(root.view(withID:)).flatMap { $0.isPlaced ? $0.visibleFrame : nil } ?? e.frame
                }
            }
            guard let f = frame, !f.isEmpty else { surfaces[i].place(.zero); continue }
            let s = BeaconView.size, inset = 6.0
            let x = root.layoutDirection == .rightToLeft ? f.minX + inset - s / 2 : f.maxX - inset - s / 2
            let y = f.minY + inset - s / 2
            let sc = root.scale
            surfaces[i].place(Rect(x: (x * sc).rounded() / sc, y: (y * sc).rounded() / sc, width: s, height: s))
        }
    }

    /// Only the beacons; everything else (taps, keys, the wheel) reaches the app.
    public override func handle(_ event: InputEvent, root: ViewRoot) -> OverlayInput {
        switch event {
        case .pointerDown(let p, _, _):
            guard let s = surfaces.first(where: { $0.content.isPlaced && $0.content.frame.contains(p) }) else { return .passThrough }
            root.route(event, into: s.content)
            return .consumed
        case .pointerMove, .pointerUp:
            guard let captor = root.pointerCaptor, surfaces.contains(where: { captor.isDescendant(of: $0.content) }) else { return .passThrough }
            root.route(event, into: captor)
            return .consumed
        default:
            return .passThrough
        }
    }

    /// Draws the beacons over the app (no dim).
    public override func composite(from source: Pixmap, into frame: Pixmap, region: IntRect, root: ViewRoot) {
        if source !== frame { frame.copyPixels(from: source, in: region) }
        for s in surfaces { s.composite(into: frame, region: region, opacity: presentationOpacity) }
    }

    /// The beacons pulse from when they appear.
    public override func didPresent(root: ViewRoot) {
        start = root.clock.now
        for v in views { v.start = start }
        if !root.reducesMotion { startAnimating() }
    }

    /// The pulse runs while they are up (not under reduced motion).
    public override var isAnimating: Bool { phase != .removed && !(root?.reducesMotion ?? true) }

    /// Moves every beacon's pulse to `time`.
    public override func advanceOwnAnimations(to time: Double, root: ViewRoot) -> Bool {
        guard !root.reducesMotion, phase != .removed else { return false }
        for v in views { v.time = time }
        return true
    }

    /// "Hotspots: Filters, New playlist".
    public override func accessibilityDescription(root: ViewRoot) -> String {
        beacons.map(\.label).joined(separator: ", ")
    }
}

/// A beacon: a dot with a ring that grows and fades every 1.5 s.
final class BeaconView: View {
    /// The beacon's side in points (the ring's reach).
    static let size = 40.0
    let color: Color
    var start = 0.0
    var time = 0.0 { didSet { if time != oldValue { setNeedsDisplay() } } }
    init(color: Color) { self.color = color; super.init() }
    override var hasOwnContent: Bool { true }
    override func sizeThatFits(_ proposal: ProposedSize) -> Size { Size(BeaconView.size, BeaconView.size) }
    override func draw(in canvas: Canvas) {
        let c = frame.center
        let p = max(0, time - start) / 1.5
        let t = p - p.rounded(.down)
        // The ring grows from the dot to the edge and fades; under reduced motion it stands at its middle.
        let phase = (root?.reducesMotion ?? false) ? 0.5 : t
        let r = 7 + phase * (BeaconView.size / 2 - 8)
        canvas.fill(.circle(center: c, radius: r), color: color.withOpacity(0.45 * (1 - phase)))
        canvas.fill(.circle(center: c, radius: 8), color: .white)
        canvas.fill(.circle(center: c, radius: 6), color: color)
    }
}
