import Raster

/// A place on a screen the app draws itself (with its own SDL renderer, its own canvas), published
/// by id so tours name it as they name a view (`"target": "save"`), `check` knows it, and screen
/// readers hear it: its frame in screen points, what it is and what it reads.
public struct DrawnTarget: Hashable, Sendable {
    /// The id tours and scripts name it by ("save", "recipe.3").
    public var id: String
    /// Where it is on the screen, in points.
    public var frame: Rect
    /// What a screen reader is told it is; nil: nothing, a target for tours alone.
    public var role: SemanticRole?
    /// What a screen reader reads for it ("Save").
    public var label: String

    /// The target `id` at `frame` (screen points), a `role` named `label` to screen readers.
    public init(id: String, frame: Rect, role: SemanticRole? = nil, label: String = "") {
        self.id = id; self.frame = frame; self.role = role; self.label = label
    }
}

/// The content of a root over a screen the app draws itself: transparent and the size of the
/// screen, it holds a stand-in view for each target the app publishes (its id, frame, role and
/// label), so holes, `ViewRoot.view(withID:)`, the catalog tours are checked against and the
/// semantics tree find the app's places as they find views; and it catches whatever input reaches
/// the app's side (a tap through a hole, any input with no overlay up), reporting it through
/// `onInput`.
///
/// Hazards: the stand-ins are places, not controls: a tap on one is the app's, and activating one
/// from a screen reader does nothing in Limelight. An id published twice keeps its first target
/// (ids are unique, as a view's are); a target whose frame is not finite is not placed, so a tour
/// finds it missing, as a view off the screen.
@MainActor
public final class DrawnScreen: View {
    /// The published targets; setting them replaces every stand-in (the screen changed, its layout
    /// moved), laid out in the next frame.
    public var targets: [DrawnTarget] {
        didSet { if targets != oldValue { makeStandIns() } }
    }
    /// Called when input reached the app's side (nothing above took it).
    public var onInput: (@MainActor () -> Void)?

    /// A screen drawn by the app, with `targets` published.
    public init(targets: [DrawnTarget] = []) {
        self.targets = targets
        super.init()
        makeStandIns()
    }

    private func makeStandIns() {
        for child in children { removeChild(child) }
        var seen = Set<String>()
        for target in targets where seen.insert(target.id).inserted {
            let standIn = View()
            standIn.id = target.id
            standIn.accessibilityRole = target.role
            if !target.label.isEmpty { standIn.accessibilityLabel = target.label }
            standIn.allowsHitTesting = false
            addChild(standIn)
        }
    }

    /// The whole proposal: the screen.
    public override func sizeThatFits(_ p: ProposedSize) -> Size { Size(p.width ?? 0, p.height ?? 0) }

    /// Each stand-in at its target's frame (screen points).
    public override func placeSubviews(in bounds: Rect) {
        var frames: [String: Rect] = [:]
        for target in targets where frames[target.id] == nil { frames[target.id] = target.frame }
        for child in children {
            guard let id = child.id, let frame = frames[id], frame.isFinite else { continue }
            child.place(in: frame)
        }
    }

    /// The app's: reported, and taken so nothing beneath acts on it.
    public override func pointerDown(at point: Point) -> Bool { onInput?(); return true }
    /// The app's.
    public override func pointerMoved(to point: Point) { onInput?() }
    /// The app's.
    public override func pointerUp(at point: Point, isTap: Bool) { onInput?() }
    /// The app's: reported and taken.
    public override func scrollWheel(dy: Double, at point: Point) -> Bool { onInput?(); return true }
}
