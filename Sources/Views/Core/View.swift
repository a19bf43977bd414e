import Raster

/// A node of the retained view tree.
///
/// Nodes live across frames: the tree is built once and updated when state changes. Layout follows
/// SwiftUI's protocol: a parent proposes a size (`ProposedSize`, nil = ideal), the child answers in
/// `sizeThatFits(_:)` (pure, cached by `measure(_:)`), and the parent places the child with
/// `place(in:)`, which commits `frame` and lets the child place its own children.
///
/// Frames are in screen points (root coordinates), so overlays can find a target by id and use its
/// frame directly. Subclasses override the `open` members; everything else is bookkeeping.
///
/// Hazard: `sizeThatFits(_:)` must not change state; it may run several times per layout with
/// different proposals. Anything that changes layout must call `setNeedsLayout()`, anything that
/// changes pixels `setNeedsDisplay()`.
@MainActor
open class View {
    /// A stable name by which overlays and tour files find this view ("settings.wifi", "row.3").
    public var id: String? { didSet { if id != oldValue { treeDidChange() } } }
    /// The view this one is a child of.
    public private(set) weak var parent: View? {
        didSet { if parent !== oldValue { View.treeGeneration &+= 1 } }
    }
    /// The child views, back to front.
    public private(set) var children: [View] = []
    /// Where the last layout placed the view, in screen points.
    public internal(set) var frame: Rect = .zero
    /// Whether the last layout placed the view (false for detached views and virtualized cells).
    public internal(set) var isPlaced = false
    /// Whether pointer events may land on this view and its children.
    public var allowsHitTesting = true
    /// Whether a point on the view itself (not on a child) goes through to what lies beneath, as
    /// if the view were not there: a full-screen frame that only positions a floating button.
    public var isTransparentToHits = false
    /// Set by the root on the one view that draws the focus ring now.
    var drawsFocusRing = false
    /// The role assistive technology is told, overriding the view's own (`semanticRole`).
    public var accessibilityRole: SemanticRole? { didSet { if accessibilityRole != oldValue { root?.elementsMade = nil } } }
    /// The label assistive technology reads, overriding the view's own (`semanticLabel`): a button
    /// drawn as an icon says what it does ("Add"), an image what it shows.
    public var accessibilityLabel: String? { didSet { if accessibilityLabel != oldValue { root?.elementsMade = nil } } }
    /// What assistive technology reads after the label and the role, when there is more to say
    /// (a control's hint, a captured element's description).
    public var accessibilityDescription: String? { didSet { if accessibilityDescription != oldValue { root?.elementsMade = nil } } }
    /// The label a view this one speaks for gives it (a list row's, for its control), read when
    /// the view has no `accessibilityLabel` of its own: what the app sets on the view itself wins.
    var labelFromContainer: String?
    /// Whether the view and everything inside it are left out of the semantics tree (decoration).
    public var isAccessibilityHidden = false { didSet { if isAccessibilityHidden != oldValue { root?.elementsMade = nil } } }

    /// The root that shows this tree; set on the top view only (the root's content, or a surface's).
    weak var owner: ViewRoot? {
        didSet {
            if owner !== oldValue {
                oldValue?.idIndexIsStale = true
                owner?.idIndexIsStale = true
                View.treeGeneration &+= 1
            }
        }
    }
    /// The surface this view is the top of, if any: where its subtree's painting goes.
    weak var surface: Surface?
    /// The root `root` found when the tree's generation was `rootGeneration`.
    private weak var cachedRoot: ViewRoot?
    private var rootGeneration = -1
    var needsLayout = true
    var measureCache: [ProposedSize: Size] = [:]
    var cacheGeneration = -1
    /// The device pixels the view's own painting covered when it was last placed (clipped).
    var lastInk: IntRect = .zero

    /// An empty view.
    public init() {}

    /// A view holding `children`, back to front.
    public init(children: [View]) {
        for c in children { addChild(c) }
    }

    // MARK: - Layout (override points)

    /// The view's size for `proposal`. Pure: no state changes. The default is the largest of the
    /// children's answers, or the proposal itself (nil and infinity read as 0) without children.
    open func sizeThatFits(_ proposal: ProposedSize) -> Size {
        if children.isEmpty {
            func finite(_ v: Double?) -> Double { v.map { $0.isFinite ? $0 : 0 } ?? 0 }
            return Size(width: finite(proposal.width), height: finite(proposal.height))
        }
        var w = 0.0, h = 0.0
        for c in children {
            let s = c.measure(proposal)
            w = max(w, s.width); h = max(h, s.height)
        }
        return Size(width: w, height: h)
    }

    /// Places the children inside `bounds` (this view's new frame). The default gives every child
    /// the whole of `bounds`.
    open func placeSubviews(in bounds: Rect) {
        for c in children { c.place(in: bounds) }
    }

    /// True when the view's size never depends on its children, so a change below it is laid out
    /// again from here instead of from the top (Flutter's relayout boundary).
    open var isLayoutBoundary: Bool { false }

    /// The children that take part in layout, painting and hit testing right now. Virtualizing
    /// containers (Grid) return only the cells that meet the visible area.
    open var visibleChildren: [View] { children }

    /// Called after children were added or removed.
    open func childrenDidChange() {}

    // MARK: - Painting (override points)

    /// Whether the view paints anything itself (so moving it must repaint its old and new area).
    open var hasOwnContent: Bool { false }
    /// How far the view's own painting reaches outside its frame (a shadow's blur), in points.
    open var inkOutset: Double { 0 }
    /// A rectangle (screen points) that the view's own drawing covers with opaque colour, every
    /// pixel of it, whatever lay beneath; nil when there is none. Painting below it there is hidden,
    /// so a shadow skips it (occlusion culling).
    open var opaqueInterior: Rect? { nil }
    /// Whether children are clipped to this view's outline.
    open var clipsChildren: Bool { false }
    /// The clip shape used when `clipsChildren` is true.
    open var clipShape: Shape { .rect }
    /// Paints the view's own content behind its children. `canvas` maps points to device pixels.
    open func draw(in canvas: Canvas) {}
    /// Paints on top of the children (a pressed-state tint).
    open func drawForeground(in canvas: Canvas) {}

    // MARK: - Input (override points)

    /// Whether `point` (screen points) is inside the view as drawn. Defaults to the frame.
    open func contains(_ point: Point) -> Bool { frame.contains(point) }
    /// Whether points outside `contains(_:)` miss the whole subtree (a round button's label must not
    /// catch taps in the button's corners). Clipping views always behave so.
    open var confinesHitTesting: Bool { false }
    /// A pointer went down on this view or a descendant that did not want it; return true to
    /// capture the pointer until it goes up.
    open func pointerDown(at point: Point) -> Bool { false }
    /// The captured pointer moved.
    open func pointerMoved(to point: Point) {}
    /// The captured pointer went up; `isTap` when it is a tap on this view (same node, within the slop).
    open func pointerUp(at point: Point, isTap: Bool) {}
    /// The capture was taken away (a scroll view took over the drag, or an overlay appeared).
    open func pointerCancelled() {}
    /// Whether the view takes over a captured pointer that moved past the tap slop (scroll views).
    open var takesOverDrags: Bool { false }
    /// A wheel turned over the view; return true when consumed.
    open func scrollWheel(dy: Double, at point: Point) -> Bool { false }
    /// The pointer moved over the view with no button held (and nobody holding the pointer); return
    /// true when the view used it (a hover outline), so views beneath it do not.
    open func pointerHovered(at point: Point) -> Bool { false }

    // MARK: - Focus and text (override points)

    /// A key went to the view because it has the focus (`ViewRoot.focus(_:)`); return true when
    /// consumed (the rest go to the root's `keyHandler`).
    open func keyDown(_ key: Key, modifiers: Modifiers) -> Bool { false }
    /// Text was typed while the view has the focus.
    open func insertText(_ text: String) {}
    /// An input method's composition changed while the view has the focus (empty: it ended).
    open func setComposition(_ text: String, cursor: Int) {}
    /// The view gained or lost the focus.
    open func focusChanged(_ focused: Bool) {}
    /// Where the view's caret is (screen points), when it has one.
    open var caretRect: Rect? { nil }
    /// Whether Tab and Shift-Tab stop at the view (an enabled button, a text field).
    open var acceptsKeyboardFocus: Bool { false }
    /// Where `child`, one of the children, would be placed now if it were on screen, for a view that
    /// lays out only what is (a virtualized grid); nil otherwise. Scrolling to a far cell uses it.
    open func prospectiveFrame(of child: View) -> Rect? { nil }
    /// The children Tab goes through, in order: the visible ones; a view that lays out only what
    /// is on screen (a virtualized grid) gives them all, and the focus scrolls the next one in.
    open var focusableChildren: [View] { visibleChildren }
    /// What Enter or Space does to the focused view; returns whether it did anything (a button runs
    /// its action).
    open func activate() -> Bool { false }
    /// The outline the focus ring follows, in screen points.
    open var focusOutline: (rect: Rect, shape: Shape) { (frame, .rect) }

    // MARK: - Semantics (override points)

    /// What the view is to assistive technology, unless `accessibilityRole` says otherwise; nil: it
    /// is only layout, and its children speak for themselves.
    open var semanticRole: SemanticRole? { nil }
    /// The text a person would read for the view, unless `accessibilityLabel` says otherwise; nil:
    /// the texts inside it (for roles that gather them: buttons, tabs, headers, dialogs).
    open var semanticLabel: String? { nil }
    /// The view's state now (selected, disabled, busy).
    open var semanticState: SemanticState { [] }
    /// Where the view's value stands (a slider, a progress bar); nil for views without one.
    open var semanticValue: SemanticValue? { nil }
    /// The view's text with its caret and selection (a text view, a field); nil for views without one.
    open var semanticText: SemanticText? { nil }
    /// What an assistive technology's increment or decrement does (a slider's step); returns
    /// whether it did anything.
    open func adjust(by steps: Int) -> Bool { false }
    /// What an assistive technology's setting of the value does (a slider moved to `value`, a
    /// switch turned on by 1); returns whether it did anything.
    open func adjust(to value: Double) -> Bool { false }

    // MARK: - Animation (override point)

    /// Moves animations to `time` (seconds on the root's clock) and returns whether any is still running.
    /// Call `startAnimating()` to be advanced every frame.
    open func advanceAnimations(to time: Double) -> Bool { false }
}

extension View: Animating {}

// MARK: - The tree

extension View {
    /// The root showing this view, if it is attached to one.
    public var root: ViewRoot? {
        if rootGeneration == View.treeGeneration { return cachedRoot }
        var v = self
        while let p = v.parent { v = p }
        cachedRoot = v.owner
        rootGeneration = View.treeGeneration
        return cachedRoot
    }

    /// Counts every change of any view's parent or any tree's root: a root looked up before the
    /// last change may be stale. Layout asks each view's root many times a frame; walking up
    /// the tree through weak references each time took 5–7% of a `limelight test` run.
    fileprivate static var treeGeneration = 0

    /// The layout direction of the root showing this view (left to right when it has none).
    public var layoutDirection: TextDirection { root?.layoutDirection ?? .leftToRight }

    /// The number of ancestors.
    public var depth: Int {
        var n = 0, v = parent
        while let p = v { n += 1; v = p.parent }
        return n
    }

    /// Whether `ancestor` is this view or one of its ancestors.
    public func isDescendant(of ancestor: View) -> Bool {
        var v: View? = self
        while let c = v { if c === ancestor { return true }; v = c.parent }
        return false
    }

    /// Appends `child` (moving it from its old parent if it has one).
    public func addChild(_ child: View) { insertChild(child, at: children.count) }

    /// Inserts `child` at `index` (clamped). Refuses to make a view its own ancestor.
    public func insertChild(_ child: View, at index: Int) {
        guard !isDescendant(of: child) else { return }
        root?.checkChange(.subviewsChanged, view: self)
        child.removeFromParent()
        children.insert(child, at: min(max(0, index), children.count))
        child.parent = self
        child.owner = nil
        child.needsLayout = true
        treeDidChange()
        childrenDidChange()
        setNeedsLayout()
    }

    /// Removes `child`; its painted area is repainted.
    public func removeChild(_ child: View) {
        guard let i = children.firstIndex(where: { $0 === child }) else { return }
        root?.checkChange(.subviewsChanged, view: self)
        child.unplace()
        children.remove(at: i)
        child.parent = nil
        treeDidChange()
        childrenDidChange()
        setNeedsLayout()
    }

    /// Detaches the view from its parent.
    public func removeFromParent() { parent?.removeChild(self) }

    /// Replaces all children.
    public func replaceChildren(with newChildren: [View]) {
        root?.checkChange(.subviewsChanged, view: self)
        for c in children {
            c.unplace()
            c.parent = nil
        }
        children = []
        for c in newChildren where !isDescendant(of: c) {
            c.removeFromParent()
            children.append(c)
            c.parent = self
            c.owner = nil
            c.needsLayout = true
        }
        treeDidChange()
        childrenDidChange()
        setNeedsLayout()
    }

    /// Tells the root showing this view that a child or an id changed, so its id index is made again.
    func treeDidChange() { root?.idIndexIsStale = true }

    /// Repaints device pixels this view's painting covered or covers: in the tree, or in the
    /// surface the view belongs to.
    func invalidateInk(_ rect: IntRect) {
        var v = self
        while let p = v.parent { v = p }
        if let surface = v.surface { surface.invalidate(deviceRect: rect) } else { v.owner?.invalidate(deviceRect: rect) }
    }

    /// Moves every placed view of the subtree by `shift` points (`deviceX`, `deviceY` device pixels)
    /// without painting: a surface that moved as a whole keeps its pixels.
    func translateSubtree(by shift: Point, deviceX: Int, deviceY: Int) {
        guard isPlaced else { return }
        frame = frame.offsetBy(dx: shift.x, dy: shift.y)
        if !lastInk.isEmpty { lastInk = lastInk.offsetBy(dx: deviceX, dy: deviceY) }
        for c in visibleChildren { c.translateSubtree(by: shift, deviceX: deviceX, deviceY: deviceY) }
    }

    /// Calls `body` for this view and every descendant, parents before children, in child order.
    func forEachInDepthFirstOrder(_ body: (View) -> Void) {
        body(self)
        for c in children { c.forEachInDepthFirstOrder(body) }
    }

    /// The first view in this subtree (this one included, depth first) with `id`, placed or not.
    public func view(withID id: String) -> View? {
        if self.id == id { return self }
        for c in children { if let v = c.view(withID: id) { return v } }
        return nil
    }

    /// Every placed view in this subtree that has an id, with its frame, in painting order.
    public func allIdentifiedViews() -> [(id: String, frame: Rect)] {
        var out: [(id: String, frame: Rect)] = []
        collectIdentified(into: &out)
        return out
    }

    private func collectIdentified(into out: inout [(id: String, frame: Rect)]) {
        guard isPlaced else { return }
        if let id { out.append((id, frame)) }
        for c in visibleChildren { c.collectIdentified(into: &out) }
    }

    /// The part of the frame that can be seen: clipped by every clipping ancestor and the screen.
    /// Empty when the view is not placed or not attached.
    public var visibleFrame: Rect {
        guard isPlaced, let clip = ancestorClip() else { return .zero }
        return frame.intersection(clip)
    }

    /// The screen rectangle narrowed by every clipping ancestor, or nil when detached.
    func ancestorClip() -> Rect? {
        var clip: Rect? = nil
        var v: View = self
        while let p = v.parent {
            if p.clipsChildren { clip = clip.map { $0.intersection(p.frame) } ?? p.frame }
            v = p
        }
        guard let root = v.owner else { return nil }
        let screen = root.bounds
        return clip.map { $0.intersection(screen) } ?? screen
    }

    /// Marks this subtree as not placed and repaints what it covered.
    func unplace() {
        guard isPlaced else { return }
        if !lastInk.isEmpty { invalidateInk(lastInk) }
        for c in visibleChildren { c.unplace() }
        isPlaced = false
        lastInk = .zero
        needsLayout = true
    }
}
