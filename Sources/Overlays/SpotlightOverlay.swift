import Raster
import Views

/// The dim layer with spotlight holes around targets, and an optional coach-mark bubble.
///
/// Holes follow their targets: every frame the overlay reads the targets' frames from the tree's
/// layout and invalidates what moved. Moving to new holes (`show(holes:coachMark:animated:)`)
/// morphs position, size and corner radius over `morphDuration` with ease-in-out while the bubble
/// fades across. Hit testing uses the holes' drawn coverage. The bubble's views are found by id
/// (`overlay.bubble`, `overlay.bubble.next`, …; see `BubbleContent`).
@MainActor
public final class SpotlightOverlay: Overlay {
    /// The holes, one per target.
    public private(set) var holes: [Hole]
    /// The bubble's text and buttons, nil for none.
    public private(set) var coachMark: CoachMark?
    /// The dim layer's colour.
    public var dimColor: Color { didSet { needsFullComposite = true } }
    /// The dim layer's opacity, 0...1.
    public var dimOpacity: Double { didSet { needsFullComposite = true } }
    /// What taps do.
    public var tapPolicy: TapPolicy
    /// Seconds a move between holes takes.
    public var morphDuration = 0.3
    /// Called for Next, Back and dismiss requests. Without a handler, advance and dismiss both dismiss.
    public var onAction: (@MainActor (SpotlightAction) -> Void)?
    /// Called in the layout phase when a view target goes missing (true: not laid out, gone) or
    /// comes back (false). While one is missing the dim shows with no bubble.
    public var onTargetsMissing: (@MainActor (Bool) -> Void)?
    /// Whether a view target is missing now (as the last layout found).
    public private(set) var isMissingTargets = false
    /// Shows the bubble in the middle of the screen with no tail when there is no hole to point at
    /// (a step whose target stayed missing), instead of no bubble.
    public var centersBubbleWithoutTarget = false { didSet { if centersBubbleWithoutTarget != oldValue { needsFullComposite = true } } }

    /// A move from the holes shown to new ones, and the bubble that fades out meanwhile.
    private struct Morph {
        var from: [HoleGeometry]
        var tween: Tween
        var previousMark: CoachMark?
    }

    /// The bubble of one coach mark: its card, and what it was built for.
    private final class Bubble {
        /// What it was built for: the mark, and the widest it may be.
        let mark: CoachMark, widthLimit: Double
        /// Its views' surface and the chrome (box, tail, shadow) at their top.
        let card: ModalCard, chrome: BubbleChrome
        /// The padded content, measured again when the bubble narrows to keep off other holes.
        let content: View
        /// The content's size, measured once: it depends only on the mark, the width and the scale.
        let size: Size
        /// Where it was placed last.
        var layout: BubbleLayout?
        init(mark: CoachMark, widthLimit: Double, card: ModalCard, chrome: BubbleChrome, content: View, size: Size) {
            self.mark = mark; self.widthLimit = widthLimit; self.card = card; self.chrome = chrome; self.content = content; self.size = size
        }
    }

    private let holeSet = HoleSet()
    private var morph: Morph?
    private var bubble: Bubble?
    private var bubbleOpacity = 1.0
    /// The mask the bubble's tail ends on, kept while its hole stays.
    private var anchorMask: HoleMask?
    private var needsFullComposite = false

    // Pointer tracking.
    private enum Press { case none, bubble, passing(origin: Point), outside(origin: Point), inside(origin: Point) }
    private var press = Press.none

    /// A spotlight on `holes` with an optional bubble, dimming with `dimColor` at `dimOpacity`.
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
    public var displayedHoles: [HoleGeometry] { holeSet.geometries }
    /// The fill of the standard bubble's box, what its text is read against.
    static var bubbleBackground: Color { BubbleChrome.background }
    /// The fill of this spotlight's bubble now (its theme's).
    public var currentBubbleBackground: Color { coachMark?.theme.background ?? BubbleChrome.background }
    /// Where the holes' outlines reach (screen points), as last laid out.
    private var outlineAreas: [Rect] = []
    /// When the pulse of pulsing outlines started (clock seconds).
    private var pulseStart = 0.0
    /// Whether the bubble had to cover another hole of the step (nowhere else had room).
    public private(set) var bubbleCoversHoles = false
    /// The bubble's geometry now (screen points), nil when there is no bubble.
    public var displayedBubble: BubbleLayout? { bubble?.layout }

    /// A spotlight showing `step`.
    public convenience init(_ step: SpotlightStep) {
        self.init(holes: step.holes, coachMark: step.coachMark, dimColor: step.dimColor, dimOpacity: step.dimOpacity, tapPolicy: step.tapPolicy)
    }

    /// What the spotlight shows now, as one value.
    public var step: SpotlightStep {
        SpotlightStep(holes: holes, coachMark: coachMark, tapPolicy: tapPolicy, dimColor: dimColor, dimOpacity: dimOpacity)
    }

    /// Moves to `step` whole (holes, bubble, taps and dim); with `animated`, the holes morph from
    /// those shown now.
    public func show(_ step: SpotlightStep, animated: Bool = true) {
        tapPolicy = step.tapPolicy
        if dimColor != step.dimColor { dimColor = step.dimColor }
        if dimOpacity != step.dimOpacity { dimOpacity = step.dimOpacity }
        show(holes: step.holes, coachMark: step.coachMark, animated: animated)
    }

    /// Moves to new holes and bubble, keeping the taps and the dim; with `animated`, morphs from
    /// the holes shown now.
    public func show(holes newHoles: [Hole], coachMark mark: CoachMark?, animated: Bool = true) {
        // Under reduced motion the holes jump to the new targets.
        if animated, let root, !root.reducesMotion, !holeSet.geometries.isEmpty {
            morph = Morph(from: holeSet.geometries,
                          tween: Tween(from: 0, to: 1, start: root.clock.now, duration: morphDuration, easing: .easeInOut),
                          previousMark: coachMark)
            startAnimating()
        } else {
            morph = nil
        }
        holes = newHoles
        coachMark = mark
        if pulses { startAnimating() }
        // The new step takes the focus and is announced.
        arriveAgain()
    }

    // MARK: - Focus and semantics

    /// The views in the holes that taps reach (the button a tip points at), which the keyboard reaches too.
    private func passThroughTargets(root: ViewRoot) -> [View] {
        guard tapPolicy.inside == .passThroughAndAdvance || tapPolicy.inside == .passThrough else { return [] }
        return holes.compactMap { $0.target.viewID.flatMap { root.view(withID: $0) } }.filter(\.isPlaced)
    }

    /// The bubble's buttons, then the targets that taps reach.
    public override func focusScope(root: ViewRoot) -> [View] {
        (bubble.map { [$0.card.surface.content] } ?? []) + passThroughTargets(root: root)
    }

    /// Once the bubble shown is the step's own (half-way through a morph).
    public override var isReadyForFocus: Bool {
        guard !isMissingTargets || centersBubbleWithoutTarget else { return false }
        return bubble.map { $0.mark == coachMark } ?? true
    }

    /// Next; on a step that a tap on its target moves on, the target; else the first button.
    public override var primaryFocus: View? {
        let content = bubble?.card.surface.content
        if let next = content?.view(withID: "overlay.bubble.next") ?? content?.view(withID: "overlay.bubble.button.0") { return next }
        return root.flatMap { passThroughTargets(root: $0).first }
    }

    /// "Step 2 of 5: Wi-Fi. Turn it on here…", or the title and text alone.
    public override func accessibilityDescription(root: ViewRoot) -> String {
        let words = SpokenWords.sentences([coachMark?.title, coachMark?.text].compactMap { $0 })
        guard let progress = coachMark?.progress else { return words }
        let step = SpokenWords.step(progress.current, of: progress.total, strings: root.strings, language: root.language)
        return words.isEmpty ? step : "\(step): \(words)"
    }

    /// A dialog with the bubble's elements, naming the targets in its holes (the ones taps reach are
    /// elements of the dialog too).
    public override func semanticNode(root: ViewRoot) -> SemanticNode {
        var node = super.semanticNode(root: root)
        node.targets = holes.compactMap { $0.targetNode(in: root) }
        let reachable = passThroughTargets(root: root)
        node.children += reachable.flatMap { $0.semanticNodes() }
        return node
    }

    /// A target the keyboard activated moves the step on, as a tap through its hole does.
    public override func didActivate(_ view: View, root: ViewRoot) {
        guard tapPolicy.inside == .passThroughAndAdvance else { return }
        if passThroughTargets(root: root).contains(where: { view.isDescendant(of: $0) }) { advance(by: .target) }
    }

    /// The geometry of every hole whose target exists now.
    public func targetGeometries(root: ViewRoot) -> [HoleGeometry] { holes.compactMap { $0.geometry(in: root) } }

    // MARK: - Layout

    /// Follows the targets (mixed with the old holes while morphing), then places the bubble by its hole.
    public override func layout(root: ViewRoot) {
        // One look-up per hole: the geometries drawn, and whether a view target is missing.
        let resolved = holes.map { $0.geometry(in: root) }
        var targets = resolved.compactMap { $0 }
        let current = targets
        var t = 1.0
        // The bubble sits by the hole it belongs to: the old one while fading out, the new one after.
        var anchor = targets.first
        if let morph {
            t = morph.tween.easedProgress(at: root.frameTime)
            var mixed: [HoleGeometry] = []
            for i in 0..<max(morph.from.count, targets.count) {
                let a = i < morph.from.count ? morph.from[i] : targets[i].collapsed
                let b = i < targets.count ? targets[i] : morph.from[i].collapsed
                mixed.append(a.interpolated(to: b, by: t))
            }
            targets = mixed
            if t < 0.5 { anchor = morph.from.first }
        }
        let outlinedBefore = outlineAreas
        holeSet.show(targets, root: root)
        // Outlines reach beyond their holes: what they covered and cover now is composited again.
        outlineAreas = zip(holeSet.geometries, holes).compactMap { g, h in h.outline.map { g.rect.outsetBy($0.reach) } }
        if outlineAreas != outlinedBefore {
            for r in outlinedBefore + outlineAreas { root.invalidateComposite(rect: r) }
        }
        let missing = zip(holes, resolved).contains { hole, geometry in hole.target.viewID != nil && geometry == nil }
        if missing != isMissingTargets {
            isMissingTargets = missing
            onTargetsMissing?(missing)
        }
        // A missing target shows the dim alone; a step told to do without one centres its bubble.
        // The bubble keeps off the other holes of the step it belongs to.
        let stepHoles = (morph != nil && t < 0.5) ? morph!.from : current
        layoutBubble(root: root, anchor: missing && !centersBubbleWithoutTarget ? nil : anchor, morphProgress: t,
                     others: stepHoles.filter { $0 != anchor }.map(\.rect))
        if needsFullComposite {
            needsFullComposite = false
            root.invalidateComposite(rect: root.bounds)
        }
    }

    /// Places (and builds) the bubble by `anchor`.
    private func layoutBubble(root: ViewRoot, anchor: HoleGeometry?, morphProgress t: Double, others: [Rect]) {
        // During a morph the old bubble fades out over the first half, the new one in over the second.
        let mark = (morph != nil && t < 0.5) ? morph?.previousMark : coachMark
        let opacityBefore = bubbleOpacity
        bubbleOpacity = morph == nil ? 1 : abs(1 - 2 * t)
        let centred = centersBubbleWithoutTarget && (anchor == nil || isMissingTargets)
        guard let mark, !mark.isEmpty, anchor != nil || centred else {
            removeBubble()
            return
        }
        // At most maxWidth (and the screen less margins), text wrapped inside.
        let area = root.bounds.inset(by: root.safeArea)
        let maxWidth = max(80, min(mark.maxWidth, area.width - 2 * BubblePlacer.margin))
        if bubble?.mark != mark || bubble?.widthLimit != maxWidth { buildBubble(for: mark, maxWidth: maxWidth) }
        guard let bubble else { return }
        let layout: BubbleLayout
        if centred || anchor == nil {
            layout = BubbleLayout.centered(size: bubble.size, in: area, scale: root.scale)
        } else {
            let anchor = anchor!
            // Edges are found on the anchor hole's drawn outline (its own mask when it is a free path).
            if anchorMask?.geometry != anchor || anchorMask?.scale != root.scale || anchorMask?.clip != root.deviceBounds {
                anchorMask = holeSet.mask(for: anchor, root: root)
            }
            let edgeMask = anchorMask!
            // A hole whose edge lies off screen (larger than the screen, or far away) would stretch the
            // tail, and the card that holds it, far beyond the screen: the tail ends at the screen's edge.
            // With auto placement, every other hole of the step is ground the bubble keeps off (it
            // slides, then narrows); a side the tour asks for is kept (the lint flags what it covers).
            let content = bubble.content
            let placed = BubblePlacer.place(size: bubble.size, hole: anchor, placement: mark.placement, area: area,
                                            layoutDirection: root.layoutDirection, avoiding: mark.placement == .auto ? others : [],
                                            sizeAt: { w in Size(w, content.measure(ProposedSize(width: w, height: nil)).height.rounded(.up)) },
                                            edge: { edgeMask.edgePoint(towards: $0) })
            layout = placed.layout.tipClipped(to: root.bounds)
            bubbleCoversHoles = placed.covers
        }
        // The card holds box, tail and shadow: only what it draws on.
        let s = root.scale
        let ink = BubbleChrome.ink(of: layout, scale: s).scaled(by: s).roundedOut
        let inkRect = Rect(x: Double(ink.x) / s, y: Double(ink.y) / s, width: Double(ink.width) / s, height: Double(ink.height) / s)
        bubble.chrome.update(layout: layout, origin: inkRect.origin)
        bubble.card.surface.place(inkRect, deviceInk: ink)
        bubble.layout = layout
        // While the morph runs the bubble fades, and in the frame it ends (whenever that frame comes)
        // it is blended once more at its full opacity.
        if morph != nil || bubbleOpacity != opacityBefore { bubble.card.surface.setNeedsComposite() }
    }

    /// Makes the bubble's views for `mark`; the progress dots go when the footer would not fit on one line.
    private func buildBubble(for mark: CoachMark, maxWidth: Double) {
        removeBubble()
        for dots in [true, false] {
            let content = BubbleContent.make(mark, showsDots: dots, onNext: { [weak self] in self?.advance(by: .next) },
                                             onSkip: { [weak self] in self?.request(.dismiss) },
                                             onButton: { [weak self] k in self?.request(.button(k)) })
            let chrome = BubbleChrome(content: content, theme: mark.theme)
            let card = ModalCard(content: chrome, overlay: self)
            card.contains = { [weak self] p in self?.bubbleContains(p) ?? false }
            if dots, let footer = content.view(withID: "overlay.bubble.footer"),
               footer.measure(.unspecified).width > maxWidth - 2 * BubbleContent.padding {
                removeSurface(card.surface)
                continue
            }
            let measured = content.measure(ProposedSize(width: maxWidth, height: nil))
            let size = Size(min(maxWidth, measured.width.rounded(.up)), measured.height.rounded(.up))
            bubble = Bubble(mark: mark, widthLimit: maxWidth, card: card, chrome: chrome, content: content, size: size)
            return
        }
    }

    private func removeBubble() {
        guard let bubble else { return }
        // A bubble made again (a new width) takes the focus back into the new one.
        if let focused = root?.focusedView, focused.isDescendant(of: bubble.card.surface.content) { arriveAgain() }
        removeSurface(bubble.card.surface)
        self.bubble = nil
    }

    // MARK: - Animation

    /// Whether a morph runs, or an outline pulses.
    public override var isAnimating: Bool { morph != nil || pulses }

    /// A pulsing outline's opacity `t` seconds in: from 1 down to 0.65 and back every 1.6 s, smoothly.
    static func breath(at t: Double) -> Double {
        let p = (t / 1.6) - (t / 1.6).rounded(.down)
        return 0.65 + 0.35 * (1 - 4 * p * (1 - p))
    }

    /// Whether an outline pulses now (not under reduced motion).
    private var pulses: Bool { holes.contains { $0.outline?.pulse == true } && !(root?.reducesMotion ?? false) }

    /// Ends the morph when its time is up.
    public override func advanceOwnAnimations(to time: Double, root: ViewRoot) -> Bool {
        if let morph, morph.tween.isFinished(at: time) { self.morph = nil }
        if pulses { for r in outlineAreas { root.invalidateComposite(rect: r) } }
        return morph != nil || pulses
    }

    // MARK: - Compositing

    /// Dims through the holes, draws their outlines, then blends the bubble.
    public override func composite(from source: Pixmap, into frame: Pixmap, region: IntRect, root: ViewRoot) {
        holeSet.dim(from: source, into: frame, region: region, color: dimColor, opacity: dimOpacity * presentationOpacity)
        if holes.contains(where: { $0.outline != nil }) {
            var canvas = Canvas(pixmap: frame, scale: root.scale)
            canvas.clip(toDevice: region)
            for (i, mask) in holeSet.masks.enumerated() {
                guard i < holes.count, let outline = holes[i].outline else { continue }
                let pulse = outline.pulse && !root.reducesMotion ? Self.breath(at: root.frameTime - pulseStart) : 1
                canvas.draw(mask.ring(outline), color: outline.color.withOpacity(presentationOpacity * pulse))
            }
        }
        if let bubble, bubble.layout != nil {
            bubble.card.composite(into: frame, region: region, opacity: presentationOpacity * bubbleOpacity)
        }
    }

    // MARK: - Input

    /// Whether `p` (screen points) is inside a drawn hole.
    public func holeContains(_ p: Point) -> Bool { holeSet.contains(p) }

    /// Whether `p` is on the bubble (its box or its tail).
    public func bubbleContains(_ p: Point) -> Bool { bubble?.layout?.contains(p) ?? false }

    private func advance(by cause: AdvanceCause) { request(.advance(cause)) }

    private func request(_ action: SpotlightAction) {
        if let onAction { onAction(action); return }
        switch action {
        case .advance, .dismiss: dismiss()
        case .back, .button: break
        }
    }

    /// Routes presses on the bubble into it, passes taps in a hole through as the tap policy says, and maps keys to Next, Back and dismiss.
    public override func handle(_ event: InputEvent, root: ViewRoot) -> OverlayInput {
        switch event {
        case let .pointerDown(p, button, _):
            guard button == .primary else { return .consumed }
            if let bubble, bubble.card.route(event, root: root) {
                press = .bubble
            } else if holeContains(p) {
                if tapPolicy.inside == .passThroughAndAdvance || tapPolicy.inside == .passThrough {
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
            case .bubble: bubble?.card.route(event, root: root)
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
                bubble?.card.route(event, root: root)
            case .passing(let origin):
                root.sendToContent(event)
                if tapPolicy.inside == .passThroughAndAdvance, isTap(origin, p, root), holeContains(p) { advance(by: .target) }
            case .inside(let origin):
                if isTap(origin, p, root) && holeContains(p) { perform(tapPolicy.inside) }
            case .outside(let origin):
                if isTap(origin, p, root) && !holeContains(p) && !bubbleContains(p) { perform(tapPolicy.outside) }
            }
            return .consumed
        case .wheel:
            return .consumed
        case .key(let key, _):
            switch key {
            case .escape: request(.dismiss)
            case .enter, .right: advance(by: .key)
            case .left: request(.back)
            default: break
            }
            return .consumed
        case .text, .composition:
            return .consumed
        case .resize:
            return .passThrough
        }
    }

    private func isTap(_ a: Point, _ b: Point, _ root: ViewRoot) -> Bool { a.distance(to: b) <= root.tapSlop }

    private func perform(_ outside: TapPolicy.Outside) {
        switch outside {
        case .dismiss: request(.dismiss)
        case .advance: advance(by: .tap)
        case .ignore: break
        }
    }

    private func perform(_ inside: TapPolicy.Inside) {
        switch inside {
        case .dismiss: request(.dismiss)
        case .advance, .passThroughAndAdvance: advance(by: .tap)
        case .ignore, .passThrough: break
        }
    }

    /// Forgets a press from before; a pulsing outline starts pulsing.
    public override func didPresent(root: ViewRoot) {
        pulseStart = root.clock.now
        if pulses { startAnimating() }
        press = .none
        bubble?.card.cancelPress()
    }
}
