import Raster
import Views

/// An onboarding checklist on screen: a round launcher in a corner with a badge counting the
/// items left, which opens a panel listing the items (a mark for each state, a chevron on those
/// that launch something) under a progress bar. Choosing an item reports it (`onChoose`) and closes
/// the panel; an item that turns done ticks in on the root's clock (at once under reduced motion).
///
/// Closed, the app stays usable (like hotspots): only the launcher takes input, and the focus moves
/// between the app and the launcher. Open, the panel is a dialog: the focus stays in it, Escape or a
/// tap elsewhere closes it. While an overlay that takes the screen is above it (a tour's step, an
/// alert), the launcher stands aside, so it never covers a step's hole. Views:
/// `overlay.checklist.launcher`, `overlay.checklist` (the panel), `overlay.checklist.close`,
/// `overlay.checklist.progress` and `overlay.checklist.item.ID`. Right to left, the corners mirror.
@MainActor
public final class ChecklistOverlay: Overlay {
    /// The corner of the safe area the launcher sits in (leading and trailing follow the layout's direction).
    public enum Corner: String, CaseIterable, Hashable, Sendable {
        /// Top left (top right, right to left).
        case topLeading
        /// Top right (top left, right to left).
        case topTrailing
        /// Bottom left (bottom right, right to left).
        case bottomLeading
        /// Bottom right (bottom left, right to left).
        case bottomTrailing

        var isTop: Bool { self == .topLeading || self == .topTrailing }
        var isLeading: Bool { self == .topLeading || self == .bottomLeading }
    }

    /// What it shows now.
    public private(set) var content: ChecklistContent
    /// The launcher's corner.
    public var corner: Corner { didSet { if corner != oldValue { root?.invalidateComposite(rect: root?.bounds ?? .zero) } } }
    /// Points from the corner's edges of the safe area to the launcher (x along the line, from the
    /// corner's side; y from the corner's top or bottom edge).
    public var offset: Size
    /// Called with an item's index when it is chosen (tapped, or Enter on its row).
    public var onChoose: (@MainActor (Int) -> Void)?
    /// Called when the panel opens (true) or closes (false).
    public var onOpenChange: (@MainActor (Bool) -> Void)?
    /// Whether the panel is open.
    public private(set) var isOpen = false

    private var views: ChecklistViews
    private let tint: Color
    private var launcherSurface: Surface!
    private var panelSurface: Surface?
    private var card: ModalCard?
    private var needsViews = false
    private var panelFade: Tween?
    private var panelOpacity = 0.0
    /// The safe area the rows' room was last worked out for (nil: to work out again).
    private var fittedScreen: Rect?
    /// Whether the launcher stands aside now (an overlay that takes the screen is above it).
    public private(set) var standsAside = false
    private struct Outside {}
    private var press = OverlayPress<Outside>()

    /// A checklist showing `content`, its launcher in `corner` `offset` points in, in `tint`.
    public init(content: ChecklistContent, corner: Corner = .bottomLeading, offset: Size = Size(16, 16), tint: Color = Palette.readableTint) {
        self.content = content
        self.corner = corner
        self.offset = offset
        self.tint = tint
        let relay = ChecklistRelay()
        views = ChecklistViews(content: content, tint: tint, open: { relay.overlay?.open() }, closePanel: { relay.overlay?.close() },
                               choose: { relay.overlay?.choose($0) })
        super.init(kind: .checklist)
        launcherSurface = addSurface(views.launcherFrame)
        appearDuration = 0.2
        relay.overlay = self
    }

    // MARK: - What it shows

    /// Shows `content` from now on: rows update in place (the focus stays on its row), and items
    /// that turned done tick in.
    public func show(_ new: ChecklistContent) {
        guard new != content else { return }
        let old = content
        content = new
        fittedScreen = nil
        if views.fits(new) {
            let now = root?.clock.now
            let animated = !(root?.reducesMotion ?? true) && now != nil
            // Closed, the ticks wait for the panel to open.
            views.show(new, animateTicksFrom: animated ? now : nil, previous: old, pending: !isOpen)
            if animated && isOpen { startAnimating() }
        } else {
            needsViews = true
            root?.beforeNextFrame {}
        }
    }

    /// Opens the panel (its fade on the root's clock), moving the focus into it.
    public func open() {
        guard !isOpen, isInteractive, !standsAside else { return }
        // A press from before (on the launcher) is forgotten: the panel starts with none.
        press.cancel(card: card)
        isOpen = true
        fittedScreen = nil
        let now = root?.clock.now ?? 0
        panelFade = Tween(from: panelOpacity, to: 1, start: now, duration: fadeDuration, easing: .easeOut)
        views.startPendingTicks(at: now + fadeDuration)
        root?.beforeNextFrame {}
        startAnimating()
        arriveAgain()
        onOpenChange?(true)
    }

    /// Closes the panel; the focus goes back to the launcher when it was in the panel.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        panelFade = Tween(from: panelOpacity, to: 0, start: root?.clock.now ?? 0, duration: fadeDuration, easing: .linear)
        if let root, let focused = root.focusedView, let panel = panelSurface, focused.isDescendant(of: panel.content) {
            root.focus(standsAside ? nil : views.launcher)
        }
        startAnimating()
        onOpenChange?(false)
    }

    private var fadeDuration: Double { (root?.reducesMotion ?? false) ? 0.1 : 0.18 }

    private func choose(_ index: Int) {
        guard index < content.items.count, content.items[index].state != .waiting else { return }
        close()
        onChoose?(index)
    }

    // MARK: - Overlay

    /// Makes the panel's surface when it opens (or new views for a new shape of content), and drops
    /// it once it has faded out.
    public override func update(root: ViewRoot) {
        if needsViews {
            needsViews = false
            let relay = ChecklistRelay()
            relay.overlay = self
            let hadFocus = root.focusedView.map { owns($0) } ?? false
            views = ChecklistViews(content: content, tint: tint, open: { relay.overlay?.open() }, closePanel: { relay.overlay?.close() },
                                   choose: { relay.overlay?.choose($0) })
            removeSurface(launcherSurface)
            if let panelSurface { removeSurface(panelSurface) }
            panelSurface = nil
            card = nil
            launcherSurface = addSurface(views.launcherFrame)
            if hadFocus { root.focus(isOpen ? views.rows.first?.button : views.launcher) }
        }
        // The rows' room is worked out again when the panel opens, its rows change or the screen does.
        if isOpen, fittedScreen != root.bounds.inset(by: root.safeArea) {
            fittedScreen = root.bounds.inset(by: root.safeArea)
            fitRows(root: root)
        }
        if isOpen || panelOpacity > 0, panelSurface == nil {
            let made = ModalCard(content: views.panel, overlay: self)
            card = made
            panelSurface = made.surface
        } else if !isOpen, panelOpacity == 0, let surface = panelSurface {
            removeSurface(surface)
            panelSurface = nil
            card = nil
        }
    }

    /// Where the launcher's surface goes: in its corner of the safe area, `offset` in, on whole
    /// device pixels.
    private func launcherRect(root: ViewRoot) -> Rect {
        let safe = root.bounds.inset(by: root.safeArea)
        let side = ChecklistViews.launcherSide + 8
        let atLeft = corner.isLeading != (root.layoutDirection == .rightToLeft)
        let x = atLeft ? safe.minX + offset.width - 4 : safe.maxX - offset.width - side + 4
        let y = corner.isTop ? safe.minY + offset.height - 4 : safe.maxY - offset.height - side + 4
        let sc = root.scale
        return Rect(x: (x * sc).rounded() / sc, y: (y * sc).rounded() / sc, width: side, height: side)
    }

    /// How tall the rows may be: what the screen leaves the panel beside the launcher, less its
    /// other parts; they scroll past that.
    private func fitRows(root: ViewRoot) {
        let safe = root.bounds.inset(by: root.safeArea)
        let width = min(ChecklistViews.panelWidth, safe.width - 24)
        let launcher = launcherRect(root: root)
        let room = corner.isTop ? (safe.maxY - 12) - (launcher.maxY + 4) : (launcher.minY - 4) - (safe.minY + 12)
        let box = views.rowsBox
        let rows = box.scroll.content.measure(ProposedSize(width: width - 28, height: nil)).height
        let shown = box.measure(ProposedSize(width: width - 28, height: nil)).height
        let others = DialogBox.height(of: views.panel, width: width) - shown
        let limit = max(88, room - others).rounded(.down)
        box.limit = limit < rows ? limit : .infinity
    }

    /// The launcher in its corner (or aside), the panel beside it on the side with room.
    public override func layout(root: ViewRoot) {
        standsAside = isCoveredByScreenTakingOverlay
        let safe = root.bounds.inset(by: root.safeArea)
        let launcher = launcherRect(root: root)
        let side = launcher.width, x = launcher.minX
        let atLeft = corner.isLeading != (root.layoutDirection == .rightToLeft)
        if standsAside {
            launcherSurface.hide()
        } else {
            launcherSurface.place(launcher)
        }
        guard let card, let panelSurface else { return }
        if standsAside { panelSurface.hide(); return }
        let width = min(ChecklistViews.panelWidth, safe.width - 24)
        let height = min(DialogBox.height(of: views.panel, width: width), safe.height - side - 24)
        let px = min(max(safe.minX + 12, atLeft ? x + 4 : x + side - 4 - width), safe.maxX - 12 - width)
        let py = corner.isTop ? min(launcher.maxY + 4, safe.maxY - height - 12) : max(safe.minY + 12, launcher.minY - 4 - height)
        let placed = DialogBox.place(width: width, height: height, center: Point(px + width / 2, py + height / 2), root: root)
        card.surface.place(placed.box, deviceInk: placed.card)
    }

    /// Whether an overlay above this one takes the screen (a step, an alert): the launcher stands aside.
    private var isCoveredByScreenTakingOverlay: Bool {
        guard let stack, let i = stack.overlays.firstIndex(where: { $0 === self }) else { return false }
        return stack.overlays[(i + 1)...].contains { $0.isModal && $0.phase != .removed }
    }

    /// The launcher, and the panel at its fade.
    public override func composite(from source: Pixmap, into frame: Pixmap, region: IntRect, root: ViewRoot) {
        if source !== frame { frame.copyPixels(from: source, in: region) }
        if !standsAside { launcherSurface.composite(into: frame, region: region, opacity: presentationOpacity) }
        if let card, panelOpacity > 0, !standsAside {
            let zoom = root.reducesMotion ? 1 : 0.96 + 0.04 * panelOpacity
            card.composite(into: frame, region: region, opacity: presentationOpacity * panelOpacity, zoom: zoom)
        }
    }

    /// The launcher and the panel, where they are.
    public override func coveredRect(root: ViewRoot) -> Rect {
        var r = launcherSurface.bounds
        if let panelSurface { r = r.union(panelSurface.bounds) }
        return r.isEmpty ? root.bounds : r
    }

    /// Closed: the launcher's presses, the rest goes to the app. Open: the panel's presses and
    /// wheel; a tap elsewhere or Escape closes it.
    public override func handle(_ event: InputEvent, root: ViewRoot) -> OverlayInput {
        guard !standsAside else { return .passThrough }
        if !isOpen {
            switch event {
            case .pointerDown(let p, _, _):
                guard launcherSurface.content.isPlaced, views.launcher.contains(p) else { return .passThrough }
                root.route(event, into: launcherSurface.content)
                return .consumed
            case .pointerMove, .pointerUp:
                guard let captor = root.pointerCaptor, captor.isDescendant(of: launcherSurface.content) else { return .passThrough }
                root.route(event, into: captor)
                return .consumed
            default:
                return .passThrough
            }
        }
        guard let card else { return .consumed }
        let (input, dismisses) = press.dialogInput(event, card: card, box: views.panel.frame, root: root, tapsOutsideDismiss: true, region: { Outside() })
        if dismisses { close() }
        return input
    }

    /// Moves the panel's fade and the ticks; the panel's surface goes once it has faded out.
    public override func advanceOwnAnimations(to time: Double, root: ViewRoot) -> Bool {
        var running = views.advanceTicks(to: time)
        if let fade = panelFade {
            panelOpacity = fade.value(at: time)
            if let card { card.surface.setNeedsComposite() }
            if fade.isFinished(at: time) {
                panelFade = nil
                if panelOpacity == 0 { root.beforeNextFrame {} }
            } else {
                running = true
            }
        }
        return running
    }

    /// Whether the panel fades or an item ticks.
    public override var isAnimating: Bool { panelFade != nil }

    // MARK: - Focus and semantics

    /// Open: a dialog that keeps the focus; closed: the app stays usable.
    public override var isModal: Bool { isOpen }

    /// Open: the panel's views; closed: the launcher.
    public override func focusScope(root: ViewRoot) -> [View] {
        guard !standsAside else { return [] }
        if isOpen, let panelSurface { return [panelSurface.content] }
        return [launcherSurface.content]
    }

    /// The first item to do, else the first that may be chosen.
    public override var primaryFocus: View? {
        guard isOpen else { return nil }
        let i = content.items.firstIndex { $0.state == .toDo } ?? content.items.firstIndex { $0.state != .waiting }
        return i.map { views.rows[$0].button } ?? views.close
    }

    /// The panel's views are ready once it has its surface.
    public override var isReadyForFocus: Bool { !isOpen || panelSurface != nil }

    /// "Get started, 1 of 4 done".
    public override func accessibilityName(root: ViewRoot) -> String { content.title }
    /// How far it is.
    public override func accessibilityDetail(root: ViewRoot) -> String { content.progressText }
    /// What is announced when it appears or opens.
    public override func accessibilityDescription(root: ViewRoot) -> String {
        SpokenWords.sentences([content.title, content.progressText])
    }

    /// Open: a dialog with the panel's elements; closed: the launcher's button.
    public override func semanticNode(root: ViewRoot) -> SemanticNode {
        if isOpen, let panelSurface {
            var node = SemanticNode(role: .dialog, label: content.title, id: "overlay.checklist",
                                    frame: panelSurface.content.frame, children: panelSurface.content.semanticNodes())
            node.description = content.progressText
            return node
        }
        // Before its first layout, the launcher as it will be: the same button with the same action.
        return launcherSurface.content.semanticNodes().first
            ?? SemanticNode(role: .button, label: views.launcher.accessibilityLabel ?? content.title, id: "overlay.checklist.launcher",
                            frame: .zero, actions: [.activate])
    }
}

/// Lets the views made before the overlay call it back without keeping it alive.
@MainActor
private final class ChecklistRelay {
    weak var overlay: ChecklistOverlay?
}
