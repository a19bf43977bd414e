import Raster
import Views

/// What taps on a spotlight do.
public struct TapPolicy: Hashable, Sendable {
    /// What a tap outside every hole (and off the bubble) does.
    public enum Outside: Hashable, Sendable { case dismiss, advance, ignore }
    /// What a tap inside a hole does.
    public enum Inside: Hashable, Sendable {
        /// The tap reaches the target beneath, then the spotlight advances.
        case passThroughAndAdvance
        /// The spotlight advances; the target sees nothing.
        case advance
        case dismiss
        case ignore
    }
    public var outside: Outside
    public var inside: Inside
    public init(outside: Outside, inside: Inside) { self.outside = outside; self.inside = inside }

    /// Outside dismisses; inside passes through to the target and then advances.
    public static let standard = TapPolicy(outside: .dismiss, inside: .passThroughAndAdvance)
    /// A tap anywhere dismisses.
    public static let anywhereDismisses = TapPolicy(outside: .dismiss, inside: .dismiss)
    /// A tap anywhere advances (tours: "tapAnywhere").
    public static let anywhereAdvances = TapPolicy(outside: .advance, inside: .advance)
    /// Only the target advances, passing the tap through (tours: "tapTarget").
    public static let targetOnly = TapPolicy(outside: .ignore, inside: .passThroughAndAdvance)
    /// Only the bubble's buttons (and keys) do anything.
    public static let buttonsOnly = TapPolicy(outside: .ignore, inside: .ignore)
}

/// Why a spotlight asks to move on.
public enum SpotlightAction: Hashable, Sendable {
    /// Next: the Next button, Enter or Right, or a tap the policy counts as advancing.
    case advance
    /// Back: the Left key.
    case back
    /// Dismiss: Skip, Escape, or a tap the policy counts as dismissing.
    case dismiss
}

/// The dim layer with spotlight holes around targets, and an optional coach-mark bubble.
///
/// Holes follow their targets: every frame the overlay reads the targets' frames from the last
/// layout and repaints what moved. Moving to new holes (`show(holes:coachMark:animated:)`) morphs
/// position, size and corner radius over `morphDuration` with ease-in-out while the bubble fades
/// across. Hit testing uses the holes' drawn coverage.
@MainActor
public final class SpotlightOverlay: Overlay {
    public private(set) var holes: [Hole] { didSet { lastLayout = nil } }
    public private(set) var coachMark: CoachMark? { didSet { lastLayout = nil } }
    public var dimColor: Color { didSet { invalidateAll() } }
    public var dimOpacity: Double { didSet { invalidateAll() } }
    public var tapPolicy: TapPolicy
    /// Seconds a move between holes takes.
    public var morphDuration = 0.3
    /// Called for Next, Back and dismiss requests. Without a handler, advance and dismiss both dismiss.
    public var onAction: (@MainActor (SpotlightAction) -> Void)?

    // Displayed state.
    private var masks: [HoleMask] = []
    private var displayed: [HoleGeometry] = []
    private var morphFrom: [HoleGeometry]? { didSet { lastLayout = nil } }
    private var morph: Tween? { didSet { lastLayout = nil } }
    private var previousMark: CoachMark? { didSet { lastLayout = nil } }
    private var bubble: OverlayCard?
    private var bubbleChrome: BubbleChrome?
    private var bubbleLayout: BubbleLayout?
    private var bubbleMarkShown: CoachMark?
    private var bubbleOpacity = 1.0
    private var bubbleAnchor: HoleGeometry?
    private var bubbleWidthLimit = 0.0
    private var bubbleContentSize: Size?
    /// The part of the bubble's card that it draws on (screen points).
    private var bubbleInk: Rect?
    private var anchorMask: HoleMask?
    private var needsFullRepaint = false
    private weak var rootRef: ViewRoot?

    /// What the last layout was computed from. A frame lays out twice (when the clock advances, and
    /// before painting); the second time, with nothing changed, has nothing new to report.
    private struct LayoutInputs: Equatable {
        var time: Double
        var targets: [HoleGeometry]
        var scale: Double
        var bounds: Rect
        var safeArea: EdgeInsets
    }
    private var lastLayout: LayoutInputs?

    // Pointer tracking.
    private enum Press { case none, bubble, passing(origin: Point), outside(origin: Point), inside(origin: Point) }
    private var press = Press.none

    public init(holes: [Hole], coachMark: CoachMark? = nil, dimColor: Color = .black, dimOpacity: Double = 0.5,
                tapPolicy: TapPolicy = .standard) {
        self.holes = holes
        self.coachMark = coachMark
        self.dimColor = dimColor
        self.dimOpacity = dimOpacity
        self.tapPolicy = tapPolicy
        super.init(kind: .spotlight)
    }

    /// The geometries drawn now (screen points), one per resolved hole.
    public var displayedHoles: [HoleGeometry] { displayed }
    /// The bubble's geometry now (screen points), nil when there is no bubble.
    public var displayedBubble: BubbleLayout? { bubbleLayout }

    /// Moves to new holes and bubble; with `animated`, morphs from the current ones.
    public func show(holes newHoles: [Hole], coachMark mark: CoachMark?, animated: Bool = true) {
        let now = rootRef?.clock.now ?? 0
        if animated, stack != nil, !displayed.isEmpty {
            morphFrom = displayed
            morph = Tween(from: 0, to: 1, start: now, duration: morphDuration, easing: .easeInOut)
            previousMark = coachMark
        } else {
            morphFrom = nil; morph = nil; previousMark = nil
        }
        holes = newHoles
        coachMark = mark
    }

    private func invalidateAll() { needsFullRepaint = true }

    /// The geometry of every hole whose target exists now.
    public func targetGeometries(root: ViewRoot) -> [HoleGeometry] {
        holes.compactMap { hole in
            switch hole.target {
            case .rect(let r): return r.isFinite ? HoleGeometry.resolve(hole, frame: r) : nil
            case .view(let id):
                guard let v = root.view(withID: id), v.isPlaced, v.frame.isFinite else { return nil }
                return HoleGeometry.resolve(hole, frame: v.frame)
            }
        }
    }

    // MARK: - Layout

    public override func layout(root: ViewRoot) -> [Rect] {
        rootRef = root
        let now = root.clock.now
        var targets = targetGeometries(root: root)
        // Every change of holes, mark or morph forgets the inputs; the bubble's own views report
        // their changes through `isDirty`.
        let inputs = LayoutInputs(time: now, targets: targets, scale: root.scale, bounds: root.bounds, safeArea: root.safeArea)
        if inputs == lastLayout, !needsFullRepaint, bubble?.isDirty != true { return [] }
        defer { lastLayout = inputs }
        var t = 1.0
        // The bubble sits by the hole it belongs to: the old one while fading out, the new one after.
        bubbleAnchor = targets.first
        if let morph, let from = morphFrom {
            t = morph.easing(morph.progress(at: now))
            var mixed: [HoleGeometry] = []
            for i in 0..<max(from.count, targets.count) {
                let a = i < from.count ? from[i] : targets[i].collapsed
                let b = i < targets.count ? targets[i] : from[i].collapsed
                mixed.append(a.interpolated(to: b, by: t))
            }
            targets = mixed
            if t < 0.5 { bubbleAnchor = from.first }
        }
        var dirty: [Rect] = []
        let clip = root.deviceBounds
        if targets != displayed || masks.first?.scale != root.scale || masks.first?.clip != clip {
            let old = masks
            masks = targets.map { HoleMask(geometry: $0, scale: root.scale, clip: clip) }
            displayed = targets
            dirty += HoleMask.changedAreas(from: old, to: masks)
        }
        dirty += layoutBubble(root: root, morphProgress: t)
        if needsFullRepaint { needsFullRepaint = false; return [root.bounds] }
        return dirty
    }

    /// Places (and builds) the bubble for the current holes. Returns areas to repaint.
    private func layoutBubble(root: ViewRoot, morphProgress t: Double) -> [Rect] {
        let oldRect = bubbleInk ?? bubble.map { $0.frame }
        // During a morph the old bubble fades out over the first half, the new one in over the second.
        let mark = (morph != nil && t < 0.5) ? previousMark : coachMark
        bubbleOpacity = morph == nil ? 1 : abs(1 - 2 * t)
        guard let mark, !mark.isEmpty, let anchor = bubbleAnchor else {
            bubble = nil; bubbleChrome = nil; bubbleLayout = nil; bubbleMarkShown = nil; bubbleInk = nil
            return oldRect.map { [$0] } ?? []
        }
        // Measure: at most maxWidth (and the screen less margins), text wrapped inside.
        let area = root.bounds.inset(by: root.safeArea)
        let maxWidth = max(80, min(mark.maxWidth, area.width - 2 * BubblePlacer.margin))
        if bubbleMarkShown != mark || bubble == nil || bubble?.root.scale != root.scale || bubbleWidthLimit != maxWidth {
            // The progress dots go first when the footer would not fit on one line.
            for dots in [true, false] {
                let content = BubbleContent.make(mark, showsDots: dots, onNext: { [weak self] in self?.request(.advance) },
                                                 onSkip: { [weak self] in self?.request(.dismiss) })
                let chrome = BubbleChrome(content: content)
                bubble = try? OverlayCard(content: chrome, size: Size(1, 1), parent: root)
                bubbleChrome = chrome
                bubble?.root.layoutIfNeeded()
                if let footer = bubble?.root.view(withID: "bubble.footer"),
                   footer.measure(ProposedSize(width: nil, height: nil)).width > maxWidth - 2 * BubbleContent.padding { continue }
                break
            }
            bubbleMarkShown = mark
            bubbleWidthLimit = maxWidth
            bubbleContentSize = nil
        }
        guard let bubble, let chrome = bubbleChrome, let content = chrome.children.first else { return [] }
        bubble.root.layoutIfNeeded()
        // The content's size depends only on what the bubble was built from (mark, width, scale): it
        // is measured once per bubble (each frame's move of the card would otherwise clear the
        // views' measure caches and wrap the text again).
        let size: Size
        if let known = bubbleContentSize {
            size = known
        } else {
            let measured = content.measure(ProposedSize(width: maxWidth, height: nil))
            size = Size(min(maxWidth, measured.width.rounded(.up)), measured.height.rounded(.up))
            bubbleContentSize = size
        }
        // Edges are found on the anchor hole's drawn outline (its own mask when it is a free path).
        if anchorMask?.geometry != anchor || anchorMask?.scale != root.scale || anchorMask?.clip != root.deviceBounds {
            anchorMask = masks.first { $0.geometry == anchor } ?? HoleMask(geometry: anchor, scale: root.scale, clip: root.deviceBounds)
        }
        let edgeMask = anchorMask!
        // A hole whose edge lies off screen (larger than the screen, or far away) would stretch the
        // tail, and the card that holds it, far beyond the screen: the tail ends at the screen's edge.
        let layout = BubblePlacer.place(size: size, hole: anchor, placement: mark.placement, area: area,
                                        edge: { edgeMask.edgePoint(towards: $0) }).tipClipped(to: root.bounds)
        // The card holds box, tail and shadow, with room for the blur.
        let shadowRoom = 12.0
        let cardRect = layout.bounds.outsetBy(shadowRoom)
        bubble.move(to: cardRect.origin)
        bubble.resize(to: cardRect.size)
        chrome.update(layout: layout, origin: bubble.origin)
        bubbleLayout = layout
        // Only what the card draws on needs compositing; the rest of its room is clear.
        let newRect = BubbleChrome.ink(of: layout, scale: root.scale).intersection(bubble.frame)
        bubbleInk = newRect
        var dirty: [Rect] = []
        if bubble.isDirty || oldRect != newRect { dirty.append(newRect); if let oldRect { dirty.append(oldRect) } }
        if morph != nil { dirty.append(newRect) }
        return dirty
    }

    // MARK: - Animation

    public override var isAnimating: Bool { morph != nil }

    public override func advance(to time: Double, root: ViewRoot) -> [Rect] {
        guard let morph else { return [] }
        if morph.isFinished(at: time) {
            self.morph = nil; morphFrom = nil; previousMark = nil
        }
        // Lay out for this time now and report what moved: a host that paints only when something
        // is dirty (the window) would otherwise never paint the frames of a morph.
        return layout(root: root)
    }

    // MARK: - Compositing

    public override func composite(from source: Pixmap, into frame: Pixmap, region: IntRect, root: ViewRoot) {
        let dim = DimBlend(color: dimColor, opacity: dimOpacity * presentationOpacity)
        dim.apply(from: source, into: frame, region: region, holes: masks.compactMap { $0.coverage(in: region) })
        if let bubble, bubbleLayout != nil, !bubble.frame.scaled(by: root.scale).roundedOut.intersection(region).isEmpty {
            bubble.draw(into: frame, region: region, scale: root.scale, opacity: presentationOpacity * bubbleOpacity)
        }
    }

    // MARK: - Input

    /// Whether `p` (screen points) is inside a drawn hole.
    public func holeContains(_ p: Point) -> Bool { masks.contains { $0.contains(p) } }

    /// Whether `p` is on the bubble.
    public func bubbleContains(_ p: Point) -> Bool { bubbleLayout?.contains(p) ?? false }

    private func request(_ action: SpotlightAction) {
        if let onAction { onAction(action); return }
        if action != .back { dismiss() }
    }

    public override func handle(_ event: InputEvent, root: ViewRoot) -> OverlayInput {
        for r in layout(root: root) { root.invalidateComposite(rect: r) }
        switch event {
        case let .pointerDown(p, button):
            guard button == .primary else { return .consumed }
            if bubbleContains(p), let bubble {
                press = .bubble
                bubble.send(event)
            } else if holeContains(p) {
                if tapPolicy.inside == .passThroughAndAdvance {
                    press = .passing(origin: p)
                    root.sendToContent(event)
                } else {
                    press = .inside(origin: p)
                }
            } else {
                press = .outside(origin: p)
            }
            return .consumed
        case .pointerMove:
            switch press {
            case .bubble: bubble?.send(event)
            case .passing: root.sendToContent(event)
            default: break
            }
            return .consumed
        case let .pointerUp(p, button):
            guard button == .primary else { return .consumed }
            let current = press
            press = .none
            switch current {
            case .none:
                break
            case .bubble:
                bubble?.send(event)
            case .passing(let origin):
                root.sendToContent(event)
                if isTap(origin, p, root) && holeContains(p) { request(.advance) }
            case .inside(let origin):
                if isTap(origin, p, root) && holeContains(p) { perform(tapPolicy.inside) }
            case .outside(let origin):
                if isTap(origin, p, root) && !holeContains(p) && !bubbleContains(p) { perform(tapPolicy.outside) }
            }
            return .consumed
        case .wheel:
            return .consumed
        case .key(let key):
            switch key {
            case .escape: request(.dismiss)
            case .enter, .right: request(.advance)
            case .left: request(.back)
            default: break
            }
            return .consumed
        case .resize:
            return .passThrough
        }
    }

    private func isTap(_ a: Point, _ b: Point, _ root: ViewRoot) -> Bool { a.distance(to: b) <= root.tapSlop }

    private func perform(_ outside: TapPolicy.Outside) {
        switch outside {
        case .dismiss: request(.dismiss)
        case .advance: request(.advance)
        case .ignore: break
        }
    }

    private func perform(_ inside: TapPolicy.Inside) {
        switch inside {
        case .dismiss: request(.dismiss)
        case .advance, .passThroughAndAdvance: request(.advance)
        case .ignore: break
        }
    }

    public override func didPresent(root: ViewRoot) { rootRef = root; press = .none }
}
