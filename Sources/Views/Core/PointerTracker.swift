import Raster

/// Who holds the pointer between a down and an up, and what the press becomes: the deepest view
/// under a pointer-down that wants it captures it, a drag past the root's tap slop goes over to an
/// ancestor that takes over drags (a scroll view), and the up is a tap when it stayed near where
/// it went down, over the view that captured it.
@MainActor
final class PointerTracker {
    /// The view receiving moves and the up.
    private(set) var captor: View?
    /// The view that captured at pointer-down (nil once a scroll view took over the drag).
    private var pressTarget: View?
    /// Where the pointer went down.
    private var origin = Point.zero
    /// The hit view at pointer-down and its ancestors, deepest first.
    private var chain: [View] = []
    /// The subtree the press was hit-tested in: the tree, or a surface's views.
    private var subtree: View?

    /// Forgets the press; the captor, if any, gets `pointerCancelled()`.
    func cancel() {
        let c = captor
        forget()
        c?.pointerCancelled()
    }

    private func forget() {
        captor = nil; pressTarget = nil; origin = .zero; chain = []; subtree = nil
    }

    /// A pointer-down at `p` hit-tested in `subtree`: whether a view took it.
    func down(at p: Point, in subtree: View) -> Bool {
        if captor != nil { cancel() }
        var hit: [View] = []
        var v = subtree.hitTest(p)
        while let view = v { hit.append(view); v = view.parent }
        origin = p
        chain = hit
        self.subtree = subtree
        for view in hit where view.pointerDown(at: p) {
            captor = view
            pressTarget = view
            return true
        }
        chain = []
        return false
    }

    /// A move to `p` while a view holds the pointer (nil when none does: a hover); `root` is whose
    /// tree the captor must still be in, and gives the tap slop.
    func move(to p: Point, on root: ViewRoot) -> Bool? {
        guard let held = captor else { return nil }
        guard held.root === root else { cancel(); return false }
        if held === pressTarget, !held.takesOverDrags, p.distance(to: origin) > root.tapSlop,
           let i = chain.firstIndex(where: { $0 === held }),
           let dragger = chain[(i + 1)...].first(where: { $0.takesOverDrags }) {
            held.pointerCancelled()
            captor = dragger
            pressTarget = nil
            _ = dragger.pointerDown(at: origin)
        }
        captor?.pointerMoved(to: p)
        return true
    }

    /// The up at `p`: the captor hears it, as a tap or not; whether anyone held the pointer.
    func up(at p: Point, on root: ViewRoot) -> Bool {
        guard let held = captor else { return false }
        let wasPressTarget = held === pressTarget
        let start = origin
        let pressed = subtree ?? root.content
        forget()
        guard held.root === root else { held.pointerCancelled(); return false }
        let isTap = wasPressTarget && p.distance(to: start) <= root.tapSlop &&
            (pressed.hitTest(p)?.isDescendant(of: held) ?? false)
        held.pointerUp(at: p, isTap: isTap)
        return true
    }
}
