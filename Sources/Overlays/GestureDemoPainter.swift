import Foundation
import Raster

/// Draws a gesture demonstration: the trail, the ripples where it presses, and the hand or the
/// pointer, white with a dark edge so they read on the dim and on the app alike; under reduced
/// motion, a still arrow along the gesture's path (a ring for the gestures that do not move).
struct GestureDemoPainter {
    /// The hand's height, in points.
    static let handHeight = 34.0
    /// The hand and the trail.
    static let fill = Color(red: 255, green: 255, blue: 255)
    /// Their edge.
    static let edge = Color(red: 32, green: 32, blue: 40)
    /// How far from the point of contact the drawing reaches (a ripple's radius, the hand), in points.
    static let reach = 44.0

    /// The area a demonstration from `start` to `end` may draw in (screen points).
    static func area(from start: Point, to end: Point) -> Rect {
        let minX = min(start.x, end.x), minY = min(start.y, end.y)
        let r = Rect(x: minX, y: minY, width: abs(end.x - start.x), height: abs(end.y - start.y))
        // A swipe's hand goes on past its end: a third of the way more.
        let extra = max(abs(end.x - start.x), abs(end.y - start.y)) * 0.35
        return r.outsetBy(reach + extra)
    }

    /// Draws `pose` of `demo` (from `start` to `end`) at `opacity` (the overlay's).
    static func draw(_ pose: GesturePose, of demo: GestureDemo, from start: Point, to end: Point, opacity: Double, canvasWidth: Double,
                     on canvas: inout Canvas) {
        if pose.trail.opacity > 0, pose.trail.reach > 0 {
            let tip = Point(start.x + (end.x - start.x) * pose.trail.reach, start.y + (end.y - start.y) * pose.trail.reach)
            canvas.fill(capsule(from: start, to: tip, width: 10), color: fill.withOpacity(opacity * pose.trail.opacity))
        }
        for ripple in pose.ripples {
            let r = 8 + 20 * ripple.progress
            canvas.fill(ring(at: ripple.center, radius: r, width: 3), color: fill.withOpacity(opacity * 0.8 * (1 - ripple.progress)), rule: .evenOdd)
        }
        guard pose.opacity > 0 else { return }
        let a = opacity * pose.opacity
        switch demo.pointer.resolved(forWidth: canvasWidth) {
        case .hand, .auto:
            let scale = (handHeight / 30) * (pose.pressed ? 0.9 : 1)
            canvas.fill(hand(tip: pose.point, scale: scale, grow: 1.6), color: edge.withOpacity(a * 0.85))
            canvas.fill(hand(tip: pose.point, scale: scale, grow: 0), color: fill.withOpacity(a))
        case .pointer:
            canvas.fill(arrowCursor(tip: pose.point, scale: 1.25, grow: 1.5), color: edge.withOpacity(a * 0.9))
            canvas.fill(arrowCursor(tip: pose.point, scale: 1.25, grow: 0), color: (pose.pressed ? Color(red: 220, green: 224, blue: 232) : fill).withOpacity(a))
        }
    }

    /// The still form, under reduced motion: an arrow from `start` to `end`, or a ring on `start`.
    static func drawStill(_ demo: GestureDemo, from start: Point, to end: Point, opacity: Double, on canvas: inout Canvas) {
        guard demo.moves, start.distance(to: end) > 12 else {
            canvas.fill(ring(at: start, radius: 18, width: 5), color: edge.withOpacity(opacity * 0.8), rule: .evenOdd)
            canvas.fill(ring(at: start, radius: 17, width: 3), color: fill.withOpacity(opacity), rule: .evenOdd)
            if demo.kind == .doubleTap {
                canvas.fill(ring(at: start, radius: 26, width: 5), color: edge.withOpacity(opacity * 0.8), rule: .evenOdd)
                canvas.fill(ring(at: start, radius: 25, width: 3), color: fill.withOpacity(opacity), rule: .evenOdd)
            }
            return
        }
        canvas.fill(arrow(from: start, to: end, width: 8, head: 22), color: edge.withOpacity(opacity * 0.85))
        canvas.fill(arrow(from: start, to: end, width: 4, head: 18), color: fill.withOpacity(opacity))
    }

    // MARK: - Shapes

    /// A line of `width` with round ends from `a` to `b`: one outline, so no part of it is
    /// covered twice (which the non-zero rule would leave unfilled where two parts wind apart).
    static func capsule(from a: Point, to b: Point, width: Double) -> Path {
        let r = width / 2
        let angle = a.distance(to: b) > 0.01 ? atan2(b.y - a.y, b.x - a.x) : 0
        var path = Path()
        // Half a circle round `b` (ahead of it), then half round `a` (behind it).
        for (center, from) in [(b, angle - .pi / 2), (a, angle + .pi / 2)] {
            for i in 0...12 {
                let t = from + .pi * Double(i) / 12
                let p = Point(center.x + r * cos(t), center.y + r * sin(t))
                if center == b && i == 0 { path.move(to: p) } else { path.line(to: p) }
            }
        }
        path.close()
        return path
    }

    /// A ring of `width` whose outer edge is `radius` from `center` (filled with the even-odd rule).
    static func ring(at center: Point, radius: Double, width: Double) -> Path {
        var path = Path.circle(center: center, radius: radius)
        path.append(.circle(center: center, radius: max(0, radius - width)))
        return path
    }

    /// An arrow from `a` to `b`: a shaft of `width` with a round tail and a head of `head` points,
    /// one outline.
    static func arrow(from a: Point, to b: Point, width: Double, head: Double) -> Path {
        let length = max(0.01, a.distance(to: b))
        let ux = (b.x - a.x) / length, uy = (b.y - a.y) / length
        let nx = -uy, ny = ux, r = width / 2
        let base = Point(b.x - ux * head * 0.8, b.y - uy * head * 0.8)
        var path = Path()
        path.move(to: b)
        path.line(to: Point(base.x + nx * head * 0.6, base.y + ny * head * 0.6))
        path.line(to: Point(base.x + nx * r, base.y + ny * r))
        // The shaft's side to the tail, round it, and back along the other side.
        let angle = atan2(ny, nx)
        for i in 0...12 {
            let t = angle + .pi * Double(i) / 12
            path.line(to: Point(a.x + r * cos(t), a.y + r * sin(t)))
        }
        path.line(to: Point(base.x - nx * r, base.y - ny * r))
        path.line(to: Point(base.x - nx * head * 0.6, base.y - ny * head * 0.6))
        path.close()
        return path
    }

    /// A hand pointing up with its index finger, the fingertip on `tip`: in units of a 24 by 30
    /// box (the fingertip at 10, 1) times `scale`, every part `grow` units larger (its edge).
    static func hand(tip: Point, scale: Double, grow: Double) -> Path {
        func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
            Rect(x: tip.x + (x - 10 - grow) * scale, y: tip.y + (y - 1 - grow) * scale, width: (w + 2 * grow) * scale, height: (h + 2 * grow) * scale)
        }
        var path = Path.roundedRect(rect(7, 0, 6, 17), radius: (3 + grow) * scale)        // the index finger
        path.append(.roundedRect(rect(5, 11, 17, 19), radius: (6 + grow) * scale))         // the fist
        path.append(.roundedRect(rect(12.5, 9.5, 5, 9), radius: (2.5 + grow) * scale))     // the middle finger's knuckle
        path.append(.roundedRect(rect(17, 11, 5, 8), radius: (2.5 + grow) * scale))        // the ring finger's
        path.append(.ellipse(in: rect(1, 14, 7, 10)))                                       // the thumb
        return path
    }

    /// A desktop pointer (an arrow cursor), its tip on `tip`, 20 units tall times `scale`, `grow`
    /// units larger all round (its edge).
    static func arrowCursor(tip: Point, scale: Double, grow: Double) -> Path {
        let points: [(Double, Double)] = [(0, 0), (0, 17), (4, 13.5), (7, 20), (10, 18.8), (7.2, 12.4), (12, 12.4)]
        // Each corner moved `grow` out from the shape's centre of mass.
        let cx = 5.0, cy = 10.0
        var path = Path()
        for (i, (x, y)) in points.enumerated() {
            let dx = x - cx, dy = y - cy, d = max(0.001, (dx * dx + dy * dy).squareRoot())
            let p = Point(tip.x + (x + dx / d * grow) * scale, tip.y + (y + dy / d * grow) * scale)
            if i == 0 { path.move(to: p) } else { path.line(to: p) }
        }
        path.close()
        return path
    }
}
