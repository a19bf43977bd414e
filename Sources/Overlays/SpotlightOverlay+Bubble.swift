import Raster
import Views

/// The spotlight's bubble: built for a coach mark, placed by its hole, kept off the step's other holes.
extension SpotlightOverlay {
    /// The bubble of one coach mark: its card, and what it was built for.
    final class Bubble {
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
        /// When the footer had no room for the progress dots: how wide it was with them, and the room.
        var droppedDots: (needed: Double, room: Double)?
        init(mark: CoachMark, widthLimit: Double, card: ModalCard, chrome: BubbleChrome, content: View, size: Size) {
            self.mark = mark; self.widthLimit = widthLimit; self.card = card; self.chrome = chrome; self.content = content; self.size = size
        }
    }

    /// What became of the bubble's progress dots (a dot a step, for tours of 2 to 12 steps).
    public enum ProgressDotsFit: Equatable, Sendable {
        /// The bubble shows none to begin with: no bubble, no progress, one step or more than 12.
        case notAsked
        /// They show, whole.
        case shown
        /// They were left out: the footer (progress, Skip, Next) is `needed` points wide with them
        /// (with the bubble's padding), more than the bubble's `room` (a language's longer words
        /// on its buttons, a narrow `maxWidth`).
        case dropped(needed: Double, room: Double)
    }

    /// What became of the progress dots of the bubble shown now. (A bubble narrowed later to keep
    /// off other holes keeps its dots whole: its progress label is cut short instead, which the
    /// lint finds as any text cut short.)
    public var progressDotsFit: ProgressDotsFit {
        guard let bubble = shownBubble, let progress = bubble.mark.progress, progress.total > 1, progress.total <= 12 else { return .notAsked }
        if let dropped = bubble.droppedDots { return .dropped(needed: dropped.needed, room: dropped.room) }
        return .shown
    }

    /// The bubble while it is on the screen (placed by the last layout).
    var shownBubble: Bubble? { bubble?.layout != nil ? bubble : nil }

    /// The coach mark the bubble shows at `t` of a morph (1 without one): during a morph the old
    /// bubble fades out over the first half, the new one in over the second.
    func markShown(morphProgress t: Double) -> CoachMark? {
        (morph != nil && t < 0.5) ? morph?.previousMark : coachMark
    }

    /// How wide the bubble for `mark` may be on `root`'s screen: at most its `maxWidth` and the
    /// safe area less margins (`limit`), which its footer may widen up to (`available`).
    static func bubbleWidths(for mark: CoachMark, root: ViewRoot) -> (limit: Double, available: Double) {
        let area = root.bounds.inset(by: root.safeArea)
        let available = area.width - 2 * BubblePlacer.margin
        return (max(80, min(mark.maxWidth, available)), available)
    }

    /// Builds the bubble for the mark shown now at the width the screen gives it (or takes it away
    /// when there is none): the update before the tree's layout, where surfaces may come and go.
    func updateBubble(root: ViewRoot) {
        let t = morph.map { $0.tween.easedProgress(at: root.frameTime) } ?? 1
        guard let mark = markShown(morphProgress: t), !mark.isEmpty else {
            removeBubble()
            return
        }
        let widths = Self.bubbleWidths(for: mark, root: root)
        if bubble?.mark != mark || bubble?.widthLimit != widths.limit {
            buildBubble(for: mark, maxWidth: widths.limit, available: widths.available)
        }
    }

    /// Places the bubble (built in `updateBubble(root:)`) by `anchor`, or hides it when there is
    /// none to point at.
    func layoutBubble(root: ViewRoot, anchor: HoleGeometry?, morphProgress t: Double, others: [Rect]) {
        let mark = markShown(morphProgress: t)
        let opacityBefore = bubbleOpacity
        bubbleOpacity = morph == nil ? 1 : abs(1 - 2 * t)
        let centred = centersBubbleWithoutTarget && (anchor == nil || isMissingTargets)
        guard let mark, !mark.isEmpty, anchor != nil || centred, let bubble, bubble.mark == mark,
              bubble.widthLimit == Self.bubbleWidths(for: mark, root: root).limit else {
            hideBubble()
            return
        }
        let area = root.bounds.inset(by: root.safeArea)
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
        if bubble.chrome.update(layout: layout, origin: inkRect.origin) { bubble.card.surface.setNeedsPlacement() }
        bubble.card.surface.place(inkRect, deviceInk: ink)
        bubble.layout = layout
        // While the morph runs the bubble fades, and in the frame it ends (whenever that frame comes)
        // it is blended once more at its full opacity.
        if morph != nil || bubbleOpacity != opacityBefore { bubble.card.surface.setNeedsComposite() }
    }

    /// Makes the bubble's views for `mark`, at most `maxWidth` wide: the progress dots go when the
    /// footer would not fit on one line, and a footer that still does not fit (long words on the
    /// buttons: German's "Überspringen") widens the bubble, up to the `available` width, rather
    /// than cutting a button's words short.
    func buildBubble(for mark: CoachMark, maxWidth: Double, available: Double) {
        removeBubble()
        var droppedDots: (needed: Double, room: Double)?
        for dots in [true, false] {
            let content = BubbleContent.make(mark, showsDots: dots, onNext: { [weak self] in self?.advance(by: .next) },
                                             onSkip: { [weak self] in self?.request(.dismiss) },
                                             onButton: { [weak self] k in self?.request(.button(k)) })
            let chrome = BubbleChrome(content: content, theme: mark.theme)
            let card = ModalCard(content: chrome, overlay: self)
            card.contains = { [weak self] p in self?.bubbleContains(p) ?? false }
            if dots, let footer = content.view(withID: "overlay.bubble.footer"),
               case let width = footer.measure(.unspecified).width, width > maxWidth - 2 * BubbleContent.padding {
                removeSurface(card.surface)
                if mark.progress.map({ $0.total > 1 && $0.total <= 12 }) == true { droppedDots = (width + 2 * BubbleContent.padding, maxWidth) }
                continue
            }
            var width = maxWidth
            if !dots, let footer = content.view(withID: "overlay.bubble.footer") {
                let needed = (footer.measure(.unspecified).width + 2 * BubbleContent.padding).rounded(.up)
                if needed > width { width = max(width, min(needed, available)) }
            }
            let measured = content.measure(ProposedSize(width: width, height: nil))
            let size = Size(min(width, measured.width.rounded(.up)), measured.height.rounded(.up))
            bubble = Bubble(mark: mark, widthLimit: maxWidth, card: card, chrome: chrome, content: content, size: size)
            bubble?.droppedDots = droppedDots
            return
        }
    }

    /// Takes the bubble away (no mark to show, or one to build anew), with its surface.
    func removeBubble() {
        guard let bubble else { return }
        // A bubble made again (a new width) takes the focus back into the new one.
        if let focused = root?.focusedView, focused.isDescendant(of: bubble.card.surface.content) { arriveAgain() }
        removeSurface(bubble.card.surface)
        self.bubble = nil
    }

    /// Takes the bubble off the screen while it has nothing to point at (its target is missing):
    /// its surface stays attached, unplaced, so its views are not drawn, hit or focused until the
    /// target comes back and the layout places it again.
    func hideBubble() {
        guard let bubble, bubble.layout != nil else { return }
        if let focused = root?.focusedView, focused.isDescendant(of: bubble.card.surface.content) { arriveAgain() }
        bubble.card.surface.hide()
        bubble.layout = nil
    }
}
