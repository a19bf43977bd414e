import Raster
import Views

/// A gesture a step shows on its target: a hand (or a desktop pointer) doing it, looped on the
/// root's clock over the dim and under the bubble; under reduced motion, a still arrow.
public struct GestureDemo: Hashable, Sendable {
    /// The gestures there are.
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        /// One tap on the target.
        case tap
        /// Two taps in quick succession.
        case doubleTap
        /// A press held on the target.
        case longPress
        /// A press moved from the target (or `from`) to another place (`to`) and let go there.
        case drag
        /// A quick flick across the target in a direction.
        case swipe
        /// A slower move across the target in a direction, the content following.
        case scroll

        /// Whether the gesture goes somewhere (a drag, a swipe, a scroll), so a file writes it as
        /// an object with its way; the others stay on the target and may be named alone.
        public var moves: Bool { self == .drag || self == .swipe || self == .scroll }
    }

    /// Where a swipe or a scroll goes.
    public enum Direction: String, CaseIterable, Hashable, Sendable {
        /// Toward the screen's left edge.
        case left
        /// Toward the screen's right edge.
        case right
        /// Toward the top.
        case up
        /// Toward the bottom.
        case down

        /// The unit step on the screen.
        public var vector: Point {
            switch self {
            case .left: Point(-1, 0)
            case .right: Point(1, 0)
            case .up: Point(0, -1)
            case .down: Point(0, 1)
            }
        }
    }

    /// What does the gesture.
    public enum Pointer: String, CaseIterable, Hashable, Sendable {
        /// A hand, for touch screens.
        case hand
        /// A desktop pointer (an arrow), for mice and trackpads.
        case pointer
        /// A hand on a screen narrower than 900 points (a phone, a tablet held upright), else a pointer.
        case auto

        /// What `auto` is on a screen `width` points wide; the others as they are.
        public func resolved(forWidth width: Double) -> Pointer { self == .auto ? (width < 900 ? .hand : .pointer) : self }
    }

    /// The gesture.
    public var kind: Kind
    /// A swipe's direction (where the finger goes) or a scroll's (where the content goes: `down`
    /// shows what is further down, the finger going up); a drag goes to `to`.
    public var direction: Direction?
    /// How far a swipe, scroll or drag without `to` goes, in points; nil: from the target's size.
    public var distance: Double?
    /// The view the gesture starts on; nil: the step's first hole.
    public var from: String?
    /// The view a drag ends on; nil: `distance` along `direction` (down when none).
    public var to: String?
    /// Hand or pointer.
    public var pointer: Pointer

    /// A demonstration of `kind`.
    public init(kind: Kind, direction: Direction? = nil, distance: Double? = nil, from: String? = nil, to: String? = nil, pointer: Pointer = .auto) {
        self.kind = kind; self.direction = direction; self.distance = distance; self.from = from; self.to = to; self.pointer = pointer
    }

    /// Whether the gesture moves from one place to another.
    public var moves: Bool { kind.moves }

    /// Seconds one loop of the animation takes.
    public static let period = 2.4

    /// Where the gesture starts and ends on `target` (screen points): a tap, a double tap and a
    /// long press on its centre; a drag from its centre to `toFrame`'s (the `to` view) or along
    /// the direction; a swipe or a scroll across its centre, `distance` long (else a share of the
    /// target's size, 60 to 200 points) — a scroll's finger going against its direction.
    public func path(on target: Rect, toFrame: Rect?) -> (start: Point, end: Point) {
        let c = target.center
        guard moves else { return (c, c) }
        if kind == .drag, let toFrame { return (c, toFrame.center) }
        let d = direction ?? .down
        let across = d == .left || d == .right ? target.width : target.height
        let length = distance ?? min(200, max(60, across * 0.6))
        let v = Point(d.vector.x * length, d.vector.y * length)
        switch kind {
        case .drag: return (c, Point(c.x + v.x, c.y + v.y))
        // A scroll's content follows the finger: to see what is further down, the finger goes up.
        case .scroll: return (Point(c.x + v.x / 2, c.y + v.y / 2), Point(c.x - v.x / 2, c.y - v.y / 2))
        default: return (Point(c.x - v.x / 2, c.y - v.y / 2), Point(c.x + v.x / 2, c.y + v.y / 2))
        }
    }

    /// What a screen reader says of it: "Swipe left on Inbox row", in `language`'s words.
    public func sentence(target: String, toName: String?, strings: InterfaceStrings, language: String?) -> String {
        let key: InterfaceStrings.Key
        switch kind {
        case .tap: key = .demoTap
        case .doubleTap: key = .demoDoubleTap
        case .longPress: key = .demoLongPress
        case .drag: key = toName == nil ? .demoDrag : .demoDragTo
        case .swipe:
            switch direction ?? .down {
            case .left: key = .demoSwipeLeft
            case .right: key = .demoSwipeRight
            case .up: key = .demoSwipeUp
            case .down: key = .demoSwipeDown
            }
        case .scroll:
            switch direction ?? .down {
            case .left: key = .demoScrollLeft
            case .right: key = .demoScrollRight
            case .up: key = .demoScrollUp
            case .down: key = .demoScrollDown
            }
        }
        return strings.text(key, language: language).replacing("%1", with: target).replacing("%2", with: toName ?? "")
    }
}

/// Where a demonstration is at one moment of its loop.
struct GesturePose: Equatable {
    /// The point of contact (or where the pointer's tip is), in screen points.
    var point: Point
    /// How visible the hand is, 0...1.
    var opacity: Double
    /// Whether it presses now (the hand a little smaller, the pointer's tip darker).
    var pressed: Bool
    /// The ripples where it pressed: centre, 0...1 into their growth.
    var ripples: [(center: Point, progress: Double)]
    /// How much of the path from the start the trail covers now (0...1), and its opacity.
    var trail: (reach: Double, opacity: Double)

    static func == (a: GesturePose, b: GesturePose) -> Bool {
        a.point == b.point && a.opacity == b.opacity && a.pressed == b.pressed && a.trail == b.trail
            && a.ripples.map(\.center) == b.ripples.map(\.center) && a.ripples.map(\.progress) == b.ripples.map(\.progress)
    }

    /// The pose of `demo` from `start` to `end`, `t` seconds into a loop (any `t`: it wraps).
    static func at(_ t: Double, of demo: GestureDemo, from start: Point, to end: Point) -> GesturePose {
        // The time into the loop in whole milliseconds, so the same moment of every loop is the
        // same pose to the bit (the same frame).
        let periodMilliseconds = Int((GestureDemo.period * 1000).rounded())
        let ms = t.isFinite ? Int(max(-1e15, min(1e15, t * 1000)).rounded()) : 0
        let p = Double(((ms % periodMilliseconds) + periodMilliseconds) % periodMilliseconds) / 1000
        func ramp(_ a: Double, _ b: Double) -> Double { min(1, max(0, (p - a) / (b - a))) }
        // Fading in as it comes to the start (from a little below and to the right), fading out
        // at the end of the gesture.
        let fadeOutStart: Double, moveStart: Double, moveEnd: Double, release: Double
        switch demo.kind {
        case .tap: (moveStart, moveEnd, release, fadeOutStart) = (0, 0, 0.5, 1.2)
        case .doubleTap: (moveStart, moveEnd, release, fadeOutStart) = (0, 0, 0.85, 1.4)
        case .longPress: (moveStart, moveEnd, release, fadeOutStart) = (0, 0, 1.45, 1.6)
        case .drag: (moveStart, moveEnd, release, fadeOutStart) = (0.5, 1.4, 1.5, 1.6)
        case .swipe: (moveStart, moveEnd, release, fadeOutStart) = (0.45, 0.85, 0.85, 0.9)
        case .scroll: (moveStart, moveEnd, release, fadeOutStart) = (0.45, 1.15, 1.15, 1.2)
        }
        let approach = 1 - Easing.easeOut(ramp(0, 0.3))
        let along = demo.kind == .swipe ? ramp(moveStart, moveEnd) * ramp(moveStart, moveEnd)
            : Easing.easeInOut(ramp(moveStart, moveEnd))
        var point = Point(start.x + (end.x - start.x) * along + 12 * approach, start.y + (end.y - start.y) * along + 16 * approach)
        // A swipe's hand goes on past the end as it lifts.
        if demo.kind == .swipe {
            let beyond = ramp(0.85, 1.2) * 0.3
            point = Point(point.x + (end.x - start.x) * beyond, point.y + (end.y - start.y) * beyond)
        }
        let opacity = ramp(0, 0.25) * (1 - ramp(fadeOutStart, fadeOutStart + 0.3))
        var presses: [Double] = [0.35]
        if demo.kind == .doubleTap { presses.append(0.65) }
        let pressed = demo.kind == .doubleTap ? (p >= 0.35 && p < 0.5) || (p >= 0.65 && p < 0.85) : p >= 0.35 && p < release
        let ripples = demo.moves ? [] : presses.compactMap { at -> (Point, Double)? in
            let grow = demo.kind == .longPress ? ramp(at, 1.45) : ramp(at, at + 0.7)
            return p >= at && grow < 1 ? (start, grow) : nil
        }
        let trail = demo.moves ? (reach: along, opacity: 0.5 * min(1, ramp(moveStart, moveStart + 0.05)) * (1 - ramp(release, release + 0.4))) : (reach: 0, opacity: 0)
        return GesturePose(point: point, opacity: opacity, pressed: pressed, ripples: ripples, trail: trail)
    }
}
