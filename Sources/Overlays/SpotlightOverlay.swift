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
    /// Called in the layout phase when a target goes missing (true: gone, elsewhere, of no size,
    /// off the screen, covered; `missingCause` says which) or comes back (false). While one is
    /// missing the dim shows with no bubble.
    public var onTargetsMissing: (@MainActor (Bool) -> Void)?
    /// Whether a target is missing now (as the last layout found).
    public internal(set) var isMissingTargets = false
    /// Why the first missing target is missing (nil while none is).
    public internal(set) var missingCause: TargetAbsence?
    /// Shows the bubble in the middle of the screen with no tail when there is no hole to point at
    /// (a step whose target stayed missing), instead of no bubble.
    public var centersBubbleWithoutTarget = false { didSet { if centersBubbleWithoutTarget != oldValue { needsFullComposite = true } } }

    /// A move from the holes shown to new ones, and the bubble that fades out meanwhile.
    struct Morph {
        var from: [HoleGeometry]
        var tween: Tween
        var previousMark: CoachMark?
    }

    let holeSet = HoleSet()
    var morph: Morph?
    var bubble: Bubble?
    var bubbleOpacity = 1.0
    /// The mask the bubble's tail ends on, kept while its hole stays.
    var anchorMask: HoleMask?
    var needsFullComposite = false

    /// Where a press that is not the bubble's started: in a hole whose taps reach the target, in
    /// another hole, or on the dim.
    enum PressRegion { case passing, inside, outside }
    /// The press in progress (see SpotlightOverlay+Input).
    var press = OverlayPress<PressRegion>()

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
    var outlineAreas: [Rect] = []
    /// When the pulse of pulsing outlines started (clock seconds).
    var pulseStart = 0.0
    /// The gesture shown on the target, if any (see SpotlightOverlay+Demo).
    public internal(set) var demo: GestureDemo?
    /// When the demonstration's loop started (clock seconds).
    var demoStart = 0.0
    /// Where the demonstration goes now, as last laid out.
    var demoPlaced: (start: Point, end: Point)?
    /// What it may draw on, as last laid out (screen points).
    var demoArea: Rect?
    /// Whether the bubble had to cover another hole of the step (nowhere else had room).
    public internal(set) var bubbleCoversHoles = false
    /// The bubble's geometry now (screen points), nil when there is no bubble.
    public var displayedBubble: BubbleLayout? { bubble?.layout }

    /// A spotlight showing `step`.
    public convenience init(_ step: SpotlightStep) {
        self.init(holes: step.holes, coachMark: step.coachMark, dimColor: step.dimColor, dimOpacity: step.dimOpacity, tapPolicy: step.tapPolicy)
        demo = step.demo
    }

    /// What the spotlight shows now, as one value.
    public var step: SpotlightStep {
        SpotlightStep(holes: holes, coachMark: coachMark, tapPolicy: tapPolicy, dimColor: dimColor, dimOpacity: dimOpacity, demo: demo)
    }

    /// Moves to `step` whole (holes, bubble, taps and dim); with `animated`, the holes morph from
    /// those shown now.
    public func show(_ step: SpotlightStep, animated: Bool = true) {
        tapPolicy = step.tapPolicy
        if dimColor != step.dimColor { dimColor = step.dimColor }
        if dimOpacity != step.dimOpacity { dimOpacity = step.dimOpacity }
        demo = step.demo
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

    // MARK: - Input, focus and semantics (SpotlightOverlay+Input, +Semantics)

    /// Routes presses on the bubble into it, passes taps in a hole through as the tap policy says, and maps keys to Next, Back and dismiss.
    public override func handle(_ event: InputEvent, root: ViewRoot) -> OverlayInput { handleInput(event, root: root) }

    /// The bubble's buttons, then the targets that taps reach.
    public override func focusScope(root: ViewRoot) -> [View] { focusScopeViews(root: root) }

    /// Once the bubble shown is the step's own (half-way through a morph).
    public override var isReadyForFocus: Bool { bubbleIsReadyForFocus }

    /// Next; on a step that a tap on its target moves on, the target; else the first button.
    public override var primaryFocus: View? { firstFocus }

    /// "Step 2 of 5: Wi-Fi. Turn it on here…", or the title and text alone.
    public override func accessibilityDescription(root: ViewRoot) -> String { spokenDescription(root: root) }

    /// "Step 2 of 5: Wi-Fi", or the title alone: of the bubble on the screen (the old step's until a morph is half-way).
    public override func accessibilityName(root: ViewRoot) -> String { dialogName(root: root) }

    /// The text of the bubble on the screen.
    public override func accessibilityDetail(root: ViewRoot) -> String { shownMark?.text ?? "" }

    /// A dialog with the bubble's elements, naming the targets in its holes.
    public override func semanticNode(root: ViewRoot) -> SemanticNode { dialogNode(super.semanticNode(root: root), root: root) }

    /// A target the keyboard activated moves the step on, as a tap through its hole does.
    public override func didActivate(_ view: View, root: ViewRoot) { targetActivated(view, root: root) }

    // MARK: - Layout

    /// Builds the bubble for the mark shown now (or takes it away), before the tree's layout.
    public override func update(root: ViewRoot) { updateBubble(root: root) }

    /// Follows the targets (mixed with the old holes while morphing), then places the bubble by its hole.
    public override func layout(root: ViewRoot) {
        // One look-up per hole: whether its target can be pointed at, and the geometries drawn of
        // those that can (a target of no size, off the screen or covered has no hole either).
        let covered = isCoveredByModal
        let absences = holes.map { $0.absence(in: root, covered: covered) }
        let resolved = zip(holes, absences).map { hole, absence in absence == nil ? hole.geometry(in: root) : nil }
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
        missingCause = absences.lazy.compactMap { $0 }.first
        let missing = missingCause != nil
        if missing != isMissingTargets {
            isMissingTargets = missing
            onTargetsMissing?(missing)
        }
        layOutDemo(root: root, targets: current)
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

    // MARK: - Animation

    /// Whether a morph runs, an outline pulses or a gesture is shown.
    public override var isAnimating: Bool { morph != nil || pulses || demoAnimates }

    /// A pulsing outline's opacity `t` seconds in: from 1 down to 0.65 and back every 1.6 s, smoothly.
    static func breath(at t: Double) -> Double {
        let p = (t / 1.6) - (t / 1.6).rounded(.down)
        return 0.65 + 0.35 * (1 - 4 * p * (1 - p))
    }

    /// Whether an outline pulses now (not under reduced motion).
    var pulses: Bool { holes.contains { $0.outline?.pulse == true } && !(root?.reducesMotion ?? false) }

    /// Ends the morph when its time is up.
    public override func advanceOwnAnimations(to time: Double, root: ViewRoot) -> Bool {
        if let morph, morph.tween.isFinished(at: time) { self.morph = nil }
        if pulses { for r in outlineAreas { root.invalidateComposite(rect: r) } }
        if demoAnimates, let area = demoArea { root.invalidateComposite(rect: area) }
        return morph != nil || pulses || demoAnimates
    }

    // MARK: - Compositing

    /// Dims through the holes, draws their outlines and the gesture, then blends the bubble.
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
        if demoPlaced != nil { compositeDemo(into: frame, region: region, root: root) }
        if let bubble = shownBubble {
            bubble.card.composite(into: frame, region: region, opacity: presentationOpacity * bubbleOpacity)
        }
    }

    /// Forgets a press from before; a pulsing outline starts pulsing.
    public override func didPresent(root: ViewRoot) {
        pulseStart = root.clock.now
        demoStart = root.clock.now
        if pulses || demoAnimates { startAnimating() }
        press.cancel(card: bubble?.card)
    }
}
